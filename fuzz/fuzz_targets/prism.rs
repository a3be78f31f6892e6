//! Fuzzes the PRISM-games side: the readers of PRISM's log and `-exportvector` and `-exportstates` files
//! must never panic on any text, and the model writer never on any terminal-payoff game that
//! `read_gg` accepts (input with a NUL byte is a `.gg` game before it and PRISM output after).
#![no_main]

use kalmar_stochastic::prism::{read_prism_log, read_prism_states, read_prism_vector, write_prism};
use kalmar_core::format::read_gg;
use kalmar_stochastic::TerminalPayoffGame;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let output = match text.split_once('\0') {
        Some((game, output)) => {
            if let Ok(game) = read_gg(game)
                .map_err(|_| ())
                .and_then(|g| TerminalPayoffGame::from_graph(&g).map_err(|_| ()))
            {
                if let Ok(model) = write_prism(&game) {
                    assert!(model.model.contains("\nsmg\n"));
                    assert!(model.states > game.arena().num_vertices());
                }
            }
            output
        }
        None => text,
    };
    let _ = read_prism_vector(output);
    let _ = read_prism_log(output);
    if let Ok(states) = read_prism_states(output) {
        assert!(states.len() <= output.len());
    }
});
