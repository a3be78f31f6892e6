//! A memo of dead ends for the depth-first search: the states from which no tour finishes.
//!
//! Whether a tour can finish depends only on the stone the walk stands on, the direction it
//! came in and the set of stones collected, not on the order they were collected in. Many
//! orders reach one state (a loop of stones walked either way, a detour taken now or later),
//! so the search remembers each state it has exhausted without a solution and prunes it when
//! it comes back. A state is named by 128 bits: the XOR of a random key for each collected
//! stone (Zobrist hashing, kept up to date in O(1) per move) and a key for the position and
//! direction. Two states share a name with probability 2^-128 per pair, so a wrong prune
//! would need about 2^64 states remembered: far beyond any search that ends.
//!
//! The memo is a table of names with one slot per hash: a newer dead end takes the slot of
//! an older one. It starts small and doubles while it fills, up to [`MAX_SLOTS`] slots
//! (64 MiB).
//!
//! ```
//! use kalmar_puzzles::hiroimono::dead_ends::DeadEnds;
//! let mut memo = DeadEnds::new(3);
//! memo.collect(0);
//! memo.collect(2);
//! let state = memo.state(2, Some(1));
//! assert!(!memo.is_dead(state));
//! memo.remember(state);
//! memo.uncollect(2);
//! memo.uncollect(0);
//! // The same stones collected in the other order: the same state.
//! memo.collect(2);
//! memo.collect(0);
//! assert!(memo.is_dead(memo.state(2, Some(1))));
//! assert!(!memo.is_dead(memo.state(0, Some(1))));
//! ```
//!
//! # Complexity
//! O(1) per move, look-up and store (amortized over the doublings); memory O(n) for the keys
//! and at most 64 MiB for the table.

/// The largest table: 2^22 names of 16 bytes.
pub const MAX_SLOTS: usize = 1 << 22;

/// The first table.
const FIRST_SLOTS: usize = 1 << 10;

/// Dead states, and the name of the set collected so far.
#[derive(Clone, Debug)]
pub struct DeadEnds {
    /// A random key per stone.
    stone_keys: Vec<u128>,
    /// The XOR of the keys of the stones collected.
    collected: u128,
    /// The names remembered, 0 for an empty slot.
    slots: Vec<u128>,
    /// Names stored since the table last grew.
    stored: usize,
}

/// SplitMix64: the `n`th number of a fixed random sequence.
fn mix(n: u64) -> u64 {
    let mut z = n.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The 128-bit key number `n`.
fn key(n: u64) -> u128 {
    (u128::from(mix(2 * n)) << 64) | u128::from(mix(2 * n + 1))
}

impl DeadEnds {
    /// An empty memo for a puzzle of `stones` stones.
    pub fn new(stones: usize) -> Self {
        DeadEnds {
            stone_keys: (0..stones as u64).map(key).collect(),
            collected: 0,
            slots: Vec::new(),
            stored: 0,
        }
    }

    /// Notes that stone `s` is collected.
    pub fn collect(&mut self, s: u32) {
        self.collected ^= self.stone_keys[s as usize];
    }

    /// Notes that stone `s` is put back.
    pub fn uncollect(&mut self, s: u32) {
        self.collected ^= self.stone_keys[s as usize];
    }

    /// The name of the state: standing on `at`, having come in direction `came` (an index
    /// 0–3, `None` at the start), with the stones collected so far. Never 0.
    pub fn state(&self, at: u32, came: Option<usize>) -> u128 {
        let position =
            self.stone_keys.len() as u64 + 5 * u64::from(at) + came.map_or(4, |d| d as u64);
        (self.collected ^ key(position)) | 1
    }

    /// Whether `state` is remembered as a dead end.
    pub fn is_dead(&self, state: u128) -> bool {
        !self.slots.is_empty() && self.slots[self.slot(state)] == state
    }

    /// Remembers `state` as a dead end.
    pub fn remember(&mut self, state: u128) {
        if self.slots.is_empty() {
            self.slots = vec![0; FIRST_SLOTS];
        } else if self.stored >= self.slots.len() / 2 && self.slots.len() < MAX_SLOTS {
            self.grow();
        }
        let slot = self.slot(state);
        self.slots[slot] = state;
        self.stored += 1;
    }

    fn slot(&self, state: u128) -> usize {
        (state >> 64) as usize & (self.slots.len() - 1)
    }

    /// Doubles the table, keeping every name.
    fn grow(&mut self) {
        let doubled = vec![0; 2 * self.slots.len()];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.stored = 0;
        for name in old.into_iter().filter(|&name| name != 0) {
            let slot = self.slot(name);
            self.slots[slot] = name;
            self.stored += 1;
        }
    }
}
