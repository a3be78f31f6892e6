//! Fuzzes the chess readers: material signatures, FEN positions of a material, and table
//! files (`.kct`). No reader may panic; a material prints back to a signature that reads back
//! the same; a table file that is accepted has a byte per index, nonzero exactly at legal
//! positions' ranks, and writes back to the same bytes.
#![no_main]

use kalmar_chess::{Material, file, position::Layout};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(table) = file::read(&mut &data[..]) {
        let mut again = Vec::new();
        file::write(&table, &mut again).expect("writes to memory");
        assert_eq!(again, data);
        return;
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (signature, fen) = text.split_once('\n').unwrap_or((text, ""));
    if let Ok(material) = signature.parse::<Material>() {
        assert_eq!(material.to_string().parse::<Material>().unwrap(), material);
        if material.men() <= 4 {
            let layout = Layout::new(&material);
            if let Some(pos) = layout.from_fen(fen) {
                let index = layout.index(&pos);
                assert!(index < layout.size());
                assert_eq!(layout.index(&layout.position(index)), index);
            }
        }
    }
});
