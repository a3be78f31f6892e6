//! Fuzzes the policy-table reader: it must never panic.
#![no_main]

use kalmar_filter::TablePolicy;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = TablePolicy::parse(text);
    }
});
