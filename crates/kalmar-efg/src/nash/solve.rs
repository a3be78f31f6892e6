//! Equilibria on demand: [`solve`] picks a method of [`METHODS`] by id, runs it on an `.nfg`
//! game, on an `.efg` tree or on the tree's reduced strategic form ([`strategic_game`]), and
//! checks every equilibrium exactly before returning it: a mixed profile by [`regret`]
//! (every player's regret 0), a pair of realization plans by [`sequence_form::regret`], a
//! backward-induction strategy by [`backward::check`]. An answer that fails its check is an
//! internal error, never a result. [`find`] and [`check`] are the two halves, for timing the
//! methods alone.
//!
//! ```
//! use kalmar_efg::format::read_game;
//! use kalmar_efg::nash::{self, Options, Solution};
//! // Matching pennies: one equilibrium, each player mixing half and half.
//! let game = read_game("NFG 1 R \"pennies\" { \"1\" \"2\" } { 2 2 }\n\n1 -1 -1 1 -1 1 1 -1\n")
//!     .unwrap();
//! let options = Options { method: "enum".into(), ..Options::default() };
//! let Solution::Strategic(found) = nash::solve(&game, &options).unwrap() else { panic!() };
//! assert_eq!(found.equilibria.len(), 1);
//! assert_eq!(found.equilibria[0].payoffs, [0.into(), 0.into()]);
//! assert_eq!(found.equilibria[0].players[0].strategy.describe(), "1/2 1 + 1/2 2");
//! let unknown = nash::solve(&game, &Options { method: "nope".into(), ..Options::default() });
//! assert!(unknown.unwrap_err().to_string().contains("pure, lh, enum, seqform, spe, vertex"));
//! ```

use super::backward::{self, Spe, SpeError};
use super::profile::{MixedProfile, Stats, regret};
use super::sequence_form::{self, PlanEquilibrium, SequenceForm, SequenceFormError};
use super::solution::{
    BehaviourEquilibrium, BehaviourStrategy, InfosetBehaviour, IterativeSolution, MixedEquilibrium,
    MixedStrategy, NodeMove, SequenceSolution, Solution, Stopped, StrategicSolution,
    SubgameSolution, Weights, strategy_names, unique_names,
};
use super::{
    best_response, cfr, enumpoly, gnm, lemke_howson, logit, pure, rounding, sequence_lp, simpdiv,
    size, subgames, support, vertex,
};
use crate::format::GameFile;
use crate::names::move_names;
use crate::normal::{Matrix, Nfg};
use crate::recall::Recall;
use crate::strategic::{self, StrategicError};
use crate::tree::{Efg, NodeId};
use kalmar_core::registry::{Entry, Registry, UnknownId};
use std::borrow::Cow;
use std::time::Instant;

/// How a method runs: on a strategic form or on the tree.
#[derive(Clone, Copy, Debug)]
pub enum Method {
    /// On a strategic form: an `.nfg` game, or the reduced strategic form of an `.efg` tree;
    /// the enumerations stop at the deadline, if one is given, with what they found so far.
    Strategic(fn(&Nfg, Option<Instant>) -> Result<Mixed, NashError>),
    /// On the tree of an `.efg` game; the iterative methods stop as the options say.
    Tree(fn(&Efg, &Options) -> Result<OnTree, NashError>),
}

impl Method {
    /// Where it works: `"strategic form"` or `"tree"`.
    pub fn works_on(self) -> &'static str {
        match self {
            Method::Strategic(_) => "strategic form",
            Method::Tree(_) => "tree",
        }
    }
}

