//! Fuzzes the `.gg` reader: it must never panic, every graph it returns must validate, and
//! writing a graph it read must give text that reads back to the same graph and is a fixed
//! point of read-then-write.
#![no_main]

use kalmar_core::format::{read_gg, to_gg_string};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(graph) = read_gg(text) else {
        return;
    };
    if let Err(e) = graph.validate() {
        panic!("read_gg returned a graph that does not validate: {e}");
    }
    let written = to_gg_string(&graph);
    let again = match read_gg(&written) {
        Ok(again) => again,
        Err(e) => panic!("the writer's text does not read back: {e}\n{written}"),
    };
    assert_eq!(again, graph, "the round trip changed the graph\n{written}");
    assert_eq!(
        to_gg_string(&again),
        written,
        "the canonical text is not a fixed point"
    );
});
