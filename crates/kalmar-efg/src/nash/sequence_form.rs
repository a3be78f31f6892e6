//! The sequence form of a two-player extensive game with perfect recall, and an equilibrium by
//! Lemke's algorithm, exact.
//!
//! D. Koller, N. Megiddo and B. von Stengel, *Efficient computation of equilibria for extensive
//! two-person games*, Games and Economic Behavior 14 (1996). A player's *sequences* are the empty
//! sequence and one per own move (under perfect recall, a move determines the moves before it).
//! A mixed strategy is replaced by its *realization plan* `x ≥ 0` with `Ex = e`: `x_∅ = 1` and,
//! at every information set `h`, the plan's weights on `h`'s moves sum to that on the sequence
//! leading to `h`. The payoff matrices `A`, `B` have one entry per pair of sequences, summing
//! `chance · payoff` over the leaves those sequences reach; they are sparse and linear in the
//! tree's size, where the strategic form is exponential.
//!
//! Equilibria are the solutions of the LCP `x ⊥ Eᵀp − Ay ≥ 0`, `y ⊥ Fᵀq − Bᵀx ≥ 0`, `Ex = e`,
//! `Fy = f` with `p`, `q` free. Here each free variable is split into two nonnegative ones, each
//! equation into two inequalities, with the signs arranged so that the matrix is a skew-symmetric
//! part plus `[−A; −Bᵀ]`; payoffs are shifted so every leaf pays less than 0 (this changes every
//! pair of plans' payoffs by the same constant). The matrix is then copositive, and Lemke's
//! algorithm with covering vector `d = 1` cannot end on a secondary ray: along such a ray
//! `z0` stays constant, the plans' directions vanish (`E x* = 0` forces `x* = 0`), and
//! complementarity with the base point's plans forces the free variables' direction to vanish
//! too. So the algorithm ends at an equilibrium, found in time polynomial per pivot in the size
//! of the tree.
//!
//! # Complexity
//! An LCP of dimension `s₁ + s₂ + 2(h₁ + 1) + 2(h₂ + 1)` for `sᵢ` sequences and `hᵢ`
//! information sets; each pivot costs at most quadratic time in it (less while sparse).
//!
//! ```
//! use kalmar_efg::format::read_efg;
//! use kalmar_efg::nash::sequence_form::{SequenceForm, regret, solve};
//! use kalmar_efg::recall::Recall;
//! let game = read_efg(r#"EFG 2 R "Entry game" { "Entrant" "Incumbent" }
//! ""
//!
//! p "" 1 1 "" { "Out" "In" } 0
//! t "" 1 "" { 0, 2 }
//! p "" 2 1 "" { "Fight" "Accommodate" } 0
//! t "" 2 "" { -1, -1 }
//! t "" 3 "" { 1, 1 }
//! "#)
//! .unwrap();
//! let form = SequenceForm::new(&game, &Recall::check(&game)).unwrap();
//! // The empty sequence and one per move, for each player.
//! assert_eq!((form.players[0].len(), form.players[1].len()), (3, 3));
//! let (eq, _) = solve(&form).unwrap();
//! assert!(regret(&form, &eq.x, &eq.y).unwrap().iter().all(|r| r.is_zero()));
//! ```

use super::lemke::{LemkeError, lemke};
use super::profile::Stats;
use crate::recall::Recall;
use crate::tree::{ActionId, Efg, InfosetId, Mover, NodeId};
use kalmar_core::Rational;

