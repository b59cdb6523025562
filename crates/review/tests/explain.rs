//! Explanations of hand-made mistakes: each position is set up from a FEN, the move
//! played and the engine's lines are given as UCI, and the test checks what the
//! detectors found (the pieces and squares they name, the arrows) and how it reads
//! in each language.

use guoxiang_core::{CastlingSide, Color, Move, Piece, Position, Role, Square};
use guoxiang_i18n::{catalogue, placeholders, Lang};
use guoxiang_puzzles::Theme;
use guoxiang_review::explain::{
    explain, Explanation, ExplanationKind, MoveContext, PieceAt, Tactic, MESSAGE_KEYS,
};
use guoxiang_review::{Eval, MoveClass};
use guoxiang_tablebase::{generate, Class, Tablebase, Wdl};

/// A mistake to explain.
struct Case<'a> {
    fen: &'a str,
    played: &'a str,
    reply: &'a [&'a str],
    best: &'a [&'a str],
    before: Eval,
    after: Eval,
}

fn sq(s: &str) -> Square {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn at(color: Color, role: Role, square: &str) -> PieceAt {
    PieceAt {
        piece: Piece::new(color, role),
        square: sq(square),
    }
}

/// The moves of `uci` played one after the other from `pos`.
fn line(pos: &Position, uci: &[&str]) -> Vec<Move> {
    let mut pos = pos.clone();
    uci.iter()
        .map(|u| {
            let m = pos
                .parse_uci(u)
                .unwrap_or_else(|e| panic!("{u} is not a move here: {e}"));
            pos = pos.after(m);
            m
        })
        .collect()
}

impl Case<'_> {
    fn explain_with(&self, history: &[u64]) -> Option<Explanation> {
        let before = Position::from_fen(self.fen).unwrap_or_else(|e| panic!("{}: {e}", self.fen));
        let played = line(&before, &[self.played])[0];
        let after = before.after(played);
        let reply = line(&after, self.reply);
        let best_line = line(&before, self.best);
        explain(&MoveContext {
            before: &before,
            played,
            after: &after,
            class: MoveClass::Blunder,
            eval_before: self.before,
            eval_after: self.after,
            best: best_line.first().copied(),
            best_line: &best_line,
            reply_line: &reply,
            tables: None,
            history,
        })
    }

    fn explain(&self) -> Explanation {
        self.explain_with(&[]).expect("an explanation")
    }
}

fn texts(e: &Explanation) -> [String; 3] {
    Lang::ALL.map(|l| e.text(l))
}

#[test]
fn a_queen_left_en_prise_is_hanging_and_names_its_taker() {
    let e = Case {
        fen: "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/8/PPPPQPPP/RNB1KBNR w KQkq - 2 3",
        played: "e2h5",
        reply: &["f6h5"],
        best: &["g1f3"],
        before: Eval::Cp(20),
        after: Eval::Cp(-850),
    }
    .explain();
    let ExplanationKind::Hangs {
        piece,
        taker,
        defended,
        ..
    } = e.kind
    else {
        panic!("{:?}", e.kind)
    };
    assert_eq!(piece, at(Color::White, Role::Queen, "h5"));
    assert_eq!(taker, at(Color::Black, Role::Knight, "f6"));
    assert!(!defended);
    assert_eq!(e.arrows, vec![(sq("f6"), sq("h5"))]);
    assert_eq!(e.squares, vec![sq("h5")]);
    let [en, cn, tw] = texts(&e);
    assert_eq!(
        en,
        "This leaves the queen on h5 unprotected. Black takes it for free with the knight from f6."
    );
    assert_eq!(
        cn,
        "这步棋之后，h5上的后没有保护。黑方可以用f6上的马白白吃掉它。"
    );
    assert_eq!(
        tw,
        "這步棋之後，h5上的后沒有保護。黑方可以用f6上的馬白白吃掉它。"
    );
}

