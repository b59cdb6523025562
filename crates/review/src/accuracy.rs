//! Accuracy per player, 0 to 100, by lichess's public formulas (lichess.org/page/accuracy;
//! written here from their description, in win percent = 100 × expected score):
//!
//! - a move's accuracy from the mover's win percent before (b) and after (a) it:
//!   100 when a ≥ b, else 103.1668 · e^(−0.04354 · (b − a)) − 3.1669 + 1 (the + 1
//!   allows for the engine's own imprecision), kept within 0..100;
//! - a game's: the win percents from White's side of every position (the start
//!   first) are cut into windows of n = clamp(positions / 10, 2, 8) positions (the
//!   first window repeated so that there is one per move); a move's weight is the
//!   standard deviation of its window's win percents, kept within 0.5..12 (moves in
//!   sharp phases weigh more). Each player's accuracy is the mean of the weighted mean
//!   and the harmonic mean (each value at least 1) of that player's move accuracies,
//!   rounded to one decimal. A player without a move has 100.

use crate::Accuracy;
use guoxiang_core::Color;

/// A move's accuracy from the mover's win percent before and after it.
///
/// ```
/// use guoxiang_review::accuracy::move_accuracy;
/// assert_eq!(move_accuracy(50.0, 55.0), 100.0);
/// assert_eq!(move_accuracy(50.0, 50.0), 100.0);
/// assert!((move_accuracy(60.0, 50.0) - 64.6).abs() < 0.1);
/// assert_eq!(move_accuracy(95.0, 0.0), 0.0);
/// ```
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    let raw = 103.166_8 * (-0.043_54 * (before - after)).exp() - 3.166_9;
    (raw + 1.0).clamp(0.0, 100.0)
}

/// Each player's accuracy from White's win percent (0..100) in every position of the
/// game, the start first; `first` is the side that made the first move.
///
/// ```
/// use guoxiang_core::Color;
/// use guoxiang_review::accuracy::game_accuracy;
/// // Black's second move throws a won game for White away... for Black.
/// let a = game_accuracy(&[50.0, 52.0, 51.0, 53.0, 90.0, 91.0], Color::White);
/// assert_eq!(a.white, 100.0);
/// assert!(a.black < 50.0, "{}", a.black);
/// ```
pub fn game_accuracy(white_win: &[f64], first: Color) -> Accuracy {
    let moves = white_win.len().saturating_sub(1);
    let window = (white_win.len() / 10).clamp(2, 8).min(white_win.len());
    let mut weights = Vec::with_capacity(moves);
    if moves > 0 {
        let head = deviation(&white_win[..window]);
        weights.extend(std::iter::repeat_n(head, window.saturating_sub(2)));
        weights.extend(white_win.windows(window).map(deviation));
    }
    // (accuracy, weight) per player.
    let mut per: [Vec<(f64, f64)>; 2] = [Vec::new(), Vec::new()];
    for i in 0..moves {
        let mover = if i % 2 == 0 { first } else { !first };
        let (b, a) = (white_win[i], white_win[i + 1]);
        let acc = match mover {
            Color::White => move_accuracy(b, a),
            Color::Black => move_accuracy(100.0 - b, 100.0 - a),
        };
        let weight = weights.get(i).copied().unwrap_or(0.5);
        per[mover.index()].push((acc, weight));
    }
    Accuracy {
        white: player(&per[Color::White.index()]),
        black: player(&per[Color::Black.index()]),
    }
}

/// A window's weight: its standard deviation, kept within 0.5..12.
fn deviation(xs: &[f64]) -> f64 {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n;
    var.sqrt().clamp(0.5, 12.0)
}

/// One player's accuracy from (accuracy, weight) of each move, to one decimal.
fn player(moves: &[(f64, f64)]) -> f64 {
    if moves.is_empty() {
        return 100.0;
    }
    let total: f64 = moves.iter().map(|(_, w)| w).sum();
    let weighted = moves.iter().map(|(a, w)| a * w).sum::<f64>() / total;
    let harmonic = moves.len() as f64 / moves.iter().map(|(a, _)| 1.0 / a.max(1.0)).sum::<f64>();
    ((weighted + harmonic) / 2.0 * 10.0).round() / 10.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_without_a_loss_is_100_for_both() {
        let a = game_accuracy(&[50.0; 41], Color::White);
        assert_eq!((a.white, a.black), (100.0, 100.0));
    }

    #[test]
    fn one_blunder_lowers_only_its_player() {
        let mut wins = vec![50.0; 41];
        for w in &mut wins[21..] {
            *w = 10.0; // White's 11th move (ply 21) drops from 50 % to 10 %.
        }
        let a = game_accuracy(&wins, Color::White);
        assert_eq!(a.black, 100.0);
        assert!(a.white < 90.0 && a.white > 30.0, "{}", a.white);
    }

    #[test]
    fn black_first_from_a_position() {
        // Black moves first and loses 40 %: Black's accuracy falls.
        let a = game_accuracy(&[50.0, 90.0, 90.0], Color::Black);
        assert_eq!(a.white, 100.0);
        assert!(a.black < 50.0);
    }

    #[test]
    fn no_moves_is_100() {
        let a = game_accuracy(&[50.0], Color::White);
        assert_eq!((a.white, a.black), (100.0, 100.0));
    }
}
