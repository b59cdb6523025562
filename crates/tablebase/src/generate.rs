//! `generate`: solves the wanted classes and every dependency not yet on disk, in dependency
//! order, writing each file safely (temporary name, fsync, read back, rename).

use crate::class::Class;
use crate::format::{self, path_of, Header};
use crate::layout::Layout;
use crate::retro::{self, Solved};
use crate::ClassInfo;
use std::path::Path;
use std::sync::{mpsc, Arc};
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

/// Passes one writer result on to `progress` and the results.
fn report(
    (index, r): (usize, Result<ClassInfo, GenError>),
    total: usize,
    infos: &mut [Option<ClassInfo>],
    first_error: &mut Option<GenError>,
    progress: &mut dyn FnMut(GenEvent),
) {
    match r {
        Ok(info) => {
            progress(GenEvent::Finished {
                info: info.clone(),
                index,
                total,
            });
            infos[index] = Some(info);
        }
        Err(e) => {
            first_error.get_or_insert(e);
        }
    }
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
    let mut solved: Solved = vec![None; Class::all().len()];
    // The last position in `order` at which each class is needed as a dependency.
    let mut last_use = vec![0usize; Class::all().len()];
    for (i, c) in order.iter().enumerate() {
        for d in c.dependencies() {
            last_use[d.id()] = i;
        }
    }
    // Files are compressed, written and checked on a writer thread while the next class is
    // solved; its results come back here, where `progress` is called.
    let (to_writer, jobs) = mpsc::channel::<(usize, Header, Arc<Vec<u8>>)>();
    let (to_main, results) = mpsc::channel::<(usize, Result<ClassInfo, GenError>)>();
    let mut infos: Vec<Option<ClassInfo>> = vec![None; total];
    let mut first_error = None;
    std::thread::scope(|scope| {
        scope.spawn(move || {
            for (index, header, vals) in jobs {
                let class = header.class;
                let info = format::write(dir, header.clone(), &vals)
                    .map(|file_bytes| ClassInfo {
                        class: class.to_string(),
                        positions: header.positions,
                        max_dtm: header.max_dtm,
                        file_bytes,
                        generated_ms: header.generated_ms,
                    })
                    .map_err(|source| GenError::Io { class, source });
                if to_main.send((index, info)).is_err() {
                    break;
                }
            }
        });
        let mut run = || -> Result<(), GenError> {
            for (index, &class) in order.iter().enumerate() {
                while let Ok(r) = results.try_recv() {
                    report(r, total, &mut infos, &mut first_error, progress);
                }
                if first_error.is_some() {
                    return Ok(());
                }
                // Values no class after this one needs are dropped.
                for c in Class::all() {
                    if last_use[c.id()] < index {
                        solved[c.id()] = None;
                    }
                }
                let needed_later = order[index + 1..]
                    .iter()
                    .any(|c| c.dependencies().contains(&class));
                // A file that reads back in full (header, length, checksum, values) is kept.
                if let Ok((header, vals, file_bytes)) = format::read(&path_of(dir, class), class) {
                    progress(GenEvent::Skipped {
                        class,
                        index,
                        total,
                    });
                    infos[index] = Some(ClassInfo {
                        class: class.to_string(),
                        positions: header.positions,
                        max_dtm: header.max_dtm,
                        file_bytes,
                        generated_ms: header.generated_ms,
                    });
                    if needed_later {
                        solved[class.id()] = Some(Arc::new(vals));
                    }
                    continue;
                }
                for d in class.dependencies() {
                    if solved[d.id()].is_none() {
                        // Every dependency comes earlier in `order`: solved or kept above.
                        return Err(GenError::Dependency {
                            class: d,
                            reason: format!("not available when {class} needed it"),
                        });
                    }
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
                    generated_ms: start.elapsed().as_millis() as u64,
                    payload_len: 0,
                    checksum: 0,
                };
                let vals = Arc::new(table.vals);
                if needed_later {
                    solved[class.id()] = Some(vals.clone());
                }
                // The writer lives as long as this scope; a send only fails if it panicked.
                let _ = to_writer.send((index, header, vals));
            }
            Ok(())
        };
        let outcome = run();
        drop(to_writer);
        for r in results.iter() {
            report(r, total, &mut infos, &mut first_error, progress);
        }
        if let Err(e) = outcome {
            first_error.get_or_insert(e);
        }
    });
    if let Some(e) = first_error {
        return Err(e);
    }
    let infos = infos.into_iter().flatten().collect();
    Ok(infos)
}
