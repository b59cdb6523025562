//! Every opening of the table has its name in the three languages of the message
//! catalogue (`opening.<key>`), the English one equal to the table's, and the catalogue
//! names no opening the table lacks.

use std::collections::BTreeSet;

use guoxiang_i18n::{catalogue, Lang};
use guoxiang_openings::all;

#[test]
fn every_opening_has_its_name_in_english_simplified_and_traditional_chinese() {
    for lang in Lang::ALL {
        let map = catalogue(lang);
        let missing: Vec<String> = all()
            .iter()
            .map(|o| o.catalogue_key())
            .filter(|k| map.get(k).is_none_or(|v| v.trim().is_empty()))
            .collect();
        assert!(missing.is_empty(), "{} lacks {missing:?}", lang.tag());
    }
}

#[test]
fn the_english_catalogue_says_the_tables_name() {
    let en = catalogue(Lang::En);
    for o in all() {
        assert_eq!(en[&o.catalogue_key()], o.name, "{}", o.key);
    }
}

#[test]
fn the_catalogue_names_no_opening_the_table_lacks() {
    let keys: BTreeSet<String> = all().iter().map(|o| o.catalogue_key()).collect();
    for lang in Lang::ALL {
        let extra: Vec<&String> = catalogue(lang)
            .keys()
            .filter(|k| k.starts_with("opening.") && !keys.contains(*k))
            .collect();
        assert!(extra.is_empty(), "{} has {extra:?}", lang.tag());
    }
}

#[test]
fn chinese_names_are_in_the_right_script() {
    // Characters that differ between the scripts in our opening names: the simplified
    // form must not appear in zh-TW, nor the traditional one in zh-CN.
    const PAIRS: &[(char, char)] = &[
        ('开', '開'),
        ('御', '禦'),
        ('弃', '棄'),
        ('变', '變'),
        ('兰', '蘭'),
        ('国', '國'),
        ('马', '馬'),
        ('击', '擊'),
        ('龙', '龍'),
        ('换', '換'),
        ('进', '進'),
        ('罗', '羅'),
        ('尔', '爾'),
        ('维', '維'),
        ('体', '體'),
        ('绝', '絕'),
        ('义', '義'),
        ('苏', '蘇'),
    ];
    let (cn, tw) = (catalogue(Lang::ZhCn), catalogue(Lang::ZhTw));
    for o in all() {
        let key = o.catalogue_key();
        for &(simplified, traditional) in PAIRS {
            assert!(!tw[&key].contains(simplified), "zh-TW {key}: {}", tw[&key]);
            assert!(!cn[&key].contains(traditional), "zh-CN {key}: {}", cn[&key]);
        }
        // The queen is 后 in both scripts, never 後 (TERMINOLOGY.md).
        assert!(!tw[&key].contains('後'), "zh-TW {key}: {}", tw[&key]);
    }
}
