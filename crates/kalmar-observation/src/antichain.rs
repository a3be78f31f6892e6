//! The antichain algorithm of K. Chatterjee, L. Doyen, T. A. Henzinger and J.-F. Raskin,
//! *Algorithms for omega-regular games with imperfect information* (LMCS 3(3:4), 2007), the
//! algorithm of the Alpaga tool.
//!
//! The sets of knowledge sets from which the system wins are downward closed: knowing more (a
//! smaller set) never hurts. So are the sets the fixpoint computations go through, because the
//! controllable predecessor
//!
//! ```text
//! CPre(Q) = { s | ∃ action a available at all of s, ∀ observation o:
//!                 (Post_a(s) ∩ o) \ Target ∈ Q or is empty }
//! ```
//!
//! maps downward-closed sets to downward-closed sets. Each is represented by its antichain of
//! maximal elements, kept per observation (every knowledge set has one observation). `CPre` of
//! an antichain `Q` is computed without listing subsets: for an action `a` and an observation
//! `o`, the largest sets whose `o`-successors fit in an element `q` of `Q` are
//! `{ l | (Post_a(l) ∩ o) \ Target ⊆ q }`, one per `q` of observation `o`; their meet (pairwise
//! intersection) over all observations, taken inside each largest knowledge set of one
//! observation, and the union over actions give the maximal elements of `CPre(Q)`. The sets
//! `(Post_a(l) ∩ o) \ Target` are computed once per game.
//!
//! The winning knowledge sets are the nested fixpoint of the parity condition (Emerson and
//! Jutla), with `P_i` the safe sets of priority `i` and `Z_i` a greatest fixpoint for even and
//! a least one for odd `i`, the highest priority outermost:
//!
//! ```text
//! W = σZ_d … νZ_0. ⋃_i (P_i ⊓ CPre(Z_i))
//! ```
//!
//! Reachability (priority 1 only) is `μZ. P_1 ⊓ CPre(Z)`, safety (priority 0 only)
//! `νZ. P_0 ⊓ CPre(Z)`, Büchi `νY. μX. (P_2 ⊓ CPre(Y)) ∪ (P_1 ⊓ CPre(X))`. The system wins
//! when every initial knowledge set lies below an element of `W`.
//!
//! # Witnesses, from the ranks of the iterations
//! Both witnesses come from the iterations themselves, by the ranks (iteration counts, or
//! signatures) of the nested fixpoint, the classical argument for fixpoint characterisations of
//! parity games; neither builds the knowledge game. (Berwanger, Chatterjee, Doyen, Henzinger and
//! Raje, CONCUR 2008, construct strategies on antichains differently, by a recursive
//! decomposition into reachability, safety and simpler parity games.)
//!
//! *The system.* Call a run of the innermost operator a *context*; it is identified by the
//! iteration counts of the enclosing least fixpoints (the odd levels), read from the outermost,
//! once the greatest fixpoints between them have converged. Each element of its output carries
//! the action that put it in `P_i ⊓ CPre(Z_i)`. The strategy lists these elements in the order of
//! the contexts (lexicographic) and keeps an element only when no earlier one contains it; at a
//! knowledge set `K` it plays the action of the first element containing `K`, so `K` is handled
//! in its least context. The action leads into `Z_i`: for odd `i` an earlier iterate of level
//! `i` (the count at level `i` drops, those above do not grow), for even `i` the converged value
//! (the counts above `i` do not grow). If the largest priority seen infinitely often were odd,
//! the counts from its level up would decrease forever, which is impossible; and every set met
//! is safe. Only the rules the strategy meets from the initial knowledge sets are kept.
//!
//! *The environment.* Dually, a context is now identified by the iteration counts of the
//! greatest fixpoints (the even levels) once the least fixpoints between them have converged. At
//! a knowledge set `K` outside `W` the environment takes the least such context whose output
//! misses `K`; then for every action some observation leads to a successor outside `Z_i`, which
//! for even `i` is missed in an earlier iterate of level `i` and for odd `i` in the converged
//! value. The answers are collected on the knowledge sets the spoiler meets from an initial one
//! outside `W`: a spoiling tree in which no cycle has an even largest priority.
//!
//! # Complexity
//! Each iteration of a fixpoint grows or shrinks the downward-closed set, so there are at most
//! `2^n` of them per level (exponential, as the problem is EXPTIME-complete), and far fewer when
//! the antichains stay small; an antichain can have exponentially many elements, and a meet
//! costs the product of the sizes. Parity with `d` priorities nests `d` fixpoints.
//!
//! An iteration computes `CPre` only for the observations that read an antichain changed since
//! they last did: setting a level's iterate marks them (the iterates are persistent arrays of
//! antichains, `SharedArray`, so what changed is found without looking at what did not), and
//! every other observation keeps its output from the iteration before, shared. So an iteration
//! costs the `CPre` of the observations it must recompute plus O(log n) per antichain that
//! changed, whatever the number n of observations: a chain of n observations, which needs n
//! iterations of one change each, takes O(n log n) (16,000 states in 0.04 s, where scanning
//! every observation each iteration took 5.5 s and recomputing every one O(n³)). A level that no
//! observation has (level 0 when the least priority is odd, as in reachability) is read by
//! nobody and runs one round. The system's contexts are recorded as the antichains each changed
//! (reference counts, shared), the environment's as one pointer per level; extracting a witness
//! replays them once per knowledge set of the witness.
//! [`solve_within`] asks a budget before each `CPre`, so that a
//! [`MemoryGuard`](kalmar_core::memory::MemoryGuard) can stop a run that grows too large.

