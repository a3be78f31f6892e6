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
    let (material, _) = material.canonical();
    let table = tables
        .tables()
        .find(|t| *t.material() == material)
        .ok_or_else(|| format!("{material} is not solved"))?;
    let layout = table.layout();
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