#[test]
fn a_defended_piece_lost_to_a_cheaper_attacker_is_hanging_too() {
    // The knight goes to d5, guarded by the pawn on e4 but attacked by the pawn on c6.
    let e = Case {
        fen: "r1bqkbnr/pp1p1ppp/2p5/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 4",
        played: "c3d5",
        reply: &["c6d5"],
        best: &["g1f3"],
        before: Eval::Cp(30),
        after: Eval::Cp(-250),
    }
    .explain();
    assert!(
        matches!(e.kind, ExplanationKind::Hangs { defended: true, piece, .. } if piece.square == sq("d5")),
        "{:?}",
        e.kind
    );
    assert!(e.text(Lang::En).contains("wins material in the exchange"));
}

#[test]
fn a_trade_is_not_a_hanging_piece() {
    // Bxc6 takes a knight; bxc6 takes the bishop back: even.
    let e = Case {
        fen: "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        played: "b5c6",
        reply: &["d7c6"],
        best: &["e1g1"],
        before: Eval::Cp(40),
        after: Eval::Cp(-30),
    }
    .explain();
    assert!(
        !matches!(e.kind, ExplanationKind::Hangs { .. }),
        "{:?}",
        e.kind
    );
}

#[test]
fn allowing_nc7_names_the_fork_its_knight_and_both_targets() {
    // Black's queen leaves d8, and c7 is no longer guarded.
    let e = Case {
        fen: "r1bqkbnr/pppp1ppp/2n5/1N2p3/4P3/8/PPPP1PPP/R1BQKBNR b KQkq - 3 3",
        played: "d8g5",
        reply: &["b5c7", "e8d8", "c7a8"],
        best: &["a7a6"],
        before: Eval::Cp(-40),
        after: Eval::Cp(500),
    }
    .explain();
    let ExplanationKind::AllowsTactic { tactic, line } = &e.kind else {
        panic!("{:?}", e.kind)
    };
    assert_eq!(
        *tactic,
        Tactic::Fork {
            by: at(Color::White, Role::Knight, "c7"),
            targets: [
                at(Color::Black, Role::King, "e8"),
                at(Color::Black, Role::Rook, "a8")
            ],
        }
    );
    assert_eq!(line.len(), 1);
    assert!(e.arrows.contains(&(sq("b5"), sq("c7"))));
    assert!(e.arrows.contains(&(sq("c7"), sq("e8"))));
    assert!(e.arrows.contains(&(sq("c7"), sq("a8"))));
    let [en, cn, tw] = texts(&e);
    assert_eq!(
        en,
        "This allows a fork: White plays Nxc7+. \
         The knight on c7 attacks the king on e8 and the rook on a8 at once."
    );
    assert_eq!(
        cn,
        "这步棋之后，白方走马xc7+，形成捉双。c7上的马同时攻击e8上的王和a8上的车。"
    );
    assert_eq!(
        tw,
        "這步棋之後，白方走馬xc7+，形成捉雙。c7上的馬同時攻擊e8上的王和a8上的車。"
    );
}

#[test]
fn missing_nc7_is_a_missed_fork_with_its_line() {
    let e = Case {
        fen: "r1b1kbnr/pppp1ppp/2n5/1N2p1q1/4P3/8/PPPP1PPP/R1BQKBNR w KQkq - 4 4",
        played: "a2a3",
        reply: &["g8f6"],
        best: &["b5c7", "e8d8", "c7a8"],
        before: Eval::Cp(450),
        after: Eval::Cp(0),
    }
    .explain();
    assert!(
        matches!(
            e.kind,
            ExplanationKind::MissedTactic {
                tactic: Tactic::Fork { .. },
                ..
            }
        ),
        "{:?}",
        e.kind
    );
    let [en, cn, _] = texts(&e);
    assert!(
        en.starts_with("Nxc7+ would have won material with a fork."),
        "{en}"
    );
    assert!(cn.contains("走马xc7+本来可以用捉双得子。"), "{cn}");
}

