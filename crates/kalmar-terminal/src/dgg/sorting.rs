//! The sorting method: a strong solution by sorting the payoffs and running generalized
//! retrograde analysis over them (Proposition 1 and Corollary 1 of *Deterministic Graphical Games
//! Revisited*).
//!
//! Once the terminals are ordered, retrograde analysis needs no further comparison: it sweeps
//! backwards from the largest positive payoff down and from the smallest negative payoff up,
//! labelling every position and colouring the arcs of optimal strategies. Sorting is the whole
//! cost in comparisons, and Proposition 3 of the paper shows it cannot be avoided for strong
//! solutions: a sorting network is a game (see `generate::sorting_network`) whose strong solution
//! sorts its payoffs.
//!
//! # Complexity
//! O(m + n log n) time and O(n log n) comparisons for n terminals and m arcs.
//!
//! # Example
//! ```
//! use kalmar_core::{Certificate, Rational, format::read_gg};
//! use kalmar_terminal::dgg::{self, Stats, sorting};
//! // Max at a takes 3 or passes to Min at b, who takes 5 or -2 or returns to a.
//! let text = "kalmar-gg 1\na max -> t b\nb min -> u v a\n\
//!             t terminal payoff=3\nu terminal payoff=5\nv terminal payoff=-2\n";
//! let game = dgg::from_graph(&read_gg(text).unwrap()).unwrap();
//! let solution = sorting::solve(&game, &mut Stats::default());
//! let values: Vec<i64> = [3, -2, 3, 5, -2].to_vec();
//! assert_eq!(solution.values, values.into_iter().map(Rational::from).collect::<Vec<_>>());
//! assert!(solution.verify(&game).is_ok());
//! ```

use super::Stats;
use super::compare::Comparisons;
use super::retrograde::{Retrograde, Subgame, ZERO};
use super::select::sort_groups;
use crate::{Payoff, StrongSolution, TerminalGame};

/// Strongly solves `game` by the sorting method.
///
/// ```
/// use kalmar_terminal::dgg::{sorting, Stats};
/// use kalmar_terminal::{Dgg, TerminalGame};
/// use kalmar_core::{Builder, Certificate, Owner, Player, Rational};
/// // Max chooses between a terminal paying 3 and a Min position that offers 5 or -2.
/// let mut b = Builder::new(2);
/// let [max, min] = [b.add_vertex(Owner::Player(Player::MAX)), b.add_vertex(Owner::Player(Player::MIN))];
/// let [t3, t5, tm2] = [(); 3].map(|_| b.add_vertex(Owner::Terminal));
/// b.add_edge(max, t3); b.add_edge(max, min); b.add_edge(min, t5); b.add_edge(min, tm2);
/// let payoffs = [0, 0, 3, 5, -2].map(Rational::from).to_vec();
/// let game: Dgg = TerminalGame::new(b.build().unwrap(), payoffs).unwrap();
/// let solution = sorting::solve(&game, &mut Stats::default());
/// assert_eq!(solution.values[max.index()], Rational::from(3));
/// assert_eq!(solution.values[min.index()], Rational::from(-2));
/// assert!(solution.verify(&game).is_ok());
/// ```
pub fn solve<P: Payoff>(game: &TerminalGame<P>, stats: &mut Stats) -> StrongSolution<P> {
    let cmp = Comparisons::new();
    let arena = game.arena();
    let mut gra = Retrograde::new();
    let payoffs = sweep_sorted(game, &cmp, &mut gra);
    let zero = P::zero();
    let values = gra
        .label
        .iter()
        .map(|&c| {
            if c == ZERO {
                &zero
            } else {
                payoffs[c as usize]
            }
            .clone()
        })
        .collect();
    stats.comparisons += cmp.count();
    stats.retrograde_passes += 1;
    StrongSolution {
        values,
        strategy: gra.take_strategy(arena),
    }
}

/// The sorting method's work: sorts the terminals of
/// `game` and labels every position, in `gra`, with the class of its value by one generalized
/// retrograde sweep. Returns the payoff of each class (a position labelled [`ZERO`] has value 0).
fn sweep_sorted<'a, P: Payoff>(
    game: &'a TerminalGame<P>,
    cmp: &Comparisons,
    gra: &mut Retrograde,
) -> Vec<&'a P> {
    let arena = game.arena();
    let mut terminals: Vec<_> = game.terminals().collect();
    let groups = sort_groups(&mut terminals, &|t| game.payoff(t), cmp);
    let mut class_of = vec![0u32; arena.num_vertices()];
    let mut sign = Vec::with_capacity(groups.len());
    let mut payoffs = Vec::with_capacity(groups.len());
    for (c, group) in groups.iter().enumerate() {
        for &t in &terminals[group.range.clone()] {
            class_of[t.index()] = c as u32;
        }
        let payoff = game.payoff(terminals[group.range.start]);
        sign.push(cmp.sign(payoff));
        payoffs.push(payoff);
    }
    gra.run(game, &Subgame::full(arena), &class_of, &sign);
    payoffs
}
