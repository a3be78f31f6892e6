//! Oink, the reference parity-game solver, as a peer of the parity suite: its solvers
//! ([`Peer::solvers`], [`Peer::choose_solvers`]), one run of one of them on a `.pg` file
//! ([`Peer::run_once`]), what it reports of a run ([`parse_peer_output`]) and the winners of the
//! solution it writes ([`solution_winners`]).
//!
//! Oink reports its own times, and its peak memory, in its log:
//!
//! ```
//! use kalmar_bench::oink::parse_peer_output;
//! let report = parse_peer_output("[    0.00] total solving time: 0.000042 sec.\n");
//! assert_eq!(report.total_seconds, Some(0.000042));
//! assert!(!report.timed_out);
//! ```

use kalmar_core::Player;
use kalmar_core::format::read_text_file;
use kalmar_parity::format::{read_path, read_pg_solution};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// Oink's solvers run when none are asked for, besides those with a kalmar solver's id: its
/// fastest all-rounders, so that "Oink's best" means something.
pub const DEFAULT_SOLVERS: &[&str] = &["zlk", "npp", "tl", "fpi", "psi"];

/// Why Oink could not be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OinkError {
    /// It could not be run, or its output was not understood.
    #[error("{0}")]
    Failed(String),
    /// It lists no solvers.
    #[error("{program} --solvers lists no solvers; is it Oink?")]
    NotOink {
        /// The program.
        program: String,
    },
    /// A solver asked for is not Oink's.
    #[error("the peer has no solver '{id}'; it has: {known}")]
    UnknownSolver {
        /// The id asked for.
        id: String,
        /// Oink's solvers, separated by commas.
        known: String,
    },
}

/// What Oink reports of one run.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PeerReport {
    /// `parsing took … sec.`
    pub parse_seconds: Option<f64>,
    /// `preprocessing took … sec.`
    pub preprocess_seconds: Option<f64>,
    /// `solving took … sec.` (absent when its preprocessing solved the game).
    pub solve_seconds: Option<f64>,
    /// `total solving time: … sec.` (preprocessing and solving).
    pub total_seconds: Option<f64>,
    /// `peak memory usage: … MB`, in bytes.
    pub peak_rss_bytes: Option<u64>,
    /// `terminated due to timeout`.
    pub timed_out: bool,
}

/// Reads Oink's log (its standard output, each line after a `[  time]` stamp).
pub fn parse_peer_output(text: &str) -> PeerReport {
    let mut report = PeerReport::default();
    let seconds = |rest: &str| {
        rest.trim()
            .trim_end_matches('.')
            .trim_end_matches("sec")
            .trim()
            .parse::<f64>()
            .ok()
    };
    for line in text.lines() {
        let line = match line.trim_start().strip_prefix('[') {
            Some(stamped) => stamped.split_once(']').map_or(line, |(_, rest)| rest),
            None => line,
        }
        .trim();
        if let Some(rest) = line.strip_prefix("parsing took ") {
            report.parse_seconds = seconds(rest);
        } else if let Some(rest) = line.strip_prefix("preprocessing took ") {
            report.preprocess_seconds = seconds(rest);
        } else if let Some(rest) = line.strip_prefix("solving took ") {
            report.solve_seconds = seconds(rest);
        } else if let Some(rest) = line.strip_prefix("total solving time: ") {
            report.total_seconds = seconds(rest);
        } else if let Some(rest) = line.strip_prefix("peak memory usage: ") {
            let mut words = rest.split_whitespace();
            let number = words.next().and_then(|w| w.parse::<f64>().ok());
            let unit = match words.next() {
                Some("B") => Some(1.0),
                Some("KB") => Some(1024.0),
                Some("MB") => Some(1024.0 * 1024.0),
                Some("GB") => Some(1024.0 * 1024.0 * 1024.0),
                Some("TB") => Some(1024.0f64.powi(4)),
                _ => None,
            };
            report.peak_rss_bytes = number.zip(unit).map(|(x, u)| (x * u) as u64);
        } else if line.starts_with("terminated due to timeout") {
            report.timed_out = true;
        }
    }
    report
}

/// How Oink is started.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Launch {
    /// Under a shell that forks it (on Unix): the peak memory it reports is its own. A program
    /// started directly from this process would inherit this process's peak as its own (Linux
    /// keeps the high-water mark across `exec`). The wall time includes the shell, about a
    /// millisecond.
    Forked,
    /// Directly, as a user runs it: the wall time is the program's, but the peak memory it
    /// reports may be this process's.
    Direct,
}

/// One run of Oink.
#[derive(Clone, Debug, PartialEq)]
pub struct PeerRun {
    /// What it reported.
    pub report: PeerReport,
    /// The wall time of the whole process (start, parse, solve, exit), in seconds, as started
    /// (see [`Launch`]).
    pub wall_seconds: f64,
}

/// Oink, run as a program: `PROGRAM --ID [ARGS…] FILE`. Oink runs sequentially by default (its
/// `-w` is not given unless in `args`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Peer {
    /// The `oink` program.
    pub program: PathBuf,
    /// Extra arguments for every run (e.g. `--no-wcwc`).
    pub args: Vec<String>,
}

impl Peer {
    /// The command that runs Oink, started as `launch` says.
    fn command(&self, launch: Launch) -> Command {
        if cfg!(unix) && launch == Launch::Forked {
            let mut command = Command::new("/bin/sh");
            command
                .arg("-c")
                .arg("\"$0\" \"$@\"; exit $?")
                .arg(&self.program);
            command
        } else {
            Command::new(&self.program)
        }
    }

