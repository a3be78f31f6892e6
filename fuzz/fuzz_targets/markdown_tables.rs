//! Fuzzes the reader of benchmark tables (`kalmar bench plot FILE`): finding the tables of any
//! Markdown text, reading every cell as a number and selecting a table by its text must not
//! panic, and every row has as many cells as its header.
#![no_main]

use kalmar_bench::markdown::{labelled_number, number, select, tables};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let found = tables(text);
    for table in &found {
        for row in &table.rows {
            assert_eq!(row.len(), table.header.len());
            for cell in row {
                let _ = (number(cell), labelled_number(cell));
            }
        }
        let _ = select(&found, &table.heading);
    }
    let _ = select(&found, "1");
});
