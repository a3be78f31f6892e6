//! Which columns a plot of a table uses: the x column, the y columns and the grouping columns,
//! as asked or by default (see [`super`]), and the group a row is in.

use super::{Columns, TablePlotError};
use crate::markdown::{self, Table, header_unit, labelled_number, number};

/// The name of a column without its unit: `floor (ms)` → `floor`, `median ms` → `median`.
pub(super) fn base_name(header: &str) -> String {
    let header = header.replace(['*', '`'], "");
    let header = header.trim();
    if header_unit(header).is_none() {
        return header.to_string();
    }
    match header.rfind('(') {
        Some(open) if header.ends_with(')') => header[..open].trim().to_string(),
        _ => header
            .rsplit_once(' ')
            .map_or(header, |(name, _)| name)
            .trim()
            .to_string(),
    }
}

/// The column called `name`: its header, its name without the unit, or the one header that
/// contains it (ignoring case).
fn column(table: &Table, name: &str) -> Result<usize, TablePlotError> {
    let wanted = name.trim().to_lowercase();
    let headers: Vec<String> = table.header.iter().map(|h| h.to_lowercase()).collect();
    let exact = headers
        .iter()
        .position(|h| *h == wanted)
        .or_else(|| headers.iter().position(|h| base_name(h) == wanted));
    let containing: Vec<usize> = (0..headers.len())
        .filter(|&i| headers[i].contains(&wanted))
        .collect();
    exact
        .or((containing.len() == 1).then(|| containing[0]))
        .ok_or_else(|| TablePlotError::NoColumn {
            name: name.to_string(),
            columns: table.header.join(" | "),
        })
}

/// Whether most rows have a number in column `c`, read by `read`.
fn mostly(table: &Table, c: usize, read: fn(&str) -> Option<markdown::Quantity>) -> bool {
    let numbers = table.rows.iter().filter(|r| read(&r[c]).is_some()).count();
    numbers > 0 && 2 * numbers >= table.rows.len()
}

/// The group of a cell: its words before the first one that starts with a digit.
pub(super) fn group_key(cell: &str) -> String {
    let cell = cell.replace(['*', '`'], "");
    let words: Vec<&str> = cell
        .split_whitespace()
        .take_while(|w| !w.starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    if words.is_empty() {
        cell.trim().to_string()
    } else {
        words.join(" ")
    }
}

/// The columns of a plot and the unit of y cells without one.
pub(super) struct Chosen {
    /// The x column.
    pub x: usize,
    /// The y columns.
    pub y: Vec<usize>,
    /// The grouping columns.
    pub by: Vec<usize>,
    /// Seconds per unit of y cells whose cell and header give none.
    pub unit: Option<f64>,
}

/// The columns `columns` asks for, or the defaults of the module.
pub(super) fn choose(table: &Table, columns: &Columns) -> Result<Chosen, TablePlotError> {
    let unit = match &columns.unit {
        Some(u) => Some(
            markdown::number(&format!("1 {u}"))
                .filter(|q| q.seconds)
                .ok_or_else(|| TablePlotError::Unit(u.clone()))?
                .value,
        ),
        None => None,
    };
    let width = table.header.len();
    let x = match &columns.x {
        Some(name) => column(table, name)?,
        None => (0..width)
            .find(|&c| mostly(table, c, number))
            .ok_or(TablePlotError::NoNumbers("x"))?,
    };
    let asked_by: Vec<usize> = match &columns.by {
        Some(names) => names
            .iter()
            .map(|n| column(table, n))
            .collect::<Result<_, _>>()?,
        None => Vec::new(),
    };
    let free = |c: &usize| *c != x && !asked_by.contains(c);
    let y: Vec<usize> = if columns.y.is_empty() {
        let times: Vec<usize> = (0..width)
            .filter(free)
            .filter(|&c| mostly(table, c, labelled_number))
            .filter(|&c| {
                header_unit(&table.header[c]).is_some()
                    || table
                        .rows
                        .iter()
                        .any(|r| number(&r[c]).is_some_and(|q| q.seconds))
            })
            .collect();
        if times.is_empty() {
            (0..width)
                .filter(free)
                .filter(|&c| mostly(table, c, number))
                .collect()
        } else {
            times
        }
    } else {
        columns
            .y
            .iter()
            .map(|n| column(table, n))
            .collect::<Result<_, _>>()?
    };
    if y.is_empty() {
        return Err(TablePlotError::NoNumbers("y"));
    }
    let by = match columns.by {
        Some(_) => asked_by,
        None => groups_by_default(table, x, &y),
    };
    Ok(Chosen { x, y, by, unit })
}

/// The columns that group the rows when none are named: the columns of text left of the first
/// y column whose keys repeat — the first column when some key is on two rows, any other when
/// each key is on two rows on average (as a solver's name is, and a note is not).
fn groups_by_default(table: &Table, x: usize, y: &[usize]) -> Vec<usize> {
    let first_y = y.iter().copied().min().unwrap_or(0);
    (0..first_y)
        .filter(|&c| c != x && !mostly(table, c, number))
        .filter(|&c| {
            let mut keys: Vec<String> = table.rows.iter().map(|r| group_key(&r[c])).collect();
            keys.sort();
            keys.dedup();
            let rows = table.rows.len();
            keys.len() > 1
                && if c == 0 {
                    keys.len() < rows
                } else {
                    2 * keys.len() <= rows
                }
        })
        .collect()
}

/// The group of a row: the keys of its `by` cells, joined.
pub(super) fn group_of(row: &[String], by: &[usize]) -> String {
    let keys: Vec<String> = by.iter().map(|&c| group_key(&row[c])).collect();
    keys.join(" ")
}
