//! Fuzzes the PGSolver reader: it must never panic, and every game it reads must be written
//! back (in `.pg` and in `.gg`) to text that reads back to the same game.
#![no_main]

use kalmar_core::format::{read_gg, to_gg_string};

use kalmar_parity::format::{read_pg, write_pg};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(graph) = read_pg(text) else {
        return;
    };
    if let Err(e) = graph.validate() {
        panic!("read_pg returned a graph that does not validate: {e}");
    }
    let mut written = String::new();
    if let Err(e) = write_pg(&graph, &mut written) {
        panic!("a game read from a .pg file cannot be written as .pg: {e}");
    }
    let again = match read_pg(&written) {
        Ok(again) => again,
        Err(e) => panic!("the writer's text does not read back: {e}\n{written}"),
    };
    assert_eq!(
        again, graph,
        "the .pg round trip changed the game\n{written}"
    );
    let mut rewritten = String::new();
    write_pg(&again, &mut rewritten).expect("written once, written twice");
    assert_eq!(
        rewritten, written,
        "the canonical .pg text is not a fixed point"
    );
    let gg = to_gg_string(&graph);
    assert_eq!(
        read_gg(&gg).ok(),
        Some(graph),
        "the .gg round trip changed the game\n{gg}"
    );
});
