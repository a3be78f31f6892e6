//! `kalmar bench plot`: a Markdown table of times against sizes drawn as a log-log plot; the
//! reading and the drawing are [`kalmar_bench::table_plot`]'s.

use super::failure;
use clap::Args;
use kalmar_bench::table_plot::{Columns, plot_file};
use std::path::PathBuf;

#[derive(Args)]
#[command(after_help = "Examples:\n  \
kalmar bench plot docs/BENCHMARKS.md --table \"against the floor\" --svg floor.svg\n  \
kalmar bench plot docs/BENCHMARKS.md --table \"graphical games\" --y floor,sort,paterson --unit ms --svg dgg.svg\n  \
kalmar bench reach --sizes 1e3,1e4,1e5 > reach.md && kalmar bench plot reach.md --y median --svg reach.svg\n\n\
Numbers may be written 1e6, 1,000,000, 2^16, 2¹⁶ or 2·10⁶, times with a unit (850 µs, 12.3 ms, \
1.2 s) or with the unit in the column's header (floor (ms), median ms); times are drawn in \
seconds. Cells that are not numbers (-, failed, > 30,000) are skipped.")]
pub struct PlotArgs {
    /// A Markdown file with the table (`-` for standard input).
    #[arg(value_name = "TABLE_FILE")]
    file: PathBuf,
    /// The table: its number in the file (from 1), or text of the heading it stands under
    /// (the first table there), or else text in the table itself.
    #[arg(long, default_value = "1", value_name = "N|TEXT")]
    table: String,
    /// Write the plot to this SVG file.
    #[arg(long, required = true, value_name = "FILE")]
    svg: PathBuf,
    /// The column of sizes (default: the first column of numbers). A column is named by its
    /// header, its header without the unit, or a part of it found in no other header.
    #[arg(long, value_name = "COLUMN")]
    x: Option<String>,
    /// The columns of times, one series each (default: the columns with a unit of time, else
    /// every other column of numbers).
    #[arg(long, value_delimiter = ',', value_name = "COLUMN,...")]
    y: Vec<String>,
    /// The columns that split the rows into series, by their words before the first number
    /// (default: the columns of text left of the times whose words repeat, as a family or a
    /// solver does; `none`: no split).
    #[arg(long, value_delimiter = ',', value_name = "COLUMN,...")]
    by: Vec<String>,
    /// Only the rows with a cell containing this text (repeat for several).
    #[arg(long, value_name = "TEXT")]
    only: Vec<String>,
    /// The unit of times whose cell and header give none: s, ms, µs or ns.
    #[arg(long, value_name = "UNIT")]
    unit: Option<String>,
    /// The title (default: the heading above the table).
    #[arg(long, value_name = "TEXT")]
    title: Option<String>,
}

/// `kalmar bench plot`.
pub fn run(args: &PlotArgs) -> anyhow::Result<()> {
    let columns = Columns {
        x: args.x.clone(),
        y: args.y.clone(),
        by: match args.by.as_slice() {
            [] => None,
            [none] if none == "none" => Some(Vec::new()),
            names => Some(names.to_vec()),
        },
        only: args.only.clone(),
        unit: args.unit.clone(),
        title: args.title.clone(),
    };
    let plot = plot_file(&args.file, &args.table, &columns).map_err(failure)?;
    plot.write_svg(&args.svg)?;
    let points: usize = plot.series.iter().map(|s| s.points.len()).sum();
    say!(
        "{}: {} series, {points} points, {} against {} (log-log) in {}",
        plot.title,
        plot.series.len(),
        plot.y.label,
        plot.x.label,
        args.svg.display()
    );
    Ok(())
}
