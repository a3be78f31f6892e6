//! Generators of parity games, named and built as PGSolver's generators build them.
//!
//! Each generator follows the definition of PGSolver's generator of the same name (its
//! `randomgame`, `steadygame`, `laddergame`, `jurdzinskigame`, `recursiveladder`,
//! `modelcheckerladder`, `cliquegame` and `towersofhanoi`): the same vertices, owners,
//! priorities and moves. Priorities are max-parity and Even is player 0, as in PGSolver. As in
//! PGSolver, the successors of a vertex are listed in increasing order without repetition.
//!
//! [`tc`] is Oink's two-counters family, built as Oink's `tc` tool builds it.
//!
//! Two kinds of construction occur:
//! - the games PGSolver builds vertex by vertex (random, steady, ladder, recursive ladder and
//!   clique games) number their vertices as PGSolver does;
//! - the games PGSolver builds by exploring from an initial node (Jurdziński's games, the model
//!   checker ladders and the towers of Hanoi) number their vertices in PGSolver's order of
//!   discovery too: the initial node is vertex 0, and exploring a node numbers its successors
//!   not seen before, in the order of its successor list, before the first of them is explored
//!   depth first. These games carry PGSolver's vertex names.
//!
//! The random families draw from a `ChaCha8Rng` seeded with a `u64`
//! ([`kalmar_core::generate::rng`]): they have PGSolver's distribution, not its games (which
//! depend on OCaml's generator). The other families ignore the seed.
//!
//! [`FAMILIES`] lists them with a constructor from a list of numbers, the parameters of
//! PGSolver's command-line generators in the same order, and [`build()`] builds one by id.
//!
//! # Complexity
//! Linear in the size of the game built, up to sorting each successor list and hashing the
//! nodes of the explored games, except [`steadygame`], whose redraws may scan every vertex
//! still open to predecessors against the drawn source's successors (O(n h) per arc drawn, for
//! out-degrees up to h).
//!
//! # Example
//! ```
//! use kalmar_parity::generate;
//! let game = generate::laddergame(5).unwrap();
//! assert_eq!(game.arena().num_vertices(), 10);
//! let same = generate::build("laddergame", &[5], 0).unwrap();
//! assert_eq!(game, same);
//! ```

pub mod friedmann;

use crate::ParityGame;
use kalmar_core::generate::{GenerateError, builder, check_size, rng};
use kalmar_core::registry::{Entry, Registry};
use kalmar_core::{Owner, Player, Vertex};
use rand::Rng;
use std::collections::HashMap;
use std::hash::Hash;

/// Even, player 0.
const EVEN: Player = Player(0);
/// Odd, player 1.
const ODD: Player = Player(1);

/// The player a priority benefits (PGSolver's `plr_benefits`): Even for even priorities.
fn benefits(p: u32) -> Player {
    Player((p % 2) as u8)
}

/// A uniformly random owner.
fn random_owner(rng: &mut impl Rng) -> Player {
    if rng.random::<bool>() { ODD } else { EVEN }
}

/// A game given vertex by vertex: the owner, priority, successors and (optionally) name of each.
/// Successor lists are sorted and freed of repetitions, as PGSolver's successor sets are.
struct Listed {
    owner: Vec<Player>,
    priority: Vec<u32>,
    successors: Vec<Vec<u32>>,
    names: Option<Vec<String>>,
}

impl Listed {
    fn with_capacity(n: usize, named: bool) -> Self {
        Listed {
            owner: Vec::with_capacity(n),
            priority: Vec::with_capacity(n),
            successors: Vec::with_capacity(n),
            names: named.then(|| Vec::with_capacity(n)),
        }
    }

    /// Builds the game; every vertex must have a successor.
    fn finish(mut self) -> Result<ParityGame, GenerateError> {
        let n = self.owner.len();
        if n == 0 {
            return Err(GenerateError::Parameter(
                "the game would have no vertices".into(),
            ));
        }
        for s in &mut self.successors {
            s.sort_unstable();
            s.dedup();
        }
        let arcs = self.successors.iter().map(Vec::len).sum();
        check_size(n, arcs)?;
        let mut b = builder(n, arcs);
        for &p in &self.owner {
            b.add_vertex(Owner::Player(p));
        }
        for (v, succ) in self.successors.iter().enumerate() {
            for &w in succ {
                b.add_edge(Vertex::new(v), Vertex(w));
            }
        }
        if let Some(names) = self.names {
            for (v, name) in names.into_iter().enumerate() {
                b.set_name(Vertex::new(v), name);
            }
        }
        let arena = b.build().expect("generators build valid arenas");
        Ok(ParityGame::new(arena, self.priority).expect("generators build valid parity games"))
    }
}

/// How a game explored from an initial node looks at a node: owner, priority, successors and
/// name.
trait Description {
    /// A node of the game.
    type Node: Clone + Eq + Hash;
    fn owner(&self, v: &Self::Node) -> Player;
    fn priority(&self, v: &Self::Node) -> u32;
    fn successors(&self, v: &Self::Node) -> Vec<Self::Node>;
    fn name(&self, v: &Self::Node) -> String;
}

/// An explored node: owner, priority, successors and name.
type Explored = (Player, u32, Vec<u32>, String);

/// The game of the nodes reachable from `init`, numbered in PGSolver's order of discovery (its
/// `Build` functor): a node gets the next number when it is first met, either as the initial
/// node or in the successor list of a node being explored; the successors of a node are then
/// explored depth first, the first of them first.
fn explore<D: Description>(d: &D, init: D::Node) -> Result<ParityGame, GenerateError> {
    let mut code: HashMap<D::Node, u32> = HashMap::new();
    let mut slots: Vec<Option<Explored>> = Vec::new();
    let mut stack = vec![(init.clone(), 0u32)];
    code.insert(init, 0);
    slots.push(None);
    while let Some((v, c)) = stack.pop() {
        if slots[c as usize].is_some() {
            continue;
        }
        let ws = d.successors(&v);
        let mut ds = Vec::with_capacity(ws.len());
        for w in &ws {
            let next = code.len() as u32;
            let id = *code.entry(w.clone()).or_insert(next);
            if id == next {
                slots.push(None);
            }
            ds.push(id);
        }
        slots[c as usize] = Some((d.owner(&v), d.priority(&v), ds.clone(), d.name(&v)));
        for (w, id) in ws.into_iter().zip(ds).rev() {
            stack.push((w, id));
        }
    }
    let mut listed = Listed::with_capacity(slots.len(), true);
    for slot in slots {
        let (owner, priority, successors, name) = slot.expect("every discovered node is explored");
        listed.owner.push(owner);
        listed.priority.push(priority);
        listed.successors.push(successors);
        if let Some(names) = listed.names.as_mut() {
            names.push(name);
        }
    }
    listed.finish()
}

/// Checks the degree bounds of the random families.
fn check_degrees(what: &str, min: usize, max: usize) -> Result<(), GenerateError> {
    if min == 0 {
        return Err(GenerateError::Parameter(format!(
            "the lowest {what} must be at least 1"
        )));
    }
    if min > max {
        return Err(GenerateError::Parameter(format!(
            "the lowest {what} ({min}) exceeds the highest ({max})"
        )));
    }
    Ok(())
}

