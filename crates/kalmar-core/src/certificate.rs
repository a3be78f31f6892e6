//! Certificates: a solution that can be checked against its game by code that does not trust the
//! solver that produced it.

use std::fmt;

/// A solution that can be verified independently against the game it claims to solve.
pub trait Certificate<G: ?Sized> {
    /// Checks the solution against `game` and says why it is wrong if it is.
    fn verify(&self, game: &G) -> Result<(), VerifyError>;
}

/// Why a claimed solution is wrong: a human-readable reason, naming a vertex where one is to blame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    reason: String,
}

impl VerifyError {
    /// A rejection with this reason.
    pub fn new(reason: impl Into<String>) -> Self {
        VerifyError {
            reason: reason.into(),
        }
    }

    /// The reason.
    pub fn reason(&self) -> &str {
        &self.reason
    }
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "solution rejected: {}", self.reason)
    }
}

impl std::error::Error for VerifyError {}
