//! The tuner: fits the evaluation's linear weights to game results (Texel's method,
//! by gradient descent with Adam) on `FEN;result[;score]` lines from
//! `examples/selfplay.rs`, and writes `src/eval_weights.rs`. A tenth of the positions
//! is held out to report an honest loss before and after.
//!
//!     cargo run --release -p guoxiang-engine --example tune -- target/tune/selfplay*.txt
//!
//! Environment: `LAMBDA` (weight of the game result in the target; the rest is the
//! self-play search's score through the same sigmoid; default 1, results only),
//! `MINCOUNT` (parameters whose feature occurs in fewer training positions stay as
//! they are; default 0), `REG` (L2 pull to the starting weights), `TUNE=scalars`
//! (keep the piece-square tables), `EPOCHS`, `LR`, `OUT`.

use guoxiang_core::Position;
use guoxiang_engine::eval::{self, Accumulator, Weights, N_PARAMS, S};
use std::io::Write;

struct Sample {
    feats: Vec<(u16, i16)>,
    fixed: S,
    phase: f64,
    scale: f64,
    result: f64,
    /// The self-play search's score (centipawns, White's side), when the line has one.
    score: Option<f64>,
}

struct Rec {
    feats: Vec<(u16, i16)>,
    fixed: S,
}

impl Accumulator for Rec {
    fn add(&mut self, idx: usize, n: i32) {
        if n != 0 {
            self.feats.push((idx as u16, n as i16));
        }
    }
    fn add_fixed(&mut self, s: S) {
        self.fixed += s;
    }
}

fn predict(s: &Sample, w: &[[f64; 2]]) -> f64 {
    let (mut mg, mut eg) = (s.fixed.0 as f64, s.fixed.1 as f64);
    for &(i, n) in &s.feats {
        mg += w[i as usize][0] * n as f64;
        eg += w[i as usize][1] * n as f64;
    }
    (mg * s.phase + eg * (1.0 - s.phase)) * s.scale
}

fn sigmoid(x: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * x / 400.0))
}

fn loss(samples: &[Sample], w: &[[f64; 2]], k: f64) -> f64 {
    samples
        .iter()
        .map(|s| (s.result - sigmoid(predict(s, w), k)).powi(2))
        .sum::<f64>()
        / samples.len() as f64
}