/// PGSolver's random game, with self-cycles allowed: `n` vertices; each has an owner drawn
/// uniformly, a priority drawn uniformly from `0..=max_priority` and an out-degree `d` drawn
/// uniformly from `min_out..=max_out`, and moves to `d` distinct vertices drawn uniformly among
/// all `n` (itself included). Vertices are drawn in index order. Needs `n >= 1`,
/// `1 <= min_out <= max_out <= n`.
///
/// ```
/// use kalmar_parity::generate::randomgame;
/// let game = randomgame(100, 8, 1, 3, 7).unwrap();
/// assert_eq!(game.arena().num_vertices(), 100);
/// assert!(game.max_priority() <= 8);
/// ```
pub fn randomgame(
    n: usize,
    max_priority: u32,
    min_out: usize,
    max_out: usize,
    seed: u64,
) -> Result<ParityGame, GenerateError> {
    random_game(n, max_priority, min_out, max_out, true, seed)
}

/// PGSolver's random game with self-cycles disabled (its optional fifth argument): as
/// [`randomgame`], but the `d` distinct successors of a vertex are drawn uniformly among the
/// `n - 1` other vertices. Needs `n >= 2`, `1 <= min_out <= max_out <= n - 1`.
pub fn randomgame_without_self_cycles(
    n: usize,
    max_priority: u32,
    min_out: usize,
    max_out: usize,
    seed: u64,
) -> Result<ParityGame, GenerateError> {
    random_game(n, max_priority, min_out, max_out, false, seed)
}

fn random_game(
    n: usize,
    max_priority: u32,
    min_out: usize,
    max_out: usize,
    self_cycles: bool,
    seed: u64,
) -> Result<ParityGame, GenerateError> {
    check_degrees("out-degree", min_out, max_out)?;
    let range = if self_cycles { n } else { n.saturating_sub(1) };
    if n == 0 || max_out > range {
        return Err(GenerateError::Parameter(format!(
            "{n} vertices cannot have {max_out} distinct successors{}",
            if self_cycles {
                ""
            } else {
                " without self-cycles"
            }
        )));
    }
    check_size(n, n.saturating_mul(max_out))?;
    let mut rng = rng(seed);
    let mut listed = Listed::with_capacity(n, false);
    for v in 0..n {
        listed.priority.push(rng.random_range(0..=max_priority));
        listed.owner.push(random_owner(&mut rng));
        let degree = rng.random_range(min_out..=max_out);
        let succ = rand::seq::index::sample(&mut rng, range, degree)
            .into_iter()
            .map(|j| {
                if j < v || self_cycles {
                    j as u32
                } else {
                    j as u32 + 1
                }
            })
            .collect();
        listed.successors.push(succ);
    }
    listed.finish()
}

/// PGSolver's steady game: `n` vertices, vertex `i` of priority `i` and an owner drawn
/// uniformly, with out-degrees kept in `min_out..=max_out` and in-degrees in `min_in..=max_in`.
///
/// Arcs are added one at a time, as PGSolver does: while some vertex still lacks `min_out`
/// successors and some vertex can still take a predecessor, or some vertex still lacks `min_in`
/// predecessors and some vertex can still take a successor, a source `i` is drawn uniformly
/// among the vertices that may still take successors and a target `j` uniformly among those
/// that may still take predecessors, other than `i` and its successors so far (unless every
/// such vertex is excluded: then the drawn one is taken, and an arc already present or a
/// self-cycle may result; PGSolver redraws forever there when more than one vertex remains).
/// A vertex stops taking successors when it reaches `max_out` of them, and predecessors when
/// it reaches `max_in`, but only if that bound differs from the lower one: as in PGSolver, a
/// vertex whose lower and upper bounds coincide is never retired and may exceed the bound.
/// Arcs drawn twice count twice towards the degrees but occur once in the game.
///
/// Needs `n >= 1`, `1 <= min_out <= max_out`, `1 <= min_in <= max_in`. The degree bounds can
/// contradict each other (too few predecessors for the successors asked for): if a vertex ends
/// without successors, the result is a [`GenerateError::Parameter`].
///
/// ```
/// use kalmar_parity::generate::steadygame;
/// let game = steadygame(50, 2, 4, 2, 4, 3).unwrap();
/// assert_eq!(game.arena().num_vertices(), 50);
/// assert_eq!(game.distinct_priorities(), 50);
/// ```
pub fn steadygame(
    n: usize,
    min_out: usize,
    max_out: usize,
    min_in: usize,
    max_in: usize,
    seed: u64,
) -> Result<ParityGame, GenerateError> {
    check_degrees("out-degree", min_out, max_out)?;
    check_degrees("in-degree", min_in, max_in)?;
    if n == 0 {
        return Err(GenerateError::Parameter(
            "the game would have no vertices".into(),
        ));
    }
    check_size(n, n.saturating_mul(max_out.max(max_in)))?;
    if n > u32::MAX as usize {
        return Err(GenerateError::TooLarge {
            vertices: n,
            arcs: 0,
        });
    }
    let mut rng = rng(seed);
    let mut out_avail: Vec<u32> = (0..n as u32).collect();
    let mut in_avail: Vec<u32> = (0..n as u32).collect();
    let mut out_todo = n;
    let mut in_todo = n;
    let mut succ: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut in_count = vec![0usize; n];
    while (out_todo > 0 && !in_avail.is_empty()) || (in_todo > 0 && !out_avail.is_empty()) {
        let ii = rng.random_range(0..out_avail.len());
        let i = out_avail[ii];
        let excluded = |x: u32, succ: &[Vec<u32>]| x == i || succ[i as usize].contains(&x);
        let mut jj = rng.random_range(0..in_avail.len());
        if in_avail.len() > 1 && excluded(in_avail[jj], &succ) {
            // PGSolver redraws until the target is allowed: the allowed ones, uniformly.
            let allowed: Vec<usize> = (0..in_avail.len())
                .filter(|&k| !excluded(in_avail[k], &succ))
                .collect();
            if !allowed.is_empty() {
                jj = allowed[rng.random_range(0..allowed.len())];
            }
        }
        let j = in_avail[jj];
        succ[i as usize].push(j);
        in_count[j as usize] += 1;
        let len_i = succ[i as usize].len();
        let len_j = in_count[j as usize];
        if len_i == min_out {
            out_todo -= 1;
        } else if len_i == max_out {
            out_avail.swap_remove(ii);
        }
        if len_j == min_in {
            in_todo -= 1;
        } else if len_j == max_in {
            in_avail.swap_remove(jj);
        }
    }
    if let Some(v) = succ.iter().position(Vec::is_empty) {
        return Err(GenerateError::Parameter(format!(
            "vertex {v} got no successor: in-degrees up to {max_in} cannot give {n} vertices \
             at least {min_out} successors each"
        )));
    }
    let mut listed = Listed::with_capacity(n, false);
    for (i, s) in succ.into_iter().enumerate() {
        listed.priority.push(i as u32);
        listed.owner.push(random_owner(&mut rng));
        listed.successors.push(s);
    }
    listed.finish()
}