use super::shared_array::SharedArray;
use super::{KnowledgeStrategy, LocationSet, ObservationGame, Side, Solution, Spoiler, Stats};
use foldhash::{HashSet, HashSetExt};
use kalmar_core::memory::{Budget, Unlimited};
use std::rc::Rc;

/// An antichain of nonempty knowledge sets (the maximal elements of a downward-closed set),
/// each with the action that justifies it.
type Antichain = Vec<(LocationSet, u32)>;

/// The maximal nonempty sets of `sets` (the first of equal ones), largest first. After
/// sorting by size and removing repeated sets, a set can only lie below a larger one kept
/// before it.
fn maximal(sets: Antichain) -> Antichain {
    let mut sized: Vec<(usize, LocationSet, u32)> = sets
        .into_iter()
        .filter(|(s, _)| !s.is_empty())
        .map(|(s, a)| (s.len(), s, a))
        .collect();
    sized.sort_by(|x, y| y.0.cmp(&x.0).then_with(|| x.1.cmp(&y.1)));
    sized.dedup_by(|later, earlier| later.1 == earlier.1);
    let mut kept: Antichain = Vec::with_capacity(sized.len());
    // `kept[..larger]` holds the kept sets larger than the current one.
    let (mut larger, mut size) = (0, usize::MAX);
    for (len, s, a) in sized {
        if len < size {
            (larger, size) = (kept.len(), len);
        }
        if !covers(&kept[..larger], &s) {
            kept.push((s, a));
        }
    }
    kept
}

/// Whether `k` lies below an element of `antichain`.
fn covers(antichain: &[(LocationSet, u32)], k: &LocationSet) -> bool {
    antichain.iter().any(|(t, _)| k.is_subset(t))
}

/// The same downward-closed set: the same maximal elements.
fn same(a: &Antichain, b: &Antichain) -> bool {
    a.len() == b.len() && {
        let elements: HashSet<&LocationSet> = a.iter().map(|(s, _)| s).collect();
        b.iter().all(|(s, _)| elements.contains(s))
    }
}

/// The same elements, each with the same action.
fn same_with_actions(a: &Antichain, b: &Antichain) -> bool {
    a.len() == b.len() && {
        let elements: HashSet<(&LocationSet, u32)> = a.iter().map(|(s, x)| (s, *x)).collect();
        b.iter().all(|(s, x)| elements.contains(&(s, *x)))
    }
}

