//! Friedmann's games on which deterministic strategy improvement takes exponentially many
//! iterations, built as PGSolver's policy-iteration generators (`stratimprgen -pg NAME n`)
//! build them.
//!
//! O. Friedmann, *An exponential lower bound for the parity game strategy improvement algorithm
//! as we know it*, LICS 2009; *An exponential lower bound for the latest deterministic strategy
//! iteration algorithms*, LMCS 7(3), 2011; and *Exponential lower bounds for solving infinitary
//! payoff games and linear programs*, PhD thesis, LMU Munich, 2011.
//!
//! Each game of parameter `n` simulates an `n`-bit binary counter. Bit `i` is a simple cycle
//! that Even's strategy closes (bit set) or leaves open (bit unset). A *deceleration lane* of
//! `2n` (or `6n + 1`) vertices offers the open cycles an exit that gets better by one place per
//! iteration, so that they close one at a time, lowest first; once a bit is set, the lower bits
//! are reset and count up again. Friedmann shows that the improvement rule each game is made
//! for passes through all `2^n` states of the counter, so it needs at least `2^n` iterations
//! on a game of polynomial size.
//!
//! Every game is a *sink game*: `q`, a self-loop of the smallest priority 1, is the sink, and
//! Odd wins every vertex. Along the runs of strategy improvement the games are made for, Odd's
//! best answer to Even's strategy leads every play into `q`, so the valuations differ only in
//! the vertices visited on the way. Zielonka's algorithm solves these games at once; they are
//! hard for strategy improvement only.
//!
//! - [`switchallexp`]: the game of LMCS 2011 and the thesis for Vöge and Jurdziński's
//!   switch-all rule (every improvable vertex switches to a best successor), `14n + 7`
//!   vertices and `34n + 7` edges: at least `2^n` iterations on a game of linear size;
//! - [`switchallsubexp`]: the game of LICS 2009 for the same rule, `10n + 5` vertices but
//!   `n^2 + n(n-1)/2 + 21n + 6` edges (a cycle vertex moves into the lane at `2i + 2` places),
//!   so `2^n` iterations are `2^Ω(√m)` in the size `m`;
//! - [`switchbestexp`]: the game of the thesis for Schewe's switch-best rule (each step
//!   switches to the best strategy reachable by any combination of improving switches),
//!   `25n + 10` vertices and `60n + 10` edges.
//!
//! PGSolver numbers the vertices of these games in the order in which its generator first names
//! them: the vertices are added one after the other, and adding one names the vertex, then its
//! successors in the order given. The generators here add the same vertices in the same order,
//! so the numbering, the priorities, owners and successor sets (listed in increasing order)
//! are PGSolver's. Vertices carry PGSolver's names (`a0`, `e3`, `q`, `g'1`, …).
//!
//! # Complexity
//! Each generator runs in time and memory linear in the size of its game.
//!
//! # Example
//! ```
//! use kalmar_parity::generate::friedmann::switchallexp;
//! let game = switchallexp(4).unwrap();
//! assert_eq!(game.arena().num_vertices(), 14 * 4 + 7);
//! assert_eq!(game.arena().num_edges(), 34 * 4 + 7);
//! assert_eq!(game.arena().name(kalmar_core::Vertex(0)), "q");
//! ```

use crate::ParityGame;
use kalmar_core::generate::{GenerateError, builder, check_size};
use kalmar_core::{Owner, Player, Vertex};
use std::collections::HashMap;
use std::hash::Hash;

/// Even, player 0.
const EVEN: Player = Player(0);
/// Odd, player 1.
const ODD: Player = Player(1);

/// A vertex of a symbolic game, with PGSolver's name for it.
trait Named: Copy + Eq + Hash {
    fn name(&self) -> String;
}

/// The owner, priority and successors of a vertex once added.
type Added = (Player, u32, Vec<u32>);

