//! `kalmar chess`: endgame tables by retrograde analysis, probes by FEN, and the check of a
//! table file; the work is `kalmar_chess`'s.

use crate::bad_input;
use crate::report::{count, in_file};
use clap::{Args, Subcommand};
use kalmar_chess::make::{self, Options, Timing};
use kalmar_chess::table::SideStats;
use kalmar_chess::{ChessError, Material, Tables, file, playout};
use std::path::PathBuf;

/// How a table is made and checked: the options `chess table` and `dist chess` share.
#[derive(Args)]
pub struct MakeArgs {
    /// Positions to sample and play out on the rules after solving (0: none).
    #[arg(long, default_value = "1000", value_name = "N")]
    lines: u64,
    /// The seed of the sample.
    #[arg(long, default_value = "1")]
    seed: u64,
    /// Also check every position's value against all its moves on the rules, in every table
    /// made, which proves them (a few seconds for four men, minutes for five).
    #[arg(long)]
    certify: bool,
    /// Refuse a table whose solve the estimate puts above this much memory (bytes, or with
    /// K, M, G or T: `16G`), before allocating anything.
    #[arg(long, default_value = "4G", value_name = "SIZE", value_parser = crate::report::memory)]
    max_memory: u64,
}

impl MakeArgs {
    /// The library's options.
    pub fn options(&self) -> Options {
        Options {
            lines: self.lines,
            seed: self.seed,
            memory: self.max_memory,
            certify: self.certify,
        }
    }
}

/// The commands of chess endgames.
#[derive(Subcommand)]
pub enum ChessCommand {
    /// Solve every position of an endgame: win, draw or loss for the side to move and the
    /// depth to mate, by retrograde analysis backwards from the checkmates (captures and
    /// promotions lead into smaller tables, solved first). Prints each side's wins, draws and
    /// losses and the longest mates with an example, counted up to the board's symmetries as
    /// published tables are; then plays sampled positions out on the rules, each of which must
    /// mate in exactly the announced number of moves.
    ///
    /// The material names White's king and men, then Black's: KQK, KRK, KPK, KBNK, KQKR, KRKP…
    /// up to 5 men with at most one pawn. The fifty-move rule is not applied (depth to mate,
    /// as in Nalimov's tables).
    #[command(after_help = "Examples:
  kalmar chess table KRK
  kalmar chess table KBNK -o KBNK.kct
  kalmar chess table KQKR --lines 10000 --json
  kalmar chess table KQRKR --max-memory 8G")]
    Table {
        /// The material, as KRK or KQKR.
        material: String,
        /// Write the table to FILE (`kalmar chess check FILE` reads it back; `kalmar chess
        /// probe --tables DIR` uses every `.kct` file of a folder).
        #[arg(long, short, value_name = "FILE")]
        output: Option<PathBuf>,
        #[command(flatten)]
        make: MakeArgs,
        /// Print the statistics as JSON.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        timeout: crate::timeout::TimeoutArg,
    },
    /// The value of a position given in FEN (win, draw or loss and the depth to mate) and its
    /// best moves: the quickest mate, the slowest loss, or the moves that hold the draw. Its
    /// table, and the smaller ones, are solved first unless found in --tables.
    #[command(after_help = "Examples:
  kalmar chess probe '8/8/8/5k2/8/8/1Q6/K7 w - - 0 1'
  kalmar chess probe '8/8/8/8/2r5/8/2k5/K6Q w - - 0 1' --all
  kalmar chess probe '8/8/8/1k6/8/8/K5P1/8 w - - 0 1' --json
  kalmar chess probe '8/8/8/4k3/8/8/8/R3K3 w - - 0 1' --tables tables/")]
    Probe {
        /// The position in FEN (no castling rights).
        fen: String,
        /// Read the tables (`*.kct`) of this folder instead of solving them.
        #[arg(long, value_name = "DIR")]
        tables: Option<PathBuf>,
        /// List every legal move with its value, not only the best.
        #[arg(long)]
        all: bool,
        /// The memory limit for tables solved on the way (see `table`).
        #[arg(long, default_value = "4G", value_name = "SIZE", value_parser = crate::report::memory)]
        max_memory: u64,
        /// Print the answer as JSON.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        timeout: crate::timeout::TimeoutArg,
    },
    /// Check a table file: its header and ranking (every byte is a position's exactly where
    /// the rules say the index is a legal position), then sampled positions played out on
    /// the rules, as `table` does after solving, or with --all every position's value
    /// against all its moves, which proves the table (exit code 3 when it fails).
    #[command(after_help = "Examples:
  kalmar chess table KRK -o KRK.kct && kalmar chess check KRK.kct --lines 5000
  kalmar chess check KRK.kct --all")]
    Check {
        /// The table file.
        file: PathBuf,
        /// Check every position one ply deep on the rules instead of a sample of lines.
        #[arg(long)]
        all: bool,
        /// Positions to sample and play out.
        #[arg(long, default_value = "1000", value_name = "N")]
        lines: u64,
        /// The seed of the sample.
        #[arg(long, default_value = "1")]
        seed: u64,
        /// Print the verdict as JSON.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        timeout: crate::timeout::TimeoutArg,
    },
}