/// A downward-closed set of knowledge sets, as its antichain, split by observation. The
/// antichain of an observation is shared with every earlier set that had the same one, and the
/// array of them is persistent (`SharedArray`), so an iterate that changes a few observations
/// costs a few paths, whatever the number of observations, and the changes are found without
/// looking at the rest.
#[derive(Clone, Debug)]
struct Closed {
    /// Per observation, the maximal elements of that observation.
    by_observation: SharedArray<Rc<Antichain>>,
    /// The number of elements, over all observations.
    elements: usize,
}

impl Closed {
    fn empty(observations: usize) -> Self {
        Closed {
            // One empty antichain, shared by every observation.
            by_observation: SharedArray::from_vec(
                std::iter::repeat_n(Rc::new(Vec::new()), observations).collect(),
            ),
            elements: 0,
        }
    }

    fn len(&self) -> usize {
        self.elements
    }

    /// The antichain of observation `o`.
    fn get(&self, o: u32) -> &Rc<Antichain> {
        &self.by_observation[o as usize]
    }

    /// Makes `antichain` the one of observation `o`.
    fn set(&mut self, o: u32, antichain: Rc<Antichain>) {
        self.elements = self.elements - self.get(o).len() + antichain.len();
        self.by_observation.set(o as usize, antichain);
    }

    /// Whether `k`, of observation `o`, lies below an element.
    fn covers(&self, o: u32, k: &LocationSet) -> bool {
        covers(self.get(o), k)
    }

    /// The observations whose antichain is not shared with `earlier`, with their antichains.
    fn changes_since(&self, earlier: &Closed) -> Vec<(u32, Rc<Antichain>)> {
        let mut changes = Vec::new();
        self.by_observation
            .differences(&earlier.by_observation, |o, now, then| {
                if !Rc::ptr_eq(now, then) {
                    changes.push((o as u32, Rc::clone(now)));
                }
            });
        changes
    }
}

/// The moves of one action into one observation, outside the target.
struct Moves {
    observation: u32,
    /// The locations with such a move, and where they go.
    posts: Vec<(u32, LocationSet)>,
}

/// Outputs recorded in order: the first in full, then for each next one what changed. A
/// fixpoint of `r` rounds over `n` observations that changes a few antichains a round is
/// recorded in O(n + r), not O(n·r).
#[derive(Default)]
struct Trail {
    first: Option<Rc<Closed>>,
    last: Option<Rc<Closed>>,
    /// For each output after the first, its antichains not shared with the output before.
    changes: Vec<Vec<(u32, Rc<Antichain>)>>,
}

impl Trail {
    fn push(&mut self, output: Rc<Closed>) {
        match &self.last {
            None => self.first = Some(Rc::clone(&output)),
            Some(last) => self.changes.push(output.changes_since(last)),
        }
        self.last = Some(output);
    }

    /// Appends the outputs of `later`, in order.
    fn append(&mut self, later: Trail) {
        let Some(first) = later.first else {
            return;
        };
        self.push(first);
        self.changes.extend(later.changes);
        self.last = later.last;
    }

    /// Every antichain of the recorded outputs, in order, by observation; an antichain shared
    /// with the output before is given once.
    fn antichains(&self) -> impl Iterator<Item = (usize, &Antichain)> {
        let first = self.first.iter().flat_map(|c| {
            c.by_observation
                .iter()
                .enumerate()
                .map(|(o, a)| (o, a.as_ref()))
        });
        let changes = self
            .changes
            .iter()
            .flatten()
            .map(|(o, a)| (*o as usize, a.as_ref()));
        first.chain(changes)
    }
}

/// What the iterations leave behind for the witnesses: a stack of open buffers, one per round
/// under way, each holding the contexts of that round still to be kept.
struct Record {
    /// The outputs of the contexts the system's strategy is read from.
    system: Vec<Trail>,
    /// The inputs (the `Z_i` of every level) of the contexts the spoiler is read from.
    environment: Vec<Vec<Vec<Rc<Closed>>>>,
}