/// PGSolver's ladder game: `2n` vertices; vertex `v` has priority `v mod 2`, belongs to the
/// player that priority benefits (Even at even `v`) and moves to `(v + 1) mod 2n` and
/// `(v + 2) mod 2n`. Each player wins exactly its own vertices (by staying on them two by two).
/// Needs `n >= 1`.
pub fn laddergame(n: usize) -> Result<ParityGame, GenerateError> {
    if n == 0 {
        return Err(GenerateError::Parameter(
            "the ladder game needs n >= 1".into(),
        ));
    }
    let m = n.checked_mul(2).ok_or(GenerateError::TooLarge {
        vertices: usize::MAX,
        arcs: usize::MAX,
    })?;
    check_size(m, m.saturating_mul(2))?;
    let mut listed = Listed::with_capacity(m, false);
    for v in 0..m {
        let p = (v % 2) as u32;
        listed.priority.push(p);
        listed.owner.push(benefits(p));
        listed
            .successors
            .push(vec![((v + 1) % m) as u32, ((v + 2) % m) as u32]);
    }
    listed.finish()
}

/// A node of Jurdziński's game: layer and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Jurdzinski {
    Left(usize, usize),
    Right(usize, usize),
    Above(usize, usize),
}

struct JurdzinskiGame {
    height: usize,
    width: usize,
}

impl Description for JurdzinskiGame {
    type Node = Jurdzinski;

    fn owner(&self, v: &Jurdzinski) -> Player {
        match *v {
            Jurdzinski::Left(0, _) => EVEN,
            Jurdzinski::Right(0, _) => ODD,
            Jurdzinski::Left(..) => ODD,
            Jurdzinski::Right(..) | Jurdzinski::Above(..) => EVEN,
        }
    }

    fn priority(&self, v: &Jurdzinski) -> u32 {
        let p = match *v {
            Jurdzinski::Left(0, _) => 0,
            Jurdzinski::Right(0, _) => 1,
            Jurdzinski::Left(h, _) | Jurdzinski::Right(h, _) => 2 * h,
            Jurdzinski::Above(h, _) => 2 * h + 1,
        };
        p as u32
    }

    fn successors(&self, v: &Jurdzinski) -> Vec<Jurdzinski> {
        use Jurdzinski::{Above, Left, Right};
        match *v {
            Left(0, 0) => vec![Right(0, 0)],
            Left(0, w) if w < self.width => vec![Right(0, w - 1), Right(0, w)],
            Left(0, w) => vec![Right(0, w - 1)],
            Right(0, w) => [Left(0, w), Left(0, w + 1)]
                .into_iter()
                .chain((1..self.height).map(|h| Right(h, w)))
                .collect(),
            Left(h, 0) => vec![Above(h, 0), Right(h, 0)],
            Left(h, w) if w < self.width => vec![Right(h, w - 1), Above(h, w), Right(h, w)],
            Left(h, w) => vec![Right(h, w - 1)],
            Above(h, w) => vec![Right(h, w)],
            Right(h, w) => vec![Left(h, w), Left(h, w + 1), Right(0, w)],
        }
    }

    fn name(&self, v: &Jurdzinski) -> String {
        match *v {
            Jurdzinski::Left(h, w) => format!("L({h},{w})"),
            Jurdzinski::Right(h, w) => format!("R({h},{w})"),
            Jurdzinski::Above(h, w) => format!("A({h},{w})"),
        }
    }
}

/// PGSolver's Jurdziński game of height `h` and width `w` (the lower-bound family of small
/// progress measures, as a max-parity game), explored from `L(0,0)`.
///
/// Nodes `L(k,x)`, `R(k,x)` and `A(k,x)` for layer `k` and column `x`. Layer 0: `L(0,x)` belongs
/// to Even with priority 0 and `R(0,x)` to Odd with priority 1. Layer `k >= 1`: `L(k,x)` belongs
/// to Odd and `R(k,x)` to Even, both of priority `2k`, and `A(k,x)` to Even with priority
/// `2k + 1`. Moves: `L(0,0) -> R(0,0)`; `L(0,x) -> R(0,x-1), R(0,x)` for `0 < x < w` and
/// `L(0,x) -> R(0,x-1)` for `x >= w`; `R(0,x) -> L(0,x), L(0,x+1), R(1,x), …, R(h-1,x)`;
/// `L(k,0) -> A(k,0), R(k,0)`; `L(k,x) -> R(k,x-1), A(k,x), R(k,x)` for `0 < x < w` and
/// `L(k,x) -> R(k,x-1)` for `x >= w`; `A(k,x) -> R(k,x)`; `R(k,x) -> L(k,x), L(k,x+1), R(0,x)`.
///
/// For `h, w >= 1` the reachable game has `2w + 1 + (h - 1)(3w + 1)` vertices: layer 0 has
/// `L(0,0..=w)` and `R(0,0..w)`, every other layer also `A(k,0..w)`. Height 0 gives the game of
/// height 1 and width 0 that of width 1, as in PGSolver. Vertices are named `L(k,x)`, `R(k,x)`,
/// `A(k,x)`.
///
/// ```
/// use kalmar_parity::generate::jurdzinskigame;
/// let game = jurdzinskigame(3, 4).unwrap();
/// assert_eq!(game.arena().num_vertices(), 9 + 2 * 13);
/// ```
pub fn jurdzinskigame(h: usize, w: usize) -> Result<ParityGame, GenerateError> {
    let (hh, ww) = (h.max(1), w.max(1));
    let vertices = hh.saturating_mul(3 * ww.min(usize::MAX / 4) + 1);
    let arcs = vertices.saturating_mul(hh.saturating_add(2));
    check_size(vertices, arcs)?;
    if 2 * hh + 1 > u32::MAX as usize {
        return Err(GenerateError::TooLarge { vertices, arcs });
    }
    explore(
        &JurdzinskiGame {
            height: h,
            width: w,
        },
        Jurdzinski::Left(0, 0),
    )
}

/// PGSolver's recursive ladder game number `n`: `5n` vertices in `n + 1` blocks of five
/// (`i = 0 … n`), block `i` at indices `5i - 2 + j` for `j = 0 … 4`, of which block 0 has only
/// `j = 2, 3, 4` and block `n` only `j = 0, 1`.
///
/// In block `i`, with `s = i mod 2` and `p = 3(i + 1) + 2`, vertex `j` has (indices relative to
/// the block, so `j - 5` is in the block before and `j + 5` in the next):
/// - `j = 0`: priority `1 - s`, owner `s + 1 mod 2`, moves to `-2` and `1`;
/// - `j = 1`: priority `1 - s`, owner `s`, moves to `0`, and to `2` except in the last block;
/// - `j = 2`: priority `p`, owner `s + 1 mod 2`, moves to `6` and `3`;
/// - `j = 3`: priority `p - 1`, owner `s`, moves to `-2` except in block 0, to `8` except in
///   block `n - 1`, and to `4`;
/// - `j = 4`: priority `p - 2`, owner `s + 1 mod 2`, moves to `3` and `6`.
///
/// Needs `n >= 1`.
pub fn recursiveladder(n: usize) -> Result<ParityGame, GenerateError> {
    if n == 0 {
        return Err(GenerateError::Parameter(
            "the recursive ladder needs n >= 1".into(),
        ));
    }
    let size = n.saturating_mul(5);
    check_size(size, size.saturating_mul(3))?;
    if 3 * (n + 1) + 2 > u32::MAX as usize {
        return Err(GenerateError::TooLarge {
            vertices: size,
            arcs: size,
        });
    }
    let height = n + 1;
    let mut slots: Vec<Option<(u32, Player, Vec<u32>)>> = vec![None; size];
    for i in 0..height {
        let start = 5 * i as i64 - 2;
        let p = (3 * (i + 1) + 2) as u32;
        let s = (i % 2) as u32;
        let o = 1 - s;
        let (first, last, before_last) = (i == 0, i == height - 1, i + 2 == height);
        let mut set = |j: i64, pr: u32, pl: u32, succ: &[i64]| {
            let index = (start + j) as usize;
            let succ = succ.iter().map(|&k| (start + k) as u32).collect();
            slots[index] = Some((pr, benefits(s + pl), succ));
        };
        if !first {
            set(0, o, 1, &[-2, 1]);
            set(1, o, 0, if last { &[0] } else { &[0, 2] });
        }
        if !last {
            set(2, p, 1, &[6, 3]);
            let mut succ = Vec::with_capacity(3);
            if !first {
                succ.push(-2);
            }
            if !before_last {
                succ.push(8);
            }
            succ.push(4);
            set(3, p - 1, 0, &succ);
            set(4, p - 2, 1, &[3, 6]);
        }
    }
    let mut listed = Listed::with_capacity(size, false);
    for slot in slots {
        let (priority, owner, succ) = slot.expect("the blocks cover every vertex");
        listed.priority.push(priority);
        listed.owner.push(owner);
        listed.successors.push(succ);
    }
    listed.finish()
}