/// The equilibrium methods, by id.
pub static METHODS: Registry<Method> = Registry::new(
    "method",
    &[
        Entry {
            id: "pure",
            summary: "all pure-strategy equilibria of the (reduced) strategic form, any number of players",
            bounds: "O(N · P) rational comparisons for N players and P profiles",
            run: Method::Strategic(pure_equilibria),
        },
        Entry {
            id: "lh",
            summary: "Lemke-Howson from every starting label, then from every equilibrium found, two players, exact",
            bounds: "O(mn) per pivot; a path can take exponentially many pivots (Savani-von Stengel 2006)",
            run: Method::Strategic(lemke_howson_traversal),
        },
        Entry {
            id: "enum",
            summary: "support enumeration: all equilibria of a nondegenerate two-player game, exact",
            bounds: "Σ_k C(m,k)·C(n,k) support pairs, O(k³) each",
            run: Method::Strategic(support_enumeration),
        },
        Entry {
            id: "seqform",
            summary: "sequence form and Lemke's algorithm (Koller-Megiddo-von Stengel), two players, perfect recall, exact",
            bounds: "an LCP of dimension linear in the tree; at most quadratic time per pivot",
            run: Method::Tree(sequence_form_equilibrium),
        },
        Entry {
            id: "spe",
            summary: "subgame-perfect equilibrium of a perfect-information tree by backward induction",
            bounds: "O(n · N) rational operations for n nodes and N players",
            run: Method::Tree(backward_induction),
        },
        Entry {
            id: "vertex",
            summary: "vertex enumeration of the best-response polytopes: all extreme equilibria of a two-player game, degenerate too, exact",
            bounds: "O(F · (m + n)) pivots per polytope for F lexicographic bases, then O(V_P · V_Q · (m + n) / 64)",
            run: Method::Strategic(extreme_equilibria),
        },
        Entry {
            id: "simpdiv",
            summary: "simplicial subdivision with restarts on finer grids (van der Laan-Talman), any number of players: an exact grid profile whose exact regret is at most 10^-8 of the payoff range",
            bounds: "O(P · N) per pivot for P profiles and N players; pivots without a polynomial bound",
            run: Method::Strategic(simplicial_subdivision),
        },
        Entry {
            id: "gnm",
            summary: "the global Newton method (Govindan-Wilson): a curve of equilibria of perturbed games followed in floating point, any number of players; every equilibrium met, each with its exact regret",
            bounds: "O(P · N + K³) per step for P profiles, N players and K strategies in all",
            run: Method::Strategic(global_newton),
        },
        Entry {
            id: "enumpoly",
            summary: "support enumeration with polynomial systems solved by interval subdivision and Krawczyk's test (McKelvey-McLennan), any number of players: every isolated equilibrium, exact where rounding or a two-player solve makes it so, else with its exact regret; supports with a continuum are reported",
            bounds: "Π(2^m_i - 1) support profiles; boxes per support without a polynomial bound",
            run: Method::Strategic(polynomial_supports),
        },
        Entry {
            id: "logit",
            summary: "the logit quantal response equilibria traced from λ = 0 to their limit, a Nash equilibrium (McKelvey-Palfrey, Turocy), any number of players; its exact regret reported",
            bounds: "O(P · N²) per step of the path for P profiles and N players",
            run: Method::Strategic(logit_limit),
        },
        Entry {
            id: "lp",
            summary: "the sequence-form linear program of a two-player constant-sum tree in floating point (Clarabel), then the exact equilibrium recovered from its supports and checked; an ε-equilibrium with exact ε if that fails",
            bounds: "an interior-point LP of size linear in the tree, then sparse exact elimination",
            run: Method::Tree(linear_program),
        },
        Entry {
            id: "cfr+",
            summary: "CFR+ (Tammelin): an approximate equilibrium of a two-player constant-sum tree, its exact exploitability from a best response",
            bounds: "O(n + A) per iteration; exploitability O(1/T) in practice",
            run: Method::Tree(cfr_plus),
        },
        Entry {
            id: "dcfr",
            summary: "discounted CFR (Brown-Sandholm, α = 3/2, β = 0, γ = 2): as cfr+, often fewer iterations",
            bounds: "O(n + A) per iteration",
            run: Method::Tree(discounted_cfr),
        },
        Entry {
            id: "cfr",
            summary: "counterfactual regret minimisation (Zinkevich et al.): as cfr+, exploitability O(1/√T)",
            bounds: "O(n + A) per iteration",
            run: Method::Tree(vanilla_cfr),
        },
    ],
);

/// The methods that honour [`Options::deadline`], stopping there with what they found so far
/// (the enumerations and approximate methods on a strategic form, the iterative methods on a
/// tree); the others run to the end.
pub const STOPS_AT_DEADLINE: &[&str] = &[
    "lh", "enum", "vertex", "simpdiv", "gnm", "enumpoly", "logit", "cfr+", "dcfr", "cfr",
];

/// Whether the method `id` stops at [`Options::deadline`] with what it found so far.
pub fn stops_at_deadline(id: &str) -> bool {
    STOPS_AT_DEADLINE.contains(&id)
}

/// What to solve with.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The method's id in [`METHODS`].
    pub method: String,
    /// The largest reduced strategic form built for a strategic-form method (profiles ×
    /// players).
    pub max_size: u64,
    /// The methods of [`STOPS_AT_DEADLINE`] stop at this time with what they found so far,
    /// checked ([`StrategicSolution::timed_out`], [`IterativeSolution::stopped`]).
    pub deadline: Option<Instant>,
    /// The iterative methods: the most iterations (default [`DEFAULT_ITERATIONS`], or no
    /// limit when `target` is given).
    pub iterations: Option<u64>,
    /// The iterative methods: stop once the exploitability (the sum of both players' gains
    /// from deviating, measured every ten iterations in floating point) is at most this.
    pub target: Option<f64>,
}

