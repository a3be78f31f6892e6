//! Fuzzes the cops-and-robber grid reader (`kalmar reach game cops --grid FILE`): it must never
//! panic, and an accepted grid prints as text that reads back to the same game.
#![no_main]

use kalmar_terminal::games::cops::CopsAndRobber;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(game) = CopsAndRobber::parse(text) {
        let again = CopsAndRobber::parse(&game.to_string()).expect("a printed grid reads back");
        assert_eq!(again, game);
    }
});