pub fn run(command: &ChessCommand) -> anyhow::Result<()> {
    match command {
        ChessCommand::Table {
            material,
            output,
            make,
            json,
            ..
        } => {
            let material: Material = material.parse().map_err(bad_input)?;
            let options = make.options();
            let bar = crate::progress::spinner(&format!("solving {}", material.canonical().0));
            let made = crate::progress::spinning(bar, || make::make(&material, &options));
            let made = made.map_err(chess_error)?;
            if let Some(path) = output {
                let mut out = std::io::BufWriter::new(
                    std::fs::File::create(path).map_err(|e| in_file(path, e))?,
                );
                file::write(made.table(), &mut out).map_err(|e| in_file(path, e))?;
            }
            if *json {
                say!("{}", serde_json::to_string_pretty(&made.report)?);
            } else {
                print_report(&made.report)?;
                if let Some(path) = output {
                    say!("table written to {}", path.display());
                }
            }
            Ok(())
        }
        ChessCommand::Probe {
            fen,
            tables: dir,
            all,
            max_memory,
            json,
            ..
        } => {
            let mut tables = Tables::with_limit(*max_memory);
            if let Some(dir) = dir {
                file::read_dir(dir, &mut tables).map_err(|e| in_file(dir, e))?;
            }
            let probe = tables.probe(fen).map_err(chess_error)?;
            if *json {
                say!("{}", serde_json::to_string_pretty(&probe)?);
                return Ok(());
            }
            let side = if probe.side == "black" {
                "Black"
            } else {
                "White"
            };
            say!("{}, {side} to move: {}", probe.material, probe.value);
            let listed = if *all { &probe.moves } else { &probe.best };
            if listed.is_empty() {
                say!("no legal move");
            }
            let heading = if *all { "moves" } else { "best moves" };
            say!("{heading} (the value after each, for the opponent):");
            for mv in listed {
                say!("  {:<6} {}", mv.uci, mv.value);
            }
            Ok(())
        }
        ChessCommand::Check {
            file: path,
            all,
            lines,
            seed,
            json,
            ..
        } => {
            let reader = std::fs::File::open(path).map_err(|e| in_file(path, e))?;
            let table = file::read(&mut std::io::BufReader::new(reader))
                .map_err(|e| crate::rejected(path, e))?;
            let options = Options {
                lines: *lines,
                seed: *seed,
                certify: *all,
                ..Options::default()
            };
            let verdict = make::check_table(table, &options).map_err(|e| match e {
                ChessError::Check(why) => crate::rejected(path, why),
                e => chess_error(e),
            })?;
            if *json {
                say!("{}", serde_json::to_string_pretty(&verdict)?);
            } else if let Some(certificate) = &verdict.certificate {
                let material: Material = verdict.material.parse()?;
                say!(
                    "{}: accepted: {}",
                    path.display(),
                    certificate_text(&material, certificate)
                );
            } else if let Some(check) = &verdict.check {
                say!(
                    "{}: accepted: {}'s ranking holds, and {}",
                    path.display(),
                    verdict.material,
                    lines_text(check)
                );
            }
            Ok(())
        }
    }
}

/// Bad input (exit 2) for a refusal, an internal failure for a table that fails its check.
fn chess_error(e: ChessError) -> anyhow::Error {
    match e {
        ChessError::Check(_) => anyhow::anyhow!(e),
        _ => bad_input(e),
    }
}

fn certificate_text(material: &Material, c: &playout::Certificate) -> String {
    let smaller = c.tables.saturating_sub(1);
    let mut text = format!(
        "each of the {} positions of {material} and of the {} it leads to has the value its \
         moves give on the rules, one ply deep, which proves them all",
        c.positions,
        count(smaller, "smaller table")
    );
    if c.unreachable > 0 {
        let left = c.unreachable;
        text +=
            &format!(" ({left} positions no game reaches, three men checking at once, left out)");
    }
    text
}

fn lines_text(check: &playout::Report) -> String {
    format!(
        "{} played out on the rules: {} each in exactly the announced moves, the draws checked \
         one ply deep; {} positions checked against all their moves, the longest line {} plies",
        count(check.lines, "sampled position"),
        count(check.mates, "mate"),
        check.positions,
        check.longest
    )
}

fn timing_text(t: &Timing) -> String {
    format!(
        "{} ({} positions in {:.3} s, {:.2} million a second)",
        t.material,
        t.positions,
        t.seconds,
        t.positions_per_second / 1e6
    )
}

fn side_text(s: &SideStats) -> String {
    let mut text = format!("{} won, {} drawn, {} lost", s.wins, s.draws, s.losses);
    if let Some(fen) = &s.longest_win_example {
        text += &format!(
            "; longest win: mate in {} ({}), e.g. {fen}",
            s.longest_win,
            count(s.longest_win_positions, "position")
        );
    }
    if let (Some(fen), true) = (&s.longest_loss_example, s.longest_loss > 0) {
        text += &format!(
            "; longest loss: mated in {} ({}), e.g. {fen}",
            s.longest_loss,
            count(s.longest_loss_positions, "position")
        );
    }
    text
}

pub(crate) fn print_report(report: &make::Report) -> anyhow::Result<()> {
    let stats = &report.stats;
    say!(
        "{}: {} legal positions up to symmetry ({} indices)",
        stats.material,
        stats.positions,
        stats.indices
    );
    say!("solved: {}", timing_text(&report.timing));
    if !report.smaller.is_empty() {
        let smaller: Vec<String> = report.smaller.iter().map(timing_text).collect();
        say!("smaller tables solved first: {}", smaller.join(", "));
    }
    say!("White to move: {}", side_text(&stats.white));
    say!("Black to move: {}", side_text(&stats.black));
    if report.check.lines > 0 {
        say!("checked: {}", lines_text(&report.check));
    }
    if let Some(certificate) = &report.certificate {
        let material: Material = stats.material.parse()?;
        say!("certified: {}", certificate_text(&material, certificate));
    }
    Ok(())
}
