//! Value iteration with sound bounds for terminal-payoff stochastic games (simple stochastic
//! games among them) as a dataflow: the bounds of `kalmar_stochastic::vi`, a lower and an
//! upper bound on every value iterated with the optimality operator until they are within
//! epsilon everywhere, computed by workers that each own a share of the vertices.
//!
//! Worker `w` of `p` owns the vertices `v` with `v mod p = w`, with their moves and the tails
//! of the arcs into them. It keeps the bounds of its own vertices and a copy of those of
//! their successors (lower and upper side by side), and learns once where each other worker
//! keeps its copy of each of its vertices. A sweep applies the operator to the worker's
//! vertices from the copies, Gauss–Seidel within a worker (its own bounds reach its copies
//! at once) and, across workers, in up to eight rounds of blocks of the vertices in their
//! order ([`Options::block`]): after each block every bound that moved goes to the copies
//! of the workers that watch it. Bounds are integers in units of 2^-40, rounded outward
//! after each chance average (a shift for fair coins), and never move back, so they stay
//! sound; a sum over the workers counts the vertices still wider than epsilon.
//!
//! Both bounds are deflated as on one machine (the end components of Kelmendi, Krämer,
//! Křetínský and Weininger, *Value iteration for simple stochastic games*, CAV 2018): the
//! vertices are split into the maximal sets in which Min, using only moves optimal for the
//! lower bound, and chance keep play inside unless Max leaves: first the vertices where play
//! can stay at all, settled by rounds of departures told to the watchers; then the strongly
//! connected components of those ([`crate::scc`]), minus the vertices that cannot stay in
//! theirs, repeated until none leaves. In each set the upper bound is lowered to the better
//! of 0 and Max's best exit, gathered by the worker that owns the set's name; the lower bound
//! is raised symmetrically. The first deflation comes after eight sweeps, as on one machine;
//! one that moved no bound doubles the gap to the next (up to 512 sweeps), one that did sets
//! it back to eight, so deflation still comes infinitely often where it is needed and costs
//! little where it is not. Worker 0 gathers the bounds at the end.
//!
//! # Complexity
//! O(m) work and up to eight rounds per sweep, m/p bounds sent at most per worker and sweep;
//! a deflation costs O(m) work per round of departures and the rounds of the components it
//! finds (see [`crate::scc`]). The number of sweeps is the one-machine solver's order: the
//! game decides it, exponential in the worst case (Haddad and Monmege's chains).
//!
//! ```
//! use kalmar_core::{format::read_gg, Rational};
//! use kalmar_dist::{Cluster, vi};
//! use kalmar_stochastic::TerminalPayoffGame;
//! // Min can stay in {m, a} forever; Max's exit from a pays 3/10, the coin 1/2: the value is 3/10.
//! let text = "kalmar-gg 1\nm min -> a c\na max -> m d\nc chance -> w:1/2 l:1/2\n\
//!             d chance -> w:3/10 l:7/10\nw terminal payoff=1\nl terminal payoff=0\n";
//! let game = std::sync::Arc::new(TerminalPayoffGame::from_graph(&read_gg(text).unwrap()).unwrap());
//! let options = vi::Options { epsilon: Rational::new(1, 1000), ..vi::Options::default() };
//! let bounded = vi::solve(&game, &options, &Cluster::threads(2)).unwrap().unwrap();
//! let (lower, upper) = (&bounded.bounds.lower[0], &bounded.bounds.upper[0]);
//! assert!(*lower <= Rational::new(3, 10) && Rational::new(3, 10) <= *upper);
//! assert!(bounded.bounds.error() <= options.epsilon);
//! ```

use crate::rounds::{Dataflow, Rounds};
use crate::scc::{self, Arcs};
use crate::{Cluster, DistError};
use foldhash::{HashMap, HashMapExt};
use kalmar_core::format::GameGraph;
use kalmar_core::{Owner, Player, Rational, Vertex};
use kalmar_stochastic::solve::{Answer, answer_of_bounds};
use kalmar_stochastic::vi::Bounds;
use kalmar_stochastic::{Class, TerminalPayoffGame};
use num_bigint::BigInt;
use num_integer::Integer;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The bounds are integers in units of 2^-`PRECISION_BITS`, as on one machine.
const PRECISION_BITS: u32 = 40;

/// The most rounds per sweep.
const MAX_BLOCKS: usize = 8;

/// Sweeps between deflations at first, as on one machine.
const DEFLATE_EVERY: u64 = 8;