impl Record {
    fn open(&mut self) {
        self.system.push(Trail::default());
        self.environment.push(Vec::new());
    }

    /// Closes the innermost round, keeping its contexts for the system and/or the environment.
    fn close(&mut self, keep_system: bool, keep_environment: bool) {
        let system = self.system.pop().unwrap_or_default();
        if keep_system && let Some(parent) = self.system.last_mut() {
            parent.append(system);
        }
        let environment = self.environment.pop().unwrap_or_default();
        if keep_environment && let Some(parent) = self.environment.last_mut() {
            parent.extend(environment);
        }
    }
}

/// What `CPre` of one observation last read (the antichains of its successor observations)
/// and gave.
type Cached = (Vec<Rc<Antichain>>, Rc<Antichain>);

/// The data of one game the operators need.
struct Context<'g> {
    game: &'g ObservationGame,
    /// Per observation: its safe locations outside the target (the largest knowledge set).
    universe: Vec<LocationSet>,
    /// Per observation, its compressed priority.
    level: Vec<usize>,
    levels: usize,
    /// Per level, whether some observation has it.
    populated: Vec<bool>,
    /// Per action, its moves into each observation.
    moves: Vec<Vec<Moves>>,
    /// Per action, `(location, i)` for each `moves[a][i]` with a move from that location,
    /// sorted by location: which observations a knowledge set's moves reach.
    sources: Vec<Vec<(u32, u32)>>,
    /// Per observation `o`, the observations its moves reach: all that `CPre(Z)` of `o` reads.
    inputs: Vec<Vec<u32>>,
    /// Per observation `p`, the observations whose `CPre` reads it, the inverse of `inputs`.
    readers: Vec<Vec<u32>>,
    /// The last output of [`Context::step`]: every observation's output, valid where its
    /// inputs did not change since.
    last_output: Option<Closed>,
    /// The observations whose inputs changed since the last step (each once, `marked`).
    dirty: Vec<u32>,
    marked: Vec<bool>,
    /// Per observation, the antichains `CPre` last read and the one it gave, reused while
    /// those it reads are unchanged.
    cache: Vec<Option<Cached>>,
    /// Every safe knowledge set, and none: where greatest and least fixpoints start.
    top: Rc<Closed>,
    bottom: Rc<Closed>,
    stats: Stats,
}

