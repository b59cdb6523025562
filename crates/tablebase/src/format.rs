//! The `.gxtb` file format: a 64-byte header, then the values of both sides to move,
//! deflate-compressed. Entries that stand for no position are filled with the value before
//! them (they are never read), which keeps the compressed payload small.
//!
//! Header (little-endian): `magic "GXTB"`, `version u32`, `class [u8; 8]` (ASCII, zero
//! padded), `entries u64` (values per side), `positions u64` (legal positions), `max_dtm u32`,
//! `sides u32` (2), `generated_ms u64`, `payload_len u64`, `checksum u64` (FNV-1a 64 of the
//! compressed payload).

use crate::class::Class;
use crate::retro::INVALID;
use std::io::Write;
use std::path::{Path, PathBuf};

pub(crate) const MAGIC: &[u8; 4] = b"GXTB";
pub(crate) const VERSION: u32 = 1;
pub(crate) const HEADER_LEN: usize = 64;
/// The deflate level: 4 keeps all tables near 30 MB at a fifth of level 6's time (measured
/// on KQKP: 2.71 MB in 0.55 s against 2.54 MB in 2.6 s).
const LEVEL: u8 = 4;

/// What a file's header says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Header {
    pub class: Class,
    pub entries: u64,
    pub positions: u64,
    pub max_dtm: u32,
    pub generated_ms: u64,
    pub payload_len: u64,
    pub checksum: u64,
}

/// FNV-1a, 64 bits.
pub(crate) fn fnv1a(data: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in data {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The file of `class` in `dir`.
pub fn path_of(dir: &Path, class: Class) -> PathBuf {
    dir.join(format!("{class}.gxtb"))
}

impl Header {
    fn encode(&self) -> [u8; HEADER_LEN] {
        let mut h = [0u8; HEADER_LEN];
        h[0..4].copy_from_slice(MAGIC);
        h[4..8].copy_from_slice(&VERSION.to_le_bytes());
        let name = self.class.name().as_bytes();
        h[8..8 + name.len()].copy_from_slice(name);
        h[16..24].copy_from_slice(&self.entries.to_le_bytes());
        h[24..32].copy_from_slice(&self.positions.to_le_bytes());
        h[32..36].copy_from_slice(&self.max_dtm.to_le_bytes());
        h[36..40].copy_from_slice(&2u32.to_le_bytes());
        h[40..48].copy_from_slice(&self.generated_ms.to_le_bytes());
        h[48..56].copy_from_slice(&self.payload_len.to_le_bytes());
        h[56..64].copy_from_slice(&self.checksum.to_le_bytes());
        h
    }

    /// Reads a header; the error says what is wrong.
    pub fn decode(h: &[u8], expect: Class) -> Result<Header, String> {
        if h.len() < HEADER_LEN {
            return Err(format!("file too short ({} bytes)", h.len()));
        }
        let u32_at = |i: usize| u32::from_le_bytes([h[i], h[i + 1], h[i + 2], h[i + 3]]);
        let u64_at = |i: usize| {
            let mut b = [0u8; 8];
            b.copy_from_slice(&h[i..i + 8]);
            u64::from_le_bytes(b)
        };
        if &h[0..4] != MAGIC {
            return Err("not a guoxiang tablebase file (bad magic)".into());
        }
        if u32_at(4) != VERSION {
            return Err(format!("format version {} (expected {VERSION})", u32_at(4)));
        }
        let name: String = h[8..16]
            .iter()
            .take_while(|&&b| b != 0)
            .map(|&b| b as char)
            .collect();
        if name != expect.name() {
            return Err(format!("file holds class {name:?}, not {expect}"));
        }
        if u32_at(36) != 2 {
            return Err("sides must be 2".into());
        }
        let entries = u64_at(16);
        if entries != crate::layout::Layout::of(expect).size as u64 {
            return Err(format!("{entries} entries per side do not match the index"));
        }
        Ok(Header {
            class: expect,
            entries,
            positions: u64_at(24),
            max_dtm: u32_at(32),
            generated_ms: u64_at(40),
            payload_len: u64_at(48),
            checksum: u64_at(56),
        })
    }
}

/// Fills entries that stand for no position with the value before them.
fn fill_invalid(vals: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(vals.len());
    let mut last = crate::retro::DRAW;
    for &v in vals {
        if v != INVALID {
            last = v;
        }
        out.push(last);
    }
    out
}

/// Writes a solved class: a temporary file, fsynced, read back and checked, then renamed.
/// Returns the file's size.
pub(crate) fn write(dir: &Path, mut header: Header, vals: &[u8]) -> std::io::Result<u64> {
    std::fs::create_dir_all(dir)?;
    let payload = miniz_oxide::deflate::compress_to_vec(&fill_invalid(vals), LEVEL);
    header.payload_len = payload.len() as u64;
    header.checksum = fnv1a(&payload);
    let path = path_of(dir, header.class);
    let tmp = dir.join(format!(".{}.gxtb.tmp{}", header.class, std::process::id()));
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(&header.encode())?;
        f.write_all(&payload)?;
        f.sync_all()?;
    }
    let check = read(&tmp, header.class);
    if let Err(e) = check {
        let _ = std::fs::remove_file(&tmp);
        return Err(std::io::Error::other(format!(
            "the written table {} does not read back: {e}",
            tmp.display()
        )));
    }
    std::fs::rename(&tmp, &path)?;
    Ok((HEADER_LEN + payload.len()) as u64)
}

/// Why a file could not be read.
#[derive(Debug)]
pub(crate) enum ReadError {
    Io(std::io::Error),
    Corrupt(String),
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "{e}"),
            ReadError::Corrupt(s) => f.write_str(s),
        }
    }
}

