//! What the program prints and saves: human-readable tables, and the JSON solution files that
//! `--json` prints, `--output` writes and `kalmar verify` reads.

use crate::bad_input;
use indexmap::IndexMap;
use kalmar_core::format::GameGraph;
use kalmar_core::{Arena, Owner, Player, Rational, Strategy, Vertex};
use kalmar_parity::format::read_path;
use kalmar_terminal::dgg::SOLVERS;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Files larger than this get a spinner while they are read.
const SPINNER_BYTES: u64 = 16 << 20;

/// Reads a game file; every failure is bad input.
pub fn load(path: &Path) -> anyhow::Result<GameGraph> {
    let size = std::fs::metadata(path).map_or(0, |m| m.len());
    let bar = (size > SPINNER_BYTES)
        .then(|| crate::progress::spinner(&format!("reading {}", path.display())))
        .flatten();
    let graph = read_path(path).map_err(bad_input);
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    graph
}

/// A solution as saved in JSON: positions by name, in the game's order.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct SolutionFile {
    /// `reach` or `dgg`.
    pub family: String,
    /// `strong` (every position) or `weak` (the start position).
    pub kind: String,
    /// The solver that produced it.
    #[serde(default)]
    pub solver: String,
    /// The start position, for weak solutions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// The value of each position (of the start position only, for weak solutions).
    #[serde(deserialize_with = "unique")]
    pub values: IndexMap<String, Rational>,
    /// The number of moves to the forced end of the game (chess-like games).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "unique_some"
    )]
    pub distance: Option<IndexMap<String, u32>>,
    /// The successor each position's owner moves to.
    #[serde(deserialize_with = "unique")]
    pub strategy: IndexMap<String, String>,
    /// Counters the solver reported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stats: Option<serde_json::Value>,
}

impl SolutionFile {
    /// The strategy as a name map.
    pub fn strategy_names(arena: &Arena, strategy: &Strategy) -> IndexMap<String, String> {
        arena
            .vertices()
            .filter_map(|v| {
                Some((
                    arena.name(v).into_owned(),
                    arena.name(strategy.successor(arena, v)?).into_owned(),
                ))
            })
            .collect()
    }

    /// The strategy back from names; every position of a player must have a move that exists.
    pub fn strategy(&self, arena: &Arena) -> anyhow::Result<Strategy> {
        let index = arena.name_index();
        let mut strategy = Strategy::empty(arena.num_vertices());
        for (from, to) in &self.strategy {
            let v = lookup(&index, from)?;
            let w = lookup(&index, to)?;
            let e = arena.find_edge(v, w).ok_or_else(|| {
                bad_input(format!(
                    "the strategy moves from {from} to {to}, which is not a move of the game"
                ))
            })?;
            strategy.set(v, e);
        }
        Ok(strategy)
    }

    /// Checks that every key names a position of the game.
    pub fn check_names(&self, arena: &Arena) -> anyhow::Result<()> {
        let index = arena.name_index();
        let distance_keys = self.distance.iter().flat_map(|d| d.keys());
        for name in self
            .values
            .keys()
            .chain(self.strategy.keys())
            .chain(distance_keys)
        {
            lookup(&index, name)?;
        }
        Ok(())
    }

    /// The values, one per position, for strong solutions.
    pub fn all_values(&self, arena: &Arena) -> anyhow::Result<Vec<Rational>> {
        arena
            .vertices()
            .map(|v| {
                self.values
                    .get(arena.name(v).as_ref())
                    .cloned()
                    .ok_or_else(|| {
                        bad_input(format!(
                            "the solution gives no value for position {}",
                            arena.name(v)
                        ))
                    })
            })
            .collect()
    }

    /// Writes the solution as pretty JSON.
    pub fn save(&self, path: &Path) -> anyhow::Result<()> {
        let text = serde_json::to_string_pretty(self)?;
        std::fs::write(path, text + "\n").map_err(|e| bad_input(format!("{}: {e}", path.display())))
    }
}

/// Reads a JSON object keyed by position names, refusing a name that appears twice.
fn unique<'de, D, V>(deserializer: D) -> Result<IndexMap<String, V>, D::Error>
where
    D: serde::Deserializer<'de>,
    V: Deserialize<'de>,
{
    struct Visitor<V>(std::marker::PhantomData<V>);
    impl<'de, V: Deserialize<'de>> serde::de::Visitor<'de> for Visitor<V> {
        type Value = IndexMap<String, V>;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("an object keyed by position names")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<Self::Value, A::Error> {
            let mut out = IndexMap::new();
            while let Some((name, value)) = map.next_entry::<String, V>()? {
                if out.contains_key(&name) {
                    return Err(serde::de::Error::custom(format!(
                        "position '{name}' appears twice"
                    )));
                }
                out.insert(name, value);
            }
            Ok(out)
        }
    }
    deserializer.deserialize_map(Visitor(std::marker::PhantomData))
}

/// [`unique`] for an optional field.
fn unique_some<'de, D, V>(deserializer: D) -> Result<Option<IndexMap<String, V>>, D::Error>
where
    D: serde::Deserializer<'de>,
    V: Deserialize<'de>,
{
    unique(deserializer).map(Some)
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

/// Looks up a position by name.
pub fn lookup(
    index: &std::collections::HashMap<String, Vertex>,
    name: &str,
) -> anyhow::Result<Vertex> {
    index
        .get(name)
        .copied()
        .ok_or_else(|| bad_input(format!("the game has no position named '{name}'")))
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

/// Prints rows as an aligned table, at most `limit` of them (all when `limit` is 0).
pub fn table(
    header: &[&str],
    rows: impl ExactSizeIterator<Item = Vec<String>>,
    limit: usize,
) -> anyhow::Result<()> {
    let total = rows.len();
    let shown: Vec<Vec<String>> = rows
        .take(if limit == 0 { usize::MAX } else { limit })
        .collect();
    let mut width: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in &shown {
        for (w, cell) in width.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: Vec<&str>| -> anyhow::Result<()> {
        let text: Vec<String> = cells
            .iter()
            .zip(&width)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect();
        say!("  {}", text.join("  ").trim_end());
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

/// `kalmar dgg solvers`.
pub fn solvers() -> anyhow::Result<()> {
    let rows = SOLVERS.iter().map(|s| {
        vec![
            s.id.to_string(),
            format!("{:?}", s.kind).to_lowercase(),
            s.time.to_string(),
            s.comparisons.to_string(),
            s.summary.to_string(),
        ]
    });
    table(
        &["id", "solution", "time", "comparisons", "method"],
        rows,
        0,
    )?;
    say!("\n  n terminals, m moves. Use one with `kalmar dgg solve FILE --solver ID`.");
    Ok(())
}

/// Milliseconds, for messages.
pub fn millis(d: std::time::Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}