/// The most sweeps between deflations: the gap doubles after each deflation that moved no
/// bound, and is back to [`DEFLATE_EVERY`] after one that did.
const DEFLATE_AT_MOST_EVERY: u64 = 512;

/// The largest payoff and chance denominator the integer bounds carry exactly: with them every
/// sum of a chance average stays below 2^120.
const LIMIT_BITS: u64 = 40;

/// When to stop.
#[derive(Clone, Debug)]
pub struct Options {
    /// Stop when every vertex's bounds are at most this far apart.
    pub epsilon: Rational,
    /// Or after this many sweeps, with the bounds so far.
    pub max_sweeps: u64,
    /// The fewest vertices a worker sweeps in a round: with several workers a sweep takes
    /// up to 8 rounds of at least this many (the bounds of a block reach the other workers
    /// before the next block, nearer to Gauss–Seidel, whose lack across workers costs
    /// sweeps). Small blocks pay the rounds' latency.
    pub block: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            epsilon: Rational::new(1, 1_000_000),
            max_sweeps: 1_000_000,
            block: 8192,
        }
    }
}

/// What a distributed value iteration reports besides its bounds.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Stats {
    /// Sweeps (up to [`MAX_BLOCKS`] rounds each).
    pub sweeps: u64,
    /// Deflations (each of both bounds).
    pub deflations: u64,
    /// Workers, rounds (those of the deflations' components included), messages and time.
    #[serde(flatten)]
    pub dataflow: Dataflow,
}

/// The gathered bounds.
#[derive(Clone, Debug)]
pub struct Bounded {
    /// A guaranteed interval for every vertex's value.
    pub bounds: Bounds,
    /// Sweeps, rounds, messages and time.
    pub stats: Stats,
}

/// What workers tell each other, addressed to worker `to`.
#[derive(Clone, Debug, Serialize, Deserialize)]
enum Note {
    /// These vertices' bounds: `(v, lower, upper)`, gathered at the end.
    Bounds {
        to: u32,
        moved: Vec<(u32, i128, i128)>,
    },
    /// Bounds that moved, each for the copy `(slot, lower, upper)` of the receiver.
    Copies {
        to: u32,
        moved: Vec<(u32, i128, i128)>,
    },
    /// Worker `from` keeps its copy of vertex `v` in `slot`: `(v, slot)`.
    Slots {
        to: u32,
        from: u32,
        slots: Vec<(u32, u32)>,
    },
    /// The components of a deflation (or none: [`scc::NONE`]) for the receiver's copies:
    /// `(slot, component)`.
    Components { to: u32, places: Vec<(u32, u32)> },
    /// Worker `from` has members of `component`, whose best exit there is `best`.
    Exit {
        to: u32,
        component: u32,
        best: Option<i128>,
        from: u32,
    },
    /// The deflated bound of the members of `component`.
    Limit {
        to: u32,
        component: u32,
        limit: i128,
    },
}

impl Note {
    fn to(&self) -> u64 {
        let (Note::Bounds { to, .. }
        | Note::Copies { to, .. }
        | Note::Slots { to, .. }
        | Note::Components { to, .. }
        | Note::Exit { to, .. }
        | Note::Limit { to, .. }) = self;
        u64::from(*to)
    }
}

impl Note {
    /// The bounds a [`Note::Bounds`] or [`Note::Copies`] carries (none for other notes).
    fn into_moved(self) -> Vec<(u32, i128, i128)> {
        match self {
            Note::Bounds { moved, .. } | Note::Copies { moved, .. } => moved,
            _ => Vec::new(),
        }
    }
}

impl Rounds<Note> {
    /// Sends each non-empty batch `(to, items)` as the note `make(to, items)`.
    fn send_batches<T>(&mut self, batches: Vec<(u32, Vec<T>)>, make: impl Fn(u32, Vec<T>) -> Note) {
        for (to, items) in batches.into_iter().filter(|b| !b.1.is_empty()) {
            let (count, bytes) = (
                items.len() as u64,
                std::mem::size_of_val(items.as_slice()) as u64,
            );
            self.send_counted(make(to, items), count, bytes);
        }
    }
}

/// The common denominator of a chance vertex's probabilities, with its logarithm when it is
/// a power of two (fair coins): then the outward rounding is a shift, not a division.
#[derive(Clone, Copy, Debug)]
struct Denominator {
    d: i128,
    shift: Option<u32>,
}

impl Denominator {
    fn new(d: i128) -> Denominator {
        let shift = (d.count_ones() == 1).then(|| d.trailing_zeros());
        Denominator { d, shift }
    }

