//! PRISM-games: `kalmar stochastic export --to prism` writes a stochastic game as a PRISM-games
//! model and property, and `kalmar bench stochastic --peer PRISM` solves the same generated games
//! with kalmar and with PRISM-games in one run and compares the answers.

use crate::bad_input;
use crate::report::{in_file, load};
use clap::{Args, ValueEnum};
use kalmar_graph::format::GameGraph;
use kalmar_graph::format::prism::{PrismModel, write_prism};
use kalmar_graph::stochastic::{Class, TerminalGame};
use std::path::{Path, PathBuf};

/// The formats `kalmar stochastic export` writes.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// A PRISM-games model (`smg`) and its rPATL property.
    Prism,
}

#[derive(Args)]
#[command(
    after_help = "Examples:\n  kalmar stochastic export game.gg --to prism -o game.prism\n  \
prism game.prism game.props -exportvector values.txt\n\n\
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
    let ExportFormat::Prism = args.to;
    let graph = load(&args.file)?;
    let model = prism_model(&graph).map_err(|e| in_file(&args.file, e))?;
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

/// The PRISM-games model of a game graph, or why it has none.
pub fn prism_model(graph: &GameGraph) -> Result<PrismModel, String> {
    let class = Class::of(graph);
    if !matches!(class, Class::Simple | Class::Terminal) {
        return Err(format!(
            "a {} game cannot be exported to PRISM-games: only simple stochastic and \
             terminal-payoff games with non-negative payoffs have an objective there with the \
             same meaning",
            class.name()
        ));
    }
    let game = TerminalGame::from_graph(graph).map_err(|e| e.to_string())?;
    write_prism(&game).map_err(|e| e.to_string())
}

/// `game.prism` -> `game.props`.
fn properties_path(model: &Path) -> PathBuf {
    model.with_extension("props")
}

fn write(path: &Path, text: &str) -> anyhow::Result<()> {
    std::fs::write(path, text).map_err(|e| bad_input(format!("{}: {e}", path.display())))
}