    /// The solver ids Oink lists (`oink --solvers`: lines `* id:\tdescription`).
    pub fn solvers(&self) -> Result<Vec<String>, OinkError> {
        let output = Command::new(&self.program)
            .arg("--solvers")
            .output()
            .map_err(|e| OinkError::Failed(format!("{}: {e}", self.program.display())))?;
        let text = String::from_utf8_lossy(&output.stdout);
        let ids: Vec<String> = text
            .lines()
            .filter_map(|l| l.trim().strip_prefix("* "))
            .filter_map(|l| l.split_once(':').map(|(id, _)| id.trim().to_string()))
            .collect();
        if ids.is_empty() {
            return Err(OinkError::NotOink {
                program: self.program.display().to_string(),
            });
        }
        Ok(ids)
    }

    /// The solvers to run: `wanted`, each of which Oink must have; or when none are wanted,
    /// those of Oink's with the id of a kalmar parity solver, then [`DEFAULT_SOLVERS`].
    pub fn choose_solvers(&self, wanted: &[String]) -> Result<Vec<String>, OinkError> {
        let known = self.solvers()?;
        if let Some(unknown) = wanted.iter().find(|id| !known.contains(id)) {
            return Err(OinkError::UnknownSolver {
                id: unknown.clone(),
                known: known.join(", "),
            });
        }
        if !wanted.is_empty() {
            return Ok(wanted.to_vec());
        }
        let mut ids: Vec<String> = kalmar_parity::SOLVERS
            .iter()
            .map(|s| s.id.to_string())
            .filter(|id| known.contains(id))
            .collect();
        for id in DEFAULT_SOLVERS {
            if known.iter().any(|k| k == id) && !ids.iter().any(|i| i == id) {
                ids.push(id.to_string());
            }
        }
        Ok(ids)
    }

    /// Runs Oink's solver `id` once on the `.pg` file `game`, started as `launch` says and
    /// stopped by Oink itself after `timeout_seconds`; with `solution`, Oink writes its
    /// solution there. An error when it could not be run, or reported no solving time without
    /// having timed out.
    pub fn run_once(
        &self,
        id: &str,
        game: &Path,
        timeout_seconds: Option<u64>,
        solution: Option<&Path>,
        launch: Launch,
    ) -> Result<PeerRun, OinkError> {
        let mut command = self.command(launch);
        command.arg(format!("--{id}")).args(&self.args);
        if let Some(limit) = timeout_seconds {
            command.arg("-z").arg(limit.max(1).to_string());
        }
        command.arg(game);
        if let Some(file) = solution {
            command.arg(file);
        }
        let started = Instant::now();
        let output = command
            .output()
            .map_err(|e| OinkError::Failed(format!("{}: {e}", self.program.display())))?;
        let wall_seconds = started.elapsed().as_secs_f64();
        let text = String::from_utf8_lossy(&output.stdout);
        let report = parse_peer_output(&text);
        if !report.timed_out && report.total_seconds.is_none() {
            let tail: Vec<&str> = text.lines().rev().take(5).collect();
            let stderr = String::from_utf8_lossy(&output.stderr);
            return Err(OinkError::Failed(format!(
                "no solving time in its output ({}): {} {}",
                output.status,
                tail.into_iter().rev().collect::<Vec<_>>().join(" / "),
                stderr.trim()
            )));
        }
        Ok(PeerRun {
            report,
            wall_seconds,
        })
    }
}

/// The winners of the PGSolver solution in `solution` of the game in `game`.
pub fn solution_winners(game: &Path, solution: &Path) -> Result<Vec<Player>, OinkError> {
    let failed = |e: &dyn std::fmt::Display| OinkError::Failed(e.to_string());
    let graph = read_path(game).map_err(|e| failed(&e))?;
    let text = read_text_file(solution).map_err(|e| failed(&e))?;
    let solution = read_pg_solution(&text, &graph).map_err(|e| failed(&e))?;
    Ok(solution.winner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_oinks_log() {
        let log = "[    0.00] parsing took 0.000036 sec.\n\
                   [    0.00] parity game with 5 nodes and 7 edges.\n\
                   [    0.00] preprocessing took 0.000014 sec.\n\
                   [    0.00] solving took 0.000022 sec.\n\
                   [    0.00] total solving time: 0.000042 sec.\n\
                   [    0.00] peak memory usage: 4.50 MB\n";
        let r = parse_peer_output(log);
        assert_eq!(r.parse_seconds, Some(0.000036));
        assert_eq!(r.preprocess_seconds, Some(0.000014));
        assert_eq!(r.solve_seconds, Some(0.000022));
        assert_eq!(r.total_seconds, Some(0.000042));
        assert_eq!(r.peak_rss_bytes, Some((4.5 * 1024.0 * 1024.0) as u64));
        assert!(!r.timed_out);
        let r = parse_peer_output(
            "[   1.00] solving using tangle learning\n\nterminated due to timeout\n",
        );
        assert!(r.timed_out && r.total_seconds.is_none());
    }

    #[cfg(unix)]
    #[test]
    fn a_program_that_is_not_oink_is_refused() {
        let peer = Peer {
            program: "true".into(),
            args: Vec::new(),
        };
        assert!(matches!(peer.solvers(), Err(OinkError::NotOink { .. })));
        let run = peer.run_once("zlk", Path::new("game.pg"), None, None, Launch::Forked);
        assert!(matches!(run, Err(OinkError::Failed(_))), "{run:?}");
    }
}