/// Why the sequence form method does not apply.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SequenceFormError {
    /// The method is for two players.
    #[error("the sequence form method needs exactly two players (the game has {0})")]
    Players(usize),
    /// The method needs perfect recall.
    #[error("the sequence form needs perfect recall: {0}")]
    ImperfectRecall(String),
    /// Lemke's algorithm failed (cannot happen for games with perfect recall).
    #[error(transparent)]
    Lemke(#[from] LemkeError),
    /// A subgame could not be cut out as a tree of its own (a defect: a subgame of a valid tree
    /// is a valid tree).
    #[error("a subgame cannot be built as a tree: {0}")]
    Subgame(#[from] crate::tree::TreeError),
}

/// One player's sequences: the empty sequence is 0, move `a` of the player is `1 + rank(a)`.
#[derive(Clone, Debug)]
pub struct Sequences {
    /// The player (from 0).
    pub player: u32,
    /// Per sequence after the empty one: its last move.
    pub moves: Vec<ActionId>,
    /// The player's information sets, in file order.
    pub infosets: Vec<InfosetId>,
    /// Per information set (by position in `infosets`): the sequence leading to it.
    pub parent: Vec<usize>,
    /// Per information set: its moves' sequences.
    pub children: Vec<Vec<usize>>,
    /// Per action id of the game: its sequence, if it is this player's.
    seq_of: Vec<Option<usize>>,
}

impl Sequences {
    fn new(game: &Efg, recall: &Recall, player: u32) -> Sequences {
        let infosets: Vec<InfosetId> = game
            .player_infosets(player)
            .filter(|h| !recall.members[h.index()].is_empty())
            .collect();
        let mut seq_of = vec![None; game.num_actions()];
        let mut moves = Vec::new();
        let mut children = Vec::new();
        for &h in &infosets {
            let mut kids = Vec::new();
            for index in 0..game.actions_of(h).len() {
                let a = game.action_id(h, index as u32);
                moves.push(a);
                seq_of[a.index()] = Some(moves.len());
                kids.push(moves.len());
            }
            children.push(kids);
        }
        let parent = infosets
            .iter()
            .map(|&h| {
                recall
                    .lastmove(h)
                    .map_or(0, |a| seq_of[a.index()].expect("own move"))
            })
            .collect();
        Sequences {
            player,
            moves,
            infosets,
            parent,
            children,
            seq_of,
        }
    }

    /// The number of sequences, the empty one included.
    pub fn len(&self) -> usize {
        self.moves.len() + 1
    }

    /// Whether the player has no moves (only the empty sequence).
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The sequence ending with `last` (None: the empty sequence).
    pub fn of(&self, last: Option<ActionId>) -> usize {
        last.map_or(0, |a| self.seq_of[a.index()].expect("own move"))
    }

    /// The rows of the constraints `Ex = e` on a realization plan, sparse as (sequence,
    /// coefficient): row 0 is `x_∅ = 1`, row `1 + k` is `Σ_a x(h_k a) − x(parent of h_k) = 0`
    /// for the `k`-th information set (its right-hand side 0).
    pub fn constraints(&self) -> Vec<Vec<(usize, Rational)>> {
        let mut rows = vec![vec![(0, Rational::ONE)]];
        for (kids, &parent) in self.children.iter().zip(&self.parent) {
            let mut row: Vec<(usize, Rational)> =
                kids.iter().map(|&k| (k, Rational::ONE)).collect();
            row.push((parent, -Rational::ONE));
            rows.push(row);
        }
        rows
    }

    /// Whether `x` is a realization plan: nonnegative, `x_∅ = 1`, and the constraints hold.
    pub fn is_plan(&self, x: &[Rational]) -> bool {
        x.len() == self.len()
            && x.iter().all(|v| *v >= Rational::ZERO)
            && x[0] == Rational::ONE
            && self
                .children
                .iter()
                .zip(&self.parent)
                .all(|(kids, &p)| kids.iter().fold(Rational::ZERO, |acc, &k| acc + &x[k]) == x[p])
    }
}

/// The sequence form: both players' sequences and the leaves as (sequence pair, chance
/// probability, payoffs).
#[derive(Clone, Debug)]
pub struct SequenceForm {
    /// Per player.
    pub players: [Sequences; 2],
    /// Per leaf with positive probability: `(σ₁, σ₂, chance, [u₁, u₂])`.
    pub leaves: Vec<(usize, usize, Rational, [Rational; 2])>,
}

impl SequenceForm {
    /// Builds the sequence form of a two-player game with perfect recall.
    pub fn new(game: &Efg, recall: &Recall) -> Result<SequenceForm, SequenceFormError> {
        if game.num_players() != 2 {
            return Err(SequenceFormError::Players(game.num_players()));
        }
        if !recall.is_perfect() {
            return Err(SequenceFormError::ImperfectRecall(
                recall.explain(game).join("; "),
            ));
        }
        let players = [
            Sequences::new(game, recall, 0),
            Sequences::new(game, recall, 1),
        ];
        let pay = game.path_payoffs();
        let reach = game.chance_reach();
        let mut leaves = Vec::new();
        for (x, node) in game.nodes().iter().enumerate() {
            if node.infoset.is_some() {
                continue;
            }
            let id = NodeId(x as u32);
            let chance = reach[x].clone();
            if chance.is_zero() {
                continue;
            }
            let s1 = players[0].of(recall.table.last_move(id, 0));
            let s2 = players[1].of(recall.table.last_move(id, 1));
            leaves.push((s1, s2, chance, [pay[x][0].clone(), pay[x][1].clone()]));
        }
        Ok(SequenceForm { players, leaves })
    }

    /// Each player's expected payoff under a pair of realization plans.
    pub fn payoffs(&self, x: &[Rational], y: &[Rational]) -> [Rational; 2] {
        let mut u = [Rational::ZERO, Rational::ZERO];
        for (s1, s2, p, pay) in &self.leaves {
            let w = &(p * &x[*s1]) * &y[*s2];
            if !w.is_zero() {
                u[0] = &u[0] + &(&w * &pay[0]);
                u[1] = &u[1] + &(&w * &pay[1]);
            }
        }
        u
    }
}

/// An equilibrium in realization plans, with each player's expected payoff.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanEquilibrium {
    /// Player 1's realization plan, indexed by sequence.
    pub x: Vec<Rational>,
    /// Player 2's realization plan.
    pub y: Vec<Rational>,
    /// The expected payoffs.
    pub payoffs: [Rational; 2],
}