    /// `low / d` rounded down and `high / d` rounded up.
    fn floor_and_ceil(self, low: i128, high: i128) -> (i128, i128) {
        match self.shift {
            Some(k) => (low >> k, -((-high) >> k)),
            None => (low.div_euclid(self.d), -(-high).div_euclid(self.d)),
        }
    }
}

/// Who moves at a vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mover {
    Player(Player),
    Chance,
    Terminal,
}

/// One worker's share: its vertices, their moves (with integer chance weights over a common
/// denominator per vertex), the arcs into them and the workers to tell when they move.
struct Shard {
    peers: usize,
    me: usize,
    mover: Vec<Mover>,
    out: Arcs,
    into: Arcs,
    weight: Vec<i128>,
    denominator: Vec<Denominator>,
    /// Per out-arc, the head's place in the copies.
    slot: Vec<u32>,
    /// The copies' places by vertex, while the watchers learn them ([`Shard::learn_slots`]).
    slot_of: HashMap<u32, u32>,
    /// The number of copies.
    copies: usize,
    /// Per vertex, the other workers that own a predecessor, with their slot for it (learnt
    /// from them: [`Shard::learn_slots`]).
    watchers: Arcs,
    /// Per vertex, its place in this worker's own copies, if one of its predecessors is here.
    own_slot: Vec<Option<u32>>,
    /// Per copy, the vertices here with a move to it.
    users: Arcs,
}

/// `x` in units of 2^-PRECISION_BITS, rounded down or up.
/// (Payoffs were checked to fit; a larger epsilon saturates, which asks for no more.)
fn ticks(x: &Rational, up: bool) -> i128 {
    let scaled =
        x.to_big() * num_rational::BigRational::from_integer(BigInt::from(1u64 << PRECISION_BITS));
    let whole = if up { scaled.ceil() } else { scaled.floor() };
    i128::try_from(whole.to_integer()).unwrap_or(i128::MAX)
}

fn rational(ticks: i128) -> Rational {
    let big =
        num_rational::BigRational::new(BigInt::from(ticks), BigInt::from(1u64 << PRECISION_BITS));
    Rational::from_big(big)
}

/// Refuses games whose bounds would not fit the integers: payoffs beyond 2^40 or chance
/// probabilities with a common denominator beyond 2^40.
fn check_fits(game: &TerminalPayoffGame) -> Result<(), DistError> {
    let arena = game.arena();
    let limit = BigInt::from(1u64 << LIMIT_BITS);
    for v in arena.vertices() {
        if arena.is_terminal(v) && game.payoff(v).abs().to_big().ceil().to_integer() > limit {
            return Err(DistError::Game(format!(
                "the payoff {} of {} is beyond 2^40, more than the bounds' integers carry",
                game.payoff(v),
                arena.name(v)
            )));
        }
        if arena.owner(v) == Owner::Chance && common_denominator(game, v) > limit {
            return Err(DistError::Game(format!(
                "the probabilities at {} have a common denominator beyond 2^40",
                arena.name(v)
            )));
        }
    }
    Ok(())
}

fn common_denominator(game: &TerminalPayoffGame, v: Vertex) -> BigInt {
    let arena = game.arena();
    arena.out_edges(v).fold(BigInt::from(1), |acc, e| {
        let p = arena
            .probability(e)
            .expect("chance arcs have probabilities");
        acc.lcm(p.to_big().denom())
    })
}

