//! Fuzzes the stochastic solution reader (`kalmar-ssol`). Input with a NUL byte is split there
//! into a `.gg` game and a solution; other input is a solution of a fixed small game with a
//! quoted name. The reader must never panic, and every solution it reads must be written back to
//! text that reads back to the same solution; a parity solution must not panic the verifier.
#![no_main]

use kalmar_core::Certificate;
use kalmar_core::format::read_gg;
use kalmar_stochastic::solution_file::{read, write};
use kalmar_stochastic::{Class, StochasticParityGame};
use libfuzzer_sys::fuzz_target;

const GAME: &str = "kalmar-gg 1\nm min priority=2 -> m c\nc chance priority=0 -> w:1/2 \"l x\":1/2\n\
                    w max priority=2 -> w\n\"l x\" max priority=1 -> \"l x\"\n";

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (game, solution) = match text.split_once('\0') {
        Some(parts) => parts,
        None => (GAME, text),
    };
    let Ok(graph) = read_gg(game) else {
        return;
    };
    let Ok(parsed) = read(solution, &graph.arena) else {
        return;
    };
    let written = write(&graph.arena, parsed.class, parsed.convention, &parsed.solution);
    match read(&written, &graph.arena) {
        Ok(back) if back.solution == parsed.solution && back.class == parsed.class => {}
        other => panic!("the written solution reads back differently: {other:?}\n{written}"),
    }
    if parsed.class == Class::Parity && graph.arena.num_vertices() <= 12 {
        if let Ok(game) = StochasticParityGame::from_graph(&graph, parsed.convention) {
            let _ = parsed.solution.verify(&game);
        }
    }
});
