//! Games in strategic (normal) form: players, their strategies, and a payoff vector per profile.
//!
//! Profiles are numbered as in Gambit's `.nfg` files: player 1's strategy changes fastest.
//!
//! ```
//! use kalmar_core::Rational;
//! use kalmar_efg::Matrix;
//! use kalmar_efg::normal::bimatrix_game;
//! let a = Matrix::from_rows(&[&[1, -1], &[-1, 1]]);
//! let b = Matrix::from_rows(&[&[-1, 1], &[1, -1]]);
//! let game = bimatrix_game("pennies", &a, &b);
//! assert_eq!((game.shape(), game.num_profiles()), (vec![2, 2], 4));
//! // Player 1 plays 2, player 2 plays 1: player 1 gets A[1][0].
//! assert_eq!(*game.payoff(game.profile_index(&[1, 0]), 0), Rational::from(-1));
//! assert_eq!(game.bimatrix(), Some((a, b)));
//! ```

use crate::number::Num;
use kalmar_core::Rational;

/// An outcome of a strategic-form game (the outcome-list form of `.nfg`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NfgOutcome {
    /// The label (may be empty).
    pub label: String,
    /// One payoff per player.
    pub payoffs: Vec<Num>,
}

/// The payoffs of a strategic-form game, in one of the two forms of `.nfg`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NfgBody {
    /// For every profile, one payoff per player (profile-major).
    Payoffs(Vec<Num>),
    /// Outcomes, and for every profile the number of its outcome (from 1; 0 pays 0 to all).
    Outcomes {
        /// The outcomes.
        outcomes: Vec<NfgOutcome>,
        /// One outcome number per profile.
        table: Vec<u32>,
    },
}

/// A game in strategic form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nfg {
    /// The title.
    pub title: String,
    /// The comment (may be empty).
    pub comment: String,
    /// The players' names.
    pub players: Vec<String>,
    /// Each player's strategy labels (empty when the file gives only counts).
    pub strategies: Vec<Vec<String>>,
    /// Whether the file names the strategies (`{ { "a" "b" } ... }`) rather than counting them.
    pub labelled: bool,
    /// The payoffs.
    pub body: NfgBody,
}

impl Nfg {
    /// The number of players.
    pub fn num_players(&self) -> usize {
        self.players.len()
    }

    /// The number of strategies of each player.
    pub fn shape(&self) -> Vec<usize> {
        self.strategies.iter().map(Vec::len).collect()
    }

    /// The number of profiles.
    pub fn num_profiles(&self) -> usize {
        self.strategies.iter().map(Vec::len).product()
    }

    /// A game of this shape from its payoffs, profile by profile (player 1's strategy changing
    /// fastest), one per player at each, its players and strategies named `1`, `2`, …
    ///
    /// ```
    /// use kalmar_efg::normal::Nfg;
    /// // Matching pennies.
    /// let pennies = Nfg::from_payoffs(&[2, 2], [1, -1, -1, 1, -1, 1, 1, -1].map(Into::into));
    /// assert_eq!(pennies.payoff(pennies.profile_index(&[1, 0]), 1), &1.into());
    /// ```
    ///
    /// # Panics
    /// If the payoffs are not `N` times the number of profiles.
    pub fn from_payoffs(shape: &[usize], payoffs: impl IntoIterator<Item = Rational>) -> Nfg {
        let payoffs: Vec<Num> = payoffs.into_iter().map(Num::new).collect();
        assert_eq!(
            payoffs.len(),
            shape.len() * shape.iter().product::<usize>(),
            "one payoff per player and profile"
        );
        let names = |n: usize| (1..=n).map(|k| k.to_string()).collect();
        Nfg {
            title: String::new(),
            comment: String::new(),
            players: names(shape.len()),
            strategies: shape.iter().map(|&m| names(m)).collect(),
            labelled: true,
            body: NfgBody::Payoffs(payoffs),
        }
    }

    /// How far the profile index moves for one more of each player's strategy (player 1's
    /// strategy changing fastest): `profile_index(s) = Σ s_i · strides()[i]`.
    pub fn strides(&self) -> Vec<usize> {
        self.strategies
            .iter()
            .scan(1usize, |acc, s| {
                let here = *acc;
                *acc *= s.len();
                Some(here)
            })
            .collect()
    }