/// Solves the sequence-form LCP by Lemke's algorithm.
pub fn solve(form: &SequenceForm) -> Result<(PlanEquilibrium, Stats), SequenceFormError> {
    let [p1, p2] = &form.players;
    let (n1, n2) = (p1.len(), p2.len());
    let (k1, k2) = (p1.infosets.len() + 1, p2.infosets.len() + 1);
    // Offsets of the blocks of z: x, y, u+, u-, v+, v-.
    let (ox, oy) = (0, n1);
    let (oup, oum) = (n1 + n2, n1 + n2 + k1);
    let (ovp, ovm) = (n1 + n2 + 2 * k1, n1 + n2 + 2 * k1 + k2);
    let dim = n1 + n2 + 2 * k1 + 2 * k2;
    let mut m = vec![vec![Rational::ZERO; dim]; dim];
    let mut q = vec![Rational::ZERO; dim];
    // Payoffs shifted below 0: c_i = max payoff of player i + 1.
    let shift = |i: usize| {
        form.leaves
            .iter()
            .map(|l| l.3[i].clone())
            .max()
            .unwrap_or(Rational::ZERO)
            + Rational::ONE
    };
    let (c1, c2) = (shift(0), shift(1));
    for (s1, s2, p, pay) in &form.leaves {
        // Row x_{s1}, column y_{s2}: −Ā; row y_{s2}, column x_{s1}: −B̄ᵀ.
        let a = p * &(&pay[0] - &c1);
        let b = p * &(&pay[1] - &c2);
        m[ox + s1][oy + s2] = &m[ox + s1][oy + s2] - &a;
        m[oy + s2][ox + s1] = &m[oy + s2][ox + s1] - &b;
    }
    for (rows, ovar, op, om) in [
        (p1.constraints(), ox, oup, oum),
        (p2.constraints(), oy, ovp, ovm),
    ] {
        for (h, row) in rows.iter().enumerate() {
            for (s, e) in row {
                // w_plan = … − Eᵀ(p⁺ − p⁻): column p⁺ gets −E, column p⁻ gets +E.
                m[ovar + s][op + h] = -e;
                m[ovar + s][om + h] = e.clone();
                // w_{p⁺} = E·plan − e, w_{p⁻} = −E·plan + e.
                m[op + h][ovar + s] = e.clone();
                m[om + h][ovar + s] = -e;
            }
        }
        q[op] = -Rational::ONE;
        q[om] = Rational::ONE;
    }
    let d = vec![Rational::ONE; dim];
    let solution = lemke(&q, &m, &d)?;
    let x: Vec<Rational> = solution.z[ox..ox + n1].to_vec();
    let y: Vec<Rational> = solution.z[oy..oy + n2].to_vec();
    let payoffs = form.payoffs(&x, &y);
    Ok((
        PlanEquilibrium { x, y, payoffs },
        Stats {
            pivots: solution.pivots,
            ..Stats::default()
        },
    ))
}