/// A node of the model checker ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum ModelChecker {
    Player0(usize),
    Player1(usize),
    Player1x(usize),
}

struct ModelCheckerLadder {
    n: usize,
}

impl Description for ModelCheckerLadder {
    type Node = ModelChecker;

    fn owner(&self, _: &ModelChecker) -> Player {
        ODD
    }

    fn priority(&self, v: &ModelChecker) -> u32 {
        let p = match *v {
            ModelChecker::Player0(i) => 2 * self.n - 2 * i,
            ModelChecker::Player1(_) => 0,
            ModelChecker::Player1x(i) => 2 * self.n - 2 * i - 1,
        };
        p as u32
    }

    fn successors(&self, v: &ModelChecker) -> Vec<ModelChecker> {
        use ModelChecker::{Player0, Player1, Player1x};
        match *v {
            Player0(i) if i == self.n => vec![Player0(0)],
            Player0(i) => vec![Player1(i)],
            Player1(i) => vec![Player1x(i), Player0(i + 1)],
            Player1x(i) => vec![Player0(i + 1)],
        }
    }

    fn name(&self, v: &ModelChecker) -> String {
        match *v {
            ModelChecker::Player0(i) => format!("a{}", self.n - i),
            ModelChecker::Player1(i) => format!("b{}", self.n - i),
            ModelChecker::Player1x(i) => format!("c{}", self.n - i),
        }
    }
}

/// PGSolver's model checker ladder number `n`, explored from `a_n`: `3n + 1` vertices, all
/// owned by Odd. For `i = 0 … n`, `a_{n-i}` has priority `2n - 2i` and moves to `b_{n-i}`
/// (`a_0` moves back to `a_n`); for `i < n`, `b_{n-i}` has priority 0 and moves to `c_{n-i}`
/// and `a_{n-i-1}`, and `c_{n-i}` has priority `2n - 2i - 1` and moves to `a_{n-i-1}`. Vertices
/// carry these names (`a3`, `b3`, `c3`, …).
pub fn modelcheckerladder(n: usize) -> Result<ParityGame, GenerateError> {
    let vertices = n
        .checked_mul(3)
        .and_then(|v| v.checked_add(1))
        .unwrap_or(usize::MAX);
    check_size(vertices, vertices.saturating_mul(2))?;
    if n > (u32::MAX / 2) as usize {
        return Err(GenerateError::TooLarge {
            vertices,
            arcs: vertices,
        });
    }
    explore(&ModelCheckerLadder { n }, ModelChecker::Player0(0))
}

/// PGSolver's clique game without self-cycles (its default): `n` vertices, vertex `v` of
/// priority `v`, owned by the player that priority benefits (Even at even `v`), moving to every
/// other vertex. Needs `n >= 2`.
pub fn cliquegame(n: usize) -> Result<ParityGame, GenerateError> {
    clique(n, false)
}

/// PGSolver's clique game with self-cycles (its option `self`): as [`cliquegame`], but every
/// vertex also moves to itself. Needs `n >= 1`.
pub fn cliquegame_with_self_cycles(n: usize) -> Result<ParityGame, GenerateError> {
    clique(n, true)
}

fn clique(n: usize, self_cycles: bool) -> Result<ParityGame, GenerateError> {
    if n < 2 - self_cycles as usize {
        return Err(GenerateError::Parameter(format!(
            "a clique game {} needs at least {} vertices",
            if self_cycles {
                "with self-cycles"
            } else {
                "without self-cycles"
            },
            2 - self_cycles as usize
        )));
    }
    check_size(n, n.saturating_mul(n))?;
    let mut listed = Listed::with_capacity(n, false);
    for v in 0..n {
        listed.priority.push(v as u32);
        listed.owner.push(benefits(v as u32));
        listed.successors.push(
            (0..n as u32)
                .filter(|&j| self_cycles || j as usize != v)
                .collect(),
        );
    }
    listed.finish()
}

/// A state of the towers of Hanoi: the disks on each peg, top first (disk 1 is the smallest).
type Towers = [Vec<u8>; 3];

struct Hanoi;

impl Hanoi {
    fn finished(ts: &Towers) -> bool {
        ts[0].is_empty() && ts[2].is_empty()
    }
}

impl Description for Hanoi {
    type Node = Towers;

    fn owner(&self, _: &Towers) -> Player {
        EVEN
    }

    fn priority(&self, ts: &Towers) -> u32 {
        if Hanoi::finished(ts) { 0 } else { 1 }
    }

    fn successors(&self, ts: &Towers) -> Vec<Towers> {
        if Hanoi::finished(ts) {
            return vec![ts.clone()];
        }
        let top = |k: usize| ts[k].first().copied().unwrap_or(0);
        let moves = [
            (0, 1, 2),
            (0, 2, 1),
            (1, 0, 2),
            (1, 2, 0),
            (2, 0, 1),
            (2, 1, 0),
        ];
        let mut succ = Vec::with_capacity(3);
        for (f, t, o) in moves {
            if top(f) > 0 && (top(f) < top(t) || top(t) == 0) {
                let mut next: Towers = Default::default();
                next[f] = ts[f][1..].to_vec();
                next[t] = std::iter::once(top(f))
                    .chain(ts[t].iter().copied())
                    .collect();
                next[o] = ts[o].clone();
                succ.push(next);
            }
        }
        // PGSolver collects the moves by prepending them.
        succ.reverse();
        succ
    }

