//! Fuzzes the reader of preferences in the paper's notation (`1: a2 < a1 < c`) on a fixed game
//! form with cycles: it must never panic, and preferences it accepts must make a positional game
//! whose every solver answers (or refuses) without panicking, each answer passing its
//! certificate.
#![no_main]

use kalmar_core::format::read_gg;
use kalmar_positional::{PositionalGame, nash};
use libfuzzer_sys::fuzz_target;

const FORM: &str = "kalmar-gg 1\nplayers 2\nstart u\nu player0 -> v a1\nv player1 -> u a2 w\n\
                    w player0 -> a1 u\na1 terminal\na2 terminal\n";

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut form = read_gg(FORM).expect("the form reads");
    if kalmar_positional::preferences::apply(&mut form, text).is_err() {
        return;
    }
    form.validate().expect("preferences keep the labels consistent");
    let game = PositionalGame::from_graph(&form).expect("a complete positional game");
    for id in nash::SOLVERS.ids() {
        let options = nash::Options {
            solver: Some(id.to_string()),
            ..nash::Options::default()
        };
        if let Err(nash::NashError::Certificate(e)) = nash::solve(&game, &options) {
            panic!("{id}: {e}\n{text}");
        }
    }
});