impl Shard {
    fn of(game: &TerminalPayoffGame, me: usize, peers: usize) -> Shard {
        let arena = game.arena();
        let owned: Vec<Vertex> = (me..arena.num_vertices())
            .step_by(peers)
            .map(Vertex::new)
            .collect();
        let mover = owned
            .iter()
            .map(|&v| match arena.owner(v) {
                Owner::Player(p) => Mover::Player(p),
                Owner::Chance => Mover::Chance,
                _ => Mover::Terminal,
            })
            .collect();
        let out = Arcs::new(
            owned
                .iter()
                .map(|&v| arena.successors(v).iter().map(|w| (w.0, 0)).collect()),
        );
        let first_out = |u: Vertex| arena.out_edges(u).next().map_or(0, |e| e.index());
        let into = Arcs::new(owned.iter().map(|&v| {
            arena
                .in_edges(v)
                .iter()
                .map(|&e| {
                    let u = arena.source(e);
                    (u.0, (e.index() - first_out(u)) as u32)
                })
                .collect()
        }));
        let (mut weight, mut denominator) = (Vec::new(), Vec::new());
        for &v in &owned {
            if arena.owner(v) != Owner::Chance {
                weight.extend(std::iter::repeat_n(0, arena.out_degree(v)));
                denominator.push(Denominator::new(1));
                continue;
            }
            let d = common_denominator(game, v);
            for e in arena.out_edges(v) {
                let p = arena
                    .probability(e)
                    .expect("chance arcs have probabilities")
                    .to_big();
                let w = p.numer() * (&d / p.denom());
                weight.push(i128::try_from(w).expect("checked to fit"));
            }
            denominator.push(Denominator::new(i128::try_from(d).expect("checked to fit")));
        }
        let mut slot_of = HashMap::new();
        let slot = owned
            .iter()
            .flat_map(|&v| arena.successors(v))
            .map(|w| {
                let next = slot_of.len() as u32;
                *slot_of.entry(w.0).or_insert(next)
            })
            .collect();
        let own_slot = owned.iter().map(|v| slot_of.get(&v.0).copied()).collect();
        let mut users = vec![Vec::new(); slot_of.len()];
        for (l, &v) in owned.iter().enumerate() {
            for w in arena.successors(v) {
                users[slot_of[&w.0] as usize].push((l as u32, 0));
            }
        }
        let users = Arcs::new(users);
        Shard {
            own_slot,
            users,
            watchers: Arcs::default(),
            peers,
            me,
            mover,
            out,
            into,
            weight,
            denominator,
            slot,
            copies: slot_of.len(),
            slot_of,
        }
    }

    fn len(&self) -> usize {
        self.mover.len()
    }

    fn global(&self, local: usize) -> u32 {
        (local * self.peers + self.me) as u32
    }

    /// `item(l)` for each of `moved`, in one batch per worker that watches it.
    /// (`item` takes the vertex and the watcher's slot for it.)
    fn batches<T>(&self, moved: &[usize], item: impl Fn(usize, u32) -> T) -> Vec<(u32, Vec<T>)> {
        let mut batches: Vec<(u32, Vec<T>)> =
            (0..self.peers as u32).map(|w| (w, Vec::new())).collect();
        for &l in moved {
            for &(to, slot) in self.watchers.of(l) {
                batches[to as usize].1.push(item(l, slot));
            }
        }
        batches
    }

    /// Learns where each watcher keeps its copy of each vertex here (one round), so that
    /// bounds are sent to their copies and not looked up by vertex.
    fn learn_slots(&mut self, worker: &mut timely::worker::Worker) {
        let mut rounds = Rounds::new(worker, Note::to);
        let mut batches: Vec<Vec<(u32, u32)>> = vec![Vec::new(); self.peers];
        for (v, slot) in std::mem::take(&mut self.slot_of) {
            if v as usize % self.peers != self.me {
                batches[v as usize % self.peers].push((v, slot));
            }
        }
        let from = self.me as u32;
        for (to, slots) in batches.into_iter().enumerate() {
            rounds.send(Note::Slots {
                to: to as u32,
                from,
                slots,
            });
        }
        let mut rows: Vec<Vec<(u32, u32)>> = vec![Vec::new(); self.len()];
        for note in rounds.deliver(worker) {
            if let Note::Slots { from, slots, .. } = note {
                for (v, slot) in slots {
                    rows[v as usize / self.peers].push((from, slot));
                }
            }
        }
        for row in &mut rows {
            row.sort_unstable();
        }
        self.watchers = Arcs::new(rows);
    }

    /// The out-arcs of `local` as positions in `weight` and `slot`.
    fn arcs(&self, local: usize) -> std::ops::Range<usize> {
        self.out.range(local)
    }
}