#[test]
fn a_rook_leaving_the_back_rank_allows_a_back_rank_mate_in_one() {
    let e = Case {
        fen: "r5k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 30",
        played: "a8a2",
        reply: &["d1d8"],
        best: &["a8d8"],
        before: Eval::Cp(0),
        after: Eval::Mate(1),
    }
    .explain();
    let ExplanationKind::AllowsMate {
        mate_in,
        king,
        pattern,
        ..
    } = &e.kind
    else {
        panic!("{:?}", e.kind)
    };
    assert_eq!(*mate_in, 1);
    assert_eq!(*pattern, Some(Theme::BackRankMate));
    assert_eq!(*king, Some(at(Color::Black, Role::King, "g8")));
    assert_eq!(e.arrows, vec![(sq("d1"), sq("d8"))]);
    let [en, cn, tw] = texts(&e);
    assert_eq!(
        en,
        "This allows mate in one: White plays Rd8#. \
         The king on g8 cannot leave rank 8: its own pieces shut it in."
    );
    assert_eq!(
        cn,
        "这步棋之后，白方走车d8#就能一步将死。g8上的王被自己的棋子挡住，离不开第8横线。"
    );
    assert_eq!(
        tw,
        "這步棋之後，白方走車d8#就能一步將死。g8上的王被自己的棋子擋住，離不開第8橫線。"
    );
}

#[test]
fn a_longer_mate_allowed_gives_its_distance_and_line() {
    // The queen stops guarding d8, and the doubled rooks mate on the back rank.
    let e = Case {
        fen: "2r3k1/4qppp/8/8/8/8/3R1PPP/3R2K1 b - - 0 25",
        played: "e7a7",
        reply: &["d2d8", "c8d8", "d1d8"],
        best: &["h7h6"],
        before: Eval::Cp(0),
        after: Eval::Mate(2),
    }
    .explain();
    assert!(
        matches!(
            e.kind,
            ExplanationKind::AllowsMate {
                mate_in: 2,
                pattern: Some(Theme::BackRankMate),
                ..
            }
        ),
        "{:?}",
        e.kind
    );
    assert_eq!(e.arrows, vec![(sq("d2"), sq("d8")), (sq("d1"), sq("d8"))]);
    let [en, cn, tw] = texts(&e);
    assert_eq!(
        en,
        "This allows mate in 2. White starts with Rd8+. \
         The king on g8 cannot leave rank 8: its own pieces shut it in. \
         The line: 26.Rd8+ Rxd8 27.Rxd8#."
    );
    assert!(
        cn.starts_with("这步棋之后，白方可以2步将死。第一步是车d8+。"),
        "{cn}"
    );
    assert!(tw.ends_with("參考著法：26.車d8+ 車xd8 27.車xd8#。"), "{tw}");
}

#[test]
fn a_missed_mate_in_one_is_named_with_its_move() {
    let e = Case {
        fen: "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 30",
        played: "g1f1",
        reply: &["g8f8"],
        best: &["d1d8"],
        before: Eval::Mate(1),
        after: Eval::Cp(300),
    }
    .explain();
    assert!(
        matches!(
            e.kind,
            ExplanationKind::MissedMate {
                mate_in: 1,
                pattern: Some(Theme::BackRankMate),
                ..
            }
        ),
        "{:?}",
        e.kind
    );
    assert_eq!(e.arrows, vec![(sq("d1"), sq("d8"))]);
    let [en, cn, tw] = texts(&e);
    assert!(en.starts_with("Rd8# was checkmate."), "{en}");
    assert!(cn.starts_with("走车d8#就能直接将死。"), "{cn}");
    assert!(tw.starts_with("走車d8#就能直接將死。"), "{tw}");
}

#[test]
fn a_queen_move_that_stalemates_a_lone_king_throws_the_win_away() {
    let e = Case {
        fen: "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1",
        played: "f1f7",
        reply: &[],
        best: &["f1f8"],
        before: Eval::Mate(1),
        after: Eval::Cp(0),
    }
    .explain();
    let ExplanationKind::Stalemate { king, line, best } = &e.kind else {
        panic!("{:?}", e.kind)
    };
    assert_eq!(*king, at(Color::Black, Role::King, "h8"));
    assert!(line.is_empty());
    assert_eq!(best.map(|b| b.text(Lang::En)), Some("Qf8#".to_owned()));
    assert_eq!(e.squares, vec![sq("h8")]);
    let [en, cn, tw] = texts(&e);
    assert_eq!(
        en,
        "Stalemate: the king on h8 is not in check, but Black has no legal move. \
         A won game ends in a draw. Better was Qf8#."
    );
    assert_eq!(
        cn,
        "逼和了！h8上的王没有被将军，可是黑方无棋可走。本来能赢的棋成了和棋。更好的着法是后f8#。"
    );
    assert!(tw.starts_with("逼和了！h8上的王沒有被將軍"), "{tw}");
}

