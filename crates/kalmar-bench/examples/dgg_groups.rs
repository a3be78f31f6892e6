//! How many groups a round of the almost-linear DGG solver should cut the terminals into: the
//! solver's rule (about one group per 2^16 arcs, at most sixteen a side in the first round)
//! against fixed numbers of groups a side in every round, against a first round of four groups
//! a side followed by the rule, and against the rule without its cap on the first round (a sweep
//! of few classes reads a layered game in the order it lies in memory), each timed in turn with retrograde
//! analysis of the same arena (the chess-like game of the payoffs' signs) and with one sweep of
//! the three sign classes (Lemma 2). Every split's value is checked against the solver's.
//!
//! ```sh
//! cargo run --release -p kalmar-bench --example dgg_groups -- 10000000 3
//! ```
//! The arguments are the size in arcs (default 10^7) and the runs of each (default 3); the
//! medians are printed, in milliseconds, with each split's time over retrograde analysis.

use kalmar_bench::reach::chess_like;
use kalmar_terminal::dgg::almost_linear;
use kalmar_terminal::dgg::compare::Comparisons;
use kalmar_terminal::dgg::narrowing::{self, Sizes, Split};
use kalmar_terminal::dgg::{Stats, coarsen};
use kalmar_terminal::generate::FAMILIES;
use kalmar_terminal::reach;
use std::time::Instant;

/// A split of `groups` a side in every round, sorting fewer than four groups' worth.
fn fixed(groups: usize) -> impl Fn(Sizes) -> Split {
    move |sizes| {
        if sizes.remaining < 4 * groups {
            Split::Sort
        } else {
            Split::Sample(groups)
        }
    }
}

/// The splits compared with the solver's, by name.
const SPLITS: [(&str, Rule); 4] = [
    ("4 a side", Rule::Fixed(4)),
    ("16 a side", Rule::Fixed(16)),
    ("4 a side, then the rule", Rule::FirstRound(4)),
    ("the rule from the first round", Rule::Uncapped),
];

/// How a compared split cuts each round.
#[derive(Clone, Copy)]
enum Rule {
    /// This many groups a side in every round.
    Fixed(usize),
    /// This many in the first round, and the solver's rule after it.
    FirstRound(usize),
    /// The solver's rule in every round, the first one's cap ([`almost_linear::FIRST_ROUND_GROUPS`]) left out.
    Uncapped,
}

/// The split of `rule` for a round of `sizes`.
fn split(rule: Rule, sizes: Sizes) -> Split {
    match rule {
        Rule::Fixed(groups) => fixed(groups)(sizes),
        Rule::FirstRound(groups) if sizes.first_round => fixed(groups)(sizes),
        Rule::FirstRound(_) => almost_linear::split(sizes),
        Rule::Uncapped => almost_linear::split(Sizes {
            first_round: false,
            ..sizes
        }),
    }
}

fn median(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let mut number = |default: usize, what: &str| {
        args.next().map_or(Ok(default), |a| {
            a.parse::<usize>().ok().filter(|&n| n > 0).ok_or(format!(
                "{what}: expected a positive whole number, found '{a}'"
            ))
        })
    };
    let size = number(10_000_000, "the size in arcs")?;
    let runs = number(3, "the number of runs")?;
    let names: Vec<&str> = SPLITS.iter().map(|(name, ..)| *name).collect();
    println!(
        "| family | arcs | retrograde (ms) | signs (ms) | almost-linear (ms, / retrograde) | {} |",
        names.join(" | ")
    );
    println!("|---|---:|---:|---:|---:|{}", "---:|".repeat(SPLITS.len()));
    for id in ["sorting-network", "random", "grid"] {
        let family = FAMILIES.get(id).map_err(|e| e.to_string())?;
        let game = (family.run.build)(size, 1).map_err(|e| format!("{id}: {e}"))?;
        let chess = chess_like(&game);
        let mut times = vec![Vec::new(); 3 + SPLITS.len()];
        for _ in 0..runs {
            let clock = Instant::now();
            std::hint::black_box(reach::solve(&chess));
            times[0].push(clock.elapsed().as_secs_f64() * 1e3);
            let clock = Instant::now();
            std::hint::black_box(coarsen::signs(&game, &Comparisons::new()));
            times[1].push(clock.elapsed().as_secs_f64() * 1e3);
            let clock = Instant::now();
            let kept = almost_linear::solve(&game, &mut Stats::default());
            times[2].push(clock.elapsed().as_secs_f64() * 1e3);
            for (slot, &(name, rule)) in SPLITS.iter().enumerate() {
                let clock = Instant::now();
                let value =
                    narrowing::solve(&game, &mut Stats::default(), |sizes| split(rule, sizes))
                        .value;
                times[3 + slot].push(clock.elapsed().as_secs_f64() * 1e3);
                if value != kept.value {
                    return Err(format!(
                        "{id}: {name} gives {value}, the solver {}",
                        kept.value
                    ));
                }
            }
        }
        let m: Vec<f64> = times.into_iter().map(median).collect();
        let splits: Vec<String> = m[2..]
            .iter()
            .map(|t| format!("{t:.1} ({:.2})", t / m[0]))
            .collect();
        println!(
            "| {id} | {} | {:.1} | {:.1} | {} |",
            game.arena().num_edges(),
            m[0],
            m[1],
            splits.join(" | ")
        );
    }
    Ok(())
}
