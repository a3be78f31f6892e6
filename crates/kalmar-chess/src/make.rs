//! The whole job of `kalmar chess table` and `kalmar.chess_table` in Python: solve a material
//! (and the smaller tables it needs), time each table, gather its statistics, and check a
//! sample of its positions by playing them out on the rules ([`crate::playout`]), or every
//! position one ply deep (`certify`).
//!
//! ```
//! use kalmar_chess::make::{Options, make};
//! let made = make(&"KRK".parse().unwrap(), &Options { lines: 100, ..Options::default() }).unwrap();
//! assert_eq!(made.report.stats.white.longest_win, 16);
//! assert_eq!(made.report.check.lines, 100);
//! assert_eq!(made.report.smaller[0].material, "KK");
//! ```

use crate::material::Material;
use crate::playout::{self, Certificate, Report as Check};
use crate::table::{Stats, Table};
use crate::tables::{ChessError, Tables};
use serde::Serialize;

/// How to make a table.
#[derive(Clone, Debug)]
pub struct Options {
    /// Positions to play out on the rules after solving (0: none).
    pub lines: u64,
    /// The seed of their sample.
    pub seed: u64,
    /// The memory limit in bytes.
    pub memory: u64,
    /// Also check every position of every table made against its moves on the rules
    /// ([`playout::check_every_table`]).
    pub certify: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            lines: 1000,
            seed: 1,
            memory: kalmar_core::memory::DEFAULT_LIMIT,
            certify: false,
        }
    }
}

/// One table made, with its time.
#[derive(Clone, Debug, Serialize)]
pub struct Timing {
    /// The material.
    pub material: String,
    /// Legal positions up to symmetry.
    pub positions: u64,
    /// Seconds to solve it.
    pub seconds: f64,
    /// Positions solved per second.
    pub positions_per_second: f64,
}

/// What [`make`] reports.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The table's statistics.
    pub stats: Stats,
    /// Its solve.
    pub timing: Timing,
    /// The smaller tables it needed, made first, smallest first.
    pub smaller: Vec<Timing>,
    /// The lines played out.
    pub check: Check,
    /// Every position checked, when asked.
    pub certificate: Option<Certificate>,
}

/// The tables made, and the report.
#[derive(Debug)]
pub struct Made {
    /// Every table made (the material's and the smaller ones).
    pub tables: Tables,
    /// What was made, how fast, and the check.
    pub report: Report,
}

impl Made {
    /// The material's own table.
    pub fn table(&self) -> &Table {
        let material: Material = self.report.stats.material.parse().expect("a made material");
        self.tables.get(&material).expect("made")
    }
}

/// Solves `material` and the smaller tables it leads to, then checks `options.lines` sampled
/// positions of it on the rules.
pub fn make(material: &Material, options: &Options) -> Result<Made, ChessError> {
    let mut tables = Tables::with_limit(options.memory);
    let mut made = Vec::new();
    tables.solve_with(material, &mut |table, seconds| {
        made.push(Timing::of(table, seconds));
    })?;
    let timing = made.pop().expect("the material itself was made");
    finish(tables, timing, made, options)
}

/// The rest of the job once the tables are made (here or elsewhere, as by the workers of
/// `kalmar-dist`): the statistics of the table `timing` names, the lines played out, and
/// with `options.certify` the certificate of every table.
pub fn finish(
    tables: Tables,
    timing: Timing,
    smaller: Vec<Timing>,
    options: &Options,
) -> Result<Made, ChessError> {
    let material: Material = timing.material.parse()?;
    let stats = tables
        .get(&material)
        .ok_or_else(|| ChessError::Unsupported(format!("{material} was not made")))?
        .stats();
    let check = playout::check(&tables, &material, options.lines, options.seed)
        .map_err(ChessError::Check)?;
    let certificate = match options.certify {
        true => Some(playout::check_every_table(&tables).map_err(ChessError::Check)?),
        false => None,
    };
    let report = Report {
        stats,
        timing,
        smaller,
        check,
        certificate,
    };
    Ok(Made { tables, report })
}

impl Timing {
    /// The timing of a table made in `seconds`.
    pub fn of(table: &Table, seconds: f64) -> Timing {
        let positions = table.positions();
        Timing {
            material: table.material().to_string(),
            positions,
            seconds,
            positions_per_second: positions as f64 / seconds.max(1e-9),
        }
    }
}

/// What [`check_table`] found: the lines played out, or the certificate of every table.
#[derive(Clone, Debug, Serialize)]
pub struct Verdict {
    /// Always true: a table that fails is an error.
    pub accepted: bool,
    /// The table's material.
    pub material: String,
    /// The sampled lines, when `certify` was not asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub check: Option<Check>,
    /// Every position of the table and of the smaller ones, when `certify` was asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate: Option<Certificate>,
}

/// The check of a table made elsewhere (read from a file, `kalmar chess check`): the smaller
/// tables it rests on are solved here, then `options.lines` sampled positions are played out
/// on the rules, or with `options.certify` every position of every table is compared with
/// its moves. A table that fails is [`ChessError::Check`], naming the first position.
///
/// ```
/// use kalmar_chess::make::{Options, check_table};
/// let mut tables = kalmar_chess::Tables::new();
/// let krk = tables.solve(&"KRK".parse().unwrap()).unwrap().clone();
/// let verdict = check_table(krk, &Options { certify: true, ..Options::default() }).unwrap();
/// assert_eq!(verdict.certificate.unwrap().tables, 2); // KRK and KK
/// ```
pub fn check_table(table: Table, options: &Options) -> Result<Verdict, ChessError> {
    let material = table.material().clone();
    let mut tables = Tables::with_limit(options.memory);
    for smaller in crate::tables::exits(&material) {
        tables.solve(&smaller)?;
    }
    tables.insert(table);
    let (check, certificate) = if options.certify {
        (
            None,
            Some(playout::check_every_table(&tables).map_err(ChessError::Check)?),
        )
    } else {
        let lines = playout::check(&tables, &material, options.lines, options.seed);
        (Some(lines.map_err(ChessError::Check)?), None)
    };
    Ok(Verdict {
        accepted: true,
        material: material.to_string(),
        check,
        certificate,
    })
}
