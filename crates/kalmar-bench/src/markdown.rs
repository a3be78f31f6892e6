//! Reading Markdown tables back: the tables of a Markdown text with the heading each stands
//! under, and the numbers in their cells, as benchmark tables write them — `1e6`, `1,000,000`,
//! `2^16`, `2¹⁶`, `2·10⁶`, `187k`, and times with a unit (`12.3 ms`, `1.2 s`, `850 µs`, `3 ns`,
//! `2 min`), converted to seconds. A column's header may give the unit of its cells, as in
//! `floor (ms)` or `median ms`. Emphasis and code marks (`**1.40**`, `` `0.6` ``) are ignored;
//! a bound (`> 30,000`), a dash or words are not numbers.
//!
//! ```
//! use kalmar_bench::markdown::{Quantity, number, tables};
//! let text = "# Times\n\n| n | time |\n|---:|---:|\n| 2^10 | 12.5 ms |\n| 1,000,000 | 1.2 s |\n";
//! let tables = tables(text);
//! assert_eq!(tables[0].heading, "Times");
//! assert_eq!(tables[0].rows[1], ["1,000,000", "1.2 s"]);
//! assert_eq!(number("2^10"), Some(Quantity { value: 1024.0, seconds: false }));
//! assert_eq!(number("850 µs"), Some(Quantity { value: 850e-6, seconds: true }));
//! assert_eq!(number("> 30,000"), None);
//! ```
//!
//! # Complexity
//! Linear in the length of the text.

/// A table: its header cells, its rows of cells, and where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The text of the nearest heading above the table (without the `#` marks; empty if none).
    pub heading: String,
    /// The table's first line, counted from 1.
    pub line: usize,
    /// The header cells.
    pub header: Vec<String>,
    /// The rows of cells (as many as the header has, missing ones empty).
    pub rows: Vec<Vec<String>>,
}

/// A number read from a cell: its value, in seconds when it is a time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Quantity {
    /// The value (in seconds for a time).
    pub value: f64,
    /// Whether the cell gave a unit of time.
    pub seconds: bool,
}

/// The tables of a Markdown text, in order; tables inside fenced code blocks are not tables.
pub fn tables(text: &str) -> Vec<Table> {
    let mut found = Vec::new();
    let mut heading = String::new();
    let mut fenced = false;
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i].trim();
        if line.starts_with("```") || line.starts_with("~~~") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            heading = line.trim_start_matches('#').trim().to_string();
        } else if !fenced
            && line.starts_with('|')
            && lines.get(i + 1).is_some_and(|next| is_separator(next))
        {
            let header = cells(line);
            let mut rows = Vec::new();
            let mut j = i + 2;
            while let Some(row) = lines
                .get(j)
                .map(|l| l.trim())
                .filter(|l| l.starts_with('|'))
            {
                let mut row = cells(row);
                row.resize(header.len(), String::new());
                rows.push(row);
                j += 1;
            }
            found.push(Table {
                heading: heading.clone(),
                line: i + 1,
                header,
                rows,
            });
            i = j;
            continue;
        }
        i += 1;
    }
    found
}

/// Whether a line is a table's separator, as `|---|---:|`.
fn is_separator(line: &str) -> bool {
    let line = line.trim();
    line.starts_with('|')
        && line.contains('-')
        && line
            .chars()
            .all(|c| matches!(c, '|' | '-' | ':' | ' ' | '\t'))
}

/// The cells of a table line (`\|` is a bar inside a cell).
fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|');
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    let mut cells = vec![String::new()];
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                chars.next();
                cells.last_mut().expect("one cell").push('|');
            }
            '|' => cells.push(String::new()),
            c => cells.last_mut().expect("one cell").push(c),
        }
    }
    cells.iter().map(|c| c.trim().to_string()).collect()
}

/// The cell without emphasis and code marks.
fn plain(cell: &str) -> String {
    cell.replace(['*', '`'], "").trim().to_string()
}