/// A game given vertex by vertex, numbered in the order vertices are first named (PGSolver's
/// `SymbolicParityGame`): adding a vertex names it, then its successors in order.
struct Symbolic<N> {
    code: HashMap<N, u32>,
    /// Per vertex: its symbol, and its owner, priority and successors once added.
    vertices: Vec<(N, Option<Added>)>,
}

impl<N: Named> Symbolic<N> {
    fn with_capacity(vertices: usize) -> Self {
        Symbolic {
            code: HashMap::with_capacity(vertices),
            vertices: Vec::with_capacity(vertices),
        }
    }

    /// The number of `v`, the next one if `v` is new.
    fn number(&mut self, v: N) -> u32 {
        if let Some(&c) = self.code.get(&v) {
            return c;
        }
        let c = self.vertices.len() as u32;
        self.code.insert(v, c);
        self.vertices.push((v, None));
        c
    }

    /// Adds `v`, of this priority and owner, moving to `successors`.
    fn add(&mut self, v: N, priority: u32, owner: Player, successors: &[N]) {
        let c = self.number(v);
        let succ = successors.iter().map(|&w| self.number(w)).collect();
        self.vertices[c as usize].1 = Some((owner, priority, succ));
    }

    /// The game; every vertex named must have been added. Successor lists are sorted and freed
    /// of repetitions, as PGSolver's successor sets are.
    fn finish(self) -> Result<ParityGame, GenerateError> {
        let n = self.vertices.len();
        let mut owner = Vec::with_capacity(n);
        let mut priority = Vec::with_capacity(n);
        let mut successors = Vec::with_capacity(n);
        let mut names = Vec::with_capacity(n);
        for (v, data) in self.vertices {
            let (o, p, mut s) = data.expect("every vertex named is added");
            s.sort_unstable();
            s.dedup();
            owner.push(o);
            priority.push(p);
            successors.push(s);
            names.push(v.name());
        }
        let arcs = successors.iter().map(Vec::len).sum();
        check_size(n, arcs)?;
        let mut b = builder(n, arcs);
        for &o in &owner {
            b.add_vertex(Owner::Player(o));
        }
        for (v, succ) in successors.iter().enumerate() {
            for &w in succ {
                b.add_edge(Vertex::new(v), Vertex(w));
            }
        }
        for (v, name) in names.into_iter().enumerate() {
            b.set_name(Vertex::new(v), name);
        }
        let arena = b.build().expect("generators build valid arenas");
        Ok(ParityGame::new(arena, priority).expect("generators build valid parity games"))
    }
}

/// Checks `n` against the least parameter of `family` and the size of its game: `vertices` and
/// `arcs` give that size and `top` its largest priority, as functions of `n`. Returns `n` as a
/// `u32`, in which every priority of the game then fits.
fn check_parameter(
    family: &str,
    n: usize,
    least: usize,
    vertices: fn(u128) -> u128,
    arcs: fn(u128) -> u128,
    top: fn(u128) -> u128,
) -> Result<u32, GenerateError> {
    if n < least {
        return Err(GenerateError::Parameter(format!(
            "{family} needs n >= {least}"
        )));
    }
    let too_large = |vertices, arcs| GenerateError::TooLarge { vertices, arcs };
    let small = u32::try_from(n).map_err(|_| too_large(usize::MAX, usize::MAX))?;
    // Below 2^32, every size and priority fits a u128.
    let m = u128::from(small);
    let fit = |x: u128| usize::try_from(x).unwrap_or(usize::MAX);
    let (v, a) = (fit(vertices(m)), fit(arcs(m)));
    check_size(v, a)?;
    if top(m) > u128::from(u32::MAX) {
        return Err(too_large(v, a));
    }
    Ok(small)
}

