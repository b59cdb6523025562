//! `/api/openings` (the opening a line of moves or a position is named by) and
//! `/api/openings/repertoire` (the ten openings of the trainer, from
//! guoxiang-openings' embedded repertoire files). Pure look-ups: nothing is stored.

use super::error::ApiError;
use super::Q;
use crate::protocol::opening::{
    NamedOpening, OpeningAnswer, OpeningTexts, Repertoire, RepertoireLine, RepertoireList,
};
use axum::extract::Query;
use axum::Json;
use guoxiang_core::{Move, Position};
use guoxiang_i18n::{message, Lang};
use guoxiang_openings::repertoire::{self, Texts};
use guoxiang_openings::{classify, named_at, read_line, Opening};

/// The position and the opening a request names: `moves=` (SAN from the start, with
/// or without move numbers: the deepest named line on the way), `fen=` (the opening
/// whose line ends exactly there), neither (`None`; the caller decides) or both
/// (`bad_request`).
pub(crate) fn position_of(
    q: &std::collections::HashMap<String, String>,
) -> Result<Option<(Position, Option<&'static Opening>)>, ApiError> {
    match (q.get("moves"), q.get("fen")) {
        (Some(_), Some(_)) => Err(ApiError::bad_request(
            "bad_request",
            "give moves= or fen=, not both",
        )),
        (None, None) => Ok(None),
        (Some(text), None) => {
            let line =
                read_line(text).map_err(|e| ApiError::bad_request("bad_san", e.to_string()))?;
            let moves: Vec<Move> = line.iter().map(|m| m.mv).collect();
            let mut pos = Position::new();
            for &m in &moves {
                pos.play_unchecked(m);
            }
            Ok(Some((pos, classify(&moves))))
        }
        (None, Some(fen)) => {
            let pos = Position::from_fen(fen)
                .map_err(|e| ApiError::bad_request("bad_fen", format!("fen: {e}")))?;
            let named = named_at(&pos);
            Ok(Some((pos, named)))
        }
    }
}

/// An opening as the API names it, with its names from the catalogue.
pub(crate) fn named(o: &Opening) -> NamedOpening {
    NamedOpening {
        eco: o.eco.to_string(),
        key: o.key.to_string(),
        name: names(o),
        plies: u32::try_from(o.plies()).unwrap_or(u32::MAX),
    }
}

fn names(o: &Opening) -> OpeningTexts {
    let key = o.catalogue_key();
    OpeningTexts {
        en: o.name.to_string(),
        zh_cn: message(Lang::ZhCn, &key, &[]),
        zh_tw: message(Lang::ZhTw, &key, &[]),
    }
}

fn texts(t: &Texts) -> OpeningTexts {
    OpeningTexts {
        en: t.en.clone(),
        zh_cn: t.zh_cn.clone(),
        zh_tw: t.zh_tw.clone(),
    }
}

/// `GET /api/openings?moves=1.e4 e5 2.Nf3` or `?fen=FEN`
pub async fn lookup(Query(q): Q) -> Result<Json<OpeningAnswer>, ApiError> {
    let (_, opening) = position_of(&q)?
        .ok_or_else(|| ApiError::bad_request("bad_request", "moves= or fen= is required"))?;
    Ok(Json(OpeningAnswer {
        opening: opening.map(named),
    }))
}

/// `GET /api/openings/repertoire`
pub async fn repertoire() -> Json<RepertoireList> {
    let openings = repertoire::builtin()
        .iter()
        .map(|r| Repertoire {
            key: r.opening.key.to_string(),
            eco: r.opening.eco.to_string(),
            name: names(r.opening),
            colour: r.colour.code().to_string(),
            ideas: texts(&r.ideas),
            lines: r
                .lines
                .iter()
                .map(|l| RepertoireLine {
                    uci: l.uci.clone(),
                    san: l.san.clone(),
                    notes: l.notes.iter().map(|n| n.as_ref().map(texts)).collect(),
                })
                .collect(),
        })
        .collect();
    Json(RepertoireList { openings })
}
