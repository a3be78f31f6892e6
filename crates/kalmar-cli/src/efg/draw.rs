//! `kalmar efg draw` and the `--svg` of `kalmar efg nash`: the library draws, this writes.

use super::{efg_of, load};
use crate::bad_input;
use crate::report::in_file;
use kalmar_core::Rational;
use kalmar_efg::Efg;
use kalmar_efg::draw::{self, Direction, DrawOptions};
use kalmar_efg::format::GameFile;
use kalmar_efg::solution_file::{EquilibriumFile, Form};
use std::path::{Path, PathBuf};

/// `kalmar efg draw FILE [--profile EQ.json] [--svg OUT]`.
pub fn run(
    path: &Path,
    profile: Option<&Path>,
    equilibrium: usize,
    top_down: bool,
    svg: Option<&Path>,
) -> anyhow::Result<()> {
    let file = load(path)?;
    let game = tree_of(&file, path)?;
    let saved = match profile {
        Some(eq) => {
            let text = kalmar_core::format::read_text_file(eq).map_err(bad_input)?;
            let saved: EquilibriumFile = serde_json::from_str(&text).map_err(|e| in_file(eq, e))?;
            Some(saved)
        }
        None => None,
    };
    let index = equilibrium
        .checked_sub(1)
        .ok_or_else(|| bad_input("--equilibrium counts from 1"))?;
    let behaviour = match (&saved, profile) {
        (Some(saved), Some(eq)) => Some((
            saved.behaviour(game, index).map_err(|e| in_file(eq, e))?,
            caption(saved, index),
        )),
        _ => None,
    };
    let options = DrawOptions {
        direction: direction(top_down),
        profile: behaviour.as_ref().map(|(b, _)| b),
        caption: behaviour.as_ref().map(|(_, c)| c.clone()),
    };
    write(game, &options, svg)
}

/// The tree of a Gambit file, or an error saying that a table has none.
pub fn tree_of<'a>(file: &'a GameFile, path: &Path) -> anyhow::Result<&'a Efg> {
    if let GameFile::Nfg(_) = file {
        return Err(in_file(
            path,
            "a strategic-form game (.nfg) has no tree to draw: draw the extensive form (.efg) \
             it came from",
        ));
    }
    let game = efg_of(file, path)?;
    draw::drawable(game).map_err(|e| in_file(path, e))?;
    Ok(game)
}

/// Which way the tree grows.
pub fn direction(top_down: bool) -> Direction {
    if top_down {
        Direction::TopDown
    } else {
        Direction::LeftToRight
    }
}

/// The line under the legend: which equilibrium the probabilities are and what it pays.
pub fn caption(saved: &EquilibriumFile, index: usize) -> String {
    let payoffs = saved.equilibria[index]
        .payoffs
        .iter()
        .map(Rational::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    let method = if saved.method.is_empty() {
        String::new()
    } else {
        format!(" by {}", saved.method)
    };
    format!(
        "equilibrium {} of {}{method}, payoffs {payoffs}: moves in bold are played, grey ones \
         never",
        index + 1,
        saved.equilibria.len()
    )
}

/// The tree with the first equilibrium of `saved` on its moves, when it has probabilities per
/// move; says on standard error when it has none.
pub fn with_equilibrium(game: &Efg, saved: &EquilibriumFile, svg: &Path) -> anyhow::Result<()> {
    let shown = match saved.form {
        Form::Tree if !saved.equilibria.is_empty() => Some((
            saved
                .behaviour(game, 0)
                .map_err(|e| anyhow::anyhow!("internal failure: {e}"))?,
            caption(saved, 0),
        )),
        Form::Tree => {
            eprintln!("no equilibrium found: the tree is drawn without probabilities");
            None
        }
        _ => {
            eprintln!(
                "the equilibria mix reduced strategies of a tree without perfect recall, which \
                 give no probabilities per move: the tree is drawn without them"
            );
            None
        }
    };
    let options = DrawOptions {
        direction: Direction::LeftToRight,
        profile: shown.as_ref().map(|(b, _)| b),
        caption: shown.as_ref().map(|(_, c)| c.clone()),
    };
    write(game, &options, Some(svg))
}

/// Draws and writes the picture to `svg`, or to standard output.
fn write(game: &Efg, options: &DrawOptions<'_>, svg: Option<&Path>) -> anyhow::Result<()> {
    let picture = draw::draw(game, options).map_err(bad_input)?;
    match svg {
        Some(path) => {
            std::fs::write(path, picture).map_err(|e| in_file(path, e))?;
            eprintln!("picture written to {}", path.display());
        }
        None => crate::write_out(format_args!("{picture}"))?,
    }
    Ok(())
}

/// Where `kalmar efg nash` saves: the equilibria as JSON and the picture.
#[derive(Clone, Debug, Default)]
pub struct Save {
    /// `-o FILE`.
    pub output: Option<PathBuf>,
    /// `--svg FILE`.
    pub svg: Option<PathBuf>,
}
