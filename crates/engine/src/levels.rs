//! Human levels 1–8: from a beginner who still blunders (1) to full strength (8).
//! Weak levels search shallowly (so they miss tactics the way people do) and then
//! choose among the best few moves with a preference that grows with level, so a
//! mistake is a plausible move, not a random one. Also the decisions a server needs:
//! whether to accept a draw offer and whether to resign.

use guoxiang_core::Move;

/// The lowest and highest `UCI_Elo` we accept.
pub const MIN_ELO: u32 = 600;
pub const MAX_ELO: u32 = 2800;

/// The Elo of each level: its point on the `UCI_Elo` scale, as measured (rounded to
/// 10) on Stockfish 15.1's `UCI_Elo` scale at 3 s + 0.03 s, 200 games a match
/// (docs/ENGINE.md, "Human levels", "Calibration"); level 8 is full strength.
pub const LEVEL_ELO: [u32; 8] = [680, 900, 1090, 1300, 1560, 1800, 2050, FULL_STRENGTH_ELO];

/// How levels 1–7 play: (depth, nodes, candidates, softmax temperature in cp).
/// Placed so that the steps between neighbours are about even (about 220 Elo from
/// level 1 to level 7): each row was chosen with `tools/level_proxy.py` to lose the
/// share of winning chances per move that the measured curve of the previous
/// calibration puts at its target strength, and then measured in matches
/// (docs/ENGINE.md, "Calibration"). Each level searches deeper and chooses more
/// sharply than the one below; the node limits rarely bind before the depth does.
const LEVEL_STYLE: [(i32, u64, usize, f64); 7] = [
    (1, 460, 6, 152.0),
    (2, 1_000, 5, 126.0),
    (4, 3_000, 5, 104.0),
    (5, 10_000, 5, 92.0),
    (6, 32_000, 4, 68.0),
    (7, 120_000, 3, 30.0),
    (10, 1_500_000, 2, 6.0),
];

/// Where full strength starts on the `UCI_Elo` scale: what full strength measures in
/// the same calibration.
const FULL_STRENGTH_ELO: u32 = 2310;

/// How one level plays.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Style {
    /// Search depth limit (None: unlimited).
    pub depth: Option<i32>,
    /// Node limit per move (None: unlimited).
    pub nodes: Option<u64>,
    /// How many of the best moves it considers.
    pub candidates: usize,
    /// Softmax temperature in centipawns over the candidates' scores (0: best only).
    pub temperature: f64,
    /// Whether it imitates human thinking time when the game has no clock.
    pub human_time: bool,
}

/// The style for a level from 1 to 8 (clamped).
pub fn style_for_level(level: u8) -> Style {
    style_for_elo(LEVEL_ELO[(level.clamp(1, 8) - 1) as usize])
}

/// The style for an Elo between [`MIN_ELO`] and [`MAX_ELO`]: a level's own style at
/// its nominal Elo, and in between an interpolation of the two neighbouring levels
/// (depth and candidates linearly, rounded; nodes geometrically; temperature
/// linearly); from level 7's Elo to full strength the depth grows to 14 and the
/// temperature falls to 0.
pub fn style_for_elo(elo: u32) -> Style {
    let elo = elo.clamp(MIN_ELO, MAX_ELO);
    if elo >= FULL_STRENGTH_ELO {
        return Style {
            depth: None,
            nodes: None,
            candidates: 1,
            temperature: 0.0,
            human_time: false,
        };
    }
    let style = |(depth, nodes, candidates, temperature): (i32, u64, usize, f64)| Style {
        depth: Some(depth),
        nodes: Some(nodes),
        candidates,
        temperature,
        human_time: true,
    };
    let top = LEVEL_STYLE[6];
    // The points to interpolate between: the seven levels, then a near-full-strength
    // point at FULL_STRENGTH_ELO.
    let points = LEVEL_ELO[..7]
        .iter()
        .copied()
        .zip(LEVEL_STYLE)
        .chain(std::iter::once((
            FULL_STRENGTH_ELO,
            (14, top.1 * 8, 1, 0.0),
        )));
    let mut below = (LEVEL_ELO[0], LEVEL_STYLE[0]);
    for (at, s) in points {
        if elo == at {
            return style(s);
        }
        if elo < at {
            if elo <= below.0 {
                return style(below.1);
            }
            let t = f64::from(elo - below.0) / f64::from(at - below.0);
            let (a, b) = (below.1, s);
            let lerp = |x: f64, y: f64| x + (y - x) * t;
            return style((
                lerp(f64::from(a.0), f64::from(b.0)).round() as i32,
                ((a.1 as f64).ln() + ((b.1 as f64).ln() - (a.1 as f64).ln()) * t)
                    .exp()
                    .round() as u64,
                (lerp(a.2 as f64, b.2 as f64).round() as usize).max(1),
                lerp(a.3, b.3),
            ));
        }
        below = (at, s);
    }
    style(top)
}

