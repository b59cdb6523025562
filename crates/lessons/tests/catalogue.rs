//! Every why code and every way out of check has its words in each language of
//! the catalogue (`lesson.why.*`), and the catalogue holds no other lesson key.

use guoxiang_i18n::{catalogue, placeholders, Lang};
use guoxiang_lessons::{Way, WhyCode};
use std::collections::BTreeSet;

fn keys() -> BTreeSet<String> {
    let mut keys: BTreeSet<String> = WhyCode::ALL
        .iter()
        .map(|c| format!("lesson.why.{}", c.code()))
        .collect();
    for w in [Way::Run, Way::Block, Way::Capture] {
        keys.insert(format!("lesson.why.way.{}", w.code()));
    }
    keys
}

#[test]
fn every_why_code_is_worded_in_every_language() {
    for lang in Lang::ALL {
        let map = catalogue(lang);
        for k in keys() {
            let text = map
                .get(&k)
                .unwrap_or_else(|| panic!("{} lacks {k}", lang.tag()));
            assert!(!text.trim().is_empty(), "{} {k} is empty", lang.tag());
            for p in placeholders(text) {
                assert!(
                    ["square", "move", "way"].contains(&p),
                    "{} {k}: unknown {{{p}}}",
                    lang.tag()
                );
            }
        }
    }
}

#[test]
fn the_catalogue_has_no_lesson_key_without_a_code() {
    let wanted = keys();
    let extra: Vec<&String> = catalogue(Lang::En)
        .keys()
        .filter(|k| k.starts_with("lesson.") && !wanted.contains(*k))
        .collect();
    assert!(extra.is_empty(), "{extra:?}");
}

#[test]
fn the_reasons_that_name_a_square_or_a_move_say_it() {
    for lang in Lang::ALL {
        let map = catalogue(lang);
        for (code, p) in [
            ("hangs", "square"),
            ("still_hanging", "square"),
            ("not_mate", "move"),
            ("no_forced_mate", "move"),
            ("allows_mate", "move"),
            ("other_way", "way"),
        ] {
            let text = &map[&format!("lesson.why.{code}")];
            assert!(
                placeholders(text).contains(&p),
                "{} {code} does not say {{{p}}}",
                lang.tag()
            );
        }
    }
}
