//! Log-log plots of benchmark tables: a Markdown table (read by [`crate::markdown`]) drawn as
//! one series per chosen column, and per group of rows (a family, a solver), against a size
//! column, on logarithmic axes; times are converted to seconds.
//!
//! By default the x column is the first column of numbers; the y columns are those of times
//! (a unit in the header, as `floor (ms)`, or in the cells, as `12 ms`), or else every other
//! column of numbers; the rows are grouped by the columns of text left of the times whose words
//! repeat (as a family's or a solver's do), by their words before the first number
//! (`laddergame 5000` is in group `laddergame`). Cells that are not numbers are skipped.
//!
//! ```
//! use kalmar_bench::table_plot::{Columns, plot_text};
//! let text = "## Floor\n\n| family | arcs | floor (ms) | retrograde (ms) |\n|---|---:|---:|---:|\n\
//!             | grid | 1,000 | 0.005 | 0.007 |\n| grid | 10,000 | 0.031 | 0.037 |\n\
//!             | ladder | 1,000 | 0.006 | 0.008 |\n| ladder | 10,000 | 0.065 | - |\n";
//! let plot = plot_text(text, "floor", &Columns::default()).unwrap();
//! assert_eq!(plot.title, "Floor");
//! let names: Vec<&str> = plot.series.iter().map(|s| s.name.as_str()).collect();
//! assert_eq!(names, ["grid: floor", "grid: retrograde", "ladder: floor", "ladder: retrograde"]);
//! assert_eq!(plot.series[3].points, [(1000.0, 8e-6)]); // "-" is skipped
//! assert_eq!(plot.y.label, "time (s)");
//! ```
//!
//! # Complexity
//! Linear in the size of the table.

mod columns;

use crate::harness::{BadInput, TableRow, markdown_table};
use crate::markdown::{self, Table, header_unit, labelled_number, number};
use columns::{Chosen, base_name, choose, group_key, group_of};
use kalmar_core::format::ReadError;
use kalmar_plot::{Plot, PlotError, Scale, Series, Shape};
use std::path::Path;

/// The columns a plot of a suite's rows uses ([`TableRow::PLOT`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlotColumns {
    /// The size.
    pub x: &'static str,
    /// The times.
    pub y: &'static [&'static str],
    /// The columns that name a series.
    pub by: &'static [&'static str],
}

/// What to plot of a table; empty or absent fields take the defaults of the module.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Columns {
    /// The x column (a header, or its name without the unit, or a unique part of it).
    pub x: Option<String>,
    /// The y columns.
    pub y: Vec<String>,
    /// The columns whose words before the first number name a group of rows (`Some(vec![])`:
    /// no groups).
    pub by: Option<Vec<String>>,
    /// Only rows with a cell containing each of these texts.
    pub only: Vec<String>,
    /// The unit of y cells whose cell and header give none (`s`, `ms`, `µs`, `ns`).
    pub unit: Option<String>,
    /// The title (default: the heading above the table).
    pub title: Option<String>,
}