/// A vertex of [`switchallexp`], by the letter of the thesis (PGSolver's names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum All {
    /// `a_i`: even vertex of the deceleration lane.
    A(u32),
    /// `b_i`: odd vertex of the deceleration lane.
    B(u32),
    /// `d`: the root of the lane.
    D,
    /// `e_i`: Even's vertex of the cycle of bit `i`.
    E(u32),
    /// `f_i`: from cycle `i` to an even place of the lane.
    F(u32),
    /// `g_i`: from cycle `i` to an odd place of the lane.
    G(u32),
    /// `h_i`: Odd's vertex of the cycle of bit `i`.
    H(u32),
    /// `k_i`: the access to cycle `i`.
    K(u32),
    /// `l_i`: the selector of cycle `i`.
    L(u32),
    /// `r_i`: the decelerator of selector `i`.
    R(u32),
    /// `m_i`: the way out of cycle `i`.
    M(u32),
    /// `z_i`: the upper selector of bit `i`.
    Z(u32),
    /// `v_i`: the helper of upper selector `i`.
    V(u32),
    /// `p`: the vertex before the sink, of the largest priority.
    P,
    /// `q`: the sink, a self-loop of priority 1.
    Q,
    /// `s`: the start of Even.
    S,
    /// `t`: the selector of the start.
    T,
    /// `w`: the entry to the higher bits.
    W,
    /// `y`: the lowest bit.
    Y,
    /// `x`: the bit selector.
    X,
}

impl Named for All {
    fn name(&self) -> String {
        match *self {
            All::A(i) => format!("a{i}"),
            All::B(i) => format!("b{i}"),
            All::D => "d".into(),
            All::E(i) => format!("e{i}"),
            All::F(i) => format!("f{i}"),
            All::G(i) => format!("g{i}"),
            All::H(i) => format!("h{i}"),
            All::K(i) => format!("k{i}"),
            All::L(i) => format!("l{i}"),
            All::R(i) => format!("r{i}"),
            All::M(i) => format!("m{i}"),
            All::Z(i) => format!("z{i}"),
            All::V(i) => format!("v{i}"),
            All::P => "p".into(),
            All::Q => "q".into(),
            All::S => "s".into(),
            All::T => "t".into(),
            All::W => "w".into(),
            All::Y => "y".into(),
            All::X => "x".into(),
        }
    }
}

