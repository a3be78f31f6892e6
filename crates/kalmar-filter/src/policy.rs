//! Joint policies: how likely each player is to take each legal action at each of their
//! information states.
//!
//! - [`Uniform`]: every legal action equally likely.
//! - [`PolicyBias`]: the random policies of the paper's supplement: at every information state one
//!   action, chosen at random, gets probability `bias` and the rest share `1 - bias` equally. The
//!   chosen action is a deterministic function of a seed and the information state, so the policy
//!   is fixed once the seed is.
//! - [`TablePolicy`]: probabilities read from a text file (see `docs/formats.md`), uniform at
//!   information states the file does not list.
//!
//! [`POLICIES`] names them for the command line: a policy is given as `ID` or `ID:ARGUMENT`
//! (`uniform`, `bias:0.7`, `file:PATH`) and built by [`from_spec`].
//!
//! ```
//! use kalmar_core::Rational;
//! use kalmar_filter::policy::from_spec;
//! assert!(from_spec("uniform", 0).is_ok());
//! assert!(from_spec("bias:7/10", 3).is_ok());
//! let err = from_spec("bias:2", 0).unwrap_err();
//! assert_eq!(err.to_string(), "--policy bias:2: expected a bias from 0 to 1");
//! let err = from_spec("greedy", 0).unwrap_err();
//! assert_eq!(err.to_string(), "--policy greedy: expected uniform, bias:P or file:PATH");
//! ```

use crate::fosg::Fosg;
use foldhash::{HashMap, HashSet};
use kalmar_core::error::{Cursor, ParseError};
use kalmar_core::registry::{Entry, Registry};
use kalmar_core::{Player, Rational};
use std::hash::{BuildHasher, Hash, Hasher};

/// A player's information state as a policy sees it: the public and the player's private
/// observations so far (borrowed, so asking a policy allocates nothing).
#[derive(Debug)]
pub struct InfoView<'a, G: Fosg> {
    /// The acting player.
    pub player: Player,
    /// The public observations so far.
    pub public: &'a [G::PublicObs],
    /// The player's private observations so far.
    pub private: &'a [G::PrivateObs],
}

impl<G: Fosg> InfoView<'_, G> {
    /// The information state as one line of text: the player, then public and private
    /// observations interleaved step by step (`pub/priv`), separated by spaces. This is the key
    /// of a [`TablePolicy`] file.
    pub fn key(&self) -> String {
        let mut key = format!("p{}", self.player);
        for (p, q) in self.public.iter().zip(self.private) {
            key.push(' ');
            key.push_str(&format!("{p}/{q}"));
        }
        key
    }
}

/// A joint policy `π = (π_1, …, π_N)`.
pub trait Policy<G: Fosg>: Sync {
    /// The probability that the player of `info` takes `action`, one of the `legal` actions.
    fn probability(
        &self,
        info: &InfoView<'_, G>,
        legal: &[G::Action],
        action: &G::Action,
    ) -> Rational;
}

/// Every legal action equally likely.
#[derive(Clone, Copy, Debug, Default)]
pub struct Uniform;

impl<G: Fosg> Policy<G> for Uniform {
    fn probability(&self, _: &InfoView<'_, G>, legal: &[G::Action], _: &G::Action) -> Rational {
        Rational::new(1, legal.len() as i64)
    }
}

/// The supplement's random policies: at each information state one action, drawn at random, has
/// probability `bias`; the others share the rest equally (a lone legal action has probability 1).
#[derive(Clone, Debug)]
pub struct PolicyBias {
    bias: Rational,
    seed: u64,
}

impl PolicyBias {
    /// A random policy with this `bias` (between 0 and 1) drawn with `seed`.
    ///
    /// # Panics
    /// If `bias` is not between 0 and 1.
    pub fn new(bias: Rational, seed: u64) -> Self {
        assert!(
            bias >= Rational::from(0) && bias <= Rational::from(1),
            "a policy bias is a probability"
        );
        PolicyBias { bias, seed }
    }

    /// The index of the favoured action among `legal` at `info`.
    fn favoured<G: Fosg>(&self, info: &InfoView<'_, G>, legal: usize) -> usize {
        let mut hasher = foldhash::fast::FixedState::with_seed(self.seed).build_hasher();
        info.player.hash(&mut hasher);
        info.public.hash(&mut hasher);
        info.private.hash(&mut hasher);
        (hasher.finish() % legal as u64) as usize
    }
}

