//! Tables on disk: a short text header, then one value byte per index (see [`crate::table`]).
//!
//! ```text
//! kalmar-chess-table 1
//! material KRK
//! indices 81920
//! <81920 bytes>
//! ```
//!
//! A table read back is checked: the header's material and index count must match its
//! ranking, and every byte must be 0 exactly where the index is not a legal position's rank.
//!
//! ```
//! use kalmar_chess::{Tables, file};
//! let mut tables = Tables::new();
//! let krk = tables.solve(&"KRK".parse().unwrap()).unwrap();
//! let mut bytes = Vec::new();
//! file::write(krk, &mut bytes).unwrap();
//! let back = file::read(&mut bytes.as_slice()).unwrap();
//! assert_eq!(back.bytes(), krk.bytes());
//! ```

use crate::material::Material;
use crate::position::Layout;
use crate::table::{Table, UNUSED};
use crate::tables::Tables;
use std::io::{self, BufRead, Read, Write};
use std::path::Path;

/// The extension of table files.
pub const EXTENSION: &str = "kct";

/// The first line of a table file.
pub const MAGIC: &str = "kalmar-chess-table 1";

/// Writes a table.
pub fn write(table: &Table, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "{MAGIC}")?;
    writeln!(out, "material {}", table.material())?;
    writeln!(out, "indices {}", table.bytes().len())?;
    out.write_all(table.bytes())
}

fn invalid(why: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, why)
}

/// Reads a table and checks it against its ranking.
pub fn read(input: &mut impl BufRead) -> io::Result<Table> {
    let mut line = |what: &str| -> io::Result<String> {
        let mut s = String::new();
        input.take(200).read_line(&mut s)?;
        let s = s.trim_end_matches('\n').to_string();
        if what.is_empty() {
            return Ok(s);
        }
        s.strip_prefix(what)
            .map(str::to_string)
            .ok_or_else(|| invalid(format!("line `{s}`: expected `{what}…`")))
    };
    let magic = line("")?;
    if magic != MAGIC {
        return Err(invalid(format!(
            "line 1: expected `{MAGIC}`, found `{magic}`"
        )));
    }
    let material: Material = line("material ")?
        .parse()
        .map_err(|e| invalid(format!("line 2: {e}")))?;
    let layout = Layout::new(&material);
    let indices: usize = line("indices ")?
        .parse()
        .map_err(|_| invalid("line 3: the index count is not a number".into()))?;
    if indices != layout.size() {
        return Err(invalid(format!(
            "line 3: {material} has {} indices, the file says {indices}",
            layout.size()
        )));
    }
    // Read what is there (at most one byte too many), rather than allocate what the header
    // promises.
    let mut bytes = Vec::new();
    input.take(indices as u64 + 1).read_to_end(&mut bytes)?;
    if bytes.len() < indices {
        let read = bytes.len();
        return Err(invalid(format!(
            "the file ends after {read} of its {indices} values"
        )));
    }
    if bytes.len() > indices {
        return Err(invalid("bytes after the values".into()));
    }
    if let Some(i) = (0..indices).find(|&i| (bytes[i] == UNUSED) == layout.is_ranked_legal(i)) {
        return Err(invalid(format!(
            "index {i}: the byte says {}, the rules say {}",
            if bytes[i] == UNUSED {
                "unused"
            } else {
                "a position"
            },
            if layout.is_ranked_legal(i) {
                "a legal position"
            } else {
                "unused"
            }
        )));
    }
    Ok(Table::new(material, bytes))
}

/// Reads every table file (`*.kct`) of a folder into `tables`, and returns their materials.
pub fn read_dir(dir: &Path, tables: &mut Tables) -> io::Result<Vec<String>> {
    let mut materials = Vec::new();
    let mut paths: Vec<_> = std::fs::read_dir(dir)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<io::Result<_>>()?;
    paths.sort();
    for path in paths
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == EXTENSION))
    {
        let file = std::fs::File::open(&path)?;
        let table = read(&mut io::BufReader::new(file))
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
        materials.push(table.material().to_string());
        tables.insert(table);
    }
    Ok(materials)
}