fn main() -> std::io::Result<()> {
    let files: Vec<String> = std::env::args().skip(1).collect();
    let base = Weights::default();
    let mut samples = Vec::new();
    for f in &files {
        for line in std::fs::read_to_string(f)?.lines() {
            let mut fields = line.split(';');
            let (Some(fen), Some(r)) = (fields.next(), fields.next()) else {
                continue;
            };
            let score = fields.next().and_then(|c| c.trim().parse::<f64>().ok());
            let (Ok(pos), Ok(result)) = (Position::from_fen(fen), r.trim().parse::<f64>()) else {
                continue;
            };
            let mut rec = Rec {
                feats: Vec::with_capacity(48),
                fixed: S(0, 0),
            };
            eval::features(&pos, &base, &mut rec);
            let stm = eval::evaluate_with(&pos, &base);
            let white = if pos.turn() == guoxiang_core::Color::White {
                stm
            } else {
                -stm
            };
            samples.push(Sample {
                feats: rec.feats,
                fixed: rec.fixed,
                phase: eval::phase(&pos) as f64 / 24.0,
                scale: eval::scale_eighths(&pos, white) as f64 / 8.0,
                result,
                score,
            });
        }
    }
    // Deterministic shuffle, then hold out every tenth sample.
    let mut state = 0x2545_f491_4f6c_dd1du64;
    for i in (1..samples.len()).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        samples.swap(i, (state % (i as u64 + 1)) as usize);
    }
    let mut valid: Vec<Sample> = Vec::new();
    let mut train: Vec<Sample> = Vec::new();
    for (i, s) in samples.into_iter().enumerate() {
        if i % 10 == 0 {
            valid.push(s);
        } else {
            train.push(s);
        }
    }
    eprintln!(
        "{} training and {} held-out positions",
        train.len(),
        valid.len()
    );

    let mut w: Vec<[f64; 2]> = base
        .params
        .iter()
        .map(|s| [s.0 as f64, s.1 as f64])
        .collect();
    // The scaling constant K that best fits the current weights.
    let mut k = 1.0;
    let mut best = f64::MAX;
    for i in 1..=40 {
        let kk = i as f64 * 0.05;
        let l = loss(&train, &w, kk);
        if l < best {
            best = l;
            k = kk;
        }
    }
    let env = |k: &str, d: f64| {
        std::env::var(k)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    // Blend the targets: LAMBDA × result + (1 − LAMBDA) × the search's score as an
    // expected result (through the sigmoid with the K just found).
    let lambda = env("LAMBDA", 1.0).clamp(0.0, 1.0);
    for s in train.iter_mut().chain(valid.iter_mut()) {
        if let Some(cp) = s.score {
            s.result = lambda * s.result + (1.0 - lambda) * sigmoid(cp, k);
        }
    }
    let before = loss(&valid, &w, k);
    eprintln!("K = {k:.2}, LAMBDA = {lambda}; held-out loss before {before:.6}");

    let epochs = env("EPOCHS", 400.0) as usize;
    let lr = env("LR", 0.5);
    // L2 pull towards the starting weights, per centipawn squared (0: none).
    let reg = env("REG", 0.0);
    // TUNE=scalars keeps the piece-square tables as they are.
    let scalars_only = std::env::var("TUNE").is_ok_and(|v| v == "scalars");
    let w0 = w.clone();
    // How many training positions each parameter's feature occurs in.
    let min_count = env("MINCOUNT", 0.0) as usize;
    let mut count = vec![0usize; N_PARAMS];
    for s in &train {
        for &(i, _) in &s.feats {
            count[i as usize] += 1;
        }
    }
    // Parameters that must stay fixed: the king's material, pawns on the back ranks.
    let frozen = |i: usize| -> bool {
        count[i] < min_count
            || (scalars_only && (eval::PST..eval::MOBILITY).contains(&i))
            || i == eval::MATERIAL + 5
            || ((eval::PST..eval::PST + 64).contains(&i) && !(8..56).contains(&(i - eval::PST)))
    };
    let (b1, b2, eps) = (0.9, 0.999, 1e-8);
    let mut m = vec![[0.0f64; 2]; N_PARAMS];
    let mut v = vec![[0.0f64; 2]; N_PARAMS];
    let c = k * std::f64::consts::LN_10 / 400.0;
    for epoch in 1..=epochs {
        let mut grad = vec![[0.0f64; 2]; N_PARAMS];
        for s in &train {
            let p = sigmoid(predict(s, &w), k);
            let g = -2.0 * (s.result - p) * p * (1.0 - p) * c * s.scale;
            let (gm, ge) = (g * s.phase, g * (1.0 - s.phase));
            for &(i, n) in &s.feats {
                grad[i as usize][0] += gm * n as f64;
                grad[i as usize][1] += ge * n as f64;
            }
        }
        let n = train.len() as f64;
        for i in 0..N_PARAMS {
            if frozen(i) {
                continue;
            }
            for j in 0..2 {
                let g = grad[i][j] / n + 2.0 * reg * (w[i][j] - w0[i][j]);
                m[i][j] = b1 * m[i][j] + (1.0 - b1) * g;
                v[i][j] = b2 * v[i][j] + (1.0 - b2) * g * g;
                let mh = m[i][j] / (1.0 - b1.powi(epoch as i32));
                let vh = v[i][j] / (1.0 - b2.powi(epoch as i32));
                w[i][j] -= lr * mh / (vh.sqrt() + eps);
            }
        }
        if epoch % 50 == 0 {
            eprintln!(
                "epoch {epoch}: train {:.6} held-out {:.6}",
                loss(&train, &w, k),
                loss(&valid, &w, k)
            );
        }
    }
    let after = loss(&valid, &w, k);
    eprintln!("held-out loss {before:.6} -> {after:.6}");
    let out = std::env::var("OUT").unwrap_or_else(|_| "crates/engine/src/eval_weights.rs".into());
    let mut f = std::io::BufWriter::new(std::fs::File::create(&out)?);
    writeln!(
        f,
        "//! The evaluation's linear weights (middlegame, endgame), laid out as the index"
    )?;
    writeln!(
        f,
        "//! constants in `eval.rs` say. Written by `examples/tune.rs` from {} self-play",
        train.len() + valid.len()
    )?;
    writeln!(
        f,
        "//! positions (held-out loss {before:.6} -> {after:.6}, K = {k:.2}), starting from the"
    )?;
    writeln!(
        f,
        "//! previous weights, with LAMBDA={lambda} MINCOUNT={min_count} REG={reg:e} EPOCHS={epochs} LR={lr}"
    )?;
    writeln!(f, "//! (docs/ENGINE.md, \"Tuning\").")?;
    writeln!(f)?;
    writeln!(f, "pub const PARAMS: [(i32, i32); {N_PARAMS}] = [")?;
    for chunk in w.chunks(8) {
        let row: Vec<String> = chunk
            .iter()
            .map(|p| format!("({}, {}),", p[0].round() as i32, p[1].round() as i32))
            .collect();
        writeln!(f, "    {}", row.join(" "))?;
    }
    writeln!(f, "];")?;
    eprintln!("wrote {out}");
    Ok(())
}