    fn name(&self, ts: &Towers) -> String {
        let peg = |k: usize| {
            ts[k]
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        format!("[{}] [{}] [{}]", peg(0), peg(1), peg(2))
    }
}

/// PGSolver's towers of Hanoi reachability game for `n` disks, explored from the state with all
/// disks on the first peg: one vertex per state, `3^n` in all, every one owned by Even. A state
/// with every disk on the second peg is finished: priority 0 and a self-cycle. Every other
/// state has priority 1 and moves by the legal moves of the puzzle (the top disk of a peg onto
/// an empty peg or a larger disk), so Even wins everywhere by solving the puzzle. Vertices are
/// named by the pegs' contents top first, as `[1,2] [] [3]`. Needs `n >= 1`.
pub fn towersofhanoi(n: usize) -> Result<ParityGame, GenerateError> {
    if n == 0 {
        return Err(GenerateError::Parameter(
            "the towers of Hanoi need n >= 1 disks".into(),
        ));
    }
    let vertices = u32::try_from(n)
        .ok()
        .and_then(|e| 3usize.checked_pow(e))
        .unwrap_or(usize::MAX);
    check_size(vertices, vertices.saturating_mul(3))?;
    let init: Towers = [(1..=n as u8).collect(), Vec::new(), Vec::new()];
    explore(&Hanoi, init)
}

/// Oink's two-counters game `tc` for `n` bits (the version with one distraction per bit): two
/// interleaved binary counters, one per player, of `n` bits each, `8n + 3n(n - 1)` vertices
/// in all (`sum over i < n of 2(4 + 3i)`).
///
/// Before renumbering, with `t = n^2 + 9n` and, for `i = 0 … n-1`, `t_i = t - 2i`: bit `i` of
/// player `q` (Even's bits first at each `i`) has high priority `h = t_i - 2 + q`, input
/// priority `t_i - 2n - 3 + q` and low priority `l = 2 - q`, and consists of
/// - `H` (priority `h`, owner `q`), moving to the input of bit `(i + n - 1) mod n` of player `q`;
/// - `T` (priority `l`, owner `1 - q`), moving to `H` and to the first connector (or to `Z`
///   when `i = 0`);
/// - `L`, the input (input priority, owner `1 - q`), moving to `T`;
/// - for each `j < i` a connector of three vertices of priority `l - 1`: `S` (owner `q`)
///   moving to `A` and `B` (owner `1 - q`), which move to the next connector (or to `Z` after
///   the last), `A` to the input of bit `j` of player `q` and `B` to that of player `1 - q`;
/// - `Z` (priority `l - 1`, owner `q`), moving to `T` and to the inputs of the opponent's bits
///   `i + 1 - q … n - 1`.
///
/// As Oink does, the vertices are then sorted by priority, stably here (Oink's order among
/// equal priorities is unspecified), and the priorities renumbered: the smallest becomes its
/// parity, and each next distinct priority the least number above the previous new one with
/// its own parity. Vertices carry Oink's names (`Even-0-H`, `Odd-2-S-1`, …). Needs `n >= 1`.
pub fn tc(n: usize) -> Result<ParityGame, GenerateError> {
    if n == 0 {
        return Err(GenerateError::Parameter(
            "the two-counters game needs n >= 1 bits".into(),
        ));
    }
    if n > 10_000 {
        return Err(GenerateError::TooLarge {
            vertices: n.saturating_mul(n).saturating_mul(3),
            arcs: n.saturating_mul(n).saturating_mul(6),
        });
    }
    let size = 8 * n + 3 * n * (n - 1);
    check_size(size, size * 3)?;
    // Base index and input of each bit, per player.
    let mut base = [vec![0usize; n], vec![0usize; n]];
    let mut input = [vec![0usize; n], vec![0usize; n]];
    let mut next = 0;
    for i in 0..n {
        for q in 0..2 {
            base[q][i] = next;
            input[q][i] = next + 2;
            next += 4 + 3 * i;
        }
    }
    debug_assert_eq!(next, size);
    let mut priority = vec![0u32; size];
    let mut owner = vec![EVEN; size];
    let mut succ: Vec<Vec<u32>> = vec![Vec::new(); size];
    let mut names = vec![String::new(); size];
    let top = n * n + 9 * n;
    for i in 0..n {
        let t = top - 2 * i;
        for q in 0..2 {
            let (hi, inp, lo) = (
                (t - 2 + q) as u32,
                (t - 2 * n - 3 + q) as u32,
                (2 - q) as u32,
            );
            let (me, them) = (Player(q as u8), Player(1 - q as u8));
            let label = if q == 1 { "Odd" } else { "Even" };
            let c = base[q][i];
            let mut vertex = |v: usize, p: u32, o: Player, name: String, to: Vec<usize>| {
                priority[v] = p;
                owner[v] = o;
                names[v] = name;
                succ[v] = to.into_iter().map(|w| w as u32).collect();
            };
            let z = c + 3 + 3 * i;
            vertex(
                c,
                hi,
                me,
                format!("{label}-{i}-H"),
                vec![input[q][(i + n - 1) % n]],
            );
            vertex(c + 1, lo, them, format!("{label}-{i}-T"), vec![c, c + 3]);
            vertex(c + 2, inp, them, format!("{label}-{i}-L"), vec![c + 1]);
            let inputs = input[q].iter().zip(&input[1 - q]).take(i).enumerate();
            for (j, (&own_input, &other_input)) in inputs {
                let d = c + 3 + 3 * j;
                vertex(
                    d,
                    lo - 1,
                    me,
                    format!("{label}-{i}-S-{j}"),
                    vec![d + 1, d + 2],
                );
                vertex(
                    d + 1,
                    lo - 1,
                    them,
                    format!("{label}-{i}-A-{j}"),
                    vec![d + 3, own_input],
                );
                vertex(
                    d + 2,
                    lo - 1,
                    them,
                    format!("{label}-{i}-B-{j}"),
                    vec![d + 3, other_input],
                );
            }
            let to_z = std::iter::once(c + 1)
                .chain((i + 1 - q..n).map(|j| input[1 - q][j]))
                .collect();
            vertex(z, lo - 1, me, format!("{label}-{i}-Z"), to_z);
        }
    }
    // Sort by priority (stably) and renumber the priorities.
    let mut order: Vec<usize> = (0..size).collect();
    order.sort_by_key(|&v| priority[v]);
    let mut new_index = vec![0u32; size];
    for (k, &v) in order.iter().enumerate() {
        new_index[v] = k as u32;
    }
    let mut listed = Listed::with_capacity(size, true);
    let mut last: Option<(u32, u32)> = None; // (old, new)
    for &v in &order {
        let p = priority[v];
        let renumbered = match last {
            None => p % 2,
            Some((_, new)) if new % 2 != p % 2 => new + 1,
            Some((old, new)) if old != p => new + 2,
            Some((_, new)) => new,
        };
        last = Some((p, renumbered));
        listed.priority.push(renumbered);
        listed.owner.push(owner[v]);
        listed
            .successors
            .push(succ[v].iter().map(|&w| new_index[w as usize]).collect());
        if let Some(listed_names) = listed.names.as_mut() {
            listed_names.push(std::mem::take(&mut names[v]));
        }
    }
    listed.finish()
}

/// What a family of [`FAMILIES`] runs: its parameters and its constructor, which [`build()`]
/// calls once it has checked the number of parameters.
#[derive(Clone, Copy, Debug)]
pub struct Family {
    /// What the numbers given to [`build()`] mean, in order.
    pub params: &'static str,
    /// The fewest and the most numbers it takes.
    pub arity: (usize, usize),
    /// Builds a game from as many parameters as `arity` allows and a seed (ignored by the
    /// structured families).
    construct: fn(&[u64], u64) -> Result<ParityGame, GenerateError>,
    /// The parameters of a game of about this many vertices, for families that scale with one
    /// size (benchmarks at growing sizes); `None` for families that need their parameters.
    pub scaled: Option<fn(u64) -> Vec<u64>>,
}

/// The most disks of the towers of Hanoi with at most `vertices` states (3^disks of them).
fn hanoi_disks(vertices: u64) -> Vec<u64> {
    let mut disks = 1;
    while 3u64.saturating_pow(disks + 1) <= vertices {
        disks += 1;
    }
    vec![u64::from(disks)]
}

/// A parameter as a count.
fn size(x: u64) -> Result<usize, GenerateError> {
    usize::try_from(x).map_err(|_| GenerateError::Parameter(format!("{x} is too large")))
}

/// A parameter as a priority.
fn prio(x: u64) -> Result<u32, GenerateError> {
    u32::try_from(x).map_err(|_| GenerateError::Parameter(format!("priority {x} is too large")))
}

/// Every parity-game family, each with a constructor from its parameters and a seed.
pub static FAMILIES: Registry<Family> = Registry::new(
    "parity game family",
    &[
        Entry {
            id: "randomgame",
            summary: "random owners, priorities and distinct successors, out-degrees in a range",
            bounds: "",
            run: Family {
                params: "n p l h [x]: n vertices, priorities 0..=p, out-degrees l..=h; x != 0 disables self-cycles",
                arity: (4, 5),
                construct: |params, seed| {
                    let (n, p, l, h) = (
                        size(params[0])?,
                        prio(params[1])?,
                        size(params[2])?,
                        size(params[3])?,
                    );
                    if params.get(4).is_some_and(|&x| x != 0) {
                        randomgame_without_self_cycles(n, p, l, h, seed)
                    } else {
                        randomgame(n, p, l, h, seed)
                    }
                },
                scaled: Some(|v| vec![v, 9, 2, 5.min(v)]),
            },
        },
        Entry {
            id: "steadygame",
            summary: "random owners, vertex i of priority i, out- and in-degrees kept in ranges",
            bounds: "",
            run: Family {
                params: "n l h x y: n vertices, out-degrees l..=h, in-degrees x..=y",
                arity: (5, 5),
                construct: |params, seed| {
                    steadygame(
                        size(params[0])?,
                        size(params[1])?,
                        size(params[2])?,
                        size(params[3])?,
                        size(params[4])?,
                        seed,
                    )
                },
                scaled: Some(|v| vec![v, 2, 5, 2, 5]),
            },
        },
        Entry {
            id: "laddergame",
            summary: "2n vertices, v of priority and owner v mod 2, moving to v+1 and v+2 mod 2n",
            bounds: "",
            run: Family {
                params: "n: half the number of vertices",
                arity: (1, 1),
                construct: |params, _| laddergame(size(params[0])?),
                scaled: Some(|v| vec![(v / 2).max(1)]),
            },
        },
        Entry {
            id: "jurdzinskigame",
            summary: "Jurdzinski's lower-bound games for small progress measures",
            bounds: "",
            run: Family {
                params: "h w: height (layers) and width",
                arity: (2, 2),
                construct: |params, _| jurdzinskigame(size(params[0])?, size(params[1])?),
                // Height 10 has 2w + 1 + 9 (3w + 1) vertices.
                scaled: Some(|v| vec![10, (v.saturating_sub(10) / 29).max(1)]),
            },
        },
        Entry {
            id: "recursiveladder",
            summary: "nested ladders of five-vertex blocks, hard for the recursive algorithm",
            bounds: "",
            run: Family {
                params: "n: number of the game (5n vertices)",
                arity: (1, 1),
                construct: |params, _| recursiveladder(size(params[0])?),
                scaled: Some(|v| vec![(v / 5).max(1)]),
            },
        },
        Entry {
            id: "modelcheckerladder",
            summary: "a ladder of Odd vertices as from model checking, 3n + 1 vertices",
            bounds: "",
            run: Family {
                params: "n: number of the game",
                arity: (1, 1),
                construct: |params, _| modelcheckerladder(size(params[0])?),
                scaled: Some(|v| vec![(v.saturating_sub(1) / 3).max(1)]),
            },
        },
        Entry {
            id: "cliquegame",
            summary: "complete graph on n vertices, v of priority v owned by the player of v's parity",
            bounds: "",
            run: Family {
                params: "n [s]: n vertices; s != 0 adds self-cycles",
                arity: (1, 2),
                construct: |params, _| {
                    let n = size(params[0])?;
                    if params.get(1).is_some_and(|&s| s != 0) {
                        cliquegame_with_self_cycles(n)
                    } else {
                        cliquegame(n)
                    }
                },
                scaled: None,
            },
        },
        Entry {
            id: "towersofhanoi",
            summary: "the 3^n states of the n-disk towers of Hanoi, Even to reach the second peg",
            bounds: "",
            run: Family {
                params: "n: number of disks",
                arity: (1, 1),
                construct: |params, _| towersofhanoi(size(params[0])?),
                scaled: Some(hanoi_disks),
            },
        },
        Entry {
            id: "tc",
            summary: "Oink's two interleaved binary counters, hard for tangle learning",
            bounds: "",
            run: Family {
                params: "n: number of bits per counter",
                arity: (1, 1),
                construct: |params, _| tc(size(params[0])?),
                scaled: None,
            },
        },
        Entry {
            id: "switchallexp",
            summary: "Friedmann's sink game on which switch-all strategy improvement counts to 2^n",
            bounds: "",
            run: Family {
                params: "n: number of bits (14n + 7 vertices, 34n + 7 edges)",
                arity: (1, 1),
                construct: |params, _| friedmann::switchallexp(size(params[0])?),
                scaled: None,
            },
        },
        Entry {
            id: "switchallsubexp",
            summary: "Friedmann's LICS 2009 sink game for switch-all, quadratically many edges",
            bounds: "",
            run: Family {
                params: "n: number of bits (10n + 5 vertices)",
                arity: (1, 1),
                construct: |params, _| friedmann::switchallsubexp(size(params[0])?),
                scaled: None,
            },
        },
        Entry {
            id: "switchbestexp",
            summary: "Friedmann's sink game on which Schewe's switch-best strategy improvement counts to 2^n",
            bounds: "",
            run: Family {
                params: "n: number of bits (25n + 10 vertices, 60n + 10 edges)",
                arity: (1, 1),
                construct: |params, _| friedmann::switchbestexp(size(params[0])?),
                scaled: None,
            },
        },
    ],
);

/// A game of the family `id` of [`FAMILIES`] with these parameters (PGSolver's, in its order),
/// from `seed`.
///
/// ```
/// use kalmar_parity::generate;
/// let game = generate::build("cliquegame", &[4], 0).unwrap();
/// assert_eq!(game.arena().num_edges(), 12);
/// assert!(generate::build("cliquegame", &[4, 1, 1], 0).is_err());
/// let err = generate::build("nope", &[4], 0).unwrap_err();
/// assert!(err.to_string().starts_with("unknown parity game family 'nope'"));
/// ```
pub fn build(id: &str, params: &[u64], seed: u64) -> Result<ParityGame, GenerateError> {
    let family = &FAMILIES.get(id)?.run;
    let (min, max) = family.arity;
    if params.len() < min || params.len() > max {
        let expected = if min == max {
            format!("{min}")
        } else {
            format!("{min} to {max}")
        };
        return Err(GenerateError::Parameter(format!(
            "{id} takes {expected} parameters, not {}",
            params.len()
        )));
    }
    (family.construct)(params, seed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Stats, zlk};
    use kalmar_core::Certificate;

    /// Solves `game` with Zielonka's algorithm and checks the solution; returns the winners.
    fn solve_and_verify(game: &ParityGame) -> Vec<Player> {
        let solution = zlk::solve(game, &mut Stats::default());
        solution.verify(game).expect("the solution verifies");
        solution.winner
    }

    fn successors(game: &ParityGame, v: usize) -> Vec<usize> {
        game.arena()
            .successors(Vertex::new(v))
            .iter()
            .map(|w| w.index())
            .collect()
    }

    fn owner(game: &ParityGame, v: usize) -> Player {
        match game.arena().owner(Vertex::new(v)) {
            Owner::Player(p) => p,
            other => panic!("vertex {v} belongs to {other:?}"),
        }
    }

    fn is_sorted_set(s: &[usize]) -> bool {
        s.windows(2).all(|w| w[0] < w[1])
    }

    #[test]
    fn randomgame_has_the_documented_shape() {
        for (n, p, l, h) in [
            (1, 0, 1, 1),
            (10, 3, 1, 10),
            (100, 20, 2, 5),
            (300, 5, 1, 3),
        ] {
            for seed in 0..3 {
                let game = randomgame(n, p, l, h, seed).unwrap();
                assert_eq!(game.arena().num_vertices(), n);
                assert!(game.max_priority() <= p);
                for v in 0..n {
                    let s = successors(&game, v);
                    assert!((l..=h).contains(&s.len()), "degree {} at {v}", s.len());
                    assert!(is_sorted_set(&s));
                }
                solve_and_verify(&game);
            }
        }
        for (n, p, l, h) in [(2, 1, 1, 1), (20, 6, 1, 19), (200, 9, 1, 4)] {
            let game = randomgame_without_self_cycles(n, p, l, h, 5).unwrap();
            assert_eq!(game.arena().num_vertices(), n);
            for v in 0..n {
                let s = successors(&game, v);
                assert!((l..=h).contains(&s.len()));
                assert!(is_sorted_set(&s));
                assert!(!s.contains(&v), "self-cycle at {v}");
            }
            solve_and_verify(&game);
        }
        // Every vertex but one as successor, and every vertex.
        let game = randomgame_without_self_cycles(5, 2, 4, 4, 1).unwrap();
        assert_eq!(game.arena().num_edges(), 20);
        assert_eq!(randomgame(5, 2, 5, 5, 1).unwrap().arena().num_edges(), 25);
    }

    #[test]
    fn randomgame_rejects_bad_parameters() {
        assert!(randomgame(0, 3, 1, 1, 0).is_err());
        assert!(randomgame(5, 3, 0, 2, 0).is_err());
        assert!(randomgame(5, 3, 3, 2, 0).is_err());
        assert!(randomgame(5, 3, 1, 6, 0).is_err());
        assert!(randomgame_without_self_cycles(5, 3, 1, 5, 0).is_err());
        assert!(randomgame_without_self_cycles(1, 3, 1, 1, 0).is_err());
    }

    #[test]
    fn random_families_are_deterministic() {
        assert_eq!(randomgame(200, 10, 1, 4, 9), randomgame(200, 10, 1, 4, 9));
        assert_ne!(randomgame(200, 10, 1, 4, 9), randomgame(200, 10, 1, 4, 10));
        assert_eq!(
            randomgame_without_self_cycles(200, 10, 1, 4, 9),
            randomgame_without_self_cycles(200, 10, 1, 4, 9)
        );
        assert_eq!(
            steadygame(200, 1, 4, 1, 4, 9),
            steadygame(200, 1, 4, 1, 4, 9)
        );
        assert_ne!(
            steadygame(200, 1, 4, 1, 4, 9),
            steadygame(200, 1, 4, 1, 4, 10)
        );
        for f in &FAMILIES {
            let params: &[u64] = match f.id {
                "randomgame" => &[50, 6, 1, 3],
                "steadygame" => &[50, 1, 3, 1, 3],
                "jurdzinskigame" => &[2, 3],
                _ => &[3],
            };
            assert_eq!(
                build(f.id, params, 4).unwrap(),
                build(f.id, params, 4).unwrap(),
                "{}",
                f.id
            );
        }
    }

    #[test]
    fn steadygame_has_the_documented_shape() {
        for (n, l, h, x, y) in [
            (1, 1, 1, 1, 1),
            (2, 1, 2, 1, 2),
            (10, 1, 3, 1, 3),
            (100, 2, 4, 2, 4),
            (300, 1, 2, 1, 5),
            (50, 3, 3, 3, 3),
        ] {
            for seed in 0..3 {
                let game = steadygame(n, l, h, x, y, seed).unwrap();
                let arena = game.arena();
                assert_eq!(arena.num_vertices(), n);
                for v in 0..n {
                    assert_eq!(game.priority(Vertex::new(v)), v as u32);
                    let s = successors(&game, v);
                    assert!(!s.is_empty());
                    assert!(is_sorted_set(&s));
                    if l < h {
                        assert!(s.len() <= h, "out-degree {} at {v}", s.len());
                    }
                    if x < y {
                        assert!(arena.in_edges(Vertex::new(v)).len() <= y);
                    }
                }
                solve_and_verify(&game);
            }
        }
    }

    #[test]
    fn steadygame_rejects_bad_parameters() {
        assert!(steadygame(0, 1, 2, 1, 2, 0).is_err());
        assert!(steadygame(5, 0, 2, 1, 2, 0).is_err());
        assert!(steadygame(5, 1, 2, 0, 2, 0).is_err());
        assert!(steadygame(5, 3, 2, 1, 2, 0).is_err());
        assert!(steadygame(5, 1, 2, 3, 2, 0).is_err());
        // Too few predecessors for the successors asked for: an error, not a dead end.
        for seed in 0..5 {
            let _ = steadygame(20, 4, 5, 1, 2, seed);
        }
    }

    #[test]
    fn laddergame_is_won_by_the_owner() {
        for n in [1, 2, 3, 10, 100] {
            let game = laddergame(n).unwrap();
            assert_eq!(game.arena().num_vertices(), 2 * n);
            assert_eq!(game.arena().num_edges(), 4 * n);
            for v in 0..2 * n {
                assert_eq!(game.priority(Vertex::new(v)), (v % 2) as u32);
                assert_eq!(owner(&game, v), Player((v % 2) as u8));
            }
            let winner = solve_and_verify(&game);
            for (v, w) in winner.iter().enumerate() {
                assert_eq!(*w, Player((v % 2) as u8));
            }
        }
        assert_eq!(successors(&laddergame(3).unwrap(), 5), vec![0, 1]);
        assert!(laddergame(0).is_err());
    }

    #[test]
    fn jurdzinskigame_has_the_documented_shape() {
        for h in 1..=5 {
            for w in 1..=5 {
                let game = jurdzinskigame(h, w).unwrap();
                let arena = game.arena();
                assert_eq!(
                    arena.num_vertices(),
                    2 * w + 1 + (h - 1) * (3 * w + 1),
                    "h={h} w={w}"
                );
                assert_eq!(arena.num_edges(), 2 * w + w * (h + 1) + 7 * w * (h - 1));
                assert_eq!(arena.name(Vertex(0)), "L(0,0)");
                assert_eq!(
                    game.max_priority(),
                    if h == 1 { 1 } else { 2 * h as u32 - 1 }
                );
                solve_and_verify(&game);
            }
        }
        // Height 0 is height 1, width 0 is width 1.
        assert_eq!(jurdzinskigame(0, 3), jurdzinskigame(1, 3));
        assert_eq!(jurdzinskigame(3, 0), jurdzinskigame(3, 1));
        // Discovery order: L(0,0), then R(0,0), then its successors.
        let game = jurdzinskigame(2, 2).unwrap();
        let names: Vec<String> = (0..5)
            .map(|v| game.arena().name(Vertex(v)).into_owned())
            .collect();
        assert_eq!(names, ["L(0,0)", "R(0,0)", "L(0,1)", "R(1,0)", "R(0,1)"]);
    }

    #[test]
    fn recursiveladder_has_the_documented_shape() {
        for n in 1..=12 {
            let game = recursiveladder(n).unwrap();
            assert_eq!(game.arena().num_vertices(), 5 * n);
            assert_eq!(game.max_priority(), 3 * n as u32 + 2);
            solve_and_verify(&game);
        }
        // The first game: block 0 (vertices 0, 1, 2) and block 1 (vertices 3, 4).
        let game = recursiveladder(1).unwrap();
        let expect: [(u32, u8, &[usize]); 5] = [
            (5, 1, &[1, 4]),
            (4, 0, &[2]),
            (3, 1, &[1, 4]),
            (0, 0, &[1, 4]),
            (0, 1, &[3]),
        ];
        for (v, (p, o, s)) in expect.into_iter().enumerate() {
            assert_eq!(game.priority(Vertex::new(v)), p, "vertex {v}");
            assert_eq!(owner(&game, v), Player(o), "vertex {v}");
            assert_eq!(successors(&game, v), s, "vertex {v}");
        }
        assert!(recursiveladder(0).is_err());
    }

    #[test]
    fn modelcheckerladder_has_the_documented_shape() {
        for n in 0..=20 {
            let game = modelcheckerladder(n).unwrap();
            assert_eq!(game.arena().num_vertices(), 3 * n + 1);
            assert_eq!(game.max_priority(), 2 * n as u32);
            assert!((0..3 * n + 1).all(|v| owner(&game, v) == ODD));
            assert_eq!(game.arena().name(Vertex(0)), format!("a{n}"));
            solve_and_verify(&game);
        }
        let game = modelcheckerladder(1).unwrap();
        let names: Vec<String> = (0..4)
            .map(|v| game.arena().name(Vertex(v)).into_owned())
            .collect();
        assert_eq!(names, ["a1", "b1", "c1", "a0"]);
        assert_eq!(successors(&game, 1), vec![2, 3]);
        assert_eq!(successors(&game, 3), vec![0]);
    }

    #[test]
    fn cliquegame_has_the_documented_shape() {
        for n in [2, 3, 4, 7, 20] {
            let game = cliquegame(n).unwrap();
            assert_eq!(game.arena().num_vertices(), n);
            assert_eq!(game.arena().num_edges(), n * (n - 1));
            assert_eq!(game.distinct_priorities(), n);
            solve_and_verify(&game);
            let game = cliquegame_with_self_cycles(n).unwrap();
            assert_eq!(game.arena().num_edges(), n * n);
            solve_and_verify(&game);
        }
        assert!(cliquegame(1).is_err());
        assert_eq!(
            cliquegame_with_self_cycles(1).unwrap().arena().num_edges(),
            1
        );
    }

    #[test]
    fn towersofhanoi_is_won_by_even() {
        for n in 1..=5 {
            let game = towersofhanoi(n).unwrap();
            let arena = game.arena();
            assert_eq!(arena.num_vertices(), 3usize.pow(n as u32));
            assert_eq!(arena.num_edges(), 3usize.pow(n as u32 + 1) - 4);
            let start: String = format!(
                "[{}] [] []",
                (1..=n).map(|d| d.to_string()).collect::<Vec<_>>().join(",")
            );
            assert_eq!(arena.name(Vertex(0)), start);
            assert_eq!(game.distinct_priorities(), 2);
            let winner = solve_and_verify(&game);
            assert!(winner.iter().all(|&w| w == EVEN));
        }
        assert!(towersofhanoi(0).is_err());
    }

    #[test]
    fn registry_builds_every_family() {
        let cases: &[(&str, &[&[u64]])] = &[
            (
                "randomgame",
                &[&[30, 5, 1, 3], &[30, 5, 1, 3, 1], &[1, 0, 1, 1]],
            ),
            ("steadygame", &[&[30, 1, 3, 1, 3], &[5, 2, 2, 2, 2]]),
            ("laddergame", &[&[1], &[7]]),
            ("jurdzinskigame", &[&[1, 1], &[3, 2], &[0, 0]]),
            ("recursiveladder", &[&[1], &[6]]),
            ("modelcheckerladder", &[&[0], &[6]]),
            ("cliquegame", &[&[2], &[6, 1], &[6, 0]]),
            ("towersofhanoi", &[&[1], &[4]]),
            ("tc", &[&[1], &[5]]),
            ("switchallexp", &[&[1], &[6]]),
            ("switchallsubexp", &[&[0], &[6]]),
            ("switchbestexp", &[&[1], &[4]]),
        ];
        assert_eq!(cases.len(), FAMILIES.len());
        for (id, params) in cases {
            for p in *params {
                let game = build(id, p, 11).unwrap();
                assert!(game.arena().num_vertices() <= 300);
                solve_and_verify(&game);
            }
        }
        assert_eq!(
            build("cliquegame", &[6, 1], 0),
            cliquegame_with_self_cycles(6)
        );
        assert_eq!(
            build("randomgame", &[30, 5, 1, 3, 1], 2),
            randomgame_without_self_cycles(30, 5, 1, 3, 2)
        );
        assert!(build("laddergame", &[], 0).is_err());
        assert!(build("laddergame", &[1, 2], 0).is_err());
        match build("nope", &[1], 0) {
            Err(GenerateError::Unknown(e)) => {
                assert!(e.known.contains(&"towersofhanoi") && e.known.contains(&"randomgame"))
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn tc_has_the_documented_shape() {
        for n in 1..=9 {
            let game = tc(n).unwrap();
            assert_eq!(game.arena().num_vertices(), 8 * n + 3 * n * (n - 1));
            let p: Vec<u32> = game.arena().vertices().map(|v| game.priority(v)).collect();
            assert!(p.windows(2).all(|w| w[0] <= w[1]), "sorted by priority");
            solve_and_verify(&game);
        }
        // One bit each: the priorities 8, 2, 5, 1 (Even's bit) and 9, 1, 6, 0 (Odd's),
        // sorted and renumbered.
        let game = tc(1).unwrap();
        let arena = game.arena();
        let names: Vec<String> = arena
            .vertices()
            .map(|v| arena.name(v).into_owned())
            .collect();
        assert_eq!(
            names,
            [
                "Odd-0-Z", "Even-0-Z", "Odd-0-T", "Even-0-T", "Even-0-L", "Odd-0-L", "Even-0-H",
                "Odd-0-H"
            ]
        );
        let p: Vec<u32> = arena.vertices().map(|v| game.priority(v)).collect();
        assert_eq!(p, [0, 1, 1, 2, 3, 4, 6, 7]);
        let owners: Vec<u8> = (0..8).map(|v| owner(&game, v).0).collect();
        assert_eq!(owners, [1, 0, 0, 1, 1, 0, 0, 1]);
        // Odd-0-Z moves to Odd-0-T and Even-0-L; Even-0-H to Even-0-L.
        assert_eq!(successors(&game, 0), vec![2, 4]);
        assert_eq!(successors(&game, 6), vec![4]);
        assert!(tc(0).is_err());
    }
}
