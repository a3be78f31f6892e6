//! PRISM-games: `kalmar stochastic export --to prism` writes a stochastic game as a PRISM-games
//! model and property ([`kalmar_stochastic::prism`]), and `kalmar bench stochastic --peer PRISM`
//! solves the same generated games with kalmar and with PRISM-games in one run and compares the
//! answers ([`kalmar_bench::prism`]). Here: the arguments, the files and the table.

use crate::bad_input;
use crate::report::{in_file, load};
use clap::{Args, ValueEnum};
use kalmar_bench::prism::{PeerBench, compare, configurations, games};
use kalmar_core::format::GameGraph;
use kalmar_stochastic::prism::{write_prism, write_prism_explicit};
use kalmar_stochastic::{Class, TerminalPayoffGame};
use std::path::{Path, PathBuf};

/// The formats `kalmar stochastic export` writes.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// A PRISM-games model (`smg`) in PRISM's language and its rPATL property.
    Prism,
    /// PRISM's explicit files (`.tra`, `.lab`, `.srew` for rewards) and the property, for
    /// `prism -importmodel OUT.tra,lab OUT.props`: read far faster for large games, but with
    /// probabilities as doubles. Needs -o.
    PrismExplicit,
}

#[derive(Args)]
#[command(
    after_help = "Examples:\n  kalmar stochastic export game.gg --to prism -o game.prism\n  \
prism game.prism game.props -exportvector values.txt\n  \
kalmar stochastic export game.gg --to prism-explicit -o game.tra\n  \
prism -importmodel game.tra,lab game.props\n\n\
Simple stochastic games and terminal-payoff games with payoffs in [0, 1] become \
`<<maxplayer>> Pmax=? [ F \"win\" ]` (a terminal of payoff q moves to an absorbing win state \
with probability q); other non-negative payoffs become `<<maxplayer>> R{\"payoff\"}max=? \
[ F0 \"done\" ]`, whose F0 counts 0 for a play that never ends, as the game does. Negative \
payoffs, discounted, mean-payoff and parity games are refused: PRISM-games has no objective \
with the same meaning. The mapping is in docs/formats.md."
)]
pub struct ExportArgs {
    /// The game file (.gg).
    file: PathBuf,
    /// The format to write.
    #[arg(long, value_enum)]
    to: ExportFormat,
    /// Write the model to this file and the property beside it, with the extension `.props`
    /// (default: the model to standard output, the property in its header comment).
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
}

/// `kalmar stochastic export`.
pub fn export(args: &ExportArgs) -> anyhow::Result<()> {
    let graph = load(&args.file)?;
    let game = terminal_game(&graph).map_err(|e| in_file(&args.file, e))?;
    if args.to == ExportFormat::PrismExplicit {
        return export_explicit(&game, args.output.as_deref());
    }
    let model = write_prism(&game).map_err(|e| in_file(&args.file, e))?;
    if model.inexact > 0 {
        eprintln!(
            "note: {} probabilities or payoffs do not fit PRISM's 32-bit integers and were \
             written as doubles",
            model.inexact
        );
    }
    let Some(path) = &args.output else {
        return crate::write_out(format_args!("{}", model.model));
    };
    let properties = properties_path(path);
    write(path, &model.model)?;
    write(&properties, &model.properties)?;
    eprintln!(
        "wrote a PRISM-games model ({} states) to {} and its property `{}` to {}",
        model.states,
        path.display(),
        model.query.property(),
        properties.display()
    );
    Ok(())
}