/// PGSolver's `switchallexp n`: Friedmann's lower-bound game for the switch-all rule of
/// strategy improvement, `14n + 7` vertices and `34n + 7` edges. Needs `n >= 1`.
///
/// The vertices, added in this order (so numbered in order of first mention), with priority,
/// owner and moves:
/// - `q`: 1, Odd, to `q`;
/// - `s`: 2, Even, to `p` and `k_0 … k_{n-1}`;
/// - `t`: 3, Even, to `x` and `s`;
/// - `y`: 5, Even, to `w` and `l_0`;
/// - `w`: 7, Even, to `y`, `p` and `l_1 … l_{n-1}`;
/// - `d`: `12n + 8`, Even, to `t` and `x`;
/// - `x`: `12n + 10`, Even, to `w` and `y`;
/// - `p`: `16n + 12`, Odd, to `q`;
/// - for `i = 0 … 2n-1`: `a_i`: `8n + 2i + 8`, Odd, to `b_i`; and `b_i`: `8n + 2i + 7`, Even, to
///   `d` (for `i < 2`) or `b_{i-1}`, and to `x` and `s`;
/// - for `i = 0 … n-1`:
///   - `e_i`: `6n + 2i + 7`, Even, to `a_0`, `x`, `s`, `h_i`, `f_i`, `g_i`;
///   - `f_i`: `6i + 8`, Even, to `f_{i-1}` (for `i > 0`), `d` and `a_{2i}`;
///   - `g_i`: `6i + 10`, Even, to `g_{i-1}` (for `i > 0`), `d` and `a_{2i+1}`;
///   - `h_i`: `6n + 2i + 8`, Odd, to `e_i` and `m_i`;
///   - `m_i`: `12n + 4i + 14`, Odd, to `z_i`;
///   - `z_i`: `12n + 4i + 11`, Even, to `p`, and to `v_i` for `i < n - 1`;
///   - `k_i`: `12n + 4i + 13`, Odd, to `h_i`;
///   - `l_i`: `6i + 11`, Even, to `k_i` and `z_i`;
///   - `r_i`: `6i + 12`, Even, to `l_i` and `z_i`;
///   - for `i < n - 1`, `v_i`: `6i + 9`, Even, to `r_{i+1}` and to `v_{i+1}` (or to `p` when
///     `i = n - 2`).
///
/// The priorities are distinct. Bit `i` is set when Even's `e_i` moves to `h_i` (closing the
/// cycle `e_i h_i`, which Odd must leave by `m_i`).
///
/// As PGSolver builds it, the counter is exact for `n <= 7` only. When a bit `j >= 6` is set,
/// the reset of the lower bits travels down the chain of the `v_i` one vertex per iteration and
/// falls behind the lane, so for `n >= 8` switch-all skips a few states of the counter (with
/// `n = 8`, the state in which bits 7 and 0 alone are set); it still needs about twice as many
/// iterations for each further bit.
///
/// ```
/// use kalmar_parity::generate::friedmann::switchallexp;
/// let game = switchallexp(3).unwrap();
/// assert_eq!(game.distinct_priorities(), 14 * 3 + 7);
/// assert_eq!(game.max_priority(), 16 * 3 + 12);
/// ```
pub fn switchallexp(n: usize) -> Result<ParityGame, GenerateError> {
    use All::*;
    let n = check_parameter(
        "switchallexp",
        n,
        1,
        |n| 14 * n + 7,
        |n| 34 * n + 7,
        |n| 16 * n + 12,
    )?;
    let mut g = Symbolic::with_capacity(14 * n as usize + 7);
    g.add(Q, 1, ODD, &[Q]);
    let start: Vec<All> = std::iter::once(P).chain((0..n).map(K)).collect();
    g.add(S, 2, EVEN, &start);
    g.add(T, 3, EVEN, &[X, S]);
    g.add(Y, 5, EVEN, &[W, L(0)]);
    let entry: Vec<All> = [Y, P].into_iter().chain((1..n).map(L)).collect();
    g.add(W, 7, EVEN, &entry);
    g.add(D, 12 * n + 8, EVEN, &[T, X]);
    g.add(X, 12 * n + 10, EVEN, &[W, Y]);
    g.add(P, 16 * n + 12, ODD, &[Q]);
    for i in 0..2 * n {
        g.add(A(i), 8 * n + 2 * i + 8, ODD, &[B(i)]);
        let down = if i < 2 { D } else { B(i - 1) };
        g.add(B(i), 8 * n + 2 * i + 7, EVEN, &[down, X, S]);
    }
    for i in 0..n {
        g.add(
            E(i),
            6 * n + 2 * i + 7,
            EVEN,
            &[A(0), X, S, H(i), F(i), G(i)],
        );
        let lane = |to: fn(u32) -> All, place: u32| -> Vec<All> {
            let before = (i > 0).then(|| to(i - 1));
            before.into_iter().chain([D, A(place)]).collect()
        };
        g.add(F(i), 6 * i + 8, EVEN, &lane(F, 2 * i));
        g.add(G(i), 6 * i + 10, EVEN, &lane(G, 2 * i + 1));
        g.add(H(i), 6 * n + 2 * i + 8, ODD, &[E(i), M(i)]);
        g.add(M(i), 12 * n + 4 * i + 14, ODD, &[Z(i)]);
        let up: &[All] = if i == n - 1 { &[P] } else { &[P, V(i)] };
        g.add(Z(i), 12 * n + 4 * i + 11, EVEN, up);
        g.add(K(i), 12 * n + 4 * i + 13, ODD, &[H(i)]);
        g.add(L(i), 6 * i + 11, EVEN, &[K(i), Z(i)]);
        g.add(R(i), 6 * i + 12, EVEN, &[L(i), Z(i)]);
        if i + 1 < n {
            let next = if i + 2 == n { P } else { V(i + 1) };
            g.add(V(i), 6 * i + 9, EVEN, &[next, R(i + 1)]);
        }
    }
    g.finish()
}

