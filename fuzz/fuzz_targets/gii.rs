//! Fuzzes the `.gii` reader (Alpaga's format): it must never panic, and a game it reads and
//! that `write_gii` can write must give text that reads back and is a fixed point of
//! read-then-write.
#![no_main]

use kalmar_observation::{read_gii, write_gii};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(game) = read_gii(text) else {
        return;
    };
    let Ok(written) = write_gii(&game) else {
        return;
    };
    let again = match read_gii(&written) {
        Ok(again) => again,
        Err(e) => panic!("the writer's text does not read back: {e}\n{written}"),
    };
    assert_eq!(again.num_moves(), game.num_moves(), "{written}");
    assert_eq!(
        write_gii(&again).ok().as_deref(),
        Some(written.as_str()),
        "the written text is not a fixed point"
    );
});
