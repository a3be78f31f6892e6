//! Oink's two-counters family [`tc`].
//!
//! ```
//! use kalmar_parity::{Options, generate::tc, solve};
//! let game = tc(2).unwrap();
//! let solved = solve(&game, &Options { solver: "tl".into(), ..Options::default() }).unwrap();
//! assert!(solved.verified);
//! ```

use super::listed::{EVEN, Listed};
use crate::ParityGame;
use kalmar_core::Player;
use kalmar_core::generate::{GenerateError, check_size};

/// Oink's two-counters game `tc` for `n` bits (the version with one distraction per bit): two
/// interleaved binary counters, one per player, of `n` bits each, `8n + 3n(n - 1)` vertices
/// in all (`sum over i < n of 2(4 + 3i)`).
///
/// Before renumbering, with `t = n^2 + 9n` and, for `i = 0 … n-1`, `t_i = t - 2i`: bit `i` of
/// player `q` (Even's bits first at each `i`) has high priority `h = t_i - 2 + q`, input
/// priority `t_i - 2n - 3 + q` and low priority `l = 2 - q`, and consists of
/// - `H` (priority `h`, owner `q`), moving to the input of bit `(i + n - 1) mod n` of player `q`;
/// - `T` (priority `l`, owner `1 - q`), moving to `H` and to the first connector (or to `Z`
///   when `i = 0`);
/// - `L`, the input (input priority, owner `1 - q`), moving to `T`;
/// - for each `j < i` a connector of three vertices of priority `l - 1`: `S` (owner `q`)
///   moving to `A` and `B` (owner `1 - q`), which move to the next connector (or to `Z` after
///   the last), `A` to the input of bit `j` of player `q` and `B` to that of player `1 - q`;
/// - `Z` (priority `l - 1`, owner `q`), moving to `T` and to the inputs of the opponent's bits
///   `i + 1 - q … n - 1`.
///
/// As Oink does, the vertices are then sorted by priority, stably here (Oink's order among
/// equal priorities is unspecified), and the priorities renumbered: the smallest becomes its
/// parity, and each next distinct priority the least number above the previous new one with
/// its own parity. Vertices carry Oink's names (`Even-0-H`, `Odd-2-S-1`, …). Needs `n >= 1`.
pub fn tc(n: usize) -> Result<ParityGame, GenerateError> {
    if n == 0 {
        return Err(GenerateError::Parameter(
            "the two-counters game needs n >= 1 bits".into(),
        ));
    }
    if n > 10_000 {
        return Err(GenerateError::TooLarge {
            vertices: n.saturating_mul(n).saturating_mul(3),
            arcs: n.saturating_mul(n).saturating_mul(6),
        });
    }
    let size = 8 * n + 3 * n * (n - 1);
    check_size(size, size * 3)?;
    // Base index and input of each bit, per player.
    let mut base = [vec![0usize; n], vec![0usize; n]];
    let mut input = [vec![0usize; n], vec![0usize; n]];
    let mut next = 0;
    for i in 0..n {
        for q in 0..2 {
            base[q][i] = next;
            input[q][i] = next + 2;
            next += 4 + 3 * i;
        }
    }
    debug_assert_eq!(next, size);
    let mut priority = vec![0u32; size];
    let mut owner = vec![EVEN; size];
    let mut succ: Vec<Vec<u32>> = vec![Vec::new(); size];
    let mut names = vec![String::new(); size];
    let top = n * n + 9 * n;
    for i in 0..n {
        let t = top - 2 * i;
        for q in 0..2 {
            let (hi, inp, lo) = (
                (t - 2 + q) as u32,
                (t - 2 * n - 3 + q) as u32,
                (2 - q) as u32,
            );
            let (me, them) = (Player(q as u8), Player(1 - q as u8));
            let label = if q == 1 { "Odd" } else { "Even" };
            let c = base[q][i];
            let mut vertex = |v: usize, p: u32, o: Player, name: String, to: Vec<usize>| {
                priority[v] = p;
                owner[v] = o;
                names[v] = name;
                succ[v] = to.into_iter().map(|w| w as u32).collect();
            };
            let z = c + 3 + 3 * i;
            vertex(
                c,
                hi,
                me,
                format!("{label}-{i}-H"),
                vec![input[q][(i + n - 1) % n]],
            );
            vertex(c + 1, lo, them, format!("{label}-{i}-T"), vec![c, c + 3]);
            vertex(c + 2, inp, them, format!("{label}-{i}-L"), vec![c + 1]);
            let inputs = input[q].iter().zip(&input[1 - q]).take(i).enumerate();
            for (j, (&own_input, &other_input)) in inputs {
                let d = c + 3 + 3 * j;
                vertex(
                    d,
                    lo - 1,
                    me,
                    format!("{label}-{i}-S-{j}"),
                    vec![d + 1, d + 2],
                );
                vertex(
                    d + 1,
                    lo - 1,
                    them,
                    format!("{label}-{i}-A-{j}"),
                    vec![d + 3, own_input],
                );
                vertex(
                    d + 2,
                    lo - 1,
                    them,
                    format!("{label}-{i}-B-{j}"),
                    vec![d + 3, other_input],
                );
            }
            let to_z = std::iter::once(c + 1)
                .chain((i + 1 - q..n).map(|j| input[1 - q][j]))
                .collect();
            vertex(z, lo - 1, me, format!("{label}-{i}-Z"), to_z);
        }
    }
    // Sort by priority (stably) and renumber the priorities.
    let mut order: Vec<usize> = (0..size).collect();
    order.sort_by_key(|&v| priority[v]);
    let mut new_index = vec![0u32; size];
    for (k, &v) in order.iter().enumerate() {
        new_index[v] = k as u32;
    }
    let mut listed = Listed::with_capacity(size, true);
    let mut last: Option<(u32, u32)> = None; // (old, new)
    for &v in &order {
        let p = priority[v];
        let renumbered = match last {
            None => p % 2,
            Some((_, new)) if new % 2 != p % 2 => new + 1,
            Some((old, new)) if old != p => new + 2,
            Some((_, new)) => new,
        };
        last = Some((p, renumbered));
        listed.priority.push(renumbered);
        listed.owner.push(owner[v]);
        listed
            .successors
            .push(succ[v].iter().map(|&w| new_index[w as usize]).collect());
        if let Some(listed_names) = listed.names.as_mut() {
            listed_names.push(std::mem::take(&mut names[v]));
        }
    }
    listed.finish()
}
