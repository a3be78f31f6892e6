//! The values of heap games (`kalmar octal`, `impartial subtraction`, `impartial grundy`): the
//! arguments, and the report of the library's values job printed.

use crate::registry_ids::ids;
use clap::Args;
use kalmar_cgt::Outcome;
use kalmar_cgt::octal::analysis::{ValuesOptions, ValuesReport, analyse};
use kalmar_cgt::octal::period::ArithmeticPeriod;
use kalmar_cgt::octal::{Rules, SOLVERS};
use kalmar_cgt::plot::values_plot;
use std::path::PathBuf;

/// How a list of heap values is shown: a table, JSON or a plot.
#[derive(Args)]
pub struct ShownArgs {
    /// Values shown in the human-readable output, 0 for all (the JSON has all; `--show` is an
    /// old name).
    #[arg(
        long = "limit",
        alias = "show",
        default_value_t = 240,
        value_name = "N"
    )]
    pub show: usize,
    /// Print the values as JSON: an object whose `values` field is the array G(0..N).
    #[arg(long)]
    pub json: bool,
    /// Draw G(n) against n as an SVG plot: the pre-period shaded and each period start marked
    /// (or "no period proven"); for all-but games the saltus line (slope s / p).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

impl ShownArgs {
    /// How many of the values G(0..=up_to) are listed: all for JSON, a plot or `--limit 0`.
    pub fn listed(&self, up_to: usize) -> usize {
        if self.json || self.svg.is_some() || self.show == 0 {
            up_to.saturating_add(1)
        } else {
            self.show
        }
    }

    /// Writes the plot and prints the JSON, as asked; whether the human-readable report is
    /// still to be printed.
    pub fn plot_or_json<T: serde::Serialize>(
        &self,
        answer: &T,
        plot: impl FnOnce() -> kalmar_plot::Plot,
    ) -> anyhow::Result<bool> {
        if let Some(path) = &self.svg {
            plot().write_svg(path)?;
        }
        if self.json {
            say!("{}", serde_json::to_string(answer)?);
        }
        Ok(!self.json)
    }
}

/// How a list of heap values is computed and shown.
#[derive(Args)]
pub struct ValuesArgs {
    /// Compute G(0), G(1), …, G(N).
    #[arg(long, value_name = "N")]
    up_to: usize,
    /// Report the period: pre-period, period, last exceptional value and the proof's extent; if
    /// none is proven, an arithmetic period seen in the values (not proven).
    #[arg(long)]
    period: bool,
    /// The solver of G(0..N): sparse (rare-values method) or naive.
    #[arg(long, default_value = "sparse", value_name = "ID", value_parser = ids(&SOLVERS))]
    solver: String,
    /// Compute every value, even when a period is proven early (for timing the solver).
    #[arg(long)]
    no_shortcut: bool,
    /// Check the values independently of the solver: each against the definition (no move
    /// reaches its value, every smaller value is reached), a proven period on the theorem's
    /// window. Takes time quadratic in the values computed.
    #[arg(long)]
    verify: bool,
    #[command(flatten)]
    shown: ShownArgs,
    #[command(flatten)]
    timeout: crate::timeout::TimeoutArg,
}

pub fn run(rules: &Rules, title: &str, args: &ValuesArgs, misere: bool) -> anyhow::Result<()> {
    let options = ValuesOptions {
        up_to: args.up_to,
        solver: args.solver.clone(),
        shortcut: !args.no_shortcut,
        verify: args.verify,
        period: args.period,
        misere,
        listed: args.shown.listed(args.up_to),
    };
    // A bar for computing the values, when there are enough of them to take a while.
    let bar = (args.up_to >= 1 << 16)
        .then(|| crate::progress::bar(args.up_to.saturating_add(1), "values"))
        .flatten();
    let report = analyse(rules, &options, &mut |known| {
        if let Some(bar) = &bar {
            bar.set_position(known as u64);
        }
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let report = report.map_err(|e| crate::library_error(e.is_internal(), e))?;
    if !args
        .shown
        .plot_or_json(&report, || values_plot(&report, title))?
    {
        return Ok(());
    }
    say!("{title}: G(0..{})", args.up_to);
    print(report.values.iter(), report.values.len(), args.shown.show)?;
    say_period(rules, &report)?;
    let values = &report.values;
    let max = values.largest();
    say!(
        "largest value {max}; computed {} values in {:.3} s ({}){}{}",
        report.computed,
        report.seconds,
        report.solver,
        if report.computed < values.len() {
            ", the rest from the period"
        } else {
            ""
        },
        if args.verify {
            "; checked against the definition"
        } else {
            ""
        }
    );
    if let Some(misere) = &report.misere {
        say!("misère play (single heaps; P: the player to move loses):");
        for (n, v) in misere.misere.iter().enumerate() {
            let genus = misere
                .genus
                .get(n)
                .map(|g| format!("  genus {g}"))
                .unwrap_or_default();
            say!("  G-({n}) = {v}  {}{genus}", letter(Outcome::of_value(*v)));
        }
    }
    Ok(())
}

/// The proven period, or with --period what is known instead.
fn say_period(rules: &Rules, report: &ValuesReport) -> anyhow::Result<()> {
    let values = &report.values;
    if let Some(p) = &report.proven {
        let exception = match p.last_exception {
            Some(n) => format!(
                "last exceptional value G({n}) = {}",
                values.get(n).unwrap_or_default()
            ),
            None => "no exceptional values".to_string(),
        };
        say!(
            "period {} from n = {} ({exception}); proven by the Guy–Smith periodicity theorem \
             from G(0..{})",
            p.period,
            p.preperiod,
            p.proof_needs - 1
        );
    } else if let Some(periods) = &report.periods {
        if rules.unequal_splits() {
            say!("no period claimed: the periodicity theorem does not cover unequal splits");
        } else {
            say!("no period proven from G(0..{})", report.up_to);
        }
        match periods.arithmetic_period_observed {
            Some(ArithmeticPeriod {
                preperiod,
                period,
                saltus,
            }) => say!(
                "seen, not proven: G(n + {period}) = G(n) + {saltus} for {preperiod} <= n <= {}",
                report.up_to - period
            ),
            None => say!("no arithmetic period seen either"),
        }
    }
    Ok(())
}

/// N or P.
fn letter(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::N => "N",
        Outcome::P => "P",
    }
}

/// Prints the `len` values twenty to a line, each line starting with its first index: the first
/// `limit` of them, or all when `limit` is 0 (the library refuses lists too long to print).
pub fn print(values: impl Iterator<Item = u32>, len: usize, limit: usize) -> anyhow::Result<()> {
    let shown: Vec<u32> = values
        .take(if limit == 0 { len } else { len.min(limit) })
        .collect();
    let width = shown.iter().max().map_or(1, |m| m.to_string().len());
    for (row, chunk) in shown.chunks(20).enumerate() {
        let line: Vec<String> = chunk.iter().map(|v| format!("{v:>width$}")).collect();
        say!("{:>8}: {}", row * 20, line.join(" "));
    }
    if shown.len() < len {
        say!(
            "{:>8}  ({} more; all of them with --limit 0 or --json)",
            "",
            len - shown.len()
        );
    }
    Ok(())
}
