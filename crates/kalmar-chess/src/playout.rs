//! The independent check of a table: positions played out move by move on `cozy-chess`'s
//! own boards, with its own legal moves and its own test for checkmate, none of the table's
//! ranking or un-moves.
//!
//! From a sampled position the side to move plays a move that keeps the table's value, the
//! loser the move that resists longest. At every position of the line the table's value must
//! be the best over every legal move's value (one ply of minimax on the rules: wins one ply
//! quicker than the quickest losing reply, losses one ply slower than the slowest win), and a
//! line announced as mate in n moves must end in checkmate, by the rules, after exactly that
//! many plies; a draw must have a drawing move and no winning one.
//!
//! [`check_all`] makes the same one-ply comparison at every position of the table, a complete
//! certificate: values that agree with their moves' values everywhere, checkmates at depth 0,
//! are the true values and depths (by induction on the depth: a claimed win in p has a move
//! to a claimed loss in p - 1, a claimed loss in p only moves to claimed wins of at most
//! p - 1, and a true win in p has a move to a true loss in p - 1).
//!
//! ```
//! use kalmar_chess::{Tables, playout};
//! let mut tables = Tables::new();
//! tables.solve(&"KQK".parse().unwrap()).unwrap();
//! let report = playout::check(&tables, &"KQK".parse().unwrap(), 200, 1).unwrap();
//! assert_eq!(report.lines, 200);
//! ```

use crate::material::Material;
use crate::table::Value;
use crate::tables::{Tables, men_of};
use cozy_chess::{Board, GameStatus};
use rand::{Rng, SeedableRng};
use serde::Serialize;

/// What a check of sampled lines found.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Report {
    /// Lines played out.
    pub lines: u64,
    /// Of them, mates (the others are draws, checked one ply deep).
    pub mates: u64,
    /// Positions whose value was checked against all their moves.
    pub positions: u64,
    /// The longest line, in plies.
    pub longest: u32,
    /// Sampled positions left out because no game reaches them (a triple check).
    pub unreachable: u64,
}

/// The value the rules give `board` one ply deep from the table's values of its children.
fn backed_up(tables: &Tables, board: &Board) -> Option<Value> {
    let mut best: Option<Value> = None;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            let v = tables
                .value_of(&men_of(&child), child.side_to_move())
                .before();
            if best.is_none_or(|b| v.rank() > b.rank()) {
                best = Some(v);
            }
        }
        false
    });
    best
}

/// Plays out `lines` random positions of `material` (already solved in `tables`) from `seed`,
/// checking each line as the module says. An error names the first position that fails.
pub fn check(
    tables: &Tables,
    material: &Material,
    lines: u64,
    seed: u64,
) -> Result<Report, String> {
    let table = tables
        .get(material)
        .ok_or_else(|| format!("{material} is not solved"))?;
    let layout = table.layout();
    if table.positions() == 0 {
        return Ok(Report::default()); // nothing to sample (no sample would ever be drawn)
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut report = Report::default();
    while report.lines < lines {
        let index = rng.random_range(0..layout.size());
        let Some(value) = table.value_at(index) else {
            continue;
        };
        let fen = layout.fen(&layout.position(index));
        // Positions no game can reach (three men giving check at once) are in the table,
        // as in published ones, but `cozy-chess` refuses them: they are not sampled.
        let Ok(mut board) = Board::from_fen(&fen, false) else {
            report.unreachable += 1;
            continue;
        };
        let mut claimed = value;
        let mut plies = 0u32;
        loop {
            report.positions += 1;
            let status = board.status();
            let fen = board.to_string();
            match (status, claimed) {
                (GameStatus::Won, Value::Loss { plies: 0 }) => break,
                (GameStatus::Drawn, Value::Draw) => break,
                (GameStatus::Ongoing, _) => {}
                _ => {
                    return Err(format!(
                        "{fen}: the rules say {status:?}, the table {claimed}"
                    ));
                }
            }
            let backed = backed_up(tables, &board);
            if backed != Some(claimed) {
                return Err(format!(
                    "{fen}: the table says {claimed}, its moves give {}",
                    backed.map_or("nothing".into(), |b| b.to_string())
                ));
            }
            if claimed == Value::Draw {
                break;
            }
            // Play a move that keeps the value: the quickest mate, or the slowest loss.
            let mut next = None;
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    let v = tables.value_of(&men_of(&child), child.side_to_move());
                    if next.is_none() && v.before() == claimed {
                        next = Some((child, v));
                    }
                }
                next.is_some()
            });
            let (child, v) = next.ok_or_else(|| format!("{fen}: no move keeps {claimed}"))?;
            board = child;
            claimed = v;
            plies += 1;
        }
        if let Some(n) = value.moves_to_mate() {
            let announced = match value {
                Value::Win { plies } | Value::Loss { plies } => plies as u32,
                Value::Draw => 0,
            };
            if plies != announced {
                return Err(format!(
                    "{fen}: announced mate in {n}, mated after {plies} plies"
                ));
            }
            report.mates += 1;
        }
        report.longest = report.longest.max(plies);
        report.lines += 1;
    }
    Ok(report)
}

/// What [`check_all`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Certificate {
    /// Tables checked.
    pub tables: u64,
    /// Positions whose value was checked against all their moves.
    pub positions: u64,
    /// Positions left out because no game reaches them (`cozy-chess` refuses a triple check).
    pub unreachable: u64,
}

/// Compares every position's value in `material`'s table (solved in `tables`, with the
/// smaller ones) with one ply of minimax over its legal moves on the rules, in parallel. An
/// error names the first position found that disagrees.
pub fn check_all(tables: &Tables, material: &Material) -> Result<Certificate, String> {
    use rayon::prelude::*;
    let table = tables
        .get(material)
        .ok_or_else(|| format!("{material} is not solved"))?;
    let layout = table.layout();
    let blocks = (0..layout.size()).into_par_iter().chunks(1 << 12);
    blocks
        .map(|indices| {
            let mut found = Certificate::default();
            for index in indices {
                let Some(claimed) = table.value_at(index) else {
                    continue;
                };
                let fen = layout.fen(&layout.position(index));
                let Ok(board) = Board::from_fen(&fen, false) else {
                    found.unreachable += 1;
                    continue;
                };
                let by_rules = match board.status() {
                    GameStatus::Won => Some(Value::Loss { plies: 0 }),
                    GameStatus::Drawn => Some(Value::Draw),
                    GameStatus::Ongoing => backed_up(tables, &board),
                };
                if by_rules != Some(claimed) {
                    let rules = by_rules.map_or("nothing".into(), |b| b.to_string());
                    return Err(format!(
                        "{fen}: the table says {claimed}, its moves give {rules}"
                    ));
                }
                found.positions += 1;
            }
            Ok(found)
        })
        .try_reduce(Certificate::default, |a, b| Ok(a.joined(&b)))
        .map(|c| Certificate { tables: 1, ..c })
}

impl Certificate {
    /// Two certificates' counts added.
    pub fn joined(&self, other: &Certificate) -> Certificate {
        Certificate {
            tables: self.tables + other.tables,
            positions: self.positions + other.positions,
            unreachable: self.unreachable + other.unreachable,
        }
    }
}

/// [`check_all`] on every table in `tables`: the smaller ones' values are what a table's
/// captures and promotions are checked against, so together they prove all of them.
pub fn check_every_table(tables: &Tables) -> Result<Certificate, String> {
    let mut all = Certificate::default();
    for table in tables.tables() {
        all = all.joined(&check_all(tables, table.material())?);
    }
    Ok(all)
}