/// Each player's regret under a pair of realization plans: the best response's payoff against
/// the other plan minus the plan's own payoff. Computed on the tree by recursion over the
/// player's own information sets, independently of how the plans were found. `None` when a
/// plan is not a realization plan.
pub fn regret(form: &SequenceForm, x: &[Rational], y: &[Rational]) -> Option<[Rational; 2]> {
    if !form.players[0].is_plan(x) || !form.players[1].is_plan(y) {
        return None;
    }
    let achieved = form.payoffs(x, y);
    let mut out = [Rational::ZERO, Rational::ZERO];
    for (i, seqs) in form.players.iter().enumerate() {
        // direct[σ]: payoff of leaves whose own sequence is σ, weighted by the other's plan.
        let mut direct = vec![Rational::ZERO; seqs.len()];
        for (s1, s2, p, pay) in &form.leaves {
            let (own, other) = if i == 0 {
                (*s1, &y[*s2])
            } else {
                (*s2, &x[*s1])
            };
            direct[own] = &direct[own] + &(&(p * other) * &pay[i]);
        }
        // Information sets hanging below each sequence.
        let mut below: Vec<Vec<usize>> = vec![Vec::new(); seqs.len()];
        for (k, &parent) in seqs.parent.iter().enumerate() {
            below[parent].push(k);
        }
        // best(σ) = direct(σ) + Σ_{h below σ} max_{a at h} best((h, a)), computed children
        // first: a sequence's sets come after it in a depth-first order of the forest.
        let mut order = Vec::with_capacity(seqs.len());
        let mut stack = vec![0usize];
        while let Some(s) = stack.pop() {
            order.push(s);
            for &k in &below[s] {
                stack.extend_from_slice(&seqs.children[k]);
            }
        }
        let mut best = vec![Rational::ZERO; seqs.len()];
        for &s in order.iter().rev() {
            let mut v = direct[s].clone();
            for &k in &below[s] {
                let m = seqs.children[k]
                    .iter()
                    .map(|&c| best[c].clone())
                    .max()
                    .expect("a set has moves");
                v = v + m;
            }
            best[s] = v;
        }
        out[i] = &best[0] - &achieved[i];
    }
    Some(out)
}

/// The behaviour strategy of a realization plan: at each information set, the probability of
/// each move given that the set is reached; sets the plan never reaches get the uniform mix.
pub fn behaviour(
    game: &Efg,
    seqs: &Sequences,
    plan: &[Rational],
) -> Vec<(InfosetId, Vec<Rational>)> {
    seqs.infosets
        .iter()
        .zip(&seqs.children)
        .zip(&seqs.parent)
        .map(|((&h, kids), &parent)| {
            let reach = &plan[parent];
            let probs = if reach.is_zero() {
                let k = kids.len() as i64;
                vec![Rational::new(1, k); kids.len()]
            } else {
                kids.iter().map(|&c| &plan[c] / reach).collect()
            };
            debug_assert_eq!(game.infoset(h).mover, Mover::Player(seqs.player));
            (h, probs)
        })
        .collect()
}

/// The mixed strategy over a player's reduced strategies that a behaviour strategy induces
/// (Kuhn's theorem): each reduced strategy gets the product of the behaviour probabilities of
/// its moves. Under perfect recall its realization plan is the behaviour's.
pub fn mixed_strategy(
    strategies: &crate::reduced::ReducedStrategies,
    list: &[crate::reduced::Reduced],
    behaviour: &[(InfosetId, Vec<Rational>)],
) -> Vec<Rational> {
    let slot_probs: Vec<&Vec<Rational>> = strategies
        .slots
        .iter()
        .map(|h| {
            &behaviour
                .iter()
                .find(|(k, _)| k == h)
                .expect("a behaviour per information set")
                .1
        })
        .collect();
    list.iter()
        .map(|s| {
            s.iter()
                .zip(&slot_probs)
                .filter_map(|(c, probs)| c.map(|a| probs[a as usize].clone()))
                .fold(Rational::ONE, |acc, p| &acc * &p)
        })
        .collect()
}