impl<G: Fosg> Policy<G> for PolicyBias {
    fn probability(
        &self,
        info: &InfoView<'_, G>,
        legal: &[G::Action],
        action: &G::Action,
    ) -> Rational {
        if legal.len() == 1 {
            return Rational::from(1);
        }
        let favoured = self.favoured(info, legal.len());
        if legal[favoured] == *action {
            self.bias.clone()
        } else {
            &(&Rational::from(1) - &self.bias) / &Rational::from(legal.len() as i64 - 1)
        }
    }
}

/// A policy given as a table: for listed information states, a probability per action (by the
/// action's text); uniform elsewhere.
#[derive(Clone, Debug, Default)]
pub struct TablePolicy {
    rows: HashMap<String, Vec<(String, Rational)>>,
}

impl TablePolicy {
    /// Reads a policy table. Each non-empty line not starting with `#` is
    /// `KEY | ACTION=PROB ACTION=PROB …`, where `KEY` is [`InfoView::key`]; the probabilities of a
    /// line must be non-negative and sum to 1, and a key may appear once.
    pub fn parse(text: &str) -> Result<Self, ParseError> {
        let mut rows = HashMap::default();
        let mut cursor = Cursor::new(text);
        while cursor.peek().is_some() {
            cursor.skip_blanks();
            if matches!(cursor.peek(), Some('\n') | Some('#') | None) {
                cursor.take_while(|c| c != '\n');
                cursor.bump();
                continue;
            }
            let key_span = cursor.span();
            let key = cursor
                .take_while(|c| c != '|' && c != '\n')
                .trim()
                .to_string();
            if cursor.peek() != Some('|') {
                return Err(cursor.error("'|' between the information state and its actions"));
            }
            cursor.bump();
            let mut entries: Vec<(String, Rational)> = Vec::new();
            let mut seen: HashSet<&str> = HashSet::default();
            let mut sum = Rational::from(0);
            loop {
                cursor.skip_blanks();
                if matches!(cursor.peek(), Some('\n') | None) {
                    break;
                }
                let at = cursor.clone();
                let word = cursor.take_while(|c| !c.is_whitespace());
                let Some((action, prob)) = word.rsplit_once('=') else {
                    return Err(at.error("ACTION=PROBABILITY"));
                };
                let prob: Rational = match prob.parse() {
                    Ok(p) if p >= Rational::from(0) => p,
                    _ => return Err(at.error("ACTION=PROBABILITY with a probability >= 0")),
                };
                if action.is_empty() || !seen.insert(action) {
                    return Err(at.error("an action not listed before on this line"));
                }
                sum = &sum + &prob;
                entries.push((action.to_string(), prob));
            }
            if sum != Rational::from(1) {
                return Err(cursor.error(format!("probabilities summing to 1 (they sum to {sum})")));
            }
            if rows.insert(key, entries).is_some() {
                return Err(ParseError::new(
                    key_span,
                    "an information state listed twice",
                    "each information state once",
                ));
            }
            cursor.bump();
        }
        Ok(TablePolicy { rows })
    }

    /// The number of information states listed.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether no information state is listed.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }
}

impl<G: Fosg> Policy<G> for TablePolicy {
    fn probability(
        &self,
        info: &InfoView<'_, G>,
        legal: &[G::Action],
        action: &G::Action,
    ) -> Rational {
        match self.rows.get(&info.key()) {
            None => Rational::new(1, legal.len() as i64),
            Some(entries) => {
                let name = action.to_string();
                entries
                    .iter()
                    .find(|(a, _)| *a == name)
                    .map(|(_, p)| p.clone())
                    .unwrap_or_default()
            }
        }
    }
}

/// One of the policies of [`POLICIES`], for any game.
#[derive(Clone, Debug)]
pub enum AnyPolicy {
    /// [`Uniform`].
    Uniform(Uniform),
    /// [`PolicyBias`].
    Bias(PolicyBias),
    /// [`TablePolicy`].
    Table(TablePolicy),
}

