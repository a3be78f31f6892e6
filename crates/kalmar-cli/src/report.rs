//! What the program prints and saves: human-readable tables, and the JSON solution files that
//! `--json` prints, `--output` writes and `kalmar verify` reads.

use crate::bad_input;
use kalmar_core::format::GameGraph;
use kalmar_core::{Arena, Owner, Player};
use kalmar_parity::format::read_path;
use kalmar_terminal::dgg::SOLVERS;
use std::path::Path;

/// Files larger than this get a spinner while they are read.
const SPINNER_BYTES: u64 = 16 << 20;

/// Reads a game file; every failure is bad input.
pub fn load(path: &Path) -> anyhow::Result<GameGraph> {
    let size = std::fs::metadata(path).map_or(0, |m| m.len());
    crate::progress::spinning(
        (size > SPINNER_BYTES)
            .then(|| crate::progress::spinner(&format!("reading {}", path.display())))
            .flatten(),
        || read_path(path).map_err(bad_input),
    )
}

/// An error about a file: bad input, prefixed with the file's name.
pub fn in_file(path: &Path, error: impl std::fmt::Display) -> anyhow::Error {
    bad_input(format!("{}: {error}", path.display()))
}

/// `n word` or `n words`.
pub fn count(n: impl Into<u64>, word: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {word}")
    } else if let Some(stem) = word.strip_suffix("ex") {
        format!("{n} {stem}ices")
    } else if word.ends_with('s') {
        format!("{n} {word}es")
    } else {
        format!("{n} {word}s")
    }
}

/// Who moves at a position, for tables.
pub fn owner_name(owner: Owner) -> String {
    match owner {
        Owner::Player(Player::MAX) => "Max".into(),
        Owner::Player(Player::MIN) => "Min".into(),
        Owner::Player(p) => format!("player {p}"),
        Owner::Chance => "chance".into(),
        Owner::Terminal => "end".into(),
    }
}

/// A summary line of a game's size.
pub fn describe(arena: &Arena) -> String {
    let terminals = arena.vertices().filter(|&v| arena.is_terminal(v)).count();
    format!(
        "{} ({}), {}",
        count(arena.num_vertices() as u64, "position"),
        count(terminals as u64, "terminal"),
        count(arena.num_edges() as u64, "move")
    )
}

/// The longest cell a table shows; longer ones (huge names, exact values of many digits) end in
/// `…`, and `--json` or `--output` give them whole.
const MAX_CELL: usize = 80;

/// A cell as a table shows it: at most [`MAX_CELL`] characters.
fn shown_cell(cell: &str) -> std::borrow::Cow<'_, str> {
    if cell.chars().count() <= MAX_CELL {
        return cell.into();
    }
    let cut: String = cell.chars().take(MAX_CELL - 1).collect();
    (cut + "…").into()
}