/// A vertex of [`switchallsubexp`], by the letter of the LICS 2009 paper (PGSolver's names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Sub {
    /// `a_i`: even vertex of the deceleration lane.
    A(u32),
    /// `b_i`: odd vertex of the deceleration lane.
    B(u32),
    /// `c`: the root of the lane.
    C,
    /// `d_i`: Even's vertex of the cycle of bit `i`.
    D(u32),
    /// `e_i`: Odd's vertex of the cycle of bit `i`.
    E(u32),
    /// `f_i`: the access to cycle `i`.
    F(u32),
    /// `g_i`: the selector of cycle `i`.
    G(u32),
    /// `h_i`: the way out of cycle `i`.
    H(u32),
    /// `k_i`: the upper selector of bit `i`.
    K(u32),
    /// `p`: the vertex before the sink, of the largest priority.
    P,
    /// `q`: the sink, a self-loop of priority 1.
    Q,
    /// `r`: the bit selector.
    R,
    /// `s`: the start of Even.
    S,
}

impl Named for Sub {
    fn name(&self) -> String {
        match *self {
            Sub::A(i) => format!("a{i}"),
            Sub::B(i) => format!("b{i}"),
            Sub::C => "c".into(),
            Sub::D(i) => format!("d{i}"),
            Sub::E(i) => format!("e{i}"),
            Sub::F(i) => format!("f{i}"),
            Sub::G(i) => format!("g{i}"),
            Sub::H(i) => format!("h{i}"),
            Sub::K(i) => format!("k{i}"),
            Sub::P => "p".into(),
            Sub::Q => "q".into(),
            Sub::R => "r".into(),
            Sub::S => "s".into(),
        }
    }
}

/// PGSolver's `switchallsubexp n` (without its option `-binary`): Friedmann's LICS 2009
/// lower-bound game for the switch-all rule, `10n + 5` vertices and
/// `n^2 + n(n-1)/2 + 21n + 6` edges. Needs nothing of `n` (`n = 0` gives the 5 vertices `q`,
/// `s`, `p`, `c`, `r`).
///
/// The vertices, added in this order, with priority, owner and moves:
/// - `q`: 1, Odd, to `q`;
/// - `s`: `8n + 6`, Even, to `p` and `f_0 … f_{n-1}`;
/// - `c`: `8n + 4`, Even, to `s` and `r`;
/// - `r`: `8n + 8`, Even, to `p` and `g_0 … g_{n-1}`;
/// - `p`: `12n + 10`, Odd, to `q`;
/// - for `i = 0 … 2n-1`: `a_i`: `4n + 2i + 4`, Odd, to `b_i`; and `b_i`: `4n + 2i + 3`, Even,
///   to `c` (for `i = 0`) or `b_{i-1}`, and to `r` and `s`;
/// - for `i = 0 … n-1`:
///   - `d_i`: `4i + 3`, Even, to `s`, `e_i`, `a_0 … a_{2i+1}` and `r`;
///   - `e_i`: `4i + 4`, Odd, to `d_i` and `h_i`;
///   - `h_i`: `8n + 4i + 12`, Odd, to `k_i`;
///   - `k_i`: `8n + 4i + 9`, Even, to `p` and `g_{n-1}`, `g_{n-2}`, …, `g_{i+1}`;
///   - `f_i`: `8n + 4i + 11`, Odd, to `e_i`;
///   - `g_i`: `4i + 6`, Even, to `f_i` and `k_i`.
///
/// The priorities are distinct. Bit `i` is set when `d_i` moves to `e_i`.
///
/// ```
/// use kalmar_parity::generate::friedmann::switchallsubexp;
/// let game = switchallsubexp(4).unwrap();
/// assert_eq!(game.arena().num_vertices(), 45);
/// assert_eq!(game.arena().num_edges(), 16 + 6 + 84 + 6);
/// ```
pub fn switchallsubexp(n: usize) -> Result<ParityGame, GenerateError> {
    use Sub::*;
    let n = check_parameter(
        "switchallsubexp",
        n,
        0,
        |n| 10 * n + 5,
        |n| n * n + n * n.saturating_sub(1) / 2 + 21 * n + 6,
        |n| 12 * n + 10,
    )?;
    let mut g = Symbolic::with_capacity(10 * n as usize + 5);
    g.add(Q, 1, ODD, &[Q]);
    let start: Vec<Sub> = std::iter::once(P).chain((0..n).map(F)).collect();
    g.add(S, 8 * n + 6, EVEN, &start);
    g.add(C, 8 * n + 4, EVEN, &[S, R]);
    let bits: Vec<Sub> = std::iter::once(P).chain((0..n).map(G)).collect();
    g.add(R, 8 * n + 8, EVEN, &bits);
    g.add(P, 12 * n + 10, ODD, &[Q]);
    for i in 0..2 * n {
        g.add(A(i), 4 * n + 2 * i + 4, ODD, &[B(i)]);
        let down = if i == 0 { C } else { B(i - 1) };
        g.add(B(i), 4 * n + 2 * i + 3, EVEN, &[down, R, S]);
    }
    for i in 0..n {
        let cycle: Vec<Sub> = [S, E(i)]
            .into_iter()
            .chain((0..2 * i + 2).map(A))
            .chain([R])
            .collect();
        g.add(D(i), 4 * i + 3, EVEN, &cycle);
        g.add(E(i), 4 * i + 4, ODD, &[D(i), H(i)]);
        g.add(H(i), 8 * n + 4 * i + 12, ODD, &[K(i)]);
        let up: Vec<Sub> = std::iter::once(P).chain((i + 1..n).rev().map(G)).collect();
        g.add(K(i), 8 * n + 4 * i + 9, EVEN, &up);
        g.add(F(i), 8 * n + 4 * i + 11, ODD, &[E(i)]);
        g.add(G(i), 4 * i + 6, EVEN, &[F(i), K(i)]);
    }
    g.finish()
}

