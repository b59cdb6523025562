//! Probing: a directory of tables, each class loaded lazily on first use (read once,
//! checked, decompressed, kept in memory), then a probe is a symmetry reduction, an index
//! computation and one array read.

use crate::class::Class;
use crate::format::{self, path_of, Header, ReadError};
use crate::layout::Layout;
use crate::place::place_position;
use crate::retro::side;
use crate::{ClassInfo, MoveProbe, Probe, ProbeError, Wdl};
use guoxiang_core::{CastlingRights, Color, Position};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// A class's values in memory.
pub(crate) struct Loaded {
    pub header: Header,
    pub vals: Vec<u8>,
    pub file_bytes: u64,
}

struct Inner {
    dir: PathBuf,
    tables: Vec<OnceLock<Arc<Loaded>>>,
    loading: Mutex<()>,
}

/// A directory of tables; loads each class lazily on first probe (read once, kept in
/// memory), thread-safe, cheap to clone. A file that appears later is found on a later probe.
#[derive(Clone)]
pub struct Tablebase {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for Tablebase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebase")
            .field("dir", &self.inner.dir)
            .finish()
    }
}

fn read_error(class: Class, e: ReadError) -> ProbeError {
    match e {
        ReadError::Io(e) if e.kind() == std::io::ErrorKind::NotFound => {
            ProbeError::MissingTable { class }
        }
        ReadError::Io(source) => ProbeError::Io { class, source },
        ReadError::Corrupt(reason) => ProbeError::Corrupt { class, reason },
    }
}

impl Tablebase {
    /// Opens a directory of tables; never fails (problems show on probe).
    pub fn open(dir: impl Into<PathBuf>) -> Tablebase {
        Tablebase {
            inner: Arc::new(Inner {
                dir: dir.into(),
                tables: Class::all().iter().map(|_| OnceLock::new()).collect(),
                loading: Mutex::new(()),
            }),
        }
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.inner.dir
    }

    /// Whether the file of `class` is present and its header valid.
    pub fn has(&self, class: Class) -> bool {
        self.inner.tables[class.id()].get().is_some()
            || format::read_header(&path_of(self.dir(), class), class).is_ok()
    }

    /// The class's values, loading them on first use.
    pub(crate) fn load(&self, class: Class) -> Result<&Arc<Loaded>, ProbeError> {
        let cell = &self.inner.tables[class.id()];
        if let Some(t) = cell.get() {
            return Ok(t);
        }
        // A poisoned lock only means another loader panicked; loading again is safe.
        let _guard = self.inner.loading.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(t) = cell.get() {
            return Ok(t);
        }
        let (header, vals, file_bytes) =
            format::read(&path_of(self.dir(), class), class).map_err(|e| read_error(class, e))?;
        Ok(cell.get_or_init(|| {
            Arc::new(Loaded {
                header,
                vals,
                file_bytes,
            })
        }))
    }

    /// The value of a position for its side to move.
    pub fn probe(&self, pos: &Position) -> Result<Probe, ProbeError> {
        if pos.castling_rights() != CastlingRights::NONE {
            return Err(ProbeError::CastlingRights);
        }
        let count = pos.board().occupied().count();
        if count > 4 {
            return Err(ProbeError::TooManyPieces { count });
        }
        let Some(p) = place_position(pos) else {
            return Ok(Probe::DRAW);
        };
        let table = self.load(p.class)?;
        let layout = Layout::of(p.class);
        let ep = layout.ep && pos.pseudo_en_passant().is_some();
        let idx = layout.index(&p.sq, ep).ok_or_else(|| ProbeError::Corrupt {
            class: p.class,
            reason: "a legal position without an index".into(),
        })?;
        Ok(Probe::from_byte(
            table.vals[side(p.stm) * layout.size + idx],
        ))
    }

    /// Every legal move with the value of the position after it.
    pub fn probe_moves(&self, pos: &Position) -> Result<Vec<MoveProbe>, ProbeError> {
        self.probe(pos)?;
        pos.legal_moves()
            .iter()
            .map(|&mv| {
                Ok(MoveProbe {
                    mv,
                    after: self.probe(&pos.after(mv))?,
                })
            })
            .collect()
    }

    /// The best move: when winning the fastest mate, when losing the longest resistance, in
    /// a draw a move that keeps it. `None` if there is no legal move.
    pub fn best_move(&self, pos: &Position) -> Result<Option<MoveProbe>, ProbeError> {
        let moves = self.probe_moves(pos)?;
        let key = |m: &MoveProbe| -> (u8, i64) {
            let d = m.after.dtm.unwrap_or(0) as i64;
            match m.after.wdl {
                Wdl::Loss => (2, -d),
                Wdl::Draw => (1, 0),
                Wdl::Win => (0, d),
            }
        };
        Ok(moves.into_iter().max_by_key(key))
    }

    /// The longest distance to mate in the table of `class` with `turn` (white = the
    /// stronger side) to move, over legal positions (an addition to the contract, for
    /// comparing with published figures).
    pub fn max_dtm(&self, class: Class, turn: Color) -> Result<u32, ProbeError> {
        let table = self.load(class)?;
        Ok(crate::sample::longest(class, &table.vals, turn))
    }

    /// What the file of `class` says.
    pub fn info(&self, class: Class) -> Result<ClassInfo, ProbeError> {
        let (h, file_bytes) = match self.inner.tables[class.id()].get() {
            Some(t) => (t.header.clone(), t.file_bytes),
            None => format::read_header(&path_of(self.dir(), class), class)
                .map_err(|e| read_error(class, e))?,
        };
        Ok(ClassInfo {
            class: class.to_string(),
            positions: h.positions,
            max_dtm: h.max_dtm,
            file_bytes,
            generated_ms: h.generated_ms,
        })
    }

    /// A random legal position of `class` (white = the stronger side) with `turn` to move
    /// whose value matches `wdl` and whose dtm lies in `dtm` (ignored for draws), accepted by
    /// `accept`; deterministic for a seed; `None` if none is found within a bounded number of
    /// tries.
    pub fn sample(
        &self,
        class: Class,
        turn: Color,
        wdl: Wdl,
        dtm: std::ops::RangeInclusive<u32>,
        seed: u64,
        accept: &dyn Fn(&Position) -> bool,
    ) -> Result<Option<Position>, ProbeError> {
        let table = self.load(class)?;
        Ok(crate::sample::sample(
            class,
            &table.vals,
            turn,
            wdl,
            dtm,
            seed,
            accept,
        ))
    }
}

/// The core position of a placement in class orientation (no castling, no en passant).
pub(crate) fn position_of(layout: &Layout, sq: &[u8; 4], turn: Color) -> Option<Position> {
    let mut setup = guoxiang_core::Setup {
        board: guoxiang_core::Board::empty(),
        turn,
        castling: CastlingRights::NONE,
        en_passant: None,
        halfmove_clock: 0,
        fullmove_number: 1,
    };
    for i in 0..layout.n {
        let s = guoxiang_core::Square::new(sq[i])?;
        setup.board.set(
            s,
            guoxiang_core::Piece::new(layout.color[i], layout.role[i]),
        );
    }
    Position::from_setup(&setup).ok()
}
