//! Fuzzes the Nukit reaction reader: it must never panic, and a reaction it reads must print as
//! letters that read back to the same reaction.
#![no_main]

use kalmar_cgt::nukit::Nukit;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(reaction) = Nukit::parse_reaction(text) else {
        return;
    };
    assert_eq!(Nukit::parse_reaction(&Nukit::name(&reaction)).ok(), Some(reaction));
});