/// The iterations the iterative methods make when neither a limit nor a target is given.
pub const DEFAULT_ITERATIONS: u64 = 1000;

impl Default for Options {
    fn default() -> Self {
        Options {
            method: "seqform".into(),
            max_size: strategic::DEFAULT_LIMIT,
            deadline: None,
            iterations: None,
            target: None,
        }
    }
}

impl Options {
    /// The method that fits `file` best, with the default size limit: the sequence form for
    /// two-player trees (polynomial in the tree), Lemke–Howson for two-player tables, and pure
    /// equilibria for games of more players (every exact mixed method here needs two).
    pub fn for_game(file: &GameFile) -> Options {
        let method = match file {
            GameFile::Efg(game) if game.num_players() == 2 => "seqform",
            GameFile::Nfg(game) if game.num_players() == 2 => "lh",
            _ => "pure",
        };
        Options {
            method: method.into(),
            ..Options::default()
        }
    }
}

/// Why no checked equilibrium is returned.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NashError {
    /// No method has this id.
    #[error(transparent)]
    UnknownMethod(#[from] UnknownId),
    /// A tree method was given a strategic-form game.
    #[error("method {0} works on the tree: give an .efg file")]
    NeedsTree(&'static str),
    /// A two-player method was given another number of players.
    #[error("method {method} is for two players; the game has {players}")]
    TwoPlayers {
        /// The method's id.
        method: &'static str,
        /// The game's players.
        players: usize,
    },
    /// The reduced strategic form is too large.
    #[error(transparent)]
    Strategic(#[from] StrategicError),
    /// What the method would build or search is larger than the limit ([`super::size`]).
    #[error(
        "method {method} would {work}, more than the limit of {limit}; {instead}, or raise the \
         limit (--max-size)"
    )]
    TooLarge {
        /// The method's id.
        method: &'static str,
        /// The estimate in words, with its number.
        work: String,
        /// The limit.
        limit: u64,
        /// What to do instead.
        instead: &'static str,
    },
    /// The sequence form does not apply.
    #[error(transparent)]
    SequenceForm(#[from] SequenceFormError),
    /// Backward induction does not apply.
    #[error(transparent)]
    Spe(#[from] SpeError),
    /// CFR does not apply.
    #[error(transparent)]
    Cfr(#[from] cfr::CfrError),
    /// An approximate method on a strategic form does not apply to the game: why.
    #[error("{0}")]
    NotApplicable(String),
    /// The sequence-form LP does not apply, or its solver failed.
    #[error(transparent)]
    Lp(#[from] sequence_lp::SequenceLpError),
    /// A method failed or its answer failed the check: a defect, not bad input.
    #[error("{0}")]
    Internal(String),
}

impl NashError {
    /// Whether this is a defect of the library rather than something about the input.
    pub fn is_internal(&self) -> bool {
        matches!(
            self,
            NashError::Internal(_) | NashError::Lp(sequence_lp::SequenceLpError::Solver(_))
        )
    }
}

/// Equilibria found on a strategic form, not yet checked.
#[derive(Clone, Debug)]
pub struct Mixed {
    /// The profiles.
    pub equilibria: Vec<MixedProfile>,
    /// The method's counters.
    pub stats: Stats,
    /// For Lemke–Howson: how many lie at the ends of paths from the artificial equilibrium.
    pub from_artificial: Option<usize>,
    /// Whether the method stopped at the deadline: the equilibria are those found so far.
    pub timed_out: bool,
    /// For an approximate method: the largest regret it promises, which the check enforces
    /// exactly (`None`: an exact method, regret 0).
    pub epsilon: Option<kalmar_core::Rational>,
}

/// An equilibrium found on the tree, not yet checked.
#[derive(Clone, Debug)]
pub enum OnTree {
    /// Realization plans from the sequence form.
    Plans {
        /// The sequence form.
        form: Box<SequenceForm>,
        /// The plans and payoffs.
        equilibrium: PlanEquilibrium,
        /// Per information set: the behaviour played there, also where the plans do not reach
        /// it (`None` for chance).
        behaviour: Vec<Option<Vec<kalmar_core::Rational>>>,
        /// The subgames solved one after the other.
        subgames: usize,
        /// Lemke's counters.
        stats: Stats,
    },
    /// A pure strategy profile by backward induction.
    Spe(Spe),
    /// An iterative method's average behaviour profile, its probabilities rounded to
    /// fractions.
    Average {
        /// Per information set: the probabilities of its moves (`None` for chance).
        strategy: Vec<Option<Vec<kalmar_core::Rational>>>,
        /// The iterations made.
        iterations: u64,
        /// Why the method stopped.
        stopped: Stopped,
    },
}

/// What a method found, with the game it worked on, not yet checked.
#[derive(Clone, Debug)]
pub enum Found<'a> {
    /// On a strategic form.
    Strategic {
        /// The form.
        game: Cow<'a, Nfg>,
        /// Whether it is a tree's reduced strategic form.
        reduced: bool,
        /// The equilibria.
        mixed: Mixed,
    },
    /// On the tree.
    Tree {
        /// The tree.
        game: &'a Efg,
        /// The equilibrium.
        found: OnTree,
    },
}

impl Found<'_> {
    /// A one-line description: how many equilibria, or the payoffs and pivots.
    pub fn summary(&self) -> String {
        match self {
            Found::Strategic { mixed, .. } => format!("{} equilibria", mixed.equilibria.len()),
            Found::Tree {
                found: OnTree::Plans {
                    equilibrium, stats, ..
                },
                ..
            } => format!(
                "payoffs {} and {}, {} pivots",
                equilibrium.payoffs[0], equilibrium.payoffs[1], stats.pivots
            ),
            Found::Tree {
                found: OnTree::Spe(spe),
                ..
            } => format!("payoffs {}", join(&spe.value[0])),
            Found::Tree {
                found: OnTree::Average { iterations, .. },
                ..
            } => format!("{iterations} iterations"),
        }
    }
}

fn join(values: &[kalmar_core::Rational]) -> String {
    values
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Solves a game with the method `options.method`: every equilibrium returned is checked.
pub fn solve(file: &GameFile, options: &Options) -> Result<Solution, NashError> {
    let entry = METHODS.get(&options.method)?;
    check(entry.id, find(entry, file, options)?)
}

/// The strategic form a strategic-form method works on: the `.nfg` game itself, or the reduced
/// strategic form of an `.efg` tree, refused with its size when it has more than `max_size`
/// numbers (profiles × players).
pub fn strategic_game(file: &GameFile, max_size: u64) -> Result<Cow<'_, Nfg>, StrategicError> {
    match file {
        GameFile::Nfg(nfg) => Ok(Cow::Borrowed(nfg)),
        GameFile::Efg(game) => Ok(Cow::Owned(strategic::build(game, max_size)?.nfg)),
    }
}

/// For the enumerations on a strategic form of this shape, the work estimated from counts
/// alone ([`size`]), what it is and what to use instead; `None` for the other methods, which the
/// strategic form's own size bounds.
fn enumeration_work(method: &str, shape: &[usize]) -> Option<(u128, String, &'static str)> {
    let dims = shape
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" × ");
    match (method, shape) {
        ("enum", &[m, n]) => {
            let pairs = size::support_pairs(m, n);
            let what = format!("try {} support pairs of a {dims} game", big(pairs));
            Some((pairs, what, "use --solver lh (or seqform on a tree)"))
        }
        ("enumpoly", _) => {
            let profiles = size::support_profiles(shape);
            // Each profile is at least checked for dominance, a pass over the strategies.
            let strategies: usize = shape.iter().sum();
            let work = profiles.saturating_mul(strategies as u128);
            let what = format!(
                "take {} steps ({} support profiles, each checked against {strategies} \
                 strategies) on a {dims} game",
                big(work),
                big(profiles)
            );
            Some((work, what, "use --solver gnm or simpdiv"))
        }
        _ => None,
    }
}

/// Runs a method on a game, without the check.
pub fn find<'a>(
    entry: &Entry<Method>,
    file: &'a GameFile,
    options: &Options,
) -> Result<Found<'a>, NashError> {
    let max_size = options.max_size;
    match (entry.run, file) {
        (Method::Strategic(run), _) => {
            let game = strategic_game(file, max_size)?;
            if let Some((work, what, instead)) = enumeration_work(entry.id, &game.shape())
                && work > u128::from(max_size)
            {
                return Err(NashError::TooLarge {
                    method: entry.id,
                    work: what,
                    limit: max_size,
                    instead,
                });
            }
            let mixed = run(&game, options.deadline)?;
            Ok(Found::Strategic {
                game,
                reduced: matches!(file, GameFile::Efg(_)),
                mixed,
            })
        }
        (Method::Tree(run), GameFile::Efg(game)) => {
            if entry.id == "seqform" && game.num_players() == 2 {
                sequence_form_fits(game, max_size)?;
            }
            Ok(Found::Tree {
                game,
                found: run(game, options)?,
            })
        }
        (Method::Tree(_), GameFile::Nfg(_)) => Err(NashError::NeedsTree(entry.id)),
    }
}