impl<'g> Context<'g> {
    fn new(game: &'g ObservationGame) -> Self {
        let n = game.num_locations();
        let observations = game.num_observations();
        let mut universe = Vec::with_capacity(observations);
        for o in 0..observations as u32 {
            let mut s = game.class(o).intersection(game.safe());
            s.subtract(game.target());
            universe.push(s);
        }
        // Compress priorities, keeping their parity and order.
        let mut distinct: Vec<u32> = (0..observations as u32).map(|o| game.priority(o)).collect();
        distinct.sort_unstable();
        distinct.dedup();
        let mut rank = Vec::with_capacity(distinct.len());
        let mut current = distinct.first().map_or(0, |p| (p % 2) as usize);
        for (i, &p) in distinct.iter().enumerate() {
            if i > 0 && p % 2 != distinct[i - 1] % 2 {
                current += 1;
            }
            rank.push(current);
        }
        let level: Vec<usize> = (0..observations as u32)
            .map(|o| rank[distinct.binary_search(&game.priority(o)).unwrap_or(0)])
            .collect();
        let levels = rank.last().map_or(1, |&r| r + 1);
        let mut populated = vec![false; levels];
        for &l in &level {
            populated[l] = true;
        }
        let mut moves: Vec<Vec<Moves>> = (0..game.num_actions()).map(|_| Vec::new()).collect();
        let mut sources: Vec<Vec<(u32, u32)>> = vec![Vec::new(); game.num_actions()];
        // Per action, the slot of each observation in `moves[a]`.
        let mut slot_of: Vec<foldhash::HashMap<u32, usize>> =
            vec![foldhash::HashMap::default(); game.num_actions()];
        for l in 0..n as u32 {
            for &(a, t) in game.moves(l) {
                if game.target().contains(t) {
                    continue;
                }
                let o = game.observation(t);
                let by_observation = &mut moves[a as usize];
                let slot = *slot_of[a as usize].entry(o).or_insert_with(|| {
                    by_observation.push(Moves {
                        observation: o,
                        posts: Vec::new(),
                    });
                    by_observation.len() - 1
                });
                let posts = &mut by_observation[slot].posts;
                match posts.last_mut() {
                    Some((from, post)) if *from == l => post.insert(t),
                    _ => {
                        posts.push((l, LocationSet::of(n, [t])));
                        sources[a as usize].push((l, slot as u32));
                    }
                }
            }
        }
        let inputs: Vec<Vec<u32>> = universe
            .iter()
            .map(|within| {
                let mut reached: Vec<u32> = within
                    .iter()
                    .flat_map(|l| game.moves(l))
                    .filter(|&&(_, t)| !game.target().contains(t))
                    .map(|&(_, t)| game.observation(t))
                    .collect();
                reached.sort_unstable();
                reached.dedup();
                reached
            })
            .collect();
        let mut readers = vec![Vec::new(); observations];
        for (o, reads) in inputs.iter().enumerate() {
            for &p in reads {
                readers[p as usize].push(o as u32);
            }
        }
        let mut top = Closed::empty(observations);
        for (o, s) in universe.iter().enumerate() {
            if !s.is_empty() {
                top.set(o as u32, Rc::new(vec![(s.clone(), 0)]));
            }
        }
        Context {
            game,
            universe,
            level,
            levels,
            populated,
            moves,
            sources,
            inputs,
            readers,
            last_output: None,
            dirty: Vec::new(),
            marked: vec![false; observations],
            cache: vec![None; observations],
            top: Rc::new(top),
            bottom: Rc::new(Closed::empty(observations)),
            stats: Stats::default(),
        }
    }

    /// The moves of action `a` from the locations of `allowed`, one entry per observation they
    /// reach, in the order of `moves[a]`.
    fn moves_from(&self, a: u32, allowed: &LocationSet) -> Vec<&Moves> {
        let sources = &self.sources[a as usize];
        let mut slots: Vec<u32> = Vec::new();
        for l in allowed.iter() {
            let start = sources.partition_point(|&(from, _)| from < l);
            slots.extend(
                sources[start..]
                    .iter()
                    .take_while(|&&(from, _)| from == l)
                    .map(|&(_, slot)| slot),
            );
        }
        slots.sort_unstable();
        slots.dedup();
        let moves = &self.moves[a as usize];
        slots
            .into_iter()
            .map(|slot| &moves[slot as usize])
            .collect()
    }

    /// The maximal elements of `CPre(q)` of observation `o`.
    fn cpre(&self, q: &Closed, o: u32) -> Antichain {
        let game = self.game;
        let within = &self.universe[o as usize];
        let mut out: Antichain = Vec::new();
        for a in 0..game.num_actions() as u32 {
            let mut allowed = within.clone();
            for l in within.iter() {
                if !game.available(l, a) {
                    allowed.remove(l);
                }
            }
            if allowed.is_empty() {
                continue;
            }
            // `None` stands for `[allowed]`, the meet over no observation yet.
            let mut candidates: Option<Antichain> = None;
            for m in self.moves_from(a, &allowed) {
                // The locations of `allowed` whose moves into `m.observation` fit in `t`.
                let fits = |t: Option<&LocationSet>| {
                    let mut s = allowed.clone();
                    for (l, post) in &m.posts {
                        if s.contains(*l) && !t.is_some_and(|t| post.is_subset(t)) {
                            s.remove(*l);
                        }
                    }
                    (s, a)
                };
                let elements = q.get(m.observation);
                let options = maximal(if elements.is_empty() {
                    vec![fits(None)]
                } else {
                    elements.iter().map(|(t, _)| fits(Some(t))).collect()
                });
                let met = match candidates {
                    // The options lie in `allowed` already.
                    None => options,
                    Some(candidates) => maximal(
                        candidates
                            .iter()
                            .flat_map(|(c, _)| {
                                options.iter().map(move |(s, _)| (c.intersection(s), a))
                            })
                            .collect(),
                    ),
                };
                let empty = met.is_empty();
                candidates = Some(met);
                if empty {
                    break;
                }
            }
            out.extend(candidates.unwrap_or_else(|| vec![(allowed, a)]));
        }
        maximal(out)
    }

