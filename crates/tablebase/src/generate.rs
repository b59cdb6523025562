//! `generate`: solves the wanted classes and every dependency not yet on disk, in dependency
//! order, writing each file safely (temporary name, fsync, read back, rename).

use crate::class::Class;
use crate::format::{self, Header};
use crate::layout::Layout;
use crate::probe::Tablebase;
use crate::retro::{self, Solved};
use crate::ClassInfo;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

/// What the generator is doing (for stderr, logs, a status endpoint).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenEvent {
    Started {
        class: Class,
        index: usize,
        total: usize,
    },
    Finished {
        info: ClassInfo,
        index: usize,
        total: usize,
    },
    Skipped {
        class: Class,
        index: usize,
        total: usize,
    },
}

/// Why generation failed.
#[derive(Debug, thiserror::Error)]
pub enum GenError {
    #[error("cannot write the table for {class}: {source}")]
    Io {
        class: Class,
        #[source]
        source: std::io::Error,
    },
    #[error("the existing table for {class} cannot be used: {reason}")]
    Dependency { class: Class, reason: String },
}

/// The classes to make for `classes`: them and their dependencies, in generation order.
fn closure(classes: &[Class]) -> Vec<Class> {
    let mut want = vec![false; Class::all().len()];
    let mut stack: Vec<Class> = classes.to_vec();
    while let Some(c) = stack.pop() {
        if !want[c.id()] {
            want[c.id()] = true;
            stack.extend(c.dependencies());
        }
    }
    Class::all().into_iter().filter(|c| want[c.id()]).collect()
}

/// Generates `classes` (and every dependency not yet present) into `dir`, skipping valid
/// files already there. Uses up to `threads` threads; calls `progress` on each event.
pub fn generate(
    dir: &Path,
    classes: &[Class],
    threads: usize,
    progress: &mut dyn FnMut(GenEvent),
) -> Result<Vec<ClassInfo>, GenError> {
    let order = closure(classes);
    let total = order.len();
    let tb = Tablebase::open(dir);
    let mut solved: Solved = vec![None; Class::all().len()];
    // The last position in `order` at which each class is needed as a dependency.
    let mut last_use = vec![0usize; Class::all().len()];
    for (i, c) in order.iter().enumerate() {
        for d in c.dependencies() {
            last_use[d.id()] = i;
        }
    }
    let mut infos = Vec::new();
    for (index, &class) in order.iter().enumerate() {
        for d in class.dependencies() {
            if solved[d.id()].is_none() {
                let t = tb.load(d).map_err(|e| GenError::Dependency {
                    class: d,
                    reason: e.to_string(),
                })?;
                solved[d.id()] = Some(Arc::new(t.vals.clone()));
            }
        }
        if tb.has(class) {
            progress(GenEvent::Skipped {
                class,
                index,
                total,
            });
            infos.push(tb.info(class).map_err(|e| GenError::Dependency {
                class,
                reason: e.to_string(),
            })?);
            continue;
        }
        progress(GenEvent::Started {
            class,
            index,
            total,
        });
        let start = Instant::now();
        let table = retro::solve(class, &solved, threads);
        let header = Header {
            class,
            entries: Layout::of(class).size as u64,
            positions: table.positions,
            max_dtm: table.max_dtm,
            generated_ms: 0,
            payload_len: 0,
            checksum: 0,
        };
        let ms = start.elapsed().as_millis() as u64;
        let header = Header {
            generated_ms: ms,
            ..header
        };
        let file_bytes = format::write(dir, header, &table.vals)
            .map_err(|source| GenError::Io { class, source })?;
        let info = ClassInfo {
            class: class.to_string(),
            positions: table.positions,
            max_dtm: table.max_dtm,
            file_bytes,
            generated_ms: ms,
        };
        if order[index + 1..]
            .iter()
            .any(|c| c.dependencies().contains(&class))
        {
            solved[class.id()] = Some(Arc::new(table.vals));
        }
        progress(GenEvent::Finished {
            info: info.clone(),
            index,
            total,
        });
        infos.push(info);
        for d in class.dependencies() {
            if last_use[d.id()] <= index {
                solved[d.id()] = None;
            }
        }
    }
    Ok(infos)
}
