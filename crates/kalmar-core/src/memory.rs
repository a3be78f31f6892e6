//! The process's memory, for solvers whose size cannot be told before they run: fixpoint
//! iterations and explorations that may grow exponentially. They ask a [`MemoryGuard`] as they
//! go and stop cleanly when the process has grown past a limit, instead of being killed when
//! the machine runs out.
//!
//! The figure is the resident set of the whole process (`/proc/self/status` on Linux; on other
//! systems there is none and the guard never stops). Reading it costs system calls, so the
//! guard reads it at most every [`MemoryGuard::INTERVAL`].
//!
//! ```
//! use kalmar_core::memory::MemoryGuard;
//! let mut guard = MemoryGuard::new(u64::MAX);
//! for _ in 0..10_000 {
//!     assert!(guard.check().is_ok());
//! }
//! let mut tight = MemoryGuard::new(1);
//! if kalmar_core::memory::resident_bytes().is_some() {
//!     assert!(tight.check_now().is_err());
//! }
//! ```

use std::time::{Duration, Instant};

/// The memory a solver may use unless told otherwise: 4 GiB, a sixth of a 24 GiB machine.
pub const DEFAULT_LIMIT: u64 = 4 << 30;

/// The resident memory of this process in bytes, where the system tells it (the `VmRSS` line
/// of `/proc/self/status`, in KiB whatever the page size).
pub fn resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// The process has grown past the limit: how far it had grown, and the limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverLimit {
    /// Resident bytes when the guard stopped.
    pub resident: u64,
    /// The limit in bytes.
    pub limit: u64,
}

/// Checks the process's memory against a limit as steps go by: at the first
/// [`MemoryGuard::EVERY`]-th step, then at such a step when [`MemoryGuard::INTERVAL`] has
/// passed since the last reading, so that millions of cheap steps cost a clock reading per
/// [`MemoryGuard::EVERY`] and a few memory readings a second.
#[derive(Clone, Debug)]
pub struct MemoryGuard {
    limit: u64,
    steps: u64,
    last_reading: Option<Instant>,
}

impl MemoryGuard {
    /// Steps between two looks at the clock.
    pub const EVERY: u64 = 256;
    /// The least time between two readings of the memory.
    pub const INTERVAL: Duration = Duration::from_millis(10);

    /// A guard that stops above `limit` bytes.
    pub fn new(limit: u64) -> Self {
        MemoryGuard {
            limit,
            steps: 0,
            last_reading: None,
        }
    }

    /// The limit in bytes.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// Counts a step; reads the memory when it is time (see the type's docs) and fails above
    /// the limit.
    pub fn check(&mut self) -> Result<(), OverLimit> {
        self.steps += 1;
        if !self.steps.is_multiple_of(Self::EVERY)
            || self
                .last_reading
                .is_some_and(|t| t.elapsed() < Self::INTERVAL)
        {
            return Ok(());
        }
        self.last_reading = Some(Instant::now());
        self.check_now()
    }

    /// Reads the memory now and fails above the limit.
    pub fn check_now(&self) -> Result<(), OverLimit> {
        match resident_bytes() {
            Some(resident) if resident > self.limit => Err(OverLimit {
                resident,
                limit: self.limit,
            }),
            _ => Ok(()),
        }
    }
}

/// `bytes` in the largest binary unit that keeps a number of at least 1 (`3.2 GiB`).
///
/// ```
/// assert_eq!(kalmar_core::memory::bytes(512), "512 bytes");
/// assert_eq!(kalmar_core::memory::bytes(3 << 29), "1.5 GiB");
/// ```
pub fn bytes(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} bytes")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

/// What a solver that may grow without bound asks before each step: a [`MemoryGuard`], or
/// [`Unlimited`] for callers that set no limit (whose error cannot happen).
pub trait Budget {
    /// Why the solver must stop.
    type Error;
    /// Counts a step; fails when the solver must stop.
    fn step(&mut self) -> Result<(), Self::Error>;
}

impl Budget for MemoryGuard {
    type Error = OverLimit;
    fn step(&mut self) -> Result<(), OverLimit> {
        self.check()
    }
}

/// No limit: every step may go on.
#[derive(Clone, Copy, Debug, Default)]
pub struct Unlimited;

impl Budget for Unlimited {
    type Error = std::convert::Infallible;
    fn step(&mut self) -> Result<(), Self::Error> {
        Ok(())
    }
}
