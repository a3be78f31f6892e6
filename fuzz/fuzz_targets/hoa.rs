//! Fuzzes the extended HOA reader: it must never panic, every game it reads must validate, be a
//! parity game (unless it is empty), and survive the `.gg` round trip.
#![no_main]

use kalmar_core::format::{read_gg, to_gg_string};

use kalmar_parity::format::read_hoa;
use kalmar_parity::ParityGame;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(graph) = read_hoa(text) else {
        return;
    };
    if let Err(e) = graph.validate() {
        panic!("read_hoa returned a graph that does not validate: {e}");
    }
    if graph.arena.num_vertices() > 0
        && let Err(e) = ParityGame::from_graph(&graph, false)
    {
        panic!("read_hoa returned a graph that is not a parity game: {e}");
    }
    let gg = to_gg_string(&graph);
    assert_eq!(
        read_gg(&gg).ok(),
        Some(graph),
        "the .gg round trip changed the game\n{gg}"
    );
});