#[test]
fn a_king_walk_that_gives_up_castling_is_named_when_castling_was_best() {
    let e = Case {
        fen: "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        played: "e1f1",
        reply: &["g8f6"],
        best: &["e1g1", "g8f6"],
        before: Eval::Cp(30),
        after: Eval::Cp(-30),
    }
    .explain();
    let ExplanationKind::CastlingLost { piece, sides, .. } = &e.kind else {
        panic!("{:?}", e.kind)
    };
    assert_eq!(*piece, at(Color::White, Role::King, "e1"));
    assert_eq!(
        sides,
        &vec![CastlingSide::KingSide, CastlingSide::QueenSide]
    );
    let [en, cn, tw] = texts(&e);
    assert_eq!(
        en,
        "Moving the king from e1 gives up the right to castle on either side. Better was O-O."
    );
    assert_eq!(
        cn,
        "e1上的王这一走，就再也不能王车易位了。更好的着法是O-O。"
    );
    assert_eq!(
        tw,
        "e1上的王這一走，就再也不能入堡（王車易位）了。更好的著法是O-O。"
    );
}

#[test]
fn a_rook_move_gives_up_castling_on_its_side_only() {
    let e = Case {
        fen: "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        played: "h1g1",
        reply: &["g8f6"],
        best: &["d2d3", "g8f6"],
        before: Eval::Cp(30),
        after: Eval::Cp(-30),
    }
    .explain();
    let ExplanationKind::CastlingLost { sides, .. } = &e.kind else {
        panic!("{:?}", e.kind)
    };
    assert_eq!(sides, &vec![CastlingSide::KingSide]);
    let [en, cn, tw] = texts(&e);
    assert!(
        en.starts_with("Moving the rook from h1 gives up the right to castle kingside."),
        "{en}"
    );
    assert!(
        cn.starts_with("h1上的车这一走，就失去了短易位的权利。"),
        "{cn}"
    );
    assert!(
        tw.starts_with("h1上的車這一走，就失去了短入堡的權利。"),
        "{tw}"
    );
}

#[test]
fn repeating_a_won_position_a_third_time_throws_the_win_away() {
    let case = Case {
        fen: "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1",
        played: "f1f2",
        reply: &["h8g8"],
        best: &["f1f8"],
        before: Eval::Mate(1),
        after: Eval::Cp(0),
    };
    let pos = Position::from_fen(case.fen).expect("FEN");
    let key = pos
        .after(pos.parse_uci("f1f2").expect("move"))
        .repetition_key();
    assert!(case
        .explain_with(&[key])
        .is_some_and(|e| !matches!(e.kind, ExplanationKind::Repetition { .. })));
    let e = case.explain_with(&[key, 1, key]).expect("an explanation");
    assert!(
        matches!(e.kind, ExplanationKind::Repetition { .. }),
        "{:?}",
        e.kind
    );
    let [en, cn, _] = texts(&e);
    assert!(en.contains("third time"), "{en}");
    assert!(cn.contains("要求判和"), "{cn}");
}

#[test]
fn the_fiftieth_quiet_move_in_a_won_position_throws_the_win_away() {
    let e = Case {
        fen: "7k/8/6K1/8/8/8/8/5Q2 w - - 99 80",
        played: "f1f2",
        reply: &["h8g8"],
        best: &["f1f8"],
        before: Eval::Mate(1),
        after: Eval::Cp(0),
    }
    .explain();
    assert!(
        matches!(e.kind, ExplanationKind::FiftyMoves { .. }),
        "{:?}",
        e.kind
    );
    assert!(e.text(Lang::ZhTw).contains("五十回合規則"));
}