/// A vertex of [`switchbestexp`], by the letter of the thesis (PGSolver's names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Best {
    /// `a_i`: even vertex of the deceleration lane.
    A(u32),
    /// `b_i`: odd vertex of the deceleration lane.
    B(u32),
    /// `d`: the root of the lane.
    D,
    /// `e_i`, `f_i`, `g_i`: Even's three vertices of the cycle of bit `i`, in order.
    E(u32),
    /// See [`Best::E`].
    F(u32),
    /// See [`Best::E`].
    G(u32),
    /// `e'_i`, `f'_i`, `g'_i`: from `e_i`, `f_i`, `g_i` to the lane.
    E1(u32),
    /// See [`Best::E1`].
    F1(u32),
    /// See [`Best::E1`].
    G1(u32),
    /// `h_i`: Odd's vertex of the cycle of bit `i`.
    H(u32),
    /// `c`: the distributer to the cycle accesses.
    C,
    /// `k_i`: the access to cycle `i`.
    K(u32),
    /// `l_i`: the selector of cycle `i`.
    L(u32),
    /// `r_i`: the decelerator of selector `i`.
    R(u32),
    /// `m_i`: the way out of cycle `i`.
    M(u32),
    /// `z_i`: the upper selector of bit `i`.
    Z(u32),
    /// `v_i`: the helper of upper selector `i`.
    V(u32),
    /// `p`: the vertex before the sink, of the largest priority.
    P,
    /// `q`: the sink, a self-loop of priority 1.
    Q,
    /// `s`: the start of Even.
    S,
    /// `t`: the selector of the start.
    T,
    /// `w`: the entry to the higher bits.
    W,
    /// `y`: the lowest bit.
    Y,
    /// `x`: the bit selector.
    X,
}

