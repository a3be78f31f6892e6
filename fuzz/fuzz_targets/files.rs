//! Fuzzes what `kalmar solve` and `kalmar verify` read first: the family detection of any game
//! file and the check of any saved solution against it (JSON solutions of every family,
//! `kalmar-ssol`, `paritysol`, Gambit equilibria, knowledge-based strategies). Nothing may
//! panic. The first byte picks the file name the detection sees (without an extension, or
//! one of kalmar's); the rest is a game before a NUL byte and a solution after it.
#![no_main]

use kalmar_files::{detect_text, verify::verify_detected};
use libfuzzer_sys::fuzz_target;
use std::path::Path;

const NAMES: [&str; 8] = [
    "game", "game.gg", "game.pg", "game.ehoa", "game.gii", "game.efg", "game.nfg", "game.txt",
];

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let (game, solution) = text.split_once('\0').unwrap_or((text, ""));
    let name = NAMES[first as usize % NAMES.len()];
    if let Ok(detected) = detect_text(Path::new(name), game.to_string()) {
        let _ = detected.family();
        let _ = verify_detected(&detected, solution);
    }
});