#[test]
fn with_no_detector_the_better_move_is_named_with_its_line() {
    let e = Case {
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        played: "g2g4",
        reply: &["d7d5"],
        best: &["e2e4", "e7e5", "g1f3"],
        before: Eval::Cp(30),
        after: Eval::Cp(-60),
    }
    .explain();
    assert!(
        matches!(e.kind, ExplanationKind::Better { .. }),
        "{:?}",
        e.kind
    );
    assert_eq!(e.arrows, vec![(sq("e2"), sq("e4"))]);
    let [en, cn, tw] = texts(&e);
    assert_eq!(
        en,
        "Better was e4, keeping the balance. The line: 1.e4 e5 2.Nf3."
    );
    assert_eq!(
        cn,
        "更好的着法是e4，可以保持均势。参考着法：1.e4 e5 2.马f3。"
    );
    assert_eq!(
        tw,
        "更好的著法是e4，可以保持均勢。參考著法：1.e4 e5 2.馬f3。"
    );
}

#[test]
fn without_a_better_move_there_is_nothing_to_say() {
    let e = Case {
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        played: "g2g4",
        reply: &[],
        best: &[],
        before: Eval::Cp(30),
        after: Eval::Cp(-60),
    }
    .explain_with(&[]);
    assert_eq!(e, None);
}

#[test]
fn every_review_key_is_in_every_catalogue_with_the_same_placeholders() {
    let en = catalogue(Lang::En);
    let mut in_catalogue: Vec<&str> = en
        .keys()
        .map(String::as_str)
        .filter(|k| k.starts_with("review."))
        .collect();
    in_catalogue.sort_unstable();
    let mut used = MESSAGE_KEYS.to_vec();
    used.sort_unstable();
    assert_eq!(in_catalogue, used, "catalogue vs the keys the wording uses");
    for key in MESSAGE_KEYS {
        let want = {
            let mut p = placeholders(&en[key]);
            p.sort_unstable();
            p
        };
        for lang in [Lang::ZhCn, Lang::ZhTw] {
            let text = catalogue(lang)
                .get(key)
                .unwrap_or_else(|| panic!("{} lacks {key}", lang.tag()));
            let mut got = placeholders(text);
            got.sort_unstable();
            assert_eq!(got, want, "{key} in {}", lang.tag());
        }
    }
}

#[test]
fn walking_the_king_into_a_rook_check_lets_a_lone_rook_force_stalemate() {
    // After Kc7, Rc8+ Kxc8 leaves Black's king on a8 without a move.
    let e = Case {
        fen: "kr6/3K4/1P6/8/8/8/8/6Q1 w - - 0 60",
        played: "d7c7",
        reply: &["b8c8", "c7c8"],
        best: &["g1g7"],
        before: Eval::Mate(3),
        after: Eval::Cp(0),
    }
    .explain();
    let ExplanationKind::Stalemate { king, line, .. } = &e.kind else {
        panic!("{:?}", e.kind)
    };
    assert_eq!(*king, at(Color::Black, Role::King, "a8"));
    assert_eq!(line.len(), 2);
    let [en, cn, tw] = texts(&e);
    assert_eq!(
        en,
        "This lets Black escape into stalemate: 60...Rc8+ 61.Kxc8. \
         A won game ends in a draw. Better was Qg7."
    );
    assert!(
        cn.starts_with("这步棋之后，黑方可以走成逼和：60...车c8+ 61.王xc8。"),
        "{cn}"
    );
    assert!(
        tw.starts_with("這步棋之後，黑方可以走成逼和：60...車c8+ 61.王xc8。"),
        "{tw}"
    );
}

#[test]
fn a_king_step_onto_the_bishops_diagonal_allows_a_skewer_of_king_and_queen() {
    let e = Case {
        fen: "6k1/3b1ppp/8/8/8/8/PP4PP/3K1Q2 w - - 0 30",
        played: "d1e2",
        reply: &["d7b5", "e2e3", "b5f1"],
        best: &["f1c4"],
        before: Eval::Cp(500),
        after: Eval::Cp(-300),
    }
    .explain();
    let ExplanationKind::AllowsTactic { tactic, .. } = &e.kind else {
        panic!("{:?}", e.kind)
    };
    assert_eq!(
        *tactic,
        Tactic::Skewer {
            by: at(Color::Black, Role::Bishop, "b5"),
            front: at(Color::White, Role::King, "e2"),
            behind: at(Color::White, Role::Queen, "f1"),
        }
    );
    assert!(e.arrows.contains(&(sq("b5"), sq("f1"))));
    let [en, cn, tw] = texts(&e);
    assert_eq!(
        en,
        "This allows a skewer: Black plays Bb5+. \
         The bishop on b5 attacks the king on e2: once it steps aside, the queen on f1 behind it is lost."
    );
    assert!(cn.contains("形成串击。b5上的象攻击e2上的王"), "{cn}");
    assert!(tw.contains("形成串擊。b5上的象攻擊e2上的王"), "{tw}");
}

