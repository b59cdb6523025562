//! The wording of an explanation: each [`ExplanationKind`] told in a few short
//! sentences from the catalogue's `review.*` messages, with pieces named by the
//! catalogue (`piece.*`), sides by `color.*`, squares as e4 and moves as SAN with
//! each language's piece letters. One idea a sentence.

use guoxiang_core::{Color, Square};
use guoxiang_i18n::{castling_side_name, color_name, message, role_name, Lang};
use guoxiang_puzzles::Theme;
use guoxiang_tablebase::Wdl;

use super::kind::{ExplanationKind, PieceAt, SanMove, Standing, Tactic};

/// Every catalogue key the wording uses (all under `review.`).
pub const MESSAGE_KEYS: [&str; 40] = [
    "review.hangs",
    "review.hangs_defended",
    "review.perpetual",
    "review.allows_promotion",
    "review.missed_promotion",
    "review.allows_mate_1",
    "review.allows_mate",
    "review.missed_mate_1",
    "review.missed_mate",
    "review.mate_pattern",
    "review.back_rank",
    "review.line",
    "review.instead",
    "review.allows_tactic",
    "review.missed_tactic",
    "review.tactic.fork",
    "review.tactic.pin",
    "review.tactic.skewer",
    "review.tactic.discovered",
    "review.tactic.discovered_check",
    "review.fork",
    "review.pin",
    "review.relative_pin",
    "review.skewer",
    "review.discovered",
    "review.loses_material",
    "review.missed_material",
    "review.stalemate",
    "review.allows_stalemate",
    "review.repetition",
    "review.fifty_moves",
    "review.tb_win_draw",
    "review.tb_win_loss",
    "review.tb_draw_loss",
    "review.castling_lost",
    "review.castling_lost_both",
    "review.better_winning",
    "review.better_better",
    "review.better_level",
    "review.better_worse",
];

/// The sentences of `kind` in `lang`, joined as the language joins sentences.
pub(super) fn say(kind: &ExplanationKind, lang: Lang) -> String {
    let s = Say { lang };
    let parts = s.sentences(kind);
    let sep = if lang == Lang::En { " " } else { "" };
    parts.join(sep)
}

struct Say {
    lang: Lang,
}

impl Say {
    fn msg(&self, key: &str, args: &[(&str, &str)]) -> String {
        let key = format!("review.{key}");
        debug_assert!(MESSAGE_KEYS.contains(&key.as_str()), "{key} is not listed");
        message(self.lang, &key, args)
    }

    fn role(&self, p: PieceAt) -> String {
        role_name(self.lang, p.piece.role)
    }

    fn color(&self, c: Color) -> String {
        color_name(self.lang, c)
    }

    fn mv(&self, m: &SanMove) -> String {
        m.text(self.lang)
    }

