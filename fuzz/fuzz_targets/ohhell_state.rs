//! Fuzzes the Oh Hell public-state reader: it must never panic, every public state it reads must
//! be written back to text that reads back to the same state, and the constraints and the
//! maximum-flow construction must run on it (a constructed deal must replay to the same public
//! observations).
#![no_main]

use kalmar_filter::ohhell::{PublicState, construct_history};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(state) = PublicState::parse(text) else {
        return;
    };
    let written = state.to_text();
    assert_eq!(
        PublicState::parse(&written).as_ref(),
        Ok(&state),
        "the round trip changed the public state\n{written}"
    );
    if let Some(history) = construct_history(&state) {
        let observed = kalmar_filter::public_state(&state.game, &history)
            .expect("a constructed history is legal");
        assert_eq!(observed, state.observations(), "{written}");
    }
});