#[test]
fn a_pinned_knight_attacked_by_a_pawn_is_named_with_its_pinner_and_king() {
    let e = Case {
        fen: "4k3/ppp2ppp/2n5/1B6/3P4/8/PPP2PPP/4K3 b - - 0 12",
        played: "h7h6",
        reply: &["d4d5", "h6h5", "d5c6"],
        best: &["e8e7"],
        before: Eval::Cp(0),
        after: Eval::Cp(300),
    }
    .explain();
    let ExplanationKind::AllowsTactic { tactic, .. } = &e.kind else {
        panic!("{:?}", e.kind)
    };
    assert_eq!(
        *tactic,
        Tactic::Pin {
            by: at(Color::White, Role::Bishop, "b5"),
            pinned: at(Color::Black, Role::Knight, "c6"),
            behind: at(Color::Black, Role::King, "e8"),
        }
    );
    let [en, cn, tw] = texts(&e);
    assert_eq!(
        en,
        "This allows a pin: White plays d5. The bishop on b5 pins the knight on c6: \
         it cannot leave the line without exposing the king on e8 to check."
    );
    assert!(cn.contains("b5上的象牵制住c6上的马"), "{cn}");
    assert!(tw.contains("b5上的象牽制住c6上的馬"), "{tw}");
}

#[test]
fn a_knight_check_that_uncovers_the_rook_is_a_discovered_attack_on_the_queen() {
    let e = Case {
        fen: "3q2k1/pp3ppp/8/8/4N3/8/PP3PPP/4R1K1 b - - 0 20",
        played: "d8e7",
        reply: &["e4f6", "g7f6", "e1e7"],
        best: &["h7h6"],
        before: Eval::Cp(0),
        after: Eval::Cp(700),
    }
    .explain();
    let ExplanationKind::AllowsTactic { tactic, .. } = &e.kind else {
        panic!("{:?}", e.kind)
    };
    assert_eq!(
        *tactic,
        Tactic::Discovered {
            moved: at(Color::White, Role::Knight, "e4"),
            by: at(Color::White, Role::Rook, "e1"),
            target: at(Color::Black, Role::Queen, "e7"),
        }
    );
    let [en, cn, tw] = texts(&e);
    assert_eq!(
        en,
        "This allows a discovered attack: White plays Nf6+. \
         The knight moves away from e4 and opens the line of the rook on e1 to the queen on e7."
    );
    assert!(
        cn.contains("形成闪击。e4上的马一走开，e1上的车就攻击到e7上的后。"),
        "{cn}"
    );
    assert!(
        tw.contains("形成閃擊。e4上的馬一走開，e1上的車就攻擊到e7上的后。"),
        "{tw}"
    );
}

#[test]
fn not_taking_a_loose_knight_is_material_missed() {
    let e = Case {
        fen: "rnbqkb1r/pppp1ppp/8/4n3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 4",
        played: "b1c3",
        reply: &["d7d6"],
        best: &["f3e5", "d8e7", "d2d4"],
        before: Eval::Cp(350),
        after: Eval::Cp(40),
    }
    .explain();
    let ExplanationKind::MissedMaterial { piece, .. } = &e.kind else {
        panic!("{:?}", e.kind)
    };
    assert_eq!(*piece, at(Color::Black, Role::Knight, "e5"));
    assert_eq!(e.arrows, vec![(sq("f3"), sq("e5"))]);
    let [en, cn, tw] = texts(&e);
    assert_eq!(en, "Nxe5 would have won the knight on e5.");
    assert_eq!(cn, "走马xe5本来可以吃到e5上的马。");
    assert_eq!(tw, "走馬xe5本來可以吃到e5上的馬。");
}