/// Refuses a sequence form larger than `max_size`: the dense matrix of its largest subgame, or
/// the exact chance probabilities of the tree, each estimated once before anything is built.
fn sequence_form_fits(game: &Efg, max_size: u64) -> Result<(), NashError> {
    let too_large = |work: String, instead| NashError::TooLarge {
        method: "seqform",
        work,
        limit: max_size,
        instead,
    };
    let entries = subgames::largest_entries(game);
    if entries > u128::from(max_size) {
        return Err(too_large(
            format!(
                "build a sequence-form matrix of {} entries for its largest subgame",
                big(entries)
            ),
            "use --solver spe on a perfect-information tree, or a smaller game",
        ));
    }
    let words = size::chance_reach_words(game);
    if words > u128::from(max_size) {
        return Err(too_large(
            format!(
                "hold exact chance probabilities of {} machine words",
                big(words)
            ),
            "use --solver spe on a perfect-information tree, or a shallower game",
        ));
    }
    Ok(())
}

/// A count for a message: in full up to 10^12, else as a power of ten (`more than 10^40`).
fn big(n: u128) -> String {
    if n < 1_000_000_000_000 {
        n.to_string()
    } else if n == u128::MAX {
        "more than 10^38".to_string()
    } else {
        format!("more than 10^{}", n.ilog10())
    }
}

