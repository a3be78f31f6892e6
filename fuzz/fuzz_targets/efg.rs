//! Fuzzes the Gambit .efg reader: it must never panic, every game it reads must be written back
//! to text that reads back to the same game, and that text must be a fixed point of the writer.
//! The recall check and the reduced-strategy counts must not panic on any game read.
#![no_main]

use kalmar_efg::format::{read_efg, to_efg_string};
use kalmar_efg::recall::Recall;
use kalmar_efg::reduced::all_players;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(game) = read_efg(text) else {
        return;
    };
    let written = to_efg_string(&game);
    let again = match read_efg(&written) {
        Ok(again) => again,
        Err(e) => panic!("the writer's text does not read back: {e}\n{written}"),
    };
    assert_eq!(again, game, "the .efg round trip changed the game\n{written}");
    assert_eq!(to_efg_string(&again), written, "the .efg text is not a fixed point");
    let recall = Recall::check(&game);
    for s in all_players(&game, &recall) {
        let _ = s.count();
        let _ = s.count_by_enumeration(1000);
    }
});