#[test]
fn a_bishop_that_grabs_a_pawn_and_gets_trapped_is_material_lost_down_the_line() {
    // Bxa2 takes a pawn; b3 shuts the bishop in, and the rook takes it.
    let e = Case {
        fen: "6k1/5ppp/4b3/8/8/8/PPP2PPP/R5K1 b - - 0 20",
        played: "e6a2",
        reply: &["b2b3", "g8f8", "a1a2"],
        best: &["g8f8"],
        before: Eval::Cp(500),
        after: Eval::Cp(800),
    }
    .explain();
    let ExplanationKind::LosesMaterial { piece, line } = &e.kind else {
        panic!("{:?}", e.kind)
    };
    assert_eq!(*piece, at(Color::Black, Role::Bishop, "a2"));
    assert_eq!(line.len(), 3);
    let [en, cn, tw] = texts(&e);
    assert_eq!(
        en,
        "After this, White wins the bishop on a2. The line: 21.b3 Kf8 22.Rxa2."
    );
    assert_eq!(
        cn,
        "这步棋之后，白方能吃掉a2上的象。参考着法：21.b3 王f8 22.车xa2。"
    );
    assert_eq!(
        tw,
        "這步棋之後，白方能吃掉a2上的象。參考著法：21.b3 王f8 22.車xa2。"
    );
}

#[test]
fn a_king_move_that_turns_a_won_pawn_ending_into_a_draw_is_told_by_the_tables() {
    let dir = std::env::temp_dir().join(format!("guoxiang-review-explain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let kpk: Class = "KPK".parse().expect("class");
    generate(&dir, &[kpk], 1, &mut |_| {}).expect("KPK generated");
    let tables = Tablebase::open(&dir);
    // King on the sixth rank in front of its pawn: a win, and some king moves throw it away.
    let before = Position::from_fen("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1").expect("FEN");
    assert_eq!(tables.probe(&before).expect("probe").wdl, Wdl::Win);
    let slip = before
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| {
            tables
                .probe(&before.after(m))
                .is_ok_and(|p| p.wdl == Wdl::Draw)
        })
        .expect("a move that only draws");
    let after = before.after(slip);
    let best = tables
        .best_move(&before)
        .expect("probe")
        .expect("a best move")
        .mv;
    let e = explain(&MoveContext {
        before: &before,
        played: slip,
        after: &after,
        class: MoveClass::Blunder,
        eval_before: Eval::Cp(600),
        eval_after: Eval::Cp(0),
        best: Some(best),
        best_line: &[best],
        reply_line: &[],
        tables: Some(&tables),
        history: &[],
    })
    .expect("an explanation");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        matches!(
            e.kind,
            ExplanationKind::EndingSlips {
                was: Wdl::Win,
                now: Wdl::Draw,
                best: Some(_)
            }
        ),
        "{:?}",
        e.kind
    );
    assert_eq!(e.arrows, vec![(best.from(), best.to())]);
    let [en, cn, tw] = texts(&e);
    assert!(en.starts_with("This lets the win slip."), "{en}");
    assert!(cn.starts_with("这步棋把赢棋走成了和棋。残局库显示"), "{cn}");
    assert!(tw.starts_with("這步棋把贏棋走成了和棋。殘局庫顯示"), "{tw}");
}

/// How long one explanation takes (run with `--release -- --ignored --nocapture`);
/// docs: docs/REVIEW.md, "Explanations".
#[test]
#[ignore]
fn timing() {
    let cases = [
        Case {
            fen: "r1bqkbnr/pppp1ppp/2n5/1N2p3/4P3/8/PPPP1PPP/R1BQKBNR b KQkq - 3 3",
            played: "d8g5",
            reply: &["b5c7", "e8d8", "c7a8", "g5g2", "a8c7", "g2h1"],
            best: &["a7a6", "b5c3", "g8f6", "d2d3"],
            before: Eval::Cp(-40),
            after: Eval::Cp(500),
        },
        Case {
            fen: "2r3k1/4qppp/8/8/8/8/3R1PPP/3R2K1 b - - 0 25",
            played: "e7a7",
            reply: &["d2d8", "c8d8", "d1d8"],
            best: &["h7h6", "d2d7", "e7e2"],
            before: Eval::Cp(0),
            after: Eval::Mate(2),
        },
        Case {
            fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            played: "g2g4",
            reply: &["d7d5", "f1g2", "c8g4", "c2c4", "c7c6", "d1b3"],
            best: &["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"],
            before: Eval::Cp(30),
            after: Eval::Cp(-60),
        },
    ];
    for case in &cases {
        let n = 200;
        let start = std::time::Instant::now();
        for _ in 0..n {
            assert!(case.explain_with(&[]).is_some());
        }
        let each = start.elapsed() / n;
        println!("{} {}: {:?} per explanation", case.fen, case.played, each);
    }
}