/// Checks what a method found and describes it; `method` is its id.
pub fn check(method: &'static str, found: Found<'_>) -> Result<Solution, NashError> {
    match found {
        Found::Strategic {
            game,
            reduced,
            mixed,
        } => check_mixed(method, &game, reduced, mixed).map(Solution::Strategic),
        Found::Tree {
            game,
            found:
                OnTree::Plans {
                    form,
                    equilibrium,
                    behaviour,
                    subgames,
                    stats,
                },
        } => check_plans(
            method,
            game,
            &form,
            &equilibrium,
            &behaviour,
            (subgames, stats),
        )
        .map(Solution::Sequence),
        Found::Tree {
            game,
            found: OnTree::Spe(spe),
        } => check_spe(method, game, &spe).map(Solution::Subgame),
        Found::Tree {
            game,
            found:
                OnTree::Average {
                    strategy,
                    iterations,
                    stopped,
                },
        } => check_average(method, game, &strategy, iterations, stopped).map(Solution::Iterative),
    }
}

fn check_mixed(
    method: &'static str,
    nfg: &Nfg,
    reduced: bool,
    mixed: Mixed,
) -> Result<StrategicSolution, NashError> {
    let names = strategy_names(nfg);
    let equilibria = mixed
        .equilibria
        .iter()
        .map(|e| {
            let regrets = regret(nfg, e).map_err(|err| NashError::Internal(err.to_string()))?;
            let allowed = mixed.epsilon.clone().unwrap_or(kalmar_core::Rational::ZERO);
            if regrets.iter().any(|(_, r)| *r > allowed) {
                return Err(NashError::Internal(format!(
                    "an equilibrium failed the regret check (regret above {allowed})"
                )));
            }
            let players =
                e.0.iter()
                    .zip(&names)
                    .zip(&nfg.players)
                    .map(|((probs, names), player)| MixedStrategy {
                        player: player.clone(),
                        strategy: Weights(
                            names
                                .iter()
                                .zip(probs)
                                .filter(|(_, p)| !p.is_zero())
                                .map(|(name, p)| (name.clone(), p.clone()))
                                .collect(),
                        ),
                    })
                    .collect();
            let (payoffs, regret) = regrets.into_iter().unzip();
            Ok(MixedEquilibrium {
                players,
                payoffs,
                regret,
                profile: e.clone(),
            })
        })
        .collect::<Result<_, _>>()?;
    Ok(StrategicSolution {
        method,
        reduced,
        strategic_form: nfg.shape(),
        epsilon: mixed.epsilon,
        equilibria,
        from_artificial: mixed.from_artificial,
        pivots: mixed.stats.pivots,
        checked: true,
        timed_out: mixed.timed_out,
        degenerate: mixed.stats.degenerate,
        singular_supports: mixed.stats.singular,
        unfinished_supports: mixed.stats.unfinished,
    })
}

