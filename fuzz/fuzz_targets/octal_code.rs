//! Fuzzes the octal-code reader: it must never panic, and every code it reads must print as a
//! code that reads back to the same rules.
#![no_main]

use kalmar_cgt::octal::Rules;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(rules) = Rules::parse(text) else {
        return;
    };
    let printed = rules.to_string();
    assert_eq!(
        Rules::parse(&printed).ok(),
        Some(rules),
        "the printed code {printed} does not read back"
    );
});