/// Bounds within `options.epsilon` (or as close as `options.max_sweeps` sweeps get) on the
/// workers of `cluster`. Every process calls it with the same game; the process that runs
/// worker 0 gets the bounds, the others `None`.
pub fn solve(
    game: &Arc<TerminalPayoffGame>,
    options: &Options,
    cluster: &Cluster,
) -> Result<Option<Bounded>, DistError> {
    if options.epsilon <= Rational::ZERO {
        return Err(DistError::Options("--epsilon must be positive".into()));
    }
    check_fits(game)?;
    let shared = Arc::clone(game);
    let options = options.clone();
    let processes = cluster.processes_count();
    let guards = cluster.execute(move |worker| {
        let start = Instant::now();
        let (me, peers) = (worker.index(), worker.peers());
        let mut shard = Shard::of(&shared, me, peers);
        shard.learn_slots(worker);
        let mut run = Run::new(worker, &shard, &shared, &options);
        run.iterate(worker);
        let moved = (0..shard.len())
            .map(|l| (shard.global(l), run.lower[l], run.upper[l]))
            .collect();
        run.notes
            .send_batches(vec![(0, moved)], |to, moved| Note::Bounds { to, moved });
        let arrived = run.notes.deliver(worker);
        let traffic = run.notes.traffic() + run.components.traffic();
        let size = (shared.arena().num_vertices(), processes);
        let stats = Stats {
            sweeps: run.sweeps,
            deflations: run.deflations,
            dataflow: Dataflow::total(worker, &mut run.notes, traffic, size, start),
        };
        (me == 0).then_some((arrived, stats))
    })?;
    let Some((arrived, stats)) = crate::cluster::gathered(guards)? else {
        return Ok(None);
    };
    let n = game.arena().num_vertices();
    let mut bounds = Bounds {
        lower: vec![Rational::ZERO; n],
        upper: vec![Rational::ZERO; n],
    };
    for (v, lower, upper) in arrived.into_iter().flat_map(Note::into_moved) {
        let v = Vertex::new(v as usize);
        let exact = game.arena().is_terminal(v).then(|| game.payoff(v).clone());
        bounds.lower[v.index()] = exact.clone().unwrap_or_else(|| rational(lower));
        bounds.upper[v.index()] = exact.unwrap_or_else(|| rational(upper));
    }
    Ok(Some(Bounded { bounds, stats }))
}

/// The job of `kalmar dist vi`: the simple or terminal-payoff game `graph` solved by value
/// iteration on the workers of `cluster`, then on the process of worker 0 made the answer of
/// `kalmar stochastic solve --solver vi` (with `exact`, finished by strategy iteration from
/// the strategies the bounds suggest, and certified), with the dataflow's figures. The other
/// processes get `None`.
pub fn solve_graph(
    graph: &GameGraph,
    options: &Options,
    exact: bool,
    cluster: &Cluster,
) -> Result<Option<(Answer, Stats)>, DistError> {
    let class = Class::of(graph);
    if !matches!(class, Class::Simple | Class::Terminal) {
        return Err(DistError::Game(format!(
            "value iteration on workers takes simple and terminal-payoff games, not {} games",
            class.name()
        )));
    }
    let game = TerminalPayoffGame::from_graph(graph).map_err(|e| DistError::Game(e.to_string()))?;
    let game = Arc::new(game);
    let Some(Bounded { bounds, stats }) = solve(&game, options, cluster)? else {
        return Ok(None);
    };
    let time = Duration::from_secs_f64(stats.dataflow.seconds);
    let sweeps = (stats.sweeps, time);
    let answer = answer_of_bounds((&game, class), bounds, sweeps, exact).map_err(|e| {
        if e.is_internal() {
            DistError::Certificate(e.to_string())
        } else {
            DistError::Game(e.to_string())
        }
    })?;
    Ok(Some((answer, stats)))
}

/// One worker's iteration: the bounds of its vertices and its copies of their successors'.
struct Run<'a> {
    shard: &'a Shard,
    lower: Vec<i128>,
    upper: Vec<i128>,
    /// The copies of the successors' bounds, lower and upper side by side (one cache line).
    known: Vec<[i128; 2]>,
    notes: Rounds<Note>,
    components: Rounds<(u32, u32, u32)>,
    epsilon: i128,
    max_sweeps: u64,
    /// Rounds per sweep, each over a block of the vertices in their order ([`Options::block`]).
    blocks: usize,
    sweeps: u64,
    deflations: u64,
}