#[test]
fn a_king_step_that_lets_the_rook_check_forever_is_a_perpetual_check() {
    // After Ke1, Rh1+ Kf2 Rh2+ is the position before the move again.
    let e = Case {
        fen: "8/3N3R/1P5P/8/8/2k2p2/5K1r/8 w - - 1 74",
        played: "f2e1",
        reply: &["h2h1", "e1f2", "h1h2"],
        best: &[],
        before: Eval::Cp(600),
        after: Eval::Cp(0),
    }
    .explain_with(&[]);
    let e = e.expect("an explanation");
    assert!(
        matches!(&e.kind, ExplanationKind::Perpetual { line, .. } if line.len() == 3),
        "{:?}",
        e.kind
    );
    assert_eq!(e.arrows, vec![(sq("h2"), sq("h1")), (sq("h1"), sq("h2"))]);
    let [en, cn, tw] = texts(&e);
    assert_eq!(
        en,
        "This lets Black give perpetual check: 74...Rh1+ 75.Kf2 Rh2+. \
         The position repeats, so a won game ends in a draw."
    );
    assert_eq!(
        cn,
        "这步棋之后，黑方可以长将：74...车h1+ 75.王f2 车h2+。局面不断重复，本来能赢的棋成了和棋。"
    );
    assert!(tw.starts_with("這步棋之後，黑方可以長將："), "{tw}");
}

#[test]
fn a_king_step_away_from_the_pawn_lets_it_promote() {
    let e = Case {
        fen: "8/7P/p7/Pp1k2p1/1Pp5/8/3b1K2/8 b - - 0 60",
        played: "d5e4",
        reply: &["h7h8q"],
        best: &["d2e1"],
        before: Eval::Cp(0),
        after: Eval::Cp(900),
    }
    .explain();
    let ExplanationKind::AllowsPromotion { pawn, .. } = &e.kind else {
        panic!("{:?}", e.kind)
    };
    assert_eq!(*pawn, at(Color::White, Role::Pawn, "h7"));
    assert_eq!(e.squares, vec![sq("h8")]);
    let [en, cn, tw] = texts(&e);
    assert_eq!(en, "This lets the pawn on h7 promote: White plays h8=Q.");
    assert_eq!(cn, "这步棋之后，h7上的兵可以升变：白方走h8=后。");
    assert_eq!(tw, "這步棋之後，h7上的兵可以升變：白方走h8=后。");
}

#[test]
fn not_promoting_when_the_pawn_could_is_a_missed_promotion() {
    let e = Case {
        fen: "8/7P/p7/Pp4p1/1Pp1k3/8/3b1K2/8 w - - 1 61",
        played: "f2e2",
        reply: &["e4d5"],
        best: &["h7h8q", "d2c3", "h8h1"],
        before: Eval::Cp(900),
        after: Eval::Cp(0),
    }
    .explain();
    assert!(
        matches!(e.kind, ExplanationKind::MissedPromotion { pawn, .. } if pawn.square == sq("h7")),
        "{:?}",
        e.kind
    );
    let [en, cn, tw] = texts(&e);
    assert!(
        en.starts_with("With h8=Q, the pawn on h7 would have promoted."),
        "{en}"
    );
    assert!(cn.starts_with("走h8=后本来可以让h7上的兵升变。"), "{cn}");
    assert!(tw.starts_with("走h8=后本來可以讓h7上的兵升變。"), "{tw}");
}
