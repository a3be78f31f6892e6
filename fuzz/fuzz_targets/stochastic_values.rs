//! Fuzzes `kalmar stochastic recover`: on any terminal-payoff game `read_gg` accepts (before a
//! NUL byte) and any text after it, reading the values and recovering strategies from them must
//! not panic; recovered strategies are certified, so an accepted answer has passed its check.
#![no_main]

use kalmar_core::format::read_gg;
use kalmar_stochastic::TerminalPayoffGame;
use kalmar_stochastic::recover::{certified, values_from_json};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Some((game, values)) = text.split_once('\0') else {
        return;
    };
    let Ok(game) = read_gg(game)
        .map_err(|_| ())
        .and_then(|g| TerminalPayoffGame::from_graph(&g).map_err(|_| ()))
    else {
        return;
    };
    // Small games only: recovery is linear, but the certificate solves Markov chains exactly.
    if game.arena().num_vertices() > 64 {
        return;
    }
    if let Ok(values) = values_from_json(game.arena(), values) {
        let _ = certified(&game, values);
    }
});