/// The seconds of a unit of time.
fn unit_seconds(unit: &str) -> Option<f64> {
    Some(match unit {
        "s" | "sec" => 1.0,
        "ms" => 1e-3,
        "µs" | "μs" | "us" => 1e-6,
        "ns" => 1e-9,
        "min" => 60.0,
        "h" => 3600.0,
        _ => return None,
    })
}

/// The unit of time a column's header gives its cells, in seconds: `(ms)` at its end, or a
/// last word `s`, `ms`, … (as in `median ms`, `CPU s`).
pub fn header_unit(header: &str) -> Option<f64> {
    let header = plain(header);
    if let Some(open) = header.rfind('(')
        && let Some(inside) = header[open + 1..].strip_suffix(')')
    {
        return unit_seconds(inside.trim());
    }
    let (_, last) = header.rsplit_once(' ')?;
    unit_seconds(last)
}

/// The number in a cell, if the cell is one number (with an optional unit of time).
pub fn number(cell: &str) -> Option<Quantity> {
    let cell = plain(cell);
    let (figure, unit) = match cell.rsplit_once(' ') {
        Some((figure, unit)) if unit_seconds(unit).is_some() => (figure.trim(), Some(unit)),
        _ => (cell.as_str(), None),
    };
    let value = figure_value(figure)?;
    Some(match unit.and_then(unit_seconds) {
        Some(seconds) => Quantity {
            value: value * seconds,
            seconds: true,
        },
        None => Quantity {
            value,
            seconds: false,
        },
    })
}

/// The number in a cell that may name it first with one word, as `zlk 1.26` (the solver that
/// was fastest); otherwise as [`number`].
pub fn labelled_number(cell: &str) -> Option<Quantity> {
    number(cell).or_else(|| {
        let cell = plain(cell);
        let (label, rest) = cell.split_once(' ')?;
        let named = label.chars().next()?.is_alphabetic();
        if named { number(rest) } else { None }
    })
}

/// The value of a number without unit: decimal or scientific, with thousands separators, a
/// power (`2^16`, `2¹⁶`, `2·10⁶`) or a suffix k, M or G.
fn figure_value(figure: &str) -> Option<f64> {
    let figure: String = figure
        .chars()
        .filter(|c| !matches!(c, ',' | '_' | '\u{2009}' | '\u{202f}'))
        .collect();
    if figure.is_empty() {
        return None;
    }
    for times in ['·', '×', '*'] {
        if let Some((factor, power)) = figure.split_once(times) {
            return Some(decimal(factor)? * power_value(power)?);
        }
    }
    power_value(&figure).or_else(|| decimal(&figure))
}

/// `B^E` or `B` with superscript digits `E`.
fn power_value(text: &str) -> Option<f64> {
    if let Some((base, exponent)) = text.split_once('^') {
        return Some(decimal(base)?.powi(exponent.parse().ok()?));
    }
    let split = text.find(|c: char| c == '⁻' || superscript(c).is_some())?;
    let (base, exponent) = text.split_at(split);
    let mut value = 0i32;
    let mut sign = 1;
    for c in exponent.chars() {
        match (c, superscript(c)) {
            ('⁻', _) if value == 0 && sign == 1 => sign = -1,
            (_, Some(d)) => value = value.checked_mul(10)?.checked_add(d)?,
            _ => return None,
        }
    }
    Some(decimal(base)?.powi(sign * value))
}

/// The value of a superscript digit.
fn superscript(c: char) -> Option<i32> {
    "⁰¹²³⁴⁵⁶⁷⁸⁹".chars().position(|d| d == c).map(|d| d as i32)
}

/// A decimal or scientific number, with an optional suffix k, M or G.
fn decimal(text: &str) -> Option<f64> {
    let (digits, scale) = match text.chars().last() {
        Some('k') => (&text[..text.len() - 1], 1e3),
        Some('M') => (&text[..text.len() - 1], 1e6),
        Some('G') => (&text[..text.len() - 1], 1e9),
        _ => (text, 1.0),
    };
    let starts_well = digits
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_digit() || c == '.' || c == '-' || c == '+');
    let value: f64 = digits.parse().ok().filter(|_| starts_well)?;
    value.is_finite().then_some(value * scale)
}