fn check_plans(
    method: &'static str,
    game: &Efg,
    form: &SequenceForm,
    eq: &PlanEquilibrium,
    behaviour: &[Option<Vec<kalmar_core::Rational>>],
    (subgames, stats): (usize, Stats),
) -> Result<SequenceSolution, NashError> {
    let regret = sequence_form::regret(form, &eq.x, &eq.y)
        .ok_or_else(|| NashError::Internal("not a realization plan".into()))?;
    if regret.iter().any(|r| !r.is_zero()) {
        return Err(NashError::Internal(
            "the equilibrium failed the regret check".into(),
        ));
    }
    let players = (0..2)
        .map(|i| BehaviourStrategy {
            player: game.players[i].clone(),
            name: game.player_name(i as u32),
            behaviour: form.players[i]
                .infosets
                .iter()
                .map(|&h| InfosetBehaviour {
                    id: h,
                    infoset: game.infoset_name(h),
                    moves: Weights(
                        unique_names(game.actions_of(h).iter().map(|a| a.label.clone()))
                            .into_iter()
                            .zip(behaviour[h.index()].iter().flatten().cloned())
                            .collect(),
                    ),
                })
                .collect(),
        })
        .collect();
    Ok(SequenceSolution {
        method,
        sequences: [form.players[0].len(), form.players[1].len()],
        equilibria: vec![BehaviourEquilibrium {
            players,
            payoffs: eq.payoffs.to_vec(),
            regret: regret.to_vec(),
        }],
        subgames,
        pivots: stats.pivots,
        checked: true,
    })
}

/// The exact account of an iterative method's profile: every player's gain from the best
/// deviation, by an exact best response to the rational probabilities returned.
fn check_average(
    method: &'static str,
    game: &Efg,
    strategy: &[Option<Vec<kalmar_core::Rational>>],
    iterations: u64,
    stopped: Stopped,
) -> Result<IterativeSolution, NashError> {
    let response = best_response::best_response(game, strategy)
        .map_err(|e| NashError::Internal(e.to_string()))?;
    let gains = response.gains();
    let epsilon = gains
        .iter()
        .max()
        .cloned()
        .unwrap_or(kalmar_core::Rational::ZERO);
    let players = (0..game.num_players())
        .map(|i| BehaviourStrategy {
            player: game.players[i].clone(),
            name: game.player_name(i as u32),
            behaviour: game
                .player_infosets(i as u32)
                .filter_map(|h| {
                    let probs = strategy[h.index()].as_ref()?;
                    Some(InfosetBehaviour {
                        id: h,
                        infoset: game.infoset_name(h),
                        moves: Weights(
                            move_names(game, h)
                                .into_iter()
                                .zip(probs.iter().cloned())
                                .collect(),
                        ),
                    })
                })
                .collect(),
        })
        .collect();
    Ok(IterativeSolution {
        method,
        iterations,
        stopped,
        exploitability: response.exploitability(),
        epsilon,
        equilibria: vec![BehaviourEquilibrium {
            players,
            payoffs: response.value,
            regret: gains,
        }],
        checked: true,
    })
}

fn check_spe(method: &'static str, game: &Efg, spe: &Spe) -> Result<SubgameSolution, NashError> {
    backward::check(game, &spe.choice).map_err(|node| {
        NashError::Internal(format!(
            "backward induction's strategy is not optimal at {}",
            game.node_name(node)
        ))
    })?;
    let moves = (0..game.num_nodes())
        .filter_map(|x| {
            let id = NodeId(x as u32);
            let k = spe.choice[x]?;
            let h = game.node(id).infoset?;
            Some(NodeMove {
                node: game.node_name(id),
                r#move: game.actions_of(h)[k as usize].label.clone(),
            })
        })
        .collect();
    Ok(SubgameSolution {
        method,
        values: spe.value[0].clone(),
        moves,
        choice: spe.choice.clone(),
        checked: true,
    })
}

fn two_players(nfg: &Nfg, method: &'static str) -> Result<(Matrix, Matrix), NashError> {
    nfg.bimatrix().ok_or(NashError::TwoPlayers {
        method,
        players: nfg.num_players(),
    })
}

/// Pure equilibria: one pass over the profiles, bounded by the size limit, so no deadline.
fn pure_equilibria(nfg: &Nfg, _: Option<Instant>) -> Result<Mixed, NashError> {
    let shape = nfg.shape();
    Ok(Mixed {
        equilibria: pure::pure_equilibria(nfg)
            .iter()
            .map(|p| MixedProfile::pure(&shape, p))
            .collect(),
        stats: Stats::default(),
        from_artificial: None,
        timed_out: false,
        epsilon: None,
    })
}

fn lemke_howson_traversal(nfg: &Nfg, deadline: Option<Instant>) -> Result<Mixed, NashError> {
    let (a, b) = two_players(nfg, "lh")?;
    let (traversal, stats, timed_out) = lemke_howson::all_labels_until(&a, &b, deadline);
    Ok(Mixed {
        equilibria: traversal.equilibria,
        stats,
        from_artificial: Some(traversal.from_artificial),
        timed_out,
        epsilon: None,
    })
}

