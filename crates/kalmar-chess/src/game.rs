//! An endgame as an implicit game ([`kalmar_core::Game`]): positions are `cozy-chess` boards,
//! moves its legal moves, and play ends at checkmate, stalemate, or a capture or promotion
//! (which leaves the material: there the smaller table's outcome is the payoff).
//!
//! This is the rules alone, with no ranking and no un-moves, so the generic solvers give a
//! second, independent answer: [`kalmar_core::explore`] builds the arena of every position
//! reachable from a start, and retrograde analysis on it must agree with the table.
//!
//! ```
//! use kalmar_chess::{Tables, game::Endgame};
//! use kalmar_core::{Game, explore};
//! let fen = "8/8/8/8/8/2k5/8/K1Q5 b - - 0 1";
//! let tables = Endgame::exit_tables(fen).unwrap(); // KK, where captures lead
//! let game = Endgame::from_fen(fen, &tables).unwrap();
//! let explored = explore(&game, 1_000_000, false).unwrap();
//! assert!(explored.arena.num_vertices() > 10_000);
//! ```

use crate::table::Value;
use crate::tables::{ChessError, Tables, men_of};
use cozy_chess::{Board, Color, GameStatus, Move, Piece};
use kalmar_core::{Game, Player, Rational, Turn};

/// An endgame from a start position; `tables` gives the payoff after a capture or promotion
/// (every smaller material the start can reach must be solved there).
#[derive(Clone, Debug)]
pub struct Endgame<'a> {
    start: Board,
    men: usize,
    tables: &'a Tables,
}

/// A board with its move counters cleared, so that one position is one state.
fn normalised(mut board: Board) -> Board {
    board.set_halfmove_clock(0);
    board.set_fullmove_number(1);
    board
}

impl<'a> Endgame<'a> {
    /// The endgame of a FEN position, or `None` if the FEN does not parse.
    pub fn from_fen(fen: &str, tables: &'a Tables) -> Option<Endgame<'a>> {
        let start = normalised(Board::from_fen(fen, false).ok()?);
        let men = start.occupied().len() as usize;
        Some(Endgame { start, men, tables })
    }

    /// The smaller tables that the captures and promotions of `fen`'s position lead into,
    /// solved: what [`Endgame::from_fen`] needs to pay the ends of play.
    pub fn exit_tables(fen: &str) -> Result<Tables, ChessError> {
        let board = Board::from_fen(fen, false).map_err(|_| ChessError::Fen(fen.into()))?;
        let material = crate::tables::material_of(&men_of(&board))?;
        let mut tables = Tables::new();
        for smaller in crate::tables::exits(&material.canonical().0) {
            tables.solve(&smaller)?;
        }
        Ok(tables)
    }

    /// Whether play has left the material: a man was captured or a pawn promoted.
    fn left(&self, board: &Board) -> bool {
        let pawns = |b: &Board| b.pieces(Piece::Pawn).len();
        board.occupied().len() as usize != self.men || pawns(board) != pawns(&self.start)
    }
}

impl Game for Endgame<'_> {
    type State = Board;
    type Action = Move;

    fn num_players(&self) -> u8 {
        2
    }

    fn initial_state(&self) -> Board {
        self.start.clone()
    }

    fn turn(&self, board: &Board) -> Turn {
        if self.left(board) || board.status() != GameStatus::Ongoing {
            Turn::Terminal
        } else {
            Turn::Player(Player(board.side_to_move() as u8))
        }
    }

    fn legal_actions(&self, board: &Board, actions: &mut Vec<Move>) {
        board.generate_moves(|moves| {
            actions.extend(moves);
            false
        });
    }

    fn apply(&self, board: &Board, mv: &Move) -> Board {
        let mut next = board.clone();
        next.play_unchecked(*mv);
        normalised(next)
    }

    fn returns(&self, board: &Board) -> Vec<Rational> {
        let side = board.side_to_move();
        let value = match board.status() {
            GameStatus::Won => Value::Loss { plies: 0 },
            GameStatus::Drawn => Value::Draw,
            GameStatus::Ongoing => self.tables.value_of(&men_of(board), side),
        };
        let for_side = match value {
            Value::Win { .. } => 1,
            Value::Draw => 0,
            Value::Loss { .. } => -1,
        };
        let white = if side == Color::White {
            for_side
        } else {
            -for_side
        };
        vec![Rational::from(white), Rational::from(-white)]
    }

    fn state_name(&self, board: &Board) -> String {
        board.to_string()
    }
}