/// Why a table cannot be plotted.
#[derive(Debug, thiserror::Error)]
pub enum TablePlotError {
    /// The file could not be read.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// No table is called so.
    #[error("no table {which} in {file}; its tables are:\n{list}")]
    NoTable {
        /// What was asked for.
        which: String,
        /// The file.
        file: String,
        /// Its tables, one a line.
        list: String,
    },
    /// No column is called so.
    #[error("no column '{name}' (or more than one); the columns are: {columns}")]
    NoColumn {
        /// What was asked for.
        name: String,
        /// The table's columns.
        columns: String,
    },
    /// No column of numbers to put on an axis.
    #[error("the table has no column of numbers for the {0} axis; name one")]
    NoNumbers(&'static str),
    /// No row has the texts asked for (or the table has no rows).
    #[error("no row of the table has a cell with \"{0}\"")]
    NoRows(String),
    /// An unknown unit.
    #[error("unknown unit '{0}'; the units are s, ms, µs and ns")]
    Unit(String),
    /// The rows have no such plot.
    #[error("this suite's table has no plot; plot a saved table with `kalmar bench plot`")]
    NoPlot,
    /// The plot could not be drawn.
    #[error(transparent)]
    Plot(#[from] PlotError),
}

impl BadInput for TablePlotError {
    fn is_bad_input(&self) -> bool {
        !matches!(
            self,
            TablePlotError::Plot(PlotError::Draw(_) | PlotError::Write { .. })
        )
    }
}

/// The plot of the table `which` (its number from 1, or text of its heading) of a Markdown
/// file.
pub fn plot_file(path: &Path, which: &str, columns: &Columns) -> Result<Plot, TablePlotError> {
    let text = kalmar_core::format::read_text_file(path)?;
    plot_in(&text, which, columns, &path.display().to_string())
}

/// The plot of the table `which` of a Markdown text.
pub fn plot_text(text: &str, which: &str, columns: &Columns) -> Result<Plot, TablePlotError> {
    plot_in(text, which, columns, "the text")
}

fn plot_in(text: &str, which: &str, columns: &Columns, file: &str) -> Result<Plot, TablePlotError> {
    let tables = markdown::tables(text);
    let table = markdown::select(&tables, which).ok_or_else(|| TablePlotError::NoTable {
        which: which.to_string(),
        file: file.to_string(),
        list: tables
            .iter()
            .enumerate()
            .map(|(i, t)| format!("  {}: line {}, under \"{}\"", i + 1, t.line, t.heading))
            .collect::<Vec<_>>()
            .join("\n"),
    })?;
    if table.heading.is_empty() && columns.title.is_none() {
        let titled = Columns {
            title: Some(format!("{file}, the table at line {}", table.line)),
            ..columns.clone()
        };
        return plot_table(table, &titled);
    }
    plot_table(table, columns)
}

/// The plot of a suite's rows, by the columns the rows name ([`TableRow::PLOT`]).
pub fn plot_rows<R: TableRow>(rows: &[R], title: &str) -> Result<Plot, TablePlotError> {
    let plot = R::PLOT.ok_or(TablePlotError::NoPlot)?;
    let text = markdown_table(rows);
    let table = &markdown::tables(&text)[0];
    let names = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
    let columns = Columns {
        x: Some(plot.x.to_string()),
        y: names(plot.y),
        by: Some(names(plot.by)),
        title: Some(title.to_string()),
        ..Columns::default()
    };
    plot_table(table, &columns)
}
/// The plot of a table.
pub fn plot_table(table: &Table, columns: &Columns) -> Result<Plot, TablePlotError> {
    let rows = table
        .rows
        .iter()
        .filter(|r| {
            columns
                .only
                .iter()
                .all(|text| r.iter().any(|cell| cell.contains(text.as_str())))
        })
        .cloned()
        .collect();
    let table = &Table {
        rows,
        ..table.clone()
    };
    if table.rows.is_empty() {
        return Err(TablePlotError::NoRows(columns.only.join("\", \"")));
    }
    let chosen = choose(table, columns)?;
    let (series, all_times) = series(table, &chosen);
    let y = &chosen.y;
    let x = chosen.x;
    let y_label = if all_times {
        "time (s)".to_string()
    } else {
        let names: Vec<String> = y.iter().map(|&c| table.header[c].clone()).collect();
        names.join(", ")
    };
    let title = columns.title.clone().unwrap_or_else(|| {
        if table.heading.is_empty() {
            format!("the table at line {}", table.line)
        } else {
            table.heading.clone()
        }
    });
    let mut plot = Plot::new(title)
        .x_axis(table.header[x].clone(), Scale::Log)
        .y_axis(y_label, Scale::Log);
    plot.series = series;
    if plot.series.is_empty() {
        return Err(PlotError::Empty.into());
    }
    Ok(plot)
}

/// The series of a table, and whether every value is a time.
fn series(table: &Table, chosen: &Chosen) -> (Vec<Series>, bool) {
    let Chosen { x, y, by, unit } = chosen;
    let (x, unit) = (*x, *unit);
    let mut groups: Vec<String> = Vec::new();
    // The distinct keys of the first and of the last grouping column, in order.
    let (mut firsts, mut lasts): (Vec<String>, Vec<String>) = (Vec::new(), Vec::new());
    for row in &table.rows {
        let key = group_of(row, by);
        if !groups.contains(&key) {
            groups.push(key);
        }
        for (keys, c) in [(&mut firsts, by.first()), (&mut lasts, by.last())] {
            let key = c.map(|&c| group_key(&row[c])).unwrap_or_default();
            if !keys.contains(&key) {
                keys.push(key);
            }
        }
    }
    let index = |keys: &[String], c: Option<&usize>, row: &[String]| {
        let key = c.map(|&c| group_key(&row[c])).unwrap_or_default();
        keys.iter().position(|k| *k == key).unwrap_or(0)
    };
    let mut all_times = true;
    let mut series = Vec::new();
    for (g, group) in groups.iter().enumerate() {
        for (k, &c) in y.iter().enumerate() {
            let header_seconds = header_unit(&table.header[c]).or(unit);
            let mut points: Vec<(f64, f64)> = Vec::new();
            let mut style = (g, g);
            for row in table.rows.iter().filter(|r| group_of(r, by) == *group) {
                style = (
                    index(&firsts, by.first(), row),
                    index(&lasts, by.last(), row),
                );
                let (Some(size), Some(q)) = (number(&row[x]), labelled_number(&row[c])) else {
                    continue;
                };
                let value = match (q.seconds, header_seconds) {
                    (true, _) => q.value,
                    (false, Some(seconds)) => q.value * seconds,
                    (false, None) => {
                        all_times = false;
                        q.value
                    }
                };
                points.push((size.value, value));
            }
            if points.is_empty() {
                continue;
            }
            points.sort_by(|a, b| a.0.total_cmp(&b.0));
            let name = match (groups.len() == 1, y.len()) {
                (true, _) => base_name(&table.header[c]),
                (false, 1) => group.clone(),
                (false, _) => format!("{group}: {}", base_name(&table.header[c])),
            };
            // Several columns: a colour each, a shape per group. One column grouped by two:
            // a colour per first key (a family), a shape per last key (a solver).
            let (colour, shape) = match (y.len(), by.len()) {
                (1, 2..) => style,
                (1, _) => (g, g),
                _ => (k, g),
            };
            let shape = Shape::ALL[shape % Shape::ALL.len()];
            series.push(Series::new(name, points).colour(colour).markers(shape, 4));
        }
    }
    (series, all_times)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PARITY: &str = "## Parity\n\n\
| game | vertices | parse kalmar / Oink (ms) | kalmar's best (ms) | Oink's best (ms) | best ratio |\n\
|---|---:|---:|---:|---:|---:|\n\
| laddergame 5000 | 10,000 | 6.04 / 3.32 | fpi 0.96 | pp 0.82 | **1.17** |\n\
| laddergame 50000 | 100,000 | 52.7 / 34.5 | fpi 6.34 | zlkq 8.53 | **0.74** |\n\
| towersofhanoi 8 | 6,561 | 3.10 / 5.10 | tl 0.11 | > 30,000.0 | **0.63** |\n";

    fn names(plot: &Plot) -> Vec<&str> {
        plot.series.iter().map(|s| s.name.as_str()).collect()
    }

    #[test]
    fn labelled_times_grouped_by_family() {
        let plot = plot_text(PARITY, "parity", &Columns::default()).unwrap();
        assert_eq!(
            names(&plot),
            [
                "laddergame: kalmar's best",
                "laddergame: Oink's best",
                "towersofhanoi: kalmar's best"
            ]
        );
        assert_eq!(plot.series[0].points, [(1e4, 0.96e-3), (1e5, 6.34e-3)]);
        assert_eq!(
            (plot.x.label.as_str(), plot.x.scale),
            ("vertices", Scale::Log)
        );
        // One family left: the series are named by their columns.
        let only = Columns {
            only: vec!["towersofhanoi".into()],
            ..Columns::default()
        };
        let plot = plot_text(PARITY, "parity", &only).unwrap();
        assert_eq!(names(&plot), ["kalmar's best"]);
    }

    #[test]
    fn columns_units_and_groups_as_asked() {
        let columns = Columns {
            y: vec!["ratio".into()],
            by: Some(vec![]),
            ..Columns::default()
        };
        let plot = plot_text(PARITY, "1", &columns).unwrap();
        assert_eq!(names(&plot), ["best ratio"]);
        assert_eq!(plot.y.label, "best ratio");
        let text = "| n | a | b |\n|---|---|---|\n| 10 | 1 | 2 |\n| 100 | 3 | 4 |\n";
        let columns = Columns {
            x: Some("n".into()),
            unit: Some("µs".into()),
            ..Columns::default()
        };
        let plot = plot_text(text, "1", &columns).unwrap();
        assert_eq!(names(&plot), ["a", "b"]);
        assert!((plot.series[1].points[1].1 - 4e-6).abs() < 1e-18);
        assert_eq!(plot.y.label, "time (s)");
    }

    #[test]
    fn what_cannot_be_plotted_is_said() {
        let error = plot_text(PARITY, "7", &Columns::default()).unwrap_err();
        assert!(
            error.to_string().contains("1: line 3, under \"Parity\""),
            "{error}"
        );
        let columns = Columns {
            y: vec!["nowhere".into()],
            ..Columns::default()
        };
        let error = plot_text(PARITY, "1", &columns).unwrap_err();
        assert!(error.to_string().contains("game | vertices"), "{error}");
        // "best" is in two headers.
        let columns = Columns {
            y: vec!["best".into()],
            ..Columns::default()
        };
        assert!(plot_text(PARITY, "1", &columns).is_err());
        let columns = Columns {
            unit: Some("furlongs".into()),
            ..Columns::default()
        };
        let error = plot_text(PARITY, "1", &columns).unwrap_err();
        assert!(matches!(error, TablePlotError::Unit(_)) && error.is_bad_input());
        let columns = Columns {
            only: vec!["chess".into()],
            ..Columns::default()
        };
        let error = plot_text(PARITY, "1", &columns).unwrap_err();
        assert_eq!(
            error.to_string(),
            "no row of the table has a cell with \"chess\""
        );
        let words = "| a | b |\n|---|---|\n| x | y |\n";
        let error = plot_text(words, "1", &Columns::default()).unwrap_err();
        assert!(matches!(error, TablePlotError::NoNumbers("x")));
    }

    #[test]
    fn long_tables_are_grouped_by_their_text_columns() {
        // As `kalmar bench reach` prints it: a row per family, size and algorithm; the note on
        // the right is not a group.
        let text = "| family | arcs | algorithm | median (s) | note |\n|---|---:|---|---:|---|\n\
                    | grid | 1000 | floor | 0.001 | a |\n| grid | 1000 | retrograde | 0.002 | b |\n\
                    | grid | 10000 | floor | 0.01 | a |\n| grid | 10000 | retrograde | 0.02 | c |\n";
        let plot = plot_text(text, "1", &Columns::default()).unwrap();
        assert_eq!(names(&plot), ["floor", "retrograde"]);
        assert_eq!(plot.series[1].points, [(1000.0, 0.002), (10000.0, 0.02)]);
        assert_eq!(plot.title, "the text, the table at line 1");
    }

    struct Run(u32, f64, &'static str);

    impl TableRow for Run {
        fn markdown_header() -> &'static str {
            "| solver | n | time (s) |\n|---|---:|---:|"
        }
        fn markdown(&self) -> String {
            format!("| {} | {} | {} |", self.2, self.0, self.1)
        }
        const PLOT: Option<PlotColumns> = Some(PlotColumns {
            x: "n",
            y: &["time (s)"],
            by: &["solver"],
        });
    }

    #[test]
    fn suites_rows_are_plotted_by_their_columns() {
        let rows = [Run(10, 0.5, "a"), Run(100, 5.0, "a"), Run(10, 1.0, "b")];
        let plot = plot_rows(&rows, "runs").unwrap();
        assert_eq!(names(&plot), ["a", "b"]);
        assert_eq!(plot.series[0].points, [(10.0, 0.5), (100.0, 5.0)]);
        assert_eq!(plot.title, "runs");
    }
}
