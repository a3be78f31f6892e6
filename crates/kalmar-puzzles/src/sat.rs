//! The SAT solver both puzzles' encodings share, behind a small interface: DIMACS-style
//! literals, clauses, and the sequential at-most-one constraint.
//!
//! The solver is [batsat](https://crates.io/crates/batsat) 0.6, a pure-Rust MiniSat (see
//! [`hashi::sat`](crate::hashi::sat) for why it was chosen over CaDiCaL). The at-most-one
//! constraint is Sinz's sequential counter for k = 1 (C. Sinz, *Towards an Optimal CNF
//! Encoding of Boolean Cardinality Constraints*, CP 2005), also called the ladder encoding.
//!
//! # Complexity
//! Each call adds its clause in O(length); [`Backend::at_most_one`] of k literals adds k − 1
//! variables and 3k − 4 clauses instead of the k(k − 1)/2 of the pairwise encoding. Solving is
//! exponential in the worst case.

use batsat::{BasicSolver, SolverInterface, lbool};

/// A literal: variable `v ≥ 1` as `v` (true) or `-v` (false), as in DIMACS.
pub(crate) type Lit = i32;

/// A batsat solver with DIMACS-style literals.
pub(crate) struct Backend {
    solver: BasicSolver,
    variables: Vec<batsat::Var>,
}

impl Backend {
    /// An empty formula.
    pub(crate) fn new() -> Self {
        Backend {
            solver: BasicSolver::default(),
            variables: Vec::new(),
        }
    }

    fn literal(&self, lit: Lit) -> batsat::Lit {
        batsat::Lit::new(self.variables[lit.unsigned_abs() as usize - 1], lit > 0)
    }

    /// A fresh variable, as its positive literal.
    pub(crate) fn new_variable(&mut self) -> Lit {
        self.new_variable_preferring(None)
    }

    /// A fresh variable that the search sets to `preference` first when it has a choice.
    pub(crate) fn new_variable_preferring(&mut self, preference: Option<bool>) -> Lit {
        let polarity = preference.map_or(lbool::UNDEF, lbool::from);
        self.variables.push(self.solver.new_var(polarity, true));
        self.variables.len() as Lit
    }

    /// Adds a clause; false if the clauses are now unsatisfiable.
    pub(crate) fn add(&mut self, clause: &[Lit]) -> bool {
        let mut clause = clause.iter().map(|&lit| self.literal(lit)).collect();
        self.solver.add_clause_reuse(&mut clause)
    }

    /// At most one of `literals` is true, by the sequential counter: auxiliary `s_i` says
    /// "one of the first i literals is true", with `l_i → s_i`, `s_{i-1} → s_i` and
    /// `l_i → ¬s_{i-1}`. False if the clauses are now unsatisfiable.
    pub(crate) fn at_most_one(&mut self, literals: &[Lit]) -> bool {
        let Some((&last, rest)) = literals.split_last() else {
            return true;
        };
        let mut satisfiable = true;
        let mut previous: Option<Lit> = None;
        for &lit in rest {
            let seen = self.new_variable();
            satisfiable &= self.add(&[-lit, seen]);
            if let Some(before) = previous {
                satisfiable &= self.add(&[-before, seen]);
                satisfiable &= self.add(&[-lit, -before]);
            }
            previous = Some(seen);
        }
        if let Some(before) = previous {
            satisfiable &= self.add(&[-last, -before]);
        }
        satisfiable
    }

    /// Whether the clauses have a model (then read it with [`Backend::value`]).
    pub(crate) fn solve(&mut self) -> bool {
        self.solver.solve_limited(&[]) == lbool::TRUE
    }

    /// The value of `lit` in the last model.
    pub(crate) fn value(&self, lit: Lit) -> bool {
        self.solver.value_lit(self.literal(lit)) == lbool::TRUE
    }

    /// Variables made so far.
    pub(crate) fn variables(&self) -> usize {
        self.variables.len()
    }

    /// Clauses the solver holds (unit clauses are absorbed as assignments and not counted).
    pub(crate) fn clauses(&self) -> usize {
        self.solver.num_clauses() as usize
    }

    /// Decisions made by all searches so far, the solver's search nodes.
    pub(crate) fn decisions(&self) -> u64 {
        self.solver.num_decisions()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The models of "at most one of k" over its k literals, counted by blocking each.
    fn models_of_at_most_one(k: usize) -> usize {
        let mut backend = Backend::new();
        let literals: Vec<Lit> = (0..k).map(|_| backend.new_variable()).collect();
        assert!(backend.at_most_one(&literals));
        let mut models = 0;
        while backend.solve() {
            models += 1;
            let differs: Vec<Lit> = literals
                .iter()
                .map(|&l| if backend.value(l) { -l } else { l })
                .collect();
            if !backend.add(&differs) {
                break;
            }
        }
        models
    }

    #[test]
    fn at_most_one_allows_exactly_the_empty_and_single_choices() {
        for k in 0..7 {
            assert_eq!(models_of_at_most_one(k), k + 1, "k = {k}");
        }
    }

    #[test]
    fn at_most_one_is_linear() {
        let mut backend = Backend::new();
        let literals: Vec<Lit> = (0..10).map(|_| backend.new_variable()).collect();
        backend.at_most_one(&literals);
        assert_eq!(backend.variables(), 10 + 9);
        assert_eq!(backend.clauses(), 3 * 10 - 4);
    }
}