/// Prints rows as an aligned table, at most `limit` of them (all when `limit` is 0).
pub fn table(
    header: &[&str],
    rows: impl ExactSizeIterator<Item = Vec<String>>,
    limit: usize,
) -> anyhow::Result<()> {
    let total = rows.len();
    let shown: Vec<Vec<String>> = rows
        .take(if limit == 0 { usize::MAX } else { limit })
        .map(|row| row.iter().map(|c| shown_cell(c).into_owned()).collect())
        .collect();
    let mut width: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in &shown {
        for (w, cell) in width.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: Vec<&str>| -> anyhow::Result<()> {
        let mut text = String::new();
        for (cell, w) in cells.iter().zip(&width) {
            text.push_str(cell);
            text.extend(std::iter::repeat_n(
                ' ',
                w.saturating_sub(cell.chars().count()) + 2,
            ));
        }
        say!("  {}", text.trim_end());
        Ok(())
    };
    line(header.to_vec())?;
    for row in &shown {
        line(row.iter().map(String::as_str).collect())?;
    }
    if shown.len() < total {
        say!(
            "  … {} more (all of them with --limit 0, --json or --output)",
            total - shown.len()
        );
    }
    Ok(())
}

/// What every listing (`kalmar <family> solvers`) takes.
#[derive(clap::Args, Clone, Copy)]
pub struct ListArgs {
    /// Print the list as JSON: an array of objects keyed by the column names.
    #[arg(long)]
    pub json: bool,
}

/// Prints a listing: an aligned table, or with `--json` an array of objects keyed by `header`.
pub fn listing(
    args: ListArgs,
    header: &[&str],
    rows: impl ExactSizeIterator<Item = Vec<String>>,
) -> anyhow::Result<()> {
    if !args.json {
        return table(header, rows, 0);
    }
    let objects: Vec<serde_json::Map<String, serde_json::Value>> = rows
        .map(|row| {
            header
                .iter()
                .zip(row)
                .map(|(k, v)| (k.to_string(), serde_json::Value::String(v)))
                .collect()
        })
        .collect();
    say!("{}", serde_json::to_string_pretty(&objects)?);
    Ok(())
}

/// `kalmar dgg solvers`.
pub fn solvers(args: ListArgs) -> anyhow::Result<()> {
    let rows = SOLVERS.iter().map(|s| {
        vec![
            s.id.to_string(),
            format!("{:?}", s.run.kind).to_lowercase(),
            s.bounds.to_string(),
            s.summary.to_string(),
        ]
    });
    listing(args, &["id", "solution", "bounds", "method"], rows)?;
    if !args.json {
        say!("\n  n terminals, m moves. Use one with `kalmar dgg solve FILE --solver ID`.");
    }
    Ok(())
}

/// Writes a game's text to `output`, reporting on standard error `wrote WHAT to FILE`, or to
/// standard output when no file is given.
pub fn write_game(
    output: Option<&Path>,
    text: &str,
    what: impl FnOnce() -> String,
) -> anyhow::Result<()> {
    let Some(path) = output else {
        return crate::write_out(format_args!("{text}"));
    };
    std::fs::write(path, text).map_err(|e| in_file(path, e))?;
    eprintln!("wrote {} to {}", what(), path.display());
    Ok(())
}

/// Writes a picture (DOT text, made only when asked for) to `path`, if one is given.
pub fn write_picture(path: Option<&Path>, picture: impl FnOnce() -> String) -> anyhow::Result<()> {
    if let Some(path) = path {
        std::fs::write(path, picture()).map_err(|e| in_file(path, e))?;
    }
    Ok(())
}

/// Milliseconds, for messages.
pub fn millis(d: std::time::Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}

/// An amount of memory as written on the command line: bytes, or a number with `K`, `M`, `G` or
/// `T` (powers of 1024; a trailing `B` or `iB` is allowed): `16G`, `1.5GiB`, `512M`.
pub fn memory(text: &str) -> Result<u64, String> {
    let upper = text.trim().to_ascii_uppercase();
    let number = upper.trim_end_matches("IB").trim_end_matches('B');
    let (digits, shift) = match number.char_indices().last() {
        Some((i, unit @ ('K' | 'M' | 'G' | 'T'))) => {
            (&number[..i], 10 * (1 + "KMGT".find(unit).unwrap_or(0)))
        }
        _ => (number, 0),
    };
    let value: f64 = digits.trim().parse().map_err(|_| {
        format!("'{text}' is no amount of memory (write e.g. 16G, 512M or 1000000)")
    })?;
    let bytes = value * (1u64 << shift) as f64;
    if !(1.0..1.8e19).contains(&bytes) {
        return Err(format!("'{text}' is not between one byte and 16 EiB"));
    }
    Ok(bytes as u64)
}

#[cfg(test)]
mod tests {
    use super::memory;

    #[test]
    fn amounts_of_memory_read_in_binary_units() {
        assert_eq!(memory("1000000"), Ok(1_000_000));
        assert_eq!(memory("512M"), Ok(512 << 20));
        assert_eq!(memory("16G"), Ok(16 << 30));
        assert_eq!(memory("16gb"), Ok(16 << 30));
        assert_eq!(memory("1.5GiB"), Ok(3 << 29));
        assert_eq!(memory("2T"), Ok(2 << 40));
        for bad in ["", "G", "x", "-1G", "0", "NaN", "inf", "1e30", "4 X"] {
            assert!(memory(bad).is_err(), "{bad}");
        }
    }
}
