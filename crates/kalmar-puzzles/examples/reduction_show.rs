use kalmar_puzzles::cnf::Cnf;
use kalmar_puzzles::hiroimono::reduction::Reduction;
use kalmar_puzzles::hiroimono::{solve, Mode, Variant, format};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let formula = Cnf::parse(&std::fs::read_to_string(&args[1]).unwrap()).unwrap();
    let v: Variant = args[2].parse().unwrap();
    let red = Reduction::new(&formula).unwrap();
    println!("{}", format::write_grid(&red.puzzle).unwrap());
    let ans = solve(&red.puzzle, v, Mode::Find);
    if ans.solvable() {
        println!("{}", format::draw_solution(&red.puzzle, &ans.solutions[0]).unwrap());
        println!("assignment {:?}", red.assignment(&ans.solutions[0]));
    }
    for a in 0..1u32 << formula.variables() {
        let asg: Vec<bool> = (0..formula.variables()).map(|i| a >> i & 1 == 1).collect();
        if let Some(t) = red.solution(&asg) { println!("legit {:?}:\n{}", asg, format::draw_solution(&red.puzzle, &t).unwrap()); break; }
    }
}