fn support_enumeration(nfg: &Nfg, deadline: Option<Instant>) -> Result<Mixed, NashError> {
    let (a, b) = two_players(nfg, "enum")?;
    let (equilibria, stats, timed_out) = support::support_enumeration_until(&a, &b, deadline);
    Ok(Mixed {
        equilibria,
        stats,
        from_artificial: None,
        timed_out,
        epsilon: None,
    })
}

fn extreme_equilibria(nfg: &Nfg, deadline: Option<Instant>) -> Result<Mixed, NashError> {
    let (a, b) = two_players(nfg, "vertex")?;
    let (equilibria, stats, timed_out) = vertex::extreme_equilibria_until(&a, &b, deadline);
    Ok(Mixed {
        equilibria,
        stats,
        from_artificial: None,
        timed_out,
        epsilon: None,
    })
}

/// The sequence-form LP: exact plans when recovered, else the rounded profile with its exact
/// gains (checked as an iterative method's answer is).
fn linear_program(game: &Efg, _: &Options) -> Result<OnTree, NashError> {
    let solved = sequence_lp::solve(game)?;
    Ok(match solved.certified {
        sequence_lp::Certified::Exact(exact) => {
            let exact = *exact;
            OnTree::Plans {
                form: Box::new(exact.form),
                equilibrium: exact.equilibrium,
                behaviour: exact.behaviour,
                subgames: 1,
                stats: Stats::default(),
            }
        }
        sequence_lp::Certified::Approximate(approximate) => OnTree::Average {
            strategy: approximate.behaviour,
            iterations: 0,
            stopped: Stopped::Rounding,
        },
    })
}

fn cfr_plus(game: &Efg, options: &Options) -> Result<OnTree, NashError> {
    average_of(game, options, cfr::Variant::CfrPlus)
}

fn discounted_cfr(game: &Efg, options: &Options) -> Result<OnTree, NashError> {
    average_of(game, options, cfr::Variant::Dcfr)
}

fn vanilla_cfr(game: &Efg, options: &Options) -> Result<OnTree, NashError> {
    average_of(game, options, cfr::Variant::Cfr)
}

/// Runs a CFR variant as the options say and rounds its average profile to fractions of
/// denominators up to [`rounding::DEFAULT_DENOMINATOR`].
fn average_of(game: &Efg, options: &Options, variant: cfr::Variant) -> Result<OnTree, NashError> {
    let limit = options.iterations.unwrap_or(if options.target.is_some() {
        u64::MAX
    } else {
        DEFAULT_ITERATIONS
    });
    let run = cfr::solve(
        game,
        &cfr::CfrOptions {
            variant,
            iterations: limit,
            target: options.target,
            deadline: options.deadline,
            check_every: if options.target.is_some() { 10 } else { 0 },
        },
    )?;
    Ok(OnTree::Average {
        strategy: rounding::round_profile(&run.strategy, rounding::DEFAULT_DENOMINATOR),
        iterations: run.iterations,
        stopped: match run.stop {
            cfr::Stop::Iterations => Stopped::Iterations,
            cfr::Stop::Target => Stopped::Target,
            cfr::Stop::Deadline => Stopped::Deadline,
        },
    })
}

/// Simplicial subdivision's profile: an ε-equilibrium for its exact regret.
fn simplicial_subdivision(nfg: &Nfg, deadline: Option<Instant>) -> Result<Mixed, NashError> {
    let options = simpdiv::SimpdivOptions {
        deadline,
        ..simpdiv::SimpdivOptions::default()
    };
    let found = simpdiv::simpdiv(nfg, &options).map_err(not_applicable)?;
    let stopped = found.stopped.is_some();
    Ok(approximate(
        vec![(found.profile, found.regret)],
        found.pivots,
        stopped,
    ))
}

/// The global Newton method's equilibria: ε-equilibria for the largest of their exact regrets.
fn global_newton(nfg: &Nfg, deadline: Option<Instant>) -> Result<Mixed, NashError> {
    let options = gnm::GnmOptions {
        deadline,
        ..gnm::GnmOptions::default()
    };
    let found = gnm::gnm(nfg, &options).map_err(not_applicable)?;
    let stopped = found.stop == gnm::GnmStop::Deadline;
    let equilibria = found.equilibria.into_iter().map(|e| (e.profile, e.epsilon));
    Ok(approximate(equilibria.collect(), 0, stopped))
}

