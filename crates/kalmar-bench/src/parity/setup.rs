//! What the parity suite runs on, and how: its options ([`ParityOptions`]), its errors, the
//! games to generate ([`GameSpec`], [`specs`], [`Games`]) and the games read by kalmar, their
//! reading timed ([`ParityWorkload`]).

use crate::harness::{BadInput, SIZES, Timing, parse_size, peak_rss, reset_peak_rss, time_within};
use kalmar_core::format::GameGraph;
use kalmar_parity::ParityGame;
use kalmar_parity::format::{Format, read_path, write_pg};
use kalmar_parity::generate::{FAMILIES, randomgame};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The out-degrees of the random games: PGSolver's `randomgame n p 2 5` (self-loops
/// allowed).
pub const RANDOM_OUT_DEGREE: (usize, usize) = (2, 5);

/// How to run the parity suite.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ParityOptions {
    /// Timed runs of each algorithm (at least 1).
    pub repetitions: usize,
    /// Whether to check each kalmar solution with its certificate (once, untimed).
    pub verify: bool,
    /// Whether kalmar's solvers run behind the shared preprocessing, as `kalmar parity
    /// solve` runs them by default.
    pub preprocess: bool,
    /// A run longer than this many seconds ends the repetitions of its algorithm; Oink is
    /// given it as its timeout.
    pub timeout_seconds: Option<u64>,
    /// Runs of each Oink solver, if not `repetitions` (Oink's own parsing can take far
    /// longer than solving, on games with very many priorities).
    pub peer_repetitions: Option<usize>,
    /// The ids of the kalmar solvers to run (all of them when empty).
    pub solvers: Vec<String>,
    /// When set, the `kalmar` program that runs each timed run of a kalmar solver in a
    /// process of its own (`kalmar bench parity --files … --solvers ID --reps 1`), killed
    /// once it has run for the timeout: a solver that would take hours is cut short, and
    /// each peak memory figure is the solver's alone. Each answer is then checked by the
    /// verifier in the child, and not compared with Oink's.
    #[serde(default)]
    pub isolate: Option<PathBuf>,
    /// When set, the `kalmar` program whose whole `kalmar parity solve FILE --solver ID`
    /// process (start, read, solve, verify, print: what a user waits for) is timed from
    /// outside on each game, with kalmar's fastest solver, in a `process` row beside Oink's
    /// whole process; the `parse` row then gives the read times that process reports (a cold
    /// read, with everything the program does to the file) rather than this process's, unless
    /// every run of it was cut short by the timeout.
    #[serde(default)]
    pub program: Option<PathBuf>,
}

impl Default for ParityOptions {
    fn default() -> Self {
        ParityOptions {
            repetitions: 5,
            verify: true,
            preprocess: true,
            timeout_seconds: None,
            peer_repetitions: None,
            solvers: Vec::new(),
            isolate: None,
            program: None,
        }
    }
}

/// Why the parity suite failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParityBenchError {
    /// A game could not be generated, written or read, or what was asked for (a game, a size,
    /// a solver) is not known: bad input.
    #[error("{0}")]
    Game(String),
    /// A kalmar solution failed its certificate, or two solvers disagree.
    #[error("{solver} on {family}: {message}")]
    Wrong {
        /// The solver.
        solver: String,
        /// The game.
        family: String,
        /// What went wrong.
        message: String,
    },
}

impl BadInput for ParityBenchError {
    fn is_bad_input(&self) -> bool {
        matches!(self, ParityBenchError::Game(_))
    }
}

/// A game to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameSpec {
    /// PGSolver's random game with this many vertices and priorities `0..priorities`, and
    /// out-degrees [`RANDOM_OUT_DEGREE`].
    Random {
        /// Vertices.
        vertices: usize,
        /// Number of priorities (at least 1).
        priorities: usize,
    },
    /// A family of [`kalmar_parity::generate::FAMILIES`] with PGSolver's parameters.
    Family {
        /// The family's id.
        id: String,
        /// Its parameters, in PGSolver's order.
        params: Vec<u64>,
    },
}