    /// `⋃_i (P_i ⊓ CPre(Z_i))`, asking `budget` before each `CPre` it computes. An
    /// observation whose inputs are the antichains its last `CPre` read keeps its output.
    ///
    /// Only the observations marked dirty by [`Context::assign`] are looked at after the first
    /// step; every other one keeps its output from the last step, so an iterate costs what
    /// changed, not the number of observations.
    fn step<B: Budget>(&mut self, z: &[Rc<Closed>], budget: &mut B) -> Result<Closed, B::Error> {
        self.stats.iterations += 1;
        let (mut out, observations) = match &self.last_output {
            Some(last) => (last.clone(), std::mem::take(&mut self.dirty)),
            None => (
                Closed::clone(&self.bottom),
                (0..self.universe.len() as u32).collect(),
            ),
        };
        for &o in &observations {
            self.marked[o as usize] = false;
        }
        for o in observations {
            let o = o as usize;
            if self.universe[o].is_empty() {
                continue;
            }
            let q = &z[self.level[o]];
            let reads = |p: &u32| q.get(*p);
            if let Some((seen, output)) = &self.cache[o]
                && seen
                    .iter()
                    .zip(&self.inputs[o])
                    .all(|(s, p)| Rc::ptr_eq(s, reads(p)))
            {
                out.set(o as u32, Rc::clone(output));
                continue;
            }
            budget.step()?;
            let fresh = self.cpre(q, o as u32);
            // The same elements with the same actions: kept shared, so that what reads this
            // observation sees no change. (The same sets with other actions are a change: an
            // action is justified by the iterate it was computed from.)
            let output = match self.cache[o].take() {
                Some((_, old)) if same_with_actions(&old, &fresh) => old,
                _ => Rc::new(fresh),
            };
            let seen = self.inputs[o].iter().map(|p| Rc::clone(reads(p))).collect();
            self.cache[o] = Some((seen, Rc::clone(&output)));
            out.set(o as u32, output);
        }
        self.last_output = Some(out.clone());
        self.stats.max_antichain = self.stats.max_antichain.max(out.len() as u64);
        Ok(out)
    }

    /// The fixpoint for level `i` and all below, the levels above fixed in `z`. Every round
    /// is recorded for the witnesses: the system keeps the rounds of least fixpoints and the
    /// last round of greatest ones, the environment the other way round.
    fn fixpoint<B: Budget>(
        &mut self,
        i: usize,
        z: &mut Vec<Rc<Closed>>,
        record: &mut Record,
        budget: &mut B,
    ) -> Result<Rc<Closed>, B::Error> {
        let greatest = i.is_multiple_of(2);
        let mut current = Rc::clone(if greatest { &self.top } else { &self.bottom });
        // A level no observation has (level 0 when the least priority is odd) is read by
        // nobody: its fixpoint is one round, which the second round would only repeat.
        let unread = !self.populated[i];
        // What `current` changed from the iterate before it, once known (the round's test
        // found it), so that setting it does not look for it again.
        let mut changes = None;
        loop {
            self.assign(z, i, Rc::clone(&current), changes.take());
            record.open();
            let next = if i == 0 {
                let next = Rc::new(self.step(z, budget)?);
                if let Some(round) = record.system.last_mut() {
                    round.push(Rc::clone(&next));
                }
                if let Some(round) = record.environment.last_mut() {
                    round.push(z.clone());
                }
                next
            } else {
                self.fixpoint(i - 1, z, record, budget)?
            };
            let done = unread || {
                let changed = next.changes_since(&current);
                let done = changed.iter().all(|(o, now)| same(now, current.get(*o)));
                changes = Some(changed);
                done
            };
            record.close(!greatest || done, greatest || done);
            if done {
                return Ok(next);
            }
            current = next;
        }
    }