    /// A line with move numbers: `12.Nf3 Nc6 13.d4`, or `12...Nc6 13.d4` when Black starts.
    fn line(&self, line: &[SanMove]) -> String {
        let mut out = String::new();
        for (i, m) in line.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            match (m.color, i) {
                (Color::White, _) => out.push_str(&format!("{}.", m.number)),
                (Color::Black, 0) => out.push_str(&format!("{}...", m.number)),
                _ => {}
            }
            out.push_str(&self.mv(m));
        }
        out
    }

    /// "The line: …" when the line has more than its first move.
    fn line_sentence(&self, line: &[SanMove], out: &mut Vec<String>) {
        if line.len() > 1 {
            out.push(self.msg("line", &[("line", &self.line(line))]));
        }
    }

    fn instead(&self, best: &Option<SanMove>, out: &mut Vec<String>) {
        if let Some(b) = best {
            out.push(self.msg("instead", &[("move", &self.mv(b))]));
        }
    }

    fn sentences(&self, kind: &ExplanationKind) -> Vec<String> {
        let mut out = Vec::new();
        match kind {
            ExplanationKind::Stalemate { king, line, best } => {
                let color = self.color(king.piece.color);
                if line.is_empty() {
                    let square = king.square.to_string();
                    out.push(self.msg("stalemate", &[("square", &square), ("color", &color)]));
                } else {
                    let line = self.line(line);
                    out.push(self.msg("allows_stalemate", &[("color", &color), ("line", &line)]));
                }
                self.instead(best, &mut out);
            }
            ExplanationKind::Repetition { best } => {
                out.push(self.msg("repetition", &[]));
                self.instead(best, &mut out);
            }
            ExplanationKind::FiftyMoves { best } => {
                out.push(self.msg("fifty_moves", &[]));
                self.instead(best, &mut out);
            }
            ExplanationKind::EndingSlips { was, now, best } => {
                let key = match (was, now) {
                    (Wdl::Win, Wdl::Draw) => "tb_win_draw",
                    (Wdl::Win, _) => "tb_win_loss",
                    _ => "tb_draw_loss",
                };
                out.push(self.msg(key, &[]));
                self.instead(best, &mut out);
            }
            ExplanationKind::Perpetual { line, best } => {
                let Some(first) = line.first() else {
                    return out;
                };
                let args = [
                    ("color", self.color(first.color)),
                    ("line", self.line(line)),
                ];
                out.push(self.msg("perpetual", &borrow(&args)));
                self.instead(best, &mut out);
            }
            ExplanationKind::AllowsMate {
                mate_in,
                line,
                king,
                pattern,
            } => {
                let Some(first) = line.first() else {
                    return out;
                };
                let (color, mv, n) = (self.color(first.color), self.mv(first), mate_in.to_string());
                if *mate_in == 1 {
                    out.push(self.msg("allows_mate_1", &[("color", &color), ("move", &mv)]));
                } else {
                    let args = [("color", color.as_str()), ("move", &mv), ("n", &n)];
                    out.push(self.msg("allows_mate", &args));
                }
                self.pattern(*pattern, *king, &mut out);
                self.line_sentence(line, &mut out);
            }
            ExplanationKind::MissedMate {
                mate_in,
                line,
                king,
                pattern,
            } => {
                let Some(first) = line.first() else {
                    return out;
                };
                let (mv, n) = (self.mv(first), mate_in.to_string());
                if *mate_in == 1 {
                    out.push(self.msg("missed_mate_1", &[("move", &mv)]));
                } else {
                    out.push(self.msg("missed_mate", &[("move", &mv), ("n", &n)]));
                    self.line_sentence(line, &mut out);
                }
                self.pattern(*pattern, *king, &mut out);
            }
            ExplanationKind::Hangs {
                piece,
                taker,
                defended,
                ..
            } => {
                let key = if *defended { "hangs_defended" } else { "hangs" };
                let args = [
                    ("piece", self.role(*piece)),
                    ("square", piece.square.to_string()),
                    ("color", self.color(taker.piece.color)),
                    ("taker", self.role(*taker)),
                    ("from", taker.square.to_string()),
                ];
                out.push(self.msg(key, &borrow(&args)));
            }
            ExplanationKind::AllowsTactic { tactic, line } => {
                let Some(last) = line.last() else {
                    return out;
                };
                let args = [
                    ("tactic", self.tactic_name(tactic)),
                    ("color", self.color(last.color)),
                    ("move", self.mv(last)),
                ];
                out.push(self.msg("allows_tactic", &borrow(&args)));
                out.push(self.tactic(tactic));
                self.line_sentence(line, &mut out);
            }
            ExplanationKind::MissedTactic { tactic, line } => {
                let Some(first) = line.first() else {
                    return out;
                };
                let args = [
                    ("tactic", self.tactic_name(tactic)),
                    ("move", self.mv(first)),
                ];
                out.push(self.msg("missed_tactic", &borrow(&args)));
                out.push(self.tactic(tactic));
                self.line_sentence(line, &mut out);
            }
            ExplanationKind::LosesMaterial { piece, line } => {
                let Some(first) = line.first() else {
                    return out;
                };
                let args = [
                    ("color", self.color(first.color)),
                    ("piece", self.role(*piece)),
                    ("square", piece.square.to_string()),
                ];
                out.push(self.msg("loses_material", &borrow(&args)));
                self.line_sentence(line, &mut out);
            }
            ExplanationKind::AllowsPromotion { pawn, line } => {
                let Some(last) = line.last() else {
                    return out;
                };
                let args = [
                    ("square", pawn.square.to_string()),
                    ("color", self.color(last.color)),
                    ("move", self.mv(last)),
                ];
                out.push(self.msg("allows_promotion", &borrow(&args)));
                self.line_sentence(line, &mut out);
            }
            ExplanationKind::MissedPromotion { pawn, line } => {
                let Some(first) = line.first() else {
                    return out;
                };
                let args = [
                    ("move", self.mv(first)),
                    ("square", pawn.square.to_string()),
                ];
                out.push(self.msg("missed_promotion", &borrow(&args)));
                self.line_sentence(line, &mut out);
            }
            ExplanationKind::MissedMaterial { piece, line } => {
                let Some(first) = line.first() else {
                    return out;
                };
                let args = [
                    ("move", self.mv(first)),
                    ("piece", self.role(*piece)),
                    ("square", piece.square.to_string()),
                ];
                out.push(self.msg("missed_material", &borrow(&args)));
                self.line_sentence(line, &mut out);
            }
            ExplanationKind::CastlingLost { piece, sides, best } => {
                let (role, square) = (self.role(*piece), piece.square.to_string());
                match sides.as_slice() {
                    [side] => {
                        let side = castling_side_name(self.lang, *side);
                        let args = [
                            ("piece", role.as_str()),
                            ("square", &square),
                            ("side", &side),
                        ];
                        out.push(self.msg("castling_lost", &args));
                    }
                    _ => {
                        let args = [("piece", role.as_str()), ("square", &square)];
                        out.push(self.msg("castling_lost_both", &args));
                    }
                }
                self.instead(best, &mut out);
            }
            ExplanationKind::Better {
                best,
                line,
                standing,
            } => {
                let key = match standing {
                    Standing::Winning => "better_winning",
                    Standing::Better => "better_better",
                    Standing::Level => "better_level",
                    Standing::Worse => "better_worse",
                };
                out.push(self.msg(key, &[("move", &self.mv(best))]));
                self.line_sentence(line, &mut out);
            }
        }
        out
    }

    /// The mating pattern: the back rank told with its rank, any other by its name.
    fn pattern(&self, pattern: Option<Theme>, king: Option<PieceAt>, out: &mut Vec<String>) {
        match (pattern, king) {
            (Some(Theme::BackRankMate), Some(k)) => {
                let (square, rank) = (k.square.to_string(), k.square.rank().char().to_string());
                out.push(self.msg("back_rank", &[("square", &square), ("rank", &rank)]));
            }
            (Some(t), _) => {
                out.push(self.msg("mate_pattern", &[("pattern", &t.name(self.lang))]));
            }
            (None, _) => {}
        }
    }

    fn tactic_name(&self, t: &Tactic) -> String {
        let key = match t.theme() {
            Theme::Fork => "tactic.fork",
            Theme::Pin | Theme::RelativePin => "tactic.pin",
            Theme::Skewer => "tactic.skewer",
            Theme::DiscoveredCheck => "tactic.discovered_check",
            _ => "tactic.discovered",
        };
        self.msg(key, &[])
    }

    /// The sentence that shows the tactic on the board.
    fn tactic(&self, t: &Tactic) -> String {
        let sq = |s: Square| s.to_string();
        let (key, by, a, b) = match *t {
            Tactic::Fork { by, targets } => ("fork", by, targets[0], targets[1]),
            Tactic::Pin {
                by, pinned, behind, ..
            } if t.theme() == Theme::Pin => ("pin", by, pinned, behind),
            Tactic::Pin { by, pinned, behind } => ("relative_pin", by, pinned, behind),
            Tactic::Skewer { by, front, behind } => ("skewer", by, front, behind),
            Tactic::Discovered { moved, by, target } => {
                let args = [
                    ("piece", self.role(moved)),
                    ("from", sq(moved.square)),
                    ("slider", self.role(by)),
                    ("square", sq(by.square)),
                    ("target", self.role(target)),
                    ("target_square", sq(target.square)),
                ];
                return self.msg("discovered", &borrow(&args));
            }
        };
        let args = [
            ("piece", self.role(by)),
            ("square", sq(by.square)),
            ("target", self.role(a)),
            ("target_square", sq(a.square)),
            ("other", self.role(b)),
            ("other_square", sq(b.square)),
        ];
        self.msg(key, &borrow(&args))
    }
}

/// Message arguments borrowed from owned strings.
fn borrow<'a, const N: usize>(args: &'a [(&'a str, String); N]) -> [(&'a str, &'a str); N] {
    args.each_ref().map(|(k, v)| (*k, v.as_str()))
}
