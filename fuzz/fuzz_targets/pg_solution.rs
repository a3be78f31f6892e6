//! Fuzzes the PGSolver solution reader. Input with a NUL byte is split there into a game and a
//! solution; other input is a solution of a fixed small game with sparse ids. The reader must
//! never panic, and every solution it reads must be written back to text that reads back to
//! the same solution.
#![no_main]

use kalmar_parity::format::{read_pg, read_pg_solution, write_pg_solution};
use libfuzzer_sys::fuzz_target;

const GAME: &str = "parity 12;\nstart 3;\n3 2 0 5,12 \"a\";\n5 1 1 3,5;\n12 0 1;\n7 4 0 7;\n";

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (game, solution) = match text.split_once('\0') {
        Some(parts) => parts,
        None => (GAME, text),
    };
    let Ok(game) = read_pg(game) else {
        return;
    };
    let Ok(sol) = read_pg_solution(solution, &game) else {
        return;
    };
    let mut written = String::new();
    if let Err(e) = write_pg_solution(&game, &sol, &mut written) {
        panic!("a solution that was read cannot be written: {e}");
    }
    match read_pg_solution(&written, &game) {
        Ok(again) => assert_eq!(again, sol, "the round trip changed the solution\n{written}"),
        Err(e) => panic!("the writer's text does not read back: {e}\n{written}"),
    }
});