/// Support enumeration with polynomial systems: exact equilibria, or ε-equilibria for the
/// largest of their exact regrets; the supports where some may be missing counted.
fn polynomial_supports(nfg: &Nfg, deadline: Option<Instant>) -> Result<Mixed, NashError> {
    let options = enumpoly::EnumpolyOptions {
        deadline,
        ..enumpoly::EnumpolyOptions::default()
    };
    let found = enumpoly::enumpoly(nfg, &options).map_err(not_applicable)?;
    let equilibria = found.equilibria.into_iter().map(|e| (e.profile, e.regret));
    let mut mixed = approximate(equilibria.collect(), 0, found.stopped);
    // Exact when every equilibrium is.
    mixed.epsilon = mixed.epsilon.filter(|e| !e.is_zero());
    mixed.stats.supports = found.supports;
    mixed.stats.singular = found.singular.len() as u64;
    mixed.stats.unfinished = found.unfinished.len() as u64;
    Ok(mixed)
}

/// The limit of the logit branch: one profile, an ε-equilibrium for its exact regret.
fn logit_limit(nfg: &Nfg, deadline: Option<Instant>) -> Result<Mixed, NashError> {
    let options = logit::LogitOptions {
        deadline,
        ..logit::LogitOptions::default()
    };
    let found = logit::logit(nfg, &options).map_err(not_applicable)?;
    let stopped = found.stop == logit::Stop::Deadline;
    Ok(approximate(vec![(found.profile, found.regret)], 0, stopped))
}

/// An approximate method's profiles, each with its exact regret: ε is the largest of them.
fn approximate(
    found: Vec<(MixedProfile, kalmar_core::Rational)>,
    pivots: u64,
    timed_out: bool,
) -> Mixed {
    let epsilon = found.iter().map(|(_, e)| e.clone()).max();
    Mixed {
        equilibria: found.into_iter().map(|(p, _)| p).collect(),
        stats: Stats {
            pivots,
            ..Stats::default()
        },
        from_artificial: None,
        timed_out,
        epsilon: Some(epsilon.unwrap_or(kalmar_core::Rational::ZERO)),
    }
}

/// A method's refusal of a game it does not apply to: bad input, not a defect.
fn not_applicable(why: impl std::fmt::Display) -> NashError {
    NashError::NotApplicable(why.to_string())
}

fn sequence_form_equilibrium(game: &Efg, _: &Options) -> Result<OnTree, NashError> {
    let recall = Recall::check(game);
    let form = SequenceForm::new(game, &recall)?;
    let solved = subgames::solve(game, &form).map_err(|e| NashError::Internal(e.to_string()))?;
    Ok(OnTree::Plans {
        form: Box::new(form),
        equilibrium: solved.equilibrium,
        behaviour: solved.behaviour,
        subgames: solved.subgames,
        stats: solved.stats,
    })
}

fn backward_induction(game: &Efg, _: &Options) -> Result<OnTree, NashError> {
    Ok(OnTree::Spe(backward::backward_induction(game)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::read_game;

    /// Player 1's two strategies share the label "a": the solution names them apart.
    #[test]
    fn repeated_strategy_labels_are_named_apart() {
        let text = "NFG 1 R \"twins\" { \"1\" \"2\" }\n\n{ { \"a\" \"a\" }\n{ \"x\" }\n}\n\"\"\n\n\
                    {\n{ \"\" 1, 1 }\n}\n1 1\n";
        let game = read_game(text).unwrap();
        let options = Options {
            method: "pure".into(),
            ..Options::default()
        };
        let Solution::Strategic(found) = solve(&game, &options).unwrap() else {
            panic!("a strategic solution")
        };
        let played: Vec<&str> = found
            .equilibria
            .iter()
            .flat_map(|e| e.players[0].strategy.0.iter().map(|(n, _)| n.as_str()))
            .collect();
        assert_eq!(played, ["a", "a (2)"]);
        let json = serde_json::to_value(&found).unwrap();
        assert_eq!(
            json["equilibria"][1]["players"][0]["strategy"]["a (2)"],
            "1"
        );
    }

    #[test]
    fn tree_methods_need_a_tree() {
        let game = read_game("NFG 1 R \"\" { \"1\" \"2\" } { 1 1 }\n\n0 0\n").unwrap();
        let options = Options::default();
        assert_eq!(
            solve(&game, &options).unwrap_err(),
            NashError::NeedsTree("seqform")
        );
    }

    #[test]
    fn the_methods_that_stop_at_a_deadline_are_methods() {
        for id in STOPS_AT_DEADLINE {
            assert!(METHODS.get(id).is_ok(), "{id}");
        }
        assert!(stops_at_deadline("cfr+") && !stops_at_deadline("seqform"));
    }

    #[test]
    fn every_method_is_listed_once() {
        let mut ids: Vec<&str> = METHODS.ids().collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), METHODS.entries().len());
    }
}
