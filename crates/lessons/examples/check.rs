//! Checks lesson files and prints every problem at once:
//! `cargo run -p guoxiang-lessons --example check [DIR]` (default: the crate's
//! `data/`). Exits 1 when there is any problem.

use guoxiang_lessons::Course;
use std::path::PathBuf;

fn main() {
    let dir = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data"));
    match Course::check_dir(&dir) {
        Ok(course) => {
            let steps: usize = course.lessons.iter().map(|l| l.steps.len()).sum();
            println!(
                "{}: {} lessons, {steps} steps, no problems",
                dir.display(),
                course.lessons.len()
            );
        }
        Err(errors) => {
            for e in &errors {
                println!("{e}");
            }
            println!("{} problems", errors.len());
            std::process::exit(1);
        }
    }
}