    /// Sets `z[i]` to `value`, marking dirty the observations of level `i` that read an
    /// antichain it changes: `changes` when the caller knows them (`value`'s changes from
    /// `z[i]`), else found by the persistent arrays' difference, in what changed.
    fn assign(
        &mut self,
        z: &mut [Rc<Closed>],
        i: usize,
        value: Rc<Closed>,
        changes: Option<Vec<(u32, Rc<Antichain>)>>,
    ) {
        if !Rc::ptr_eq(&z[i], &value) && self.populated[i] {
            let changes = changes.unwrap_or_else(|| value.changes_since(&z[i]));
            for (p, _) in changes {
                for &r in &self.readers[p as usize] {
                    if self.level[r as usize] == i && !self.marked[r as usize] {
                        self.marked[r as usize] = true;
                        self.dirty.push(r);
                    }
                }
            }
        }
        z[i] = value;
    }

    /// The system's strategy from the recorded contexts, reduced to the rules it meets.
    fn strategy(&self, contexts: &Trail) -> KnowledgeStrategy {
        let game = self.game;
        let mut rules: Vec<Antichain> = vec![Vec::new(); self.universe.len()];
        // An antichain shared with the output before adds nothing: its elements were added
        // then, or were covered, and rules only grow.
        for (o, elements) in contexts.antichains() {
            for (s, a) in elements {
                if !covers(&rules[o], s) {
                    rules[o].push((s.clone(), *a));
                }
            }
        }
        // The rule each knowledge set met uses: the first one containing it.
        let mut used: HashSet<(u32, usize)> = HashSet::new();
        let mut seen: HashSet<LocationSet> = HashSet::new();
        let mut open = game.initial_knowledge();
        while let Some(k) = open.pop() {
            if !seen.insert(k.clone()) {
                continue;
            }
            let o = game.observation_of(&k);
            let Some(r) = rules[o as usize].iter().position(|(s, _)| k.is_subset(s)) else {
                continue;
            };
            used.insert((o, r));
            let a = rules[o as usize][r].1;
            open.extend(
                game.successors(&k, a)
                    .into_iter()
                    .map(|(_, k2)| k2)
                    .filter(|k2| !k2.is_empty()),
            );
        }
        let rules = rules
            .into_iter()
            .enumerate()
            .flat_map(|(o, rules)| {
                let used = &used;
                rules
                    .into_iter()
                    .enumerate()
                    .filter(move |(r, _)| used.contains(&(o as u32, *r)))
                    .map(|(_, rule)| rule)
            })
            .collect();
        KnowledgeStrategy { rules }
    }