    /// The index of a profile (one strategy index per player).
    pub fn profile_index(&self, profile: &[usize]) -> usize {
        let mut index = 0;
        for (s, choice) in self.strategies.iter().zip(profile).rev() {
            index = index * s.len() + choice;
        }
        index
    }

    /// The payoff of `player` at the profile with this index (exact).
    pub fn payoff(&self, profile: usize, player: usize) -> &Rational {
        static ZERO: Rational = Rational::ZERO;
        match &self.body {
            NfgBody::Payoffs(p) => &p[profile * self.players.len() + player].value,
            NfgBody::Outcomes { outcomes, table } => match table[profile] {
                0 => &ZERO,
                k => &outcomes[k as usize - 1].payoffs[player].value,
            },
        }
    }

    /// One player's payoffs for every profile, in profile order.
    pub fn payoffs_of(&self, player: usize) -> Vec<Rational> {
        (0..self.num_profiles())
            .map(|k| self.payoff(k, player).clone())
            .collect()
    }

    /// For two-player games: the payoff matrices `(A, B)`, row-major with rows the strategies of
    /// player 1 and columns those of player 2.
    pub fn bimatrix(&self) -> Option<(Matrix, Matrix)> {
        if self.num_players() != 2 {
            return None;
        }
        let (m, n) = (self.strategies[0].len(), self.strategies[1].len());
        let mut a = Matrix::zeros(m, n);
        let mut b = Matrix::zeros(m, n);
        for i in 0..m {
            for j in 0..n {
                let k = i + m * j;
                a.set(i, j, self.payoff(k, 0).clone());
                b.set(i, j, self.payoff(k, 1).clone());
            }
        }
        Some((a, b))
    }
}

/// A dense matrix of exact rationals, row-major.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matrix {
    rows: usize,
    cols: usize,
    data: Vec<Rational>,
}

impl Matrix {
    /// The zero matrix.
    pub fn zeros(rows: usize, cols: usize) -> Matrix {
        Matrix {
            rows,
            cols,
            data: vec![Rational::ZERO; rows * cols],
        }
    }

    /// A matrix from rows of integers (for examples and tests).
    pub fn from_rows(rows: &[&[i64]]) -> Matrix {
        let cols = rows.first().map_or(0, |r| r.len());
        let mut m = Matrix::zeros(rows.len(), cols);
        for (i, r) in rows.iter().enumerate() {
            assert_eq!(r.len(), cols, "rows of equal length");
            for (j, &v) in r.iter().enumerate() {
                m.set(i, j, Rational::from(v));
            }
        }
        m
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// An entry.
    pub fn get(&self, i: usize, j: usize) -> &Rational {
        &self.data[i * self.cols + j]
    }

    /// Sets an entry.
    pub fn set(&mut self, i: usize, j: usize, v: Rational) {
        self.data[i * self.cols + j] = v;
    }

    /// The transpose.
    pub fn transpose(&self) -> Matrix {
        let mut t = Matrix::zeros(self.cols, self.rows);
        for i in 0..self.rows {
            for j in 0..self.cols {
                t.set(j, i, self.get(i, j).clone());
            }
        }
        t
    }

    /// The smallest entry (zero for an empty matrix).
    pub fn min(&self) -> Rational {
        self.data.iter().min().cloned().unwrap_or(Rational::ZERO)
    }
}

/// Builds a two-player [`Nfg`] (payoff-list form) from two matrices.
pub fn bimatrix_game(title: &str, a: &Matrix, b: &Matrix) -> Nfg {
    let (m, n) = (a.rows(), a.cols());
    let mut payoffs = Vec::with_capacity(2 * m * n);
    for j in 0..n {
        for i in 0..m {
            payoffs.push(Num::new(a.get(i, j).clone()));
            payoffs.push(Num::new(b.get(i, j).clone()));
        }
    }
    Nfg {
        title: title.to_string(),
        comment: String::new(),
        players: vec!["Player 1".into(), "Player 2".into()],
        strategies: vec![
            (1..=m).map(|i| i.to_string()).collect(),
            (1..=n).map(|j| j.to_string()).collect(),
        ],
        labelled: true,
        body: NfgBody::Payoffs(payoffs),
    }
}
