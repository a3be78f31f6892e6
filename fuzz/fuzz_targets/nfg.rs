//! Fuzzes the Gambit .nfg reader (both forms): it must never panic, and every game it reads must
//! be written back to text that reads back to the same game, a fixed point of the writer.
#![no_main]

use kalmar_efg::format::{read_nfg, to_nfg_string};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(game) = read_nfg(text) else {
        return;
    };
    let written = to_nfg_string(&game);
    let again = match read_nfg(&written) {
        Ok(again) => again,
        Err(e) => panic!("the writer's text does not read back: {e}\n{written}"),
    };
    assert_eq!(again, game, "the .nfg round trip changed the game\n{written}");
    assert_eq!(to_nfg_string(&again), written, "the .nfg text is not a fixed point");
});