/// Writes PRISM's explicit files next to `output`.
fn export_explicit(game: &TerminalPayoffGame, output: Option<&Path>) -> anyhow::Result<()> {
    let path = output.ok_or_else(|| {
        bad_input("--to prism-explicit writes several files: name them with -o OUT (OUT.tra, …)")
    })?;
    let model = write_prism_explicit(game).map_err(bad_input)?;
    let mut written = vec![
        (path.with_extension("tra"), &model.transitions),
        (path.with_extension("lab"), &model.labels),
        (path.with_extension("props"), &model.properties),
    ];
    if let Some(rewards) = &model.state_rewards {
        written.push((path.with_extension("srew"), rewards));
    }
    for (file, text) in &written {
        write(file, text)?;
    }
    let names: Vec<String> = written
        .iter()
        .map(|(f, _)| f.display().to_string())
        .collect();
    eprintln!(
        "wrote PRISM's explicit files ({} states) {}; run `prism -importmodel {}.tra,lab{} {}`",
        model.states,
        names.join(", "),
        path.with_extension("").display(),
        if model.state_rewards.is_some() {
            ",srew"
        } else {
            ""
        },
        path.with_extension("props").display()
    );
    Ok(())
}

/// The terminal-payoff game of a game graph, or why PRISM-games has no objective for it.
fn terminal_game(graph: &GameGraph) -> Result<TerminalPayoffGame, String> {
    let class = Class::of(graph);
    if !matches!(class, Class::Simple | Class::Terminal) {
        return Err(format!(
            "a {} game cannot be exported to PRISM-games: only simple stochastic and \
             terminal-payoff games with non-negative payoffs have an objective there with the \
             same meaning",
            class.name()
        ));
    }
    TerminalPayoffGame::from_graph(graph).map_err(|e| e.to_string())
}

/// `game.prism` -> `game.props`.
fn properties_path(model: &Path) -> PathBuf {
    model.with_extension("props")
}

fn write(path: &Path, text: &str) -> anyhow::Result<()> {
    std::fs::write(path, text).map_err(|e| bad_input(format!("{}: {e}", path.display())))
}

/// `kalmar bench stochastic --peer PRISM`: kalmar's exact strategy iteration and value iteration
/// with bounds, and PRISM-games on the exported model of the same game, in the same run; every
/// answer measured against the exact values (or vi's bounds where si is not run).
pub fn bench(options: &PeerBench<'_>, json: bool) -> anyhow::Result<()> {
    let configurations = configurations(options).map_err(crate::bench::failure)?;
    let games = games(options).map_err(crate::bench::failure)?;
    let bar = crate::progress::bar(games.len(), "runs");
    let mut rows = Vec::new();
    for (family, graph) in &games {
        if let Some(bar) = &bar {
            bar.set_message(format!("{family}, {} moves", graph.arena.num_edges()));
        }
        rows.extend(
            compare(options, &configurations, family, graph).map_err(crate::bench::failure)?,
        );
        if let Some(bar) = &bar {
            bar.inc(1);
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if json {
        say!("{}", serde_json::to_string_pretty(&rows)?);
        return Ok(());
    }
    say!(
        "| family | vertices | moves | solver | median ms | total s | iterations | value at start \
         | claimed error | max error | beyond claim |"
    );
    say!("|---|---:|---:|---|---:|---:|---:|---|---:|---:|---:|");
    let float = |x: Option<f64>, format: fn(f64) -> String| x.map_or("–".to_string(), format);
    for r in rows {
        let max_error = match (r.max_error, r.reference) {
            (Some(e), "vi bounds") if e > 0.0 => format!("≥ {e:.1e}"),
            (e, _) => float(e, |e| format!("{e:.1e}")),
        };
        say!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            r.family,
            r.vertices,
            r.moves,
            r.solver,
            float(r.median_seconds, |t| format!("{:.2}", t * 1e3)),
            float(r.total_seconds, |t| format!("{t:.2}")),
            r.iterations,
            if r.note.is_empty() {
                r.value_at_start
            } else {
                r.note
            },
            float(r.claimed_error, |e| format!("{e:.1e}")),
            max_error,
            r.beyond_claim.map_or("–".to_string(), |n| n.to_string()),
        );
    }
    Ok(())
}
