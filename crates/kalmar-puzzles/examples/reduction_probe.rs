use kalmar_puzzles::cnf::Cnf;
use kalmar_puzzles::hiroimono::reduction::Reduction;
use kalmar_puzzles::hiroimono::{check, solve, Mode, Variant, format};
use std::time::Instant;

fn clauses_over(vars: i32, width: usize) -> Vec<Vec<i32>> {
    let lits: Vec<i32> = (1..=vars).flat_map(|v| [v, -v]).collect();
    let mut out = vec![];
    let n = lits.len();
    for mask in 1u32..(1 << n) {
        if (mask.count_ones() as usize) <= width {
            out.push((0..n).filter(|i| mask >> i & 1 == 1).map(|i| lits[i]).collect());
        }
    }
    out
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let vars: i32 = args[1].parse().unwrap();
    let m: usize = args[2].parse().unwrap();
    let width: usize = args.get(3).map(|s| s.parse().unwrap()).unwrap_or(3);
    let variants: Vec<Variant> = match args.get(4) { Some(v) => vec![v.parse().unwrap()], None => Variant::ALL.to_vec() };
    let clauses = clauses_over(vars, width);
    let mut idx = vec![0usize; m];
    let (mut total, mut bad) = (0, 0);
    let started = Instant::now();
    let mut max_nodes = 0u64;
    'outer: loop {
        let formula = Cnf::new(vars as usize, idx.iter().map(|&i| clauses[i].clone()).collect()).unwrap();
        let red = Reduction::new(&formula).unwrap();
        let sat = (0..1u32 << vars).any(|a| formula.satisfied_by(&(0..vars).map(|i| a >> i & 1 == 1).collect::<Vec<_>>()));
        for a in 0..1u32 << vars {
            let asg: Vec<bool> = (0..vars).map(|i| a >> i & 1 == 1).collect();
            match red.solution(&asg) {
                Some(t) => { assert!(formula.satisfied_by(&asg)); if let Err(e) = check(&red.puzzle, Variant::Start, &t) { println!("legit tour rejected {:?} {:?}: {e}", formula.clauses(), asg); bad += 1; } }
                None => assert!(!formula.satisfied_by(&asg)),
            }
        }
        for &v in &variants {
            let ans = solve(&red.puzzle, v, Mode::Find);
            max_nodes = max_nodes.max(ans.nodes);
            if ans.solvable() != sat || (sat && !formula.satisfied_by(&red.assignment(&ans.solutions[0]))) {
                bad += 1;
                println!("MISMATCH {:?} sat={sat} solvable={} variant={} stones={}", formula.clauses(), ans.solvable(), v.id(), red.puzzle.len());
                if ans.solvable() { std::fs::write("/tmp/bad.hiro", format::write_points(&red.puzzle)).unwrap(); std::fs::write("/tmp/bad.sol", format::write_solution(&red.puzzle, &ans.solutions[0]).unwrap()).unwrap(); }
                if bad > 3 { break 'outer; }
            }
        }
        total += 1;
        // next combination (non-decreasing)
        let mut k = m;
        loop {
            if k == 0 { break 'outer; }
            k -= 1;
            if idx[k] + 1 < clauses.len() { idx[k] += 1; for j in k + 1..m { idx[j] = idx[k]; } break; }
        }
    }
    println!("{total} formulas, {bad} bad, {:?}, max nodes {max_nodes}", started.elapsed());
}