impl GameSpec {
    /// The family `ID` scaled to about `vertices` vertices, or `ID:A:B:…` with PGSolver's
    /// parameters given. Scaled: `laddergame`, `recursiveladder`, `modelcheckerladder`,
    /// `jurdzinskigame` (height 10), `towersofhanoi` (the most disks with at most
    /// `vertices` states), `steadygame` (degrees 2 to 5), `randomgame` (10 priorities).
    /// `cliquegame` and `tc` need their parameters.
    pub fn family(text: &str, vertices: usize) -> Result<Self, ParityBenchError> {
        let mut parts = text.split(':');
        let id = parts.next().unwrap_or("").trim().to_string();
        let family = FAMILIES
            .get(&id)
            .map_err(|e| ParityBenchError::Game(e.to_string()))?;
        let given = parts
            .map(|p| {
                p.trim().parse::<u64>().map_err(|_| {
                    ParityBenchError::Game(format!("'{p}' in '{text}' is not a whole number"))
                })
            })
            .collect::<Result<Vec<u64>, _>>()?;
        let params: Vec<u64> = if given.is_empty() {
            let scaled = family.run.scaled.ok_or_else(|| {
                ParityBenchError::Game(format!(
                    "{id} is not scaled to a size: give its parameters as {id}:N…"
                ))
            })?;
            scaled(vertices.max(1) as u64)
        } else {
            given
        };
        Ok(GameSpec::Family { id, params })
    }

    /// The label of the games in the tables: `random` or the family and its parameters.
    pub fn label(&self) -> String {
        match self {
            GameSpec::Random { .. } => "random".to_string(),
            GameSpec::Family { id, params } => {
                let params: Vec<String> = params.iter().map(u64::to_string).collect();
                format!("{id} {}", params.join(" "))
            }
        }
    }

    /// The game, from `seed`.
    pub fn build(&self, seed: u64) -> Result<ParityGame, ParityBenchError> {
        let game = match self {
            GameSpec::Random {
                vertices,
                priorities,
            } => {
                let n = (*vertices).max(1);
                let (low, high) = RANDOM_OUT_DEGREE;
                let top = u32::try_from(priorities.saturating_sub(1)).unwrap_or(u32::MAX);
                randomgame(n, top, low.min(n), high.min(n), seed)
            }
            GameSpec::Family { id, params } => kalmar_parity::generate::build(id, params, seed),
        };
        game.map_err(|e| ParityBenchError::Game(format!("{}: {e}", self.label())))
    }
}

/// A game on file, read by kalmar (the reading timed) and ready to solve.
#[derive(Debug)]
pub struct ParityWorkload {
    /// The label of the game in the tables.
    pub family: String,
    /// The seed it was generated from, if generated.
    pub seed: Option<u64>,
    /// The `.pg` file (a copy in PGSolver's format when the game was read from another).
    pub path: PathBuf,
    /// The game as kalmar read it.
    pub game: ParityGame,
    /// kalmar's time to read the file into a [`ParityGame`].
    pub parse: Timing,
    /// The peak resident memory while reading, in bytes, where known.
    pub parse_peak_rss_bytes: Option<u64>,
    temporary: bool,
}

