//! Fuzzes the reader of knowledge-based strategy files (`kalmar observation solve -o`): on any
//! game `read_gii` accepts and any text after a NUL byte, reading and replaying the strategy
//! must not panic, and writing what was read is a fixed point of reading and writing.
#![no_main]

use kalmar_observation::gii::read_gii;
use kalmar_observation::witness::{StrategyFile, read_file, verify_file};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Some((game, strategy)) = text.split_once('\0') else {
        return;
    };
    let Ok(game) = read_gii(game) else {
        return;
    };
    if let Ok(read) = read_file(&game, strategy) {
        let written = StrategyFile::new(&game, &read);
        let text = serde_json::to_string(&written).unwrap();
        let again = read_file(&game, &text).expect("a written strategy reads back");
        assert_eq!(StrategyFile::new(&game, &again), written);
        let _ = verify_file(&game, strategy);
    }
});