/// Reads only the header (and checks the file's length).
pub(crate) fn read_header(path: &Path, class: Class) -> Result<(Header, u64), ReadError> {
    use std::io::Read;
    let mut f = std::fs::File::open(path).map_err(ReadError::Io)?;
    let len = f.metadata().map_err(ReadError::Io)?.len();
    let mut h = [0u8; HEADER_LEN];
    f.read_exact(&mut h)
        .map_err(|_| ReadError::Corrupt(format!("file too short ({len} bytes)")))?;
    let header = Header::decode(&h, class).map_err(ReadError::Corrupt)?;
    if len != HEADER_LEN as u64 + header.payload_len {
        return Err(ReadError::Corrupt(format!(
            "file is {len} bytes, header says {}",
            HEADER_LEN as u64 + header.payload_len
        )));
    }
    Ok((header, len))
}

/// Reads a whole file: header checked, checksum verified, values decompressed.
pub(crate) fn read(path: &Path, class: Class) -> Result<(Header, Vec<u8>, u64), ReadError> {
    let bytes = std::fs::read(path).map_err(ReadError::Io)?;
    let header = Header::decode(&bytes, class).map_err(ReadError::Corrupt)?;
    let payload = &bytes[HEADER_LEN..];
    if payload.len() as u64 != header.payload_len {
        return Err(ReadError::Corrupt(format!(
            "payload is {} bytes, header says {}",
            payload.len(),
            header.payload_len
        )));
    }
    if fnv1a(payload) != header.checksum {
        return Err(ReadError::Corrupt("checksum mismatch".into()));
    }
    let want = 2 * header.entries as usize;
    let vals = miniz_oxide::inflate::decompress_to_vec_with_limit(payload, want)
        .map_err(|e| ReadError::Corrupt(format!("payload does not decompress: {e:?}")))?;
    if vals.len() != want {
        return Err(ReadError::Corrupt(format!(
            "{} values, expected {want}",
            vals.len()
        )));
    }
    Ok((header, vals, bytes.len() as u64))
}
