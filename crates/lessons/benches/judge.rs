//! What one judged move costs: a mate-in-2 first move (the solver proves the
//! forced mate and picks the longest defence), a mate-in-3 first move, a reach
//! move (the exchange check and the pass), and a line move.
//! `cargo bench -p guoxiang-lessons --bench judge`

use criterion::{criterion_group, criterion_main, Criterion};
use guoxiang_lessons::{judge, Course, Step};
use std::hint::black_box;

const TEXT: &str = r#"text = { zh-CN = "走", zh-TW = "走", en = "Move" }"#;

fn step(goal: &str, fen: &str, extra: &str) -> Step {
    let file = format!(
        "id = \"bench\"\norder = 1\nstage = \"basics\"\ntitle = {{ zh-CN = \"测\", zh-TW = \"測\", en = \"Bench\" }}\nsummary = {{ zh-CN = \"测\", zh-TW = \"測\", en = \"Bench\" }}\n[[steps]]\ngoal = \"{goal}\"\nfen = \"{fen}\"\n{TEXT}\n{extra}\n"
    );
    match Course::parse_files(&[("01-bench.toml", &file)]) {
        Ok(c) => c.lessons[0].steps[0].clone(),
        Err(e) => panic!("bench fixture: {e}"),
    }
}

fn bench(c: &mut Criterion) {
    let none: &[&str] = &[];
    let mate2 = step(
        "mate",
        "7k/8/8/2p5/8/8/1R6/R3K3 w - - 0 1",
        "mate_in = 2\nsolutions = [[\"a1a7\", \"c5c4\", \"b2b8\"]]",
    );
    c.bench_function("judge mate-in-2 first move", |b| {
        b.iter(|| judge(black_box(&mate2), none, black_box("a1a7")))
    });
    let mate3 = step(
        "mate",
        "7k/8/8/8/8/8/8/RR2K3 w - - 0 1",
        "mate_in = 3\nsolutions = [[\"a1a7\", \"h8g8\", \"b1b8\"]]",
    );
    c.bench_function("judge mate-in-3 first move", |b| {
        b.iter(|| judge(black_box(&mate3), none, black_box("b1b2")))
    });
    let reach = step(
        "reach",
        "7k/8/8/3p4/8/8/8/2R1K3 w - - 0 1",
        "targets = [\"c7\", \"a7\"]\nsolutions = [[\"c1c7\", \"c7a7\"]]",
    );
    c.bench_function("judge reach second move", |b| {
        b.iter(|| judge(black_box(&reach), &["c1c7"], black_box("c7a7")))
    });
    let line = step(
        "line",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "solutions = [[\"e2e4\", \"e7e5\", \"g1f3\", \"b8c6\", \"f1c4\"]]",
    );
    c.bench_function("judge line third move", |b| {
        b.iter(|| judge(black_box(&line), &["e2e4", "g1f3"], black_box("f1c4")))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
