//! How many groups a round of the almost-linear DGG solver should cut the terminals into: the
//! solver's rule (about one group per 2^16 arcs) against fixed numbers of groups a side in every
//! round, each timed in turn with retrograde analysis of the same arena (the chess-like game of
//! the payoffs' signs) and with one sweep of the three sign classes (Lemma 2). Every split's
//! value is checked against the solver's.
//!
//! ```sh
//! cargo run --release -p kalmar-bench --example dgg_groups -- 10000000 3
//! ```
//! The arguments are the size in arcs (default 10^7) and the runs of each (default 3); the
//! medians are printed, in milliseconds, with each split's time over retrograde analysis.

use kalmar_bench::reach::chess_like;
use kalmar_terminal::dgg::compare::Comparisons;
use kalmar_terminal::dgg::narrowing::{self, Sizes, Split};
use kalmar_terminal::dgg::{Stats, almost_linear, coarsen};
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
    println!(
        "| family | arcs | retrograde | signs | almost-linear | 4 a side | 16 a side | almost-linear / retrograde | 4 a side / retrograde | 16 a side / retrograde |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for id in ["sorting-network", "random", "grid"] {
        let family = FAMILIES.get(id).map_err(|e| e.to_string())?;
        let game = (family.run.build)(size, 1).map_err(|e| format!("{id}: {e}"))?;
        let chess = chess_like(&game);
        let mut times = vec![Vec::new(); 5];
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
            for (slot, groups) in [(3, 4), (4, 16)] {
                let clock = Instant::now();
                let weak = narrowing::solve(&game, &mut Stats::default(), fixed(groups));
                times[slot].push(clock.elapsed().as_secs_f64() * 1e3);
                if weak.value != kept.value {
                    return Err(format!(
                        "{id}: {groups} groups a side give {}, the solver {}",
                        weak.value, kept.value
                    ));
                }
            }
        }
        let m: Vec<f64> = times.into_iter().map(median).collect();
        println!(
            "| {id} | {} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} | {:.2} | {:.2} | {:.2} |",
            game.arena().num_edges(),
            m[0],
            m[1],
            m[2],
            m[3],
            m[4],
            m[2] / m[0],
            m[3] / m[0],
            m[4] / m[0]
        );
    }
    Ok(())
}