/// Which table `which` names: its number (from 1) among the tables, or text (ignoring case)
/// in the heading it stands under, or else in the table itself; the first such table.
pub fn select<'a>(tables: &'a [Table], which: &str) -> Option<&'a Table> {
    if let Ok(n) = which.trim().parse::<usize>() {
        return n.checked_sub(1).and_then(|i| tables.get(i));
    }
    let wanted = which.to_lowercase();
    let has = |cells: &[String]| cells.iter().any(|c| c.to_lowercase().contains(&wanted));
    tables
        .iter()
        .find(|t| t.heading.to_lowercase().contains(&wanted))
        .or_else(|| {
            tables
                .iter()
                .find(|t| has(&t.header) || t.rows.iter().any(|r| has(r)))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(cell: &str) -> Option<f64> {
        number(cell).map(|q| q.value)
    }

    #[test]
    fn numbers_as_benchmark_tables_write_them() {
        assert_eq!(value("1e6"), Some(1e6));
        assert_eq!(value("1.702e8"), Some(1.702e8));
        assert_eq!(value("1,000,000"), Some(1e6));
        assert_eq!(value("2^16"), Some(65536.0));
        assert_eq!(value("2¹⁶"), Some(65536.0));
        assert_eq!(value("10⁻³"), Some(1e-3));
        assert_eq!(value("2·10⁶"), Some(2e6));
        assert_eq!(value("187k"), Some(187e3));
        assert_eq!(value("**1.40**"), Some(1.4));
        assert_eq!(value("0.005"), Some(0.005));
        assert_eq!(value("12.3 ms"), Some(12.3e-3));
        assert_eq!(value("1.2 s"), Some(1.2));
        assert!((value("850 µs").unwrap() - 850e-6).abs() < 1e-15);
        assert_eq!(value("2 min"), Some(120.0));
        for not in [
            "-",
            "–",
            "",
            "> 30,000.0",
            "failed",
            "8.29 / 4.19",
            "zlk 1.26",
            "exact",
        ] {
            assert_eq!(value(not), None, "{not}");
        }
        assert_eq!(number("12 ms").map(|q| q.seconds), Some(true));
        assert_eq!(number("12").map(|q| q.seconds), Some(false));
    }

    #[test]
    fn labelled_numbers_and_header_units() {
        assert_eq!(labelled_number("zlk 1.26").map(|q| q.value), Some(1.26));
        assert_eq!(labelled_number("3 4"), None);
        assert_eq!(labelled_number("steadygame 10000 2 5"), None);
        assert_eq!(header_unit("floor (ms)"), Some(1e-3));
        assert_eq!(header_unit("median ms"), Some(1e-3));
        assert_eq!(header_unit("kalmar sparse CPU s"), Some(1.0));
        assert_eq!(header_unit("values/s"), None);
        assert_eq!(header_unit("peak RSS (MiB)"), None);
        assert_eq!(header_unit("arcs"), None);
    }

    #[test]
    fn tables_headings_and_fences() {
        let text = "# A\n| x | y |\n|---|---|\n| 1 | a \\| b |\n| 2 |\n\n```\n# not a heading\n\
                    | 9 | 9 |\n|---|---|\n```\n## B\n| z |\n|:-:|\n| 3 |\n";
        let found = tables(text);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].rows, [["1", "a | b"], ["2", ""]]);
        assert_eq!((found[1].heading.as_str(), found[1].line), ("B", 13));
        assert_eq!(
            select(&found, "2").map(|t| &t.header[0]),
            Some(&"z".to_string())
        );
        assert_eq!(select(&found, "b").map(|t| t.line), Some(13));
        assert!(select(&found, "3").is_none() && select(&found, "0").is_none());
        // Text in no heading: the first table that has it.
        assert_eq!(select(&found, "a | b").map(|t| t.line), Some(2));
    }
}