impl Named for Best {
    fn name(&self) -> String {
        match *self {
            Best::A(i) => format!("a{i}"),
            Best::B(i) => format!("b{i}"),
            Best::D => "d".into(),
            Best::E(i) => format!("e{i}"),
            Best::F(i) => format!("f{i}"),
            Best::G(i) => format!("g{i}"),
            Best::E1(i) => format!("e'{i}"),
            Best::F1(i) => format!("f'{i}"),
            Best::G1(i) => format!("g'{i}"),
            Best::H(i) => format!("h{i}"),
            Best::C => "c".into(),
            Best::K(i) => format!("k{i}"),
            Best::L(i) => format!("l{i}"),
            Best::R(i) => format!("r{i}"),
            Best::M(i) => format!("m{i}"),
            Best::Z(i) => format!("z{i}"),
            Best::V(i) => format!("v{i}"),
            Best::P => "p".into(),
            Best::Q => "q".into(),
            Best::S => "s".into(),
            Best::T => "t".into(),
            Best::W => "w".into(),
            Best::Y => "y".into(),
            Best::X => "x".into(),
        }
    }
}

/// PGSolver's `switchbestexp n`: Friedmann's lower-bound game for Schewe's switch-best rule
/// of strategy improvement, `25n + 10` vertices and `60n + 10` edges. Needs `n >= 1`.
///
/// It is [`switchallexp`] with each bit's cycle vertex split into three (`e_i`, `f_i`, `g_i`,
/// each with its own way into the lane), a distributer `c` between `s` and the accesses
/// `k_i`, and a lane of `6n + 1` places. The vertices, added in this order, with priority,
/// owner and moves:
/// - `q`: 1, Odd, to `q`;
/// - `s`: 2, Even, to `p` and `c`;
/// - `t`: 3, Even, to `x` and `s`;
/// - `c`: 4, Even, to `k_0 … k_{n-1}`;
/// - `y`: 5, Even, to `w` and `l_0`;
/// - `w`: 7, Even, to `y`, `p` and `l_1 … l_{n-1}`;
/// - `d`: `24n + 12`, Even, to `t` and `x`;
/// - `x`: `24n + 14`, Even, to `w` and `y`;
/// - `p`: `26n + 16`, Odd, to `q`;
/// - for `i = 0 … 6n`: `a_i`: `12n + 2i + 10`, Odd, to `b_i`; and `b_i`: `12n + 2i + 9`, Even,
///   to `d` (for `i < 2`) or `b_{i-1}`, and to `x` and `s`;
/// - for `i = 0 … n-1`:
///   - `e_i`: `6n + 6i + 9`, Even, to `f_i`, `d` and `e'_i`;
///   - `f_i`: `6n + 6i + 11`, Even, to `g_i`, `c`, `f'_i` and `a_{6i+4}`;
///   - `g_i`: `6n + 6i + 13`, Even, to `a_0`, `h_i` and `g'_i`;
///   - `e'_i`: `6i + 8`, Even, to `e'_{i-1}` (for `i > 0`), `d`, `a_{6i+2}` and `a_{6i+5}`;
///   - `f'_i`: `6i + 10`, Even, to `f'_{i-1}` (for `i > 0`), `d`, `a_{6i+1}`, and `a_{6i+4}`
///     for `i < n - 1`;
///   - `g'_i`: `6i + 12`, Even, to `g'_{i-1}` (for `i > 0`), `d`, `a_{6i+3}` and `a_{6i+6}`;
///   - `h_i`: `6n + 6i + 14`, Odd, to `e_i` and `m_i`;
///   - `m_i`: `24n + 4i + 18`, Odd, to `z_i`;
///   - `z_i`: `24n + 4i + 15`, Even, to `p`, and to `v_i` for `i < n - 1`;
///   - `k_i`: `24n + 4i + 17`, Odd, to `h_i`;
///   - `l_i`: `6i + 11`, Even, to `k_i` and `z_i`;
///   - `r_i`: `6i + 13`, Even, to `l_i` and `z_i`;
///   - for `i < n - 1`, `v_i`: `6i + 9`, Even, to `r_{i+1}` and to `v_{i+1}` (or to `p` when
///     `i = n - 2`).
///
/// Unlike the other two games, this one (as PGSolver builds it) does not give `p` the largest
/// priority: the `m_i` reach `28n + 14`, and for odd `n`, `m_{(n-1)/2}` shares `p`'s priority
/// `26n + 16`, so the game has `25n + 10` distinct priorities for even `n` and one fewer for
/// odd `n`.
///
/// ```
/// use kalmar_parity::generate::friedmann::switchbestexp;
/// let game = switchbestexp(2).unwrap();
/// assert_eq!(game.arena().num_vertices(), 60);
/// assert_eq!(game.arena().num_edges(), 130);
/// ```
pub fn switchbestexp(n: usize) -> Result<ParityGame, GenerateError> {
    use Best::*;
    let n = check_parameter(
        "switchbestexp",
        n,
        1,
        |n| 25 * n + 10,
        |n| 60 * n + 10,
        |n| 28 * n + 16,
    )?;
    let mut g = Symbolic::with_capacity(25 * n as usize + 10);
    g.add(Q, 1, ODD, &[Q]);
    g.add(S, 2, EVEN, &[P, C]);
    g.add(T, 3, EVEN, &[X, S]);
    let access: Vec<Best> = (0..n).map(K).collect();
    g.add(C, 4, EVEN, &access);
    g.add(Y, 5, EVEN, &[W, L(0)]);
    let entry: Vec<Best> = [Y, P].into_iter().chain((1..n).map(L)).collect();
    g.add(W, 7, EVEN, &entry);
    g.add(D, 24 * n + 12, EVEN, &[T, X]);
    g.add(X, 24 * n + 14, EVEN, &[W, Y]);
    g.add(P, 26 * n + 16, ODD, &[Q]);
    for i in 0..=6 * n {
        g.add(A(i), 12 * n + 2 * i + 10, ODD, &[B(i)]);
        let down = if i < 2 { D } else { B(i - 1) };
        g.add(B(i), 12 * n + 2 * i + 9, EVEN, &[down, X, S]);
    }
    for i in 0..n {
        g.add(E(i), 6 * n + 6 * i + 9, EVEN, &[F(i), D, E1(i)]);
        g.add(
            F(i),
            6 * n + 6 * i + 11,
            EVEN,
            &[G(i), C, F1(i), A(6 * i + 4)],
        );
        g.add(G(i), 6 * n + 6 * i + 13, EVEN, &[A(0), H(i), G1(i)]);
        let lane = |to: fn(u32) -> Best, places: &[u32]| -> Vec<Best> {
            let before = (i > 0).then(|| to(i - 1));
            before
                .into_iter()
                .chain(std::iter::once(D))
                .chain(places.iter().map(|&j| A(j)))
                .collect()
        };
        g.add(E1(i), 6 * i + 8, EVEN, &lane(E1, &[6 * i + 2, 6 * i + 5]));
        let places: &[u32] = if i + 1 < n {
            &[6 * i + 1, 6 * i + 4]
        } else {
            &[6 * i + 1]
        };
        g.add(F1(i), 6 * i + 10, EVEN, &lane(F1, places));
        g.add(G1(i), 6 * i + 12, EVEN, &lane(G1, &[6 * i + 3, 6 * i + 6]));
        g.add(H(i), 6 * n + 6 * i + 14, ODD, &[E(i), M(i)]);
        g.add(M(i), 24 * n + 4 * i + 18, ODD, &[Z(i)]);
        let up: &[Best] = if i == n - 1 { &[P] } else { &[P, V(i)] };
        g.add(Z(i), 24 * n + 4 * i + 15, EVEN, up);
        g.add(K(i), 24 * n + 4 * i + 17, ODD, &[H(i)]);
        g.add(L(i), 6 * i + 11, EVEN, &[K(i), Z(i)]);
        g.add(R(i), 6 * i + 13, EVEN, &[L(i), Z(i)]);
        if i + 1 < n {
            let next = if i + 2 == n { P } else { V(i + 1) };
            g.add(V(i), 6 * i + 9, EVEN, &[next, R(i + 1)]);
        }
    }
    g.finish()
}