/// Picks among the searched `lines` (move, score from the mover's view, best first)
/// with a softmax over scores; `rand` is a uniform number in [0, 1).
pub fn choose(lines: &[(Move, i32)], style: &Style, rand: f64) -> Option<Move> {
    let best = lines.first()?;
    if style.temperature <= 0.0 || lines.len() == 1 {
        return Some(best.0);
    }
    let top = best.1 as f64;
    let weights: Vec<f64> = lines
        .iter()
        .take(style.candidates)
        .map(|(_, s)| ((*s as f64 - top) / style.temperature).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    let mut x = rand * total;
    for (w, line) in weights.iter().zip(lines) {
        if x < *w {
            return Some(line.0);
        }
        x -= w;
    }
    Some(best.0)
}

/// A human-like thinking time for an untimed game, in milliseconds (0.3–3 s):
/// longer when the choice is hard (close scores) or much is at stake.
pub fn human_think_ms(lines: &[(Move, i32)], rand: f64) -> u64 {
    let spread = match lines {
        [a, b, ..] => (a.1 - b.1).abs(),
        _ => 300,
    };
    let hard = if spread < 30 {
        1.0
    } else if spread < 100 {
        0.6
    } else {
        0.3
    };
    (300.0 + 2700.0 * hard * (0.4 + 0.6 * rand)).clamp(300.0, 3000.0) as u64
}

/// Whether the engine at `level` accepts a draw offer, given its evaluation in
/// centipawns from its own side and the number of moves played.
pub fn accepts_draw(level: u8, score: i32, fullmoves: u32) -> bool {
    if level <= 3 {
        // Beginners accept when they feel worse.
        return score < -150;
    }
    if fullmoves < 20 {
        return score < -250;
    }
    // Stronger levels accept when not better, a little more readily in long games.
    score < if fullmoves > 60 { 30 } else { -30 }
}

/// Whether the engine at `level` resigns: only at levels ≥ 5 and only when hopeless,
/// that is the last four evaluations (own side) are all a rook and more down, or
/// it sees itself mated.
pub fn resigns(level: u8, recent_scores: &[i32]) -> bool {
    level >= 5
        && recent_scores.len() >= 4
        && recent_scores[recent_scores.len() - 4..]
            .iter()
            .all(|&s| s <= -900)
}

#[cfg(test)]
mod tests {
    use super::*;
    use guoxiang_core::Square;

    #[test]
    fn levels_get_deeper_and_more_precise() {
        let mut prev = style_for_level(1);
        for level in 2..=8 {
            let s = style_for_level(level);
            assert!(s.depth.unwrap_or(99) >= prev.depth.unwrap_or(99));
            assert!(s.temperature <= prev.temperature);
            prev = s;
        }
        assert_eq!(style_for_level(8).depth, None);
    }

    #[test]
    fn each_level_plays_its_own_style_and_elos_between_levels_lie_between() {
        for level in 1..=7u8 {
            let (depth, nodes, candidates, temperature) = LEVEL_STYLE[level as usize - 1];
            let s = style_for_level(level);
            assert_eq!(
                (s.depth, s.nodes, s.candidates, s.temperature),
                (Some(depth), Some(nodes), candidates, temperature),
                "level {level}"
            );
            assert!(s.human_time);
        }
        assert_eq!(style_for_elo(MIN_ELO), style_for_level(1));
        for pair in LEVEL_ELO[..7].windows(2) {
            let (lo, hi) = (style_for_elo(pair[0]), style_for_elo(pair[1]));
            let mid = style_for_elo((pair[0] + pair[1]) / 2);
            assert!(lo.nodes < mid.nodes && mid.nodes < hi.nodes, "{pair:?}");
            assert!(lo.temperature > mid.temperature && mid.temperature > hi.temperature);
            assert!(lo.depth <= mid.depth && mid.depth <= hi.depth);
        }
        let near_full = style_for_elo(FULL_STRENGTH_ELO - 1);
        assert!(near_full.depth.unwrap() >= 13 && near_full.temperature < 0.1);
        assert_eq!(style_for_elo(FULL_STRENGTH_ELO).depth, None);
        assert_eq!(style_for_elo(MAX_ELO), style_for_level(8));
    }

    #[test]
    fn a_weak_level_prefers_but_does_not_always_play_the_best_move() {
        let a = Move::normal(Square::E2, Square::E4);
        let b = Move::normal(Square::D2, Square::D4);
        let lines = [(a, 30), (b, 10)];
        let s = style_for_level(1);
        let picks_b = (0..100)
            .filter(|i| choose(&lines, &s, *i as f64 / 100.0) == Some(b))
            .count();
        assert!(picks_b > 10 && picks_b < 50, "{picks_b}");
        let full = style_for_level(8);
        assert!((0..100).all(|i| choose(&lines, &full, i as f64 / 100.0) == Some(a)));
    }

    #[test]
    fn only_strong_levels_resign_and_only_when_hopeless() {
        assert!(!resigns(4, &[-2000, -2000, -2000, -2000]));
        assert!(resigns(6, &[-950, -1200, -2000, -5000]));
        assert!(!resigns(6, &[-950, -1200, -200, -5000]));
    }

    #[test]
    fn human_time_is_between_a_third_of_a_second_and_three_seconds() {
        for r in [0.0, 0.5, 0.99] {
            let t = human_think_ms(&[], r);
            assert!((300..=3000).contains(&t));
        }
    }
}