impl<'a> Run<'a> {
    fn new(
        worker: &mut timely::worker::Worker,
        shard: &'a Shard,
        game: &TerminalPayoffGame,
        options: &Options,
    ) -> Run<'a> {
        let arena = game.arena();
        let payoffs = arena.vertices().filter(|&v| arena.is_terminal(v));
        let payoffs: Vec<&Rational> = payoffs.map(|v| game.payoff(v)).collect();
        let lowest = payoffs.iter().map(|p| ticks(p, false)).chain([0]).min();
        let highest = payoffs.iter().map(|p| ticks(p, true)).chain([0]).max();
        let start = |l: usize, extreme: Option<i128>, up: bool| {
            let v = Vertex::new(shard.global(l) as usize);
            match shard.mover[l] {
                Mover::Terminal => ticks(game.payoff(v), up),
                _ => extreme.expect("0 is there"),
            }
        };
        let slots = shard.copies;
        let epsilon = ticks(&options.epsilon, false).max(0);
        Run {
            shard,
            lower: (0..shard.len()).map(|l| start(l, lowest, false)).collect(),
            upper: (0..shard.len()).map(|l| start(l, highest, true)).collect(),
            known: vec![[0, 0]; slots],
            notes: Rounds::new(worker, Note::to),
            components: Rounds::new(worker, |m: &(u32, u32, u32)| u64::from(m.0)),
            epsilon,
            max_sweeps: options.max_sweeps,
            blocks: if shard.peers == 1 {
                1
            } else {
                (arena.num_vertices() / (shard.peers * options.block.max(1))).clamp(1, MAX_BLOCKS)
            },
            sweeps: 0,
            deflations: 0,
        }
    }

    /// Sweeps until every worker's bounds are within epsilon, deflating every few sweeps.
    fn iterate(&mut self, worker: &mut timely::worker::Worker) {
        let all: Vec<usize> = (0..self.shard.len()).collect();
        for &l in &all {
            self.set(l, self.lower[l], self.upper[l]);
        }
        self.announce(worker, &all);
        let (mut gap, mut next_deflation) = (DEFLATE_EVERY, DEFLATE_EVERY);
        loop {
            let wide = (0..self.shard.len())
                .filter(|&l| self.upper[l] - self.lower[l] > self.epsilon)
                .count();
            if self.notes.sum(worker, wide as u64) == 0 || self.sweeps >= self.max_sweeps {
                return;
            }
            self.sweeps += 1;
            self.sweep(worker);
            if self.sweeps == next_deflation {
                self.deflations += 1;
                let moved = self.deflate(worker, Player::MIN) + self.deflate(worker, Player::MAX);
                gap = if self.notes.sum(worker, moved as u64) == 0 {
                    (2 * gap).min(DEFLATE_AT_MOST_EVERY)
                } else {
                    DEFLATE_EVERY
                };
                next_deflation += gap;
            }
        }
    }

    /// Sets the bounds of `l`, in this worker's own copy too: the sweeps are Gauss–Seidel
    /// within a worker.
    fn set(&mut self, l: usize, lower: i128, upper: i128) {
        (self.lower[l], self.upper[l]) = (lower, upper);
        if let Some(slot) = self.shard.own_slot[l] {
            self.known[slot as usize] = [lower, upper];
        }
    }

    /// Tells the other workers that watch them the bounds of `moved`, and takes in what the
    /// others told.
    fn announce(&mut self, worker: &mut timely::worker::Worker, moved: &[usize]) {
        let shard = self.shard;
        let batches = shard.batches(moved, |l, slot| (slot, self.lower[l], self.upper[l]));
        self.notes
            .send_batches(batches, |to, moved| Note::Copies { to, moved });
        let arrived = self.notes.deliver(worker);
        for (slot, lower, upper) in arrived.into_iter().flat_map(Note::into_moved) {
            self.known[slot as usize] = [lower, upper];
        }
    }

    /// One application of the optimality operator to both bounds, from the copies, in
    /// [`Run::blocks`] rounds.
    fn sweep(&mut self, worker: &mut timely::worker::Worker) {
        let len = self.shard.len();
        for block in 0..self.blocks {
            self.sweep_block(
                worker,
                block * len / self.blocks..(block + 1) * len / self.blocks,
            );
        }
    }

    /// The operator applied to the vertices `locals`, then the bounds that moved sent.
    fn sweep_block(&mut self, worker: &mut timely::worker::Worker, locals: std::ops::Range<usize>) {
        let shard = self.shard;
        let mut moved = Vec::new();
        for l in locals {
            let arcs = shard.arcs(l);
            let slots = shard.slot[arcs.clone()].iter().map(|&s| s as usize);
            let (lower, upper) = match shard.mover[l] {
                Mover::Terminal => continue,
                Mover::Chance => {
                    let (mut low, mut high) = (0i128, 0i128);
                    for (w, s) in shard.weight[arcs].iter().zip(slots) {
                        let [lower, upper] = self.known[s];
                        (low, high) = (low + w * lower, high + w * upper);
                    }
                    shard.denominator[l].floor_and_ceil(low, high)
                }
                Mover::Player(p) => {
                    let mut copies = slots.map(|s| self.known[s]);
                    let first = copies.next().expect("a player's vertex has moves");
                    copies
                        .fold(first, |[low, high], [lower, upper]| {
                            if p == Player::MAX {
                                [low.max(lower), high.max(upper)]
                            } else {
                                [low.min(lower), high.min(upper)]
                            }
                        })
                        .into()
                }
            };
            // Both are sound; keeping the tighter makes the bounds monotone.
            let (lower, upper) = (lower.max(self.lower[l]), upper.min(self.upper[l]));
            if (lower, upper) != (self.lower[l], self.upper[l]) {
                self.set(l, lower, upper);
                moved.push(l);
            }
        }
        self.announce(worker, &moved);
    }

    /// Deflation by `keeper`'s sets (Min's for the upper bound, Max's for the lower): the sets
    /// in which `keeper`, with moves optimal for its guide bound, and chance keep play inside
    /// unless the other player leaves; there the other player gets at most (at least) the
    /// better of 0 and its best exit.
    /// Returns the number of bounds it moved here.
    fn deflate(&mut self, worker: &mut timely::worker::Worker, keeper: Player) -> usize {
        let shard = self.shard;
        let n = shard.len();
        let (guide, side) = if keeper == Player::MIN {
            (0, 1)
        } else {
            (1, 0)
        };
        let better = |x: i128, y: i128| if keeper == Player::MIN { x > y } else { x < y };
        // Every arc but the keeper's moves that are not optimal for the guide.
        let mut usable = vec![true; shard.slot.len()];
        for l in (0..n).filter(|&l| shard.mover[l] == Mover::Player(keeper)) {
            let arcs = shard.arcs(l);
            let guides = || {
                shard.slot[arcs.clone()]
                    .iter()
                    .map(|&s| self.known[s as usize][guide])
            };
            let best = if keeper == Player::MIN {
                guides().min()
            } else {
                guides().max()
            };
            for (k, g) in arcs.clone().zip(guides()) {
                usable[k] = Some(g) == best;
            }
        }
        // First the vertices that can stay among the non-terminals at all (a set in which
        // play can stay, the union of the sets looked for), then the components of that,
        // minus the vertices that cannot stay in theirs, until none leaves.
        let mut alive: Vec<bool> = shard.mover.iter().map(|m| *m != Mover::Terminal).collect();
        let place: Vec<u32> = alive
            .iter()
            .map(|&a| if a { 0 } else { scc::NONE })
            .collect();
        let all: Vec<usize> = (0..n).collect();
        let unknown = vec![scc::NONE; shard.copies];
        let (known_place, ..) = self.tell_places(worker, &place, &all, unknown);
        let (_, mut known_place) =
            self.settle(worker, (place, known_place), &mut alive, &usable, keeper);
        let (component, known_component) = loop {
            let component = scc::components(
                worker,
                &mut self.components,
                (&shard.out, &shard.into),
                &alive,
                |l, k| usable[shard.arcs(l).start + k],
            );
            let (known, ..) = self.tell_places(worker, &component, &all, known_place);
            let before = self
                .notes
                .sum(worker, alive.iter().filter(|a| **a).count() as u64);
            let (component, known) =
                self.settle(worker, (component, known), &mut alive, &usable, keeper);
            let after = self
                .notes
                .sum(worker, alive.iter().filter(|a| **a).count() as u64);
            if after == before {
                break (component, known);
            }
            known_place = known;
        };
        // The best exit of each set, gathered by the worker that owns the set's name.
        let mut exits: HashMap<u32, Option<i128>> = HashMap::new();
        for l in (0..n).filter(|&l| alive[l]) {
            let best = exits.entry(component[l]).or_insert(None);
            if shard.mover[l] == Mover::Chance || shard.mover[l] == Mover::Player(keeper) {
                continue;
            }
            for k in shard.arcs(l) {
                let s = shard.slot[k] as usize;
                let x = self.known[s][side];
                if known_component[s] != component[l] && best.is_none_or(|b| better(x, b)) {
                    *best = Some(x);
                }
            }
        }
        let (peers, me) = (shard.peers as u32, shard.me as u32);
        for (&component, &best) in &exits {
            let to = component % peers;
            self.notes.send(Note::Exit {
                to,
                component,
                best,
                from: me,
            });
        }
        let mut gathered: HashMap<u32, (Option<i128>, Vec<u32>)> = HashMap::new();
        for note in self.notes.deliver(worker) {
            if let Note::Exit {
                component,
                best,
                from,
                ..
            } = note
            {
                let (b, askers) = gathered.entry(component).or_default();
                if let Some(x) = best
                    && b.is_none_or(|y| better(x, y))
                {
                    *b = Some(x);
                }
                askers.push(from);
            }
        }
        for (component, (best, askers)) in gathered {
            let best = best.unwrap_or(0);
            let limit = if keeper == Player::MIN {
                best.max(0)
            } else {
                best.min(0)
            };
            for to in askers {
                self.notes.send(Note::Limit {
                    to,
                    component,
                    limit,
                });
            }
        }
        let mut limits = HashMap::new();
        for note in self.notes.deliver(worker) {
            if let Note::Limit {
                component, limit, ..
            } = note
            {
                limits.insert(component, limit);
            }
        }
        let mut moved = Vec::new();
        for l in (0..n).filter(|&l| alive[l]) {
            let limit = limits[&component[l]];
            let (lower, upper) = (self.lower[l], self.upper[l]);
            if keeper == Player::MIN && upper > limit {
                self.set(l, lower, limit);
                moved.push(l);
            } else if keeper == Player::MAX && lower < limit {
                self.set(l, limit, upper);
                moved.push(l);
            }
        }
        self.announce(worker, &moved);
        moved.len()
    }

    /// Removes from `alive` the vertices that cannot stay in their place (set or component):
    /// a chance vertex with a move out of it, the keeper without an optimal move inside it,
    /// the other player without any move inside it. Looks at `candidates`; returns those
    /// removed.
    fn leave(
        &self,
        (alive, candidates): (&mut [bool], &[usize]),
        place: &[u32],
        known_place: &[u32],
        usable: &[bool],
        keeper: Player,
    ) -> Vec<usize> {
        let shard = self.shard;
        let inside = |l: usize, k: usize| known_place[shard.slot[k] as usize] == place[l];
        let mut died = Vec::new();
        for &l in candidates {
            if !alive[l] {
                continue;
            }
            let mut arcs = shard.arcs(l);
            let stays = match shard.mover[l] {
                Mover::Chance => arcs.all(|k| inside(l, k)),
                Mover::Player(p) if p == keeper => arcs.any(|k| inside(l, k) && usable[k]),
                _ => arcs.any(|k| inside(l, k)),
            };
            if !stays {
                alive[l] = false;
                died.push(l);
            }
        }
        died
    }

    /// Removes the vertices that cannot stay in their place, told to the watchers, until none
    /// leaves on any worker; returns the places and the copies of the successors' places.
    fn settle(
        &mut self,
        worker: &mut timely::worker::Worker,
        (mut place, mut known): (Vec<u32>, Vec<u32>),
        alive: &mut [bool],
        usable: &[bool],
        keeper: Player,
    ) -> (Vec<u32>, Vec<u32>) {
        // First every vertex, then those with a successor that left.
        let mut candidates: Vec<usize> = (0..self.shard.len()).collect();
        let mut seen = vec![false; self.shard.len()];
        loop {
            let died = self.leave((alive, &candidates), &place, &known, usable, keeper);
            for &l in &died {
                place[l] = scc::NONE;
            }
            let (total, changed);
            (known, total, changed) = self.tell_places(worker, &place, &died, known);
            if total == 0 {
                return (place, known);
            }
            candidates.clear();
            for slot in changed {
                for &(l, _) in self.shard.users.of(slot as usize) {
                    if !seen[l as usize] {
                        seen[l as usize] = true;
                        candidates.push(l as usize);
                    }
                }
            }
            for &l in &candidates {
                seen[l] = false;
            }
        }
    }

    /// Tells the watchers the places of `moved` and takes in theirs; with the number of
    /// vertices moved on all workers, and the copies that changed here.
    fn tell_places(
        &mut self,
        worker: &mut timely::worker::Worker,
        place: &[u32],
        moved: &[usize],
        mut known: Vec<u32>,
    ) -> (Vec<u32>, u64, Vec<u32>) {
        let shard = self.shard;
        let mut changed = Vec::new();
        for &l in moved {
            if let Some(slot) = shard.own_slot[l] {
                known[slot as usize] = place[l];
                changed.push(slot);
            }
        }
        let batches = shard.batches(moved, |l, slot| (slot, place[l]));
        self.notes
            .send_batches(batches, |to, places| Note::Components { to, places });
        let (arrived, total) = self.notes.deliver_and_sum(worker, moved.len() as u64);
        for note in arrived {
            if let Note::Components { places, .. } = note {
                for (slot, component) in places {
                    known[slot as usize] = component;
                    changed.push(slot);
                }
            }
        }
        (known, total, changed)
    }
}
