//! How many groups a round of the almost-linear DGG solver should cut the terminals into: the
//! solver's rule (about one group per 2^16 arcs) against fixed numbers of groups a side in every
//! round, and against a first round of few groups (a sweep of few classes, which reads a layered
//! game in the order it lies in memory) followed by the rule, each timed in turn with retrograde
//! analysis of the same arena (the chess-like game of the payoffs' signs) and with one sweep of
//! the three sign classes (Lemma 2). Every split's value is checked against the solver's.
//!
//! ```sh
//! cargo run --release -p kalmar-bench --example dgg_groups -- 10000000 3
//! ```
//! The arguments are the size in arcs (default 10^7) and the runs of each (default 3); the
//! medians are printed, in milliseconds, with each split's time over retrograde analysis.

use kalmar_bench::reach::chess_like;
use kalmar_core::Rational;
use kalmar_terminal::Dgg;
use kalmar_terminal::dgg::compare::Comparisons;
use kalmar_terminal::dgg::narrowing::{self, Sizes, Split};
use kalmar_terminal::dgg::{Stats, almost_linear, coarsen};
use kalmar_terminal::generate::FAMILIES;
use kalmar_terminal::reach;
use std::cell::Cell;
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

/// The splits compared, by name: `groups` a side in every round, or in the first round only
/// and the solver's rule after it (`first`).
const SPLITS: [(&str, usize, bool); 4] = [
    ("4 a side", 4, false),
    ("16 a side", 16, false),
    ("4 a side, then the rule", 4, true),
    ("16 a side, then the rule", 16, true),
];

/// Weakly solves `game` with `groups` a side in every round, or in the first round only. The
/// first round splits each sign that has terminals, one call of the policy each.
fn solve_split(game: &Dgg, groups: usize, first: bool) -> Rational {
    let zero = Rational::from(0);
    let sides = [true, false]
        .iter()
        .filter(|&&negative| {
            game.terminals()
                .any(|t| (*game.payoff(t) < zero) == negative && *game.payoff(t) != zero)
        })
        .count();
    let calls = Cell::new(0);
    let every_round = fixed(groups);
    let policy = |sizes: Sizes| {
        calls.set(calls.get() + 1);
        if !first || calls.get() <= sides {
            every_round(sizes)
        } else {
            almost_linear::split(sizes)
        }
    };
    narrowing::solve(game, &mut Stats::default(), policy).value
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
            for (slot, &(name, groups, first)) in SPLITS.iter().enumerate() {
                let clock = Instant::now();
                let value = solve_split(&game, groups, first);
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