impl<G: Fosg> Policy<G> for AnyPolicy {
    fn probability(
        &self,
        info: &InfoView<'_, G>,
        legal: &[G::Action],
        action: &G::Action,
    ) -> Rational {
        match self {
            AnyPolicy::Uniform(p) => p.probability(info, legal, action),
            AnyPolicy::Bias(p) => p.probability(info, legal, action),
            AnyPolicy::Table(p) => p.probability(info, legal, action),
        }
    }
}

/// Builds a policy from the argument after `ID:` (`None` when there is none) and a seed;
/// `None` when the argument is missing or not expected.
pub type BuildPolicy = fn(Option<&str>, u64) -> Option<Result<AnyPolicy, PolicySpecError>>;

/// How a policy of [`POLICIES`] is written and built.
#[derive(Clone, Copy, Debug)]
pub struct PolicyKind {
    /// How it is written, such as `bias:P`.
    pub form: &'static str,
    /// Builds it.
    pub build: BuildPolicy,
}

fn uniform(argument: Option<&str>, _: u64) -> Option<Result<AnyPolicy, PolicySpecError>> {
    argument
        .is_none()
        .then_some(Ok(AnyPolicy::Uniform(Uniform)))
}

fn bias(argument: Option<&str>, seed: u64) -> Option<Result<AnyPolicy, PolicySpecError>> {
    let argument = argument?;
    let bias = argument
        .parse::<Rational>()
        .ok()
        .filter(|b| *b >= Rational::from(0) && *b <= Rational::from(1));
    Some(
        bias.map(|b| AnyPolicy::Bias(PolicyBias::new(b, seed)))
            .ok_or_else(|| PolicySpecError::Bias(format!("bias:{argument}"))),
    )
}

fn table(argument: Option<&str>, _: u64) -> Option<Result<AnyPolicy, PolicySpecError>> {
    let path = argument?;
    Some(
        kalmar_core::format::read_text_file(path)
            .map_err(|e| PolicySpecError::Read(e.to_string()))
            .and_then(|text| {
                TablePolicy::parse(&text)
                    .map(AnyPolicy::Table)
                    .map_err(|e| PolicySpecError::Table(e.in_file(path)))
            }),
    )
}

/// The joint policies, by id.
pub static POLICIES: Registry<PolicyKind> = Registry::new(
    "policy",
    &[
        Entry {
            id: "uniform",
            summary: "every legal action equally likely",
            bounds: "",
            run: PolicyKind {
                form: "uniform",
                build: uniform,
            },
        },
        Entry {
            id: "bias",
            summary: "the paper's random policies: probability P on one action drawn per \
                      information state, the rest shared equally",
            bounds: "",
            run: PolicyKind {
                form: "bias:P",
                build: bias,
            },
        },
        Entry {
            id: "file",
            summary: "a policy table read from a file, uniform where it lists nothing",
            bounds: "",
            run: PolicyKind {
                form: "file:PATH",
                build: table,
            },
        },
    ],
);

/// Why a policy cannot be built.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PolicySpecError {
    /// Not a form of [`POLICIES`].
    #[error("--policy {spec}: expected {forms}")]
    Unknown {
        /// What was given.
        spec: String,
        /// The forms there are.
        forms: String,
    },
    /// A bias out of range: the spec.
    #[error("--policy {0}: expected a bias from 0 to 1")]
    Bias(String),
    /// The table file cannot be read.
    #[error("{0}")]
    Read(String),
    /// The table file is not a policy table.
    #[error(transparent)]
    Table(ParseError),
}

/// The policy written `ID` or `ID:ARGUMENT` (see [`POLICIES`]), drawn with `seed` where it is
/// random.
pub fn from_spec(spec: &str, seed: u64) -> Result<AnyPolicy, PolicySpecError> {
    let (id, argument) = match spec.split_once(':') {
        Some((id, argument)) => (id, Some(argument)),
        None => (spec, None),
    };
    let built = POLICIES
        .get(id)
        .ok()
        .and_then(|entry| (entry.run.build)(argument, seed));
    match built {
        Some(result) => result,
        None => {
            let forms: Vec<&str> = POLICIES.iter().map(|e| e.run.form).collect();
            let (last, rest) = forms.split_last().expect("policies are registered");
            Err(PolicySpecError::Unknown {
                spec: spec.to_string(),
                forms: format!("{} or {last}", rest.join(", ")),
            })
        }
    }
}