impl Drop for ParityWorkload {
    fn drop(&mut self) {
        if self.temporary {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// The game in PGSolver's format.
fn pg_text(game: &ParityGame) -> Result<String, ParityBenchError> {
    let mut graph = GameGraph::new(game.arena().clone());
    graph.priority = Some(game.arena().vertices().map(|v| game.priority(v)).collect());
    let mut text = String::new();
    write_pg(&graph, &mut text).map_err(|e| ParityBenchError::Game(e.to_string()))?;
    Ok(text)
}

/// Reads `path` as kalmar does: the text, its format, the parity game.
fn read_game(path: &Path) -> Result<ParityGame, ParityBenchError> {
    let graph = read_path(path).map_err(|e| ParityBenchError::Game(e.to_string()))?;
    ParityGame::from_graph(&graph, false)
        .map_err(|e| ParityBenchError::Game(format!("{}: {e}", path.display())))
}

/// Runs `f` up to the repetitions of `options`, stopping after a run longer than the timeout.
fn repeat<T>(options: &ParityOptions, f: impl FnMut() -> T) -> (Timing, T) {
    let limit = options.timeout_seconds.map(|t| t as f64);
    time_within(options.repetitions, limit, f)
}

impl ParityWorkload {
    /// The game in `path`, labelled `family`; its reading is timed.
    pub fn from_file(
        family: impl Into<String>,
        path: impl AsRef<Path>,
        options: &ParityOptions,
    ) -> Result<Self, ParityBenchError> {
        Self::read(
            family.into(),
            None,
            path.as_ref().to_path_buf(),
            false,
            options,
        )
    }

    /// Generates the game of `spec` from `seed`, writes it as a `.pg` file into `dir` and
    /// reads it back (timed). With `keep`, the file stays; otherwise it is removed when the
    /// workload is dropped.
    pub fn generate(
        spec: &GameSpec,
        seed: u64,
        dir: impl AsRef<Path>,
        keep: bool,
        options: &ParityOptions,
    ) -> Result<Self, ParityBenchError> {
        let game = spec.build(seed)?;
        let text = pg_text(&game)?;
        let stem: String = format!(
            "{}-{}v-{}p-seed{seed}",
            spec.label(),
            game.arena().num_vertices(),
            game.distinct_priorities()
        )
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
        drop(game);
        let name = if keep {
            format!("{stem}.pg")
        } else {
            format!("kalmar-bench-{}-{stem}.pg", std::process::id())
        };
        let path = dir.as_ref().join(name);
        std::fs::write(&path, text)
            .map_err(|e| ParityBenchError::Game(format!("{}: {e}", path.display())))?;
        Self::read(spec.label(), Some(seed), path, !keep, options)
    }

    fn read(
        family: String,
        seed: Option<u64>,
        path: PathBuf,
        temporary: bool,
        options: &ParityOptions,
    ) -> Result<Self, ParityBenchError> {
        reset_peak_rss();
        let (parse, game) = repeat(options, || read_game(&path));
        let parse_peak_rss_bytes = peak_rss();
        let game = match game {
            Ok(game) => game,
            Err(e) => {
                if temporary {
                    let _ = std::fs::remove_file(&path);
                }
                return Err(e);
            }
        };
        // Oink reads only PGSolver's format: another format is handed to it as a .pg copy.
        let (path, temporary) = if Format::from_extension(&path) == Some(Format::Pg) {
            (path, temporary)
        } else {
            let stem = path.file_stem().map_or_else(
                || "game".into(),
                |s| {
                    s.to_string_lossy()
                        .replace(|c: char| !c.is_ascii_alphanumeric(), "_")
                },
            );
            let copy =
                std::env::temp_dir().join(format!("kalmar-bench-{}-{stem}.pg", std::process::id()));
            std::fs::write(&copy, pg_text(&game)?)
                .map_err(|e| ParityBenchError::Game(format!("{}: {e}", copy.display())))?;
            (copy, true)
        };
        Ok(ParityWorkload {
            family,
            seed,
            path,
            game,
            parse,
            parse_peak_rss_bytes,
            temporary,
        })
    }

    /// The number of vertices.
    pub fn vertices(&self) -> usize {
        self.game.arena().num_vertices()
    }

    /// The number of edges.
    pub fn edges(&self) -> usize {
        self.game.arena().num_edges()
    }

    pub(super) fn wrong(&self, solver: &str, message: impl ToString) -> ParityBenchError {
        ParityBenchError::Wrong {
            solver: solver.to_string(),
            family: self.family.clone(),
            message: message.to_string(),
        }
    }
}

/// The games of one run of the suite.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Games {
    /// Game files, run first, each labelled with its file name.
    pub files: Vec<PathBuf>,
    /// Games to generate ([`specs`]).
    pub specs: Vec<GameSpec>,
    /// The seed of the generated games.
    pub seed: u64,
    /// A directory to write the generated games into and keep them (by default each is a
    /// temporary file, removed after its run).
    pub keep_in: Option<PathBuf>,
}

/// The games to generate for `kalmar bench parity --families … --sizes … --priorities …`: for
/// each family (`random` when neither families nor `files` are given) and each size in
/// vertices, `random` gives PGSolver's random game with each number of priorities (a size, or
/// `n` for as many as vertices), and another family its game scaled to the size
/// ([`GameSpec::family`]) once, or its game with the parameters given (`tc:6`) once in all.
pub fn specs(
    families: &[String],
    sizes: &[usize],
    priorities: &[String],
    files: bool,
) -> Result<Vec<GameSpec>, ParityBenchError> {
    let random = ["random".to_string()];
    let families = if families.is_empty() && !files {
        &random[..]
    } else {
        families
    };
    let mut specs: Vec<GameSpec> = Vec::new();
    for family in families {
        for &size in sizes {
            if family == "random" {
                for count in priorities {
                    let priorities = match count.trim() {
                        "n" => size,
                        text => parse_size(text, SIZES)
                            .map_err(|e| ParityBenchError::Game(e.to_string()))?,
                    };
                    specs.push(GameSpec::Random {
                        vertices: size,
                        priorities,
                    });
                }
            } else {
                let spec = GameSpec::family(family, size)?;
                if !specs.contains(&spec) {
                    specs.push(spec);
                }
                if family.contains(':') {
                    break;
                }
            }
        }
    }
    Ok(specs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_scale_and_build() {
        let spec = GameSpec::family("laddergame", 1000).unwrap();
        assert_eq!(spec.build(1).unwrap().arena().num_vertices(), 1000);
        let spec = GameSpec::family("jurdzinskigame", 3000).unwrap();
        let n = spec.build(1).unwrap().arena().num_vertices();
        assert!((2500..=3000).contains(&n), "{n}");
        let spec = GameSpec::family("towersofhanoi", 100).unwrap();
        assert_eq!(
            spec,
            GameSpec::Family {
                id: "towersofhanoi".into(),
                params: vec![4]
            }
        );
        assert_eq!(GameSpec::family("tc:3", 0).unwrap().label(), "tc 3");
        assert!(GameSpec::family("tc", 100).is_err());
        assert!(GameSpec::family("nonsense", 100).is_err());
        let random = GameSpec::Random {
            vertices: 300,
            priorities: 10,
        };
        let game = random.build(4).unwrap();
        assert_eq!(game.arena().num_vertices(), 300);
        assert!(game.distinct_priorities() <= 10);
    }

    #[test]
    fn specs_cross_families_sizes_and_priorities() {
        let sizes = [100, 200];
        let priorities = ["2".to_string(), "n".to_string()];
        let random = specs(&[], &sizes, &priorities, false).unwrap();
        let pairs: Vec<(usize, usize)> = random
            .iter()
            .map(|spec| match spec {
                GameSpec::Random {
                    vertices,
                    priorities,
                } => (*vertices, *priorities),
                GameSpec::Family { .. } => panic!("{spec:?}"),
            })
            .collect();
        assert_eq!(pairs, [(100, 2), (100, 100), (200, 2), (200, 200)]);
        assert!(specs(&[], &sizes, &priorities, true).unwrap().is_empty());
        let given = ["tc:3".to_string(), "laddergame".to_string()];
        let labels: Vec<String> = specs(&given, &sizes, &priorities, false)
            .unwrap()
            .iter()
            .map(GameSpec::label)
            .collect();
        assert_eq!(labels, ["tc 3", "laddergame 50", "laddergame 100"]);
        let bad = specs(&[], &sizes, &["x".to_string()], false).unwrap_err();
        assert!(
            bad.is_bad_input() && bad.to_string().contains("size 'x'"),
            "{bad}"
        );
    }
}
