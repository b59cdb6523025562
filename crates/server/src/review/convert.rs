//! A finished review in wire form: the typed `guoxiang_review::GameReview` turned
//! into the moves and accuracy of a [`ReviewView`](crate::protocol::review::ReviewView)
//! — moves as UCI and SAN, the position after each as FEN, the explanation in every
//! language. This is what the database keeps (as JSON) once a review is done.

use crate::protocol::review::{
    ReviewAccuracy, ReviewArrow, ReviewClass, ReviewEval, ReviewExplanation, ReviewMove,
    ReviewTexts,
};
use guoxiang_core::{Move, Position};
use guoxiang_i18n::Lang;
use guoxiang_review::{Eval, Explanation, GameReview, MoveClass};
use serde::{Deserialize, Serialize};

/// What a done review stores.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reviewed {
    pub accuracy: ReviewAccuracy,
    pub moves: Vec<ReviewMove>,
}

/// The wire form of `review`.
pub fn reviewed(review: &GameReview) -> Reviewed {
    let mut pos = review.start.clone();
    let moves = review
        .moves
        .iter()
        .map(|m| {
            let before = pos.clone();
            pos.play_unchecked(m.mv);
            ReviewMove {
                ply: m.ply.min(u32::MAX as usize) as u32,
                san: m.san.clone(),
                uci: m.mv.to_uci(),
                fen_after: pos.fen(),
                eval_before: eval(m.eval_before),
                eval_after: eval(m.eval_after),
                best: m.best.map(|b| b.to_uci()),
                best_san: m.best.filter(|b| legal(&before, *b)).map(|b| before.san(b)),
                best_line: m.best_line.iter().map(|b| b.to_uci()).collect(),
                class: class(m.class),
                explanation: m.explanation.as_ref().map(explanation),
            }
        })
        .collect();
    Reviewed {
        accuracy: ReviewAccuracy {
            white: review.accuracy.white,
            black: review.accuracy.black,
        },
        moves,
    }
}

fn legal(pos: &Position, m: Move) -> bool {
    pos.legal_moves().iter().any(|&l| l == m)
}

/// An evaluation on the wire.
pub fn eval(e: Eval) -> ReviewEval {
    match e {
        Eval::Cp(cp) => ReviewEval::Cp(cp),
        Eval::Mate(n) => ReviewEval::Mate(n),
    }
}

/// A class on the wire.
pub fn class(c: MoveClass) -> ReviewClass {
    match c {
        MoveClass::Book => ReviewClass::Book,
        MoveClass::Forced => ReviewClass::Forced,
        MoveClass::Best => ReviewClass::Best,
        MoveClass::Excellent => ReviewClass::Excellent,
        MoveClass::Good => ReviewClass::Good,
        MoveClass::Inaccuracy => ReviewClass::Inaccuracy,
        MoveClass::Mistake => ReviewClass::Mistake,
        MoveClass::Blunder => ReviewClass::Blunder,
    }
}

/// An explanation in every language, with its arrows and squares.
pub fn explanation(x: &Explanation) -> ReviewExplanation {
    ReviewExplanation {
        text: ReviewTexts {
            en: x.text(Lang::En),
            zh_cn: x.text(Lang::ZhCn),
            zh_tw: x.text(Lang::ZhTw),
        },
        arrows: x
            .arrows
            .iter()
            .map(|(from, to)| ReviewArrow {
                from: from.to_string(),
                to: to.to_string(),
            })
            .collect(),
        squares: x.squares.iter().map(|s| s.to_string()).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use guoxiang_review::explain::{ExplanationKind, SanMove, Standing};
    use guoxiang_review::{Accuracy, MoveReview};

    #[test]
    fn each_move_carries_its_position_after_and_the_best_move_in_san() {
        let start = Position::new();
        let e4 = start.parse_san("e4").expect("legal");
        let d4 = start.parse_san("d4").expect("legal");
        let x = Explanation {
            kind: ExplanationKind::Better {
                best: SanMove::new(&start, d4),
                line: vec![SanMove::new(&start, d4)],
                standing: Standing::Level,
            },
            arrows: vec![(d4.from(), d4.to())],
            squares: vec![d4.to()],
        };
        let review = GameReview {
            start: start.clone(),
            moves: vec![MoveReview {
                ply: 1,
                mv: e4,
                san: "e4".into(),
                eval_before: Eval::Cp(20),
                eval_after: Eval::Mate(-3),
                best: Some(d4),
                best_line: vec![d4],
                class: MoveClass::Blunder,
                explanation: Some(x),
            }],
            accuracy: Accuracy {
                white: 12.5,
                black: 100.0,
            },
        };
        let r = reviewed(&review);
        let m = &r.moves[0];
        assert_eq!(
            (m.uci.as_str(), m.best.as_deref(), m.best_san.as_deref()),
            ("e2e4", Some("d2d4"), Some("d4"))
        );
        assert_eq!(
            m.fen_after,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
        assert_eq!(
            (m.eval_before, m.eval_after, m.class),
            (
                ReviewEval::Cp(20),
                ReviewEval::Mate(-3),
                ReviewClass::Blunder
            )
        );
        let x = m.explanation.as_ref().expect("explained");
        assert_eq!(
            x.arrows,
            [ReviewArrow {
                from: "d2".into(),
                to: "d4".into()
            }]
        );
        assert_eq!(x.squares, ["d4"]);
        let json = serde_json::to_value(m).expect("serialises");
        assert_eq!(json["eval_after"], serde_json::json!({"mate": -3}));
        assert_eq!(json["class"], "blunder");
        assert!(json["explanation"]["text"]["zh-TW"].is_string());
    }
}