    /// The environment's answers at `k`, from the first recorded context whose output misses
    /// `k`: for each action, an observation leading outside `Z_i`. (Every knowledge set outside
    /// the winning sets is missed by some context, the last one at the latest.)
    fn answers(
        &self,
        k: &LocationSet,
        contexts: &[Vec<Rc<Closed>>],
    ) -> Option<Vec<(u32, u32, LocationSet)>> {
        let game = self.game;
        let level = self.level[game.observation_of(k) as usize];
        let options: Vec<(u32, Vec<(u32, LocationSet)>)> = game
            .common_actions(k)
            .into_iter()
            .map(|a| {
                let mut next = game.successors(k, a);
                next.retain(|(_, k2)| !k2.is_empty());
                (a, next)
            })
            .collect();
        let mut last: Option<&Rc<Closed>> = None;
        for z in contexts {
            let zi = &z[level];
            if last.is_some_and(|p| Rc::ptr_eq(p, zi)) {
                continue;
            }
            last = Some(zi);
            let escape = |next: &[(u32, LocationSet)]| {
                next.iter().find(|(o, k2)| !zi.covers(*o, k2)).cloned()
            };
            let answers: Option<Vec<(u32, u32, LocationSet)>> = options
                .iter()
                .map(|(a, next)| escape(next).map(|(o, k2)| (*a, o, k2)))
                .collect();
            if answers.is_some() {
                return answers;
            }
        }
        None
    }

    /// The environment's spoiler from `start`, a set outside the winning region.
    fn spoiler(&self, start: LocationSet, contexts: &[Vec<Rc<Closed>>]) -> Option<Spoiler> {
        let game = self.game;
        let mut answers = Vec::new();
        let mut seen: HashSet<LocationSet> = HashSet::new();
        let mut open = vec![start.clone()];
        while let Some(k) = open.pop() {
            if game.losing_at_once(&k) || !seen.insert(k.clone()) {
                continue;
            }
            for (a, o, k2) in self.answers(&k, contexts)? {
                answers.push(((k.clone(), a), o));
                open.push(k2);
            }
        }
        Some(Spoiler {
            start: Some(start),
            answers,
        })
    }
}

/// Decides `game` by the antichain algorithm, with a winning strategy of the system or a
/// spoiler of the environment read from the ranks of the iterations.
///
/// ```
/// use kalmar_observation::{GameBuilder, Side, antichain, verify};
/// // Safety: the system must avoid `bad`; action `stay` is always safe.
/// let mut b = GameBuilder::new();
/// let o = b.add_observation("o", 0);
/// let [stay, jump] = [b.add_action("stay"), b.add_action("jump")];
/// let home = b.add_location("home", o);
/// let bad = b.add_location("bad", o);
/// b.add_move(home, stay, home); b.add_move(home, jump, bad); b.add_move(bad, stay, bad);
/// b.add_initial(home); b.make_unsafe(bad);
/// let game = b.build().unwrap();
/// let solution = antichain::solve(&game);
/// assert_eq!(solution.winner, Side::System);
/// assert!(verify(&game, solution.strategy.as_ref().unwrap()).is_ok());
/// ```
pub fn solve(game: &ObservationGame) -> Solution {
    let Ok(solution) = solve_within(game, &mut Unlimited);
    solution
}

/// [`solve`], asking `budget` before each controllable predecessor: antichains can grow
/// exponentially, and a [`MemoryGuard`](kalmar_core::memory::MemoryGuard) stops them cleanly.
pub fn solve_within<B: Budget>(
    game: &ObservationGame,
    budget: &mut B,
) -> Result<Solution, B::Error> {
    let mut cx = Context::new(game);
    // Every level is set by its fixpoint before the operator reads it.
    let mut z = vec![Rc::clone(&cx.bottom); cx.levels];
    let mut record = Record {
        system: vec![Trail::default()],
        environment: vec![Vec::new()],
    };
    let winning = cx.fixpoint(cx.levels - 1, &mut z, &mut record, budget)?;
    let losing = game
        .initial_knowledge()
        .into_iter()
        .find(|k| !winning.covers(game.observation_of(k), k));
    let mut stats = cx.stats;
    stats.knowledge_sets = winning.len() as u64;
    let system = record.system.pop().unwrap_or_default();
    let environment = record.environment.pop().unwrap_or_default();
    Ok(match losing {
        None => Solution {
            winner: Side::System,
            strategy: Some(cx.strategy(&system)),
            spoiler: None,
            stats,
        },
        Some(start) => Solution {
            winner: Side::Environment,
            strategy: None,
            spoiler: cx.spoiler(start, &environment),
            stats,
        },
    })
}
