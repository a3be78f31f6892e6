//! `kalmar.puzzles`: Hashiwokakero and Hiroimono as `kalmar puzzle` handles them: read from a
//! file, a puzz.link URL or a Tatham game ID (`kalmar_puzzles::source::read`), solved by
//! `kalmar_puzzles::hashi::solve` and `kalmar_puzzles::hiroimono::solve`, every solution passed
//! through the library's independent checker before Python sees it; a claimed solution checked
//! by the same checker (`kalmar.Rejected` with its reason); puzzles generated; and the reduction
//! from Hamiltonian circuits in grid graphs to Hashiwokakero, with its map back.

use kalmar_puzzles::Mode;
use kalmar_puzzles::cnf::Cnf;
use kalmar_puzzles::hashi::reduction::{Reduction, read_points};
use kalmar_puzzles::hashi::{self, format as hashi_format, url};
use kalmar_puzzles::hiroimono::reduction::Reduction as SatPuzzle;
use kalmar_puzzles::hiroimono::{
    self, Point, SOLVERS, Variant, format as hiroimono_format, render as hiroimono_render,
};
use kalmar_puzzles::picture;
use kalmar_puzzles::source::{self, Source, SourceError};

use crate::common::{interruptible, value_error};
use crate::files::Rejected;
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A Hashiwokakero puzzle ("Bridges"): islands numbered 1 to 8 on a grid, to be joined by
/// horizontal and vertical bridges, at most two per pair, none crossing, each island's number
/// met, all islands connected. Islands are numbered from 0 in reading order; link `k` joins
/// two islands in one row or column with only water between them.
#[pyclass(module = "kalmar.puzzles", frozen)]
pub struct Hashi {
    puzzle: Arc<hashi::Puzzle>,
    drawn: Option<Vec<u8>>,
}

/// A solution of a Hashiwokakero puzzle that passed the independent checker.
#[pyclass(module = "kalmar.puzzles", frozen)]
pub struct HashiSolution {
    puzzle: Arc<hashi::Puzzle>,
    bridges: Vec<u8>,
    /// Always True: the checker accepted it.
    #[pyo3(get)]
    verified: bool,
}

/// What the Hashiwokakero solver found: propagation's deductions, then the SAT search.
#[pyclass(module = "kalmar.puzzles", frozen)]
pub struct HashiAnswer {
    solutions: Vec<Py<HashiSolution>>,
    /// True if the puzzle has exactly one solution, False if none or several, None when
    /// not asked (a plain solve that found one).
    #[pyo3(get)]
    unique: Option<bool>,
    /// The solutions found: the number of solutions if `count_exact`, else a lower bound.
    #[pyo3(get)]
    count: usize,
    /// Whether `count` is the number of solutions.
    #[pyo3(get)]
    count_exact: bool,
    /// The deductions of propagation, in order, as `kalmar puzzle solve --explain` prints
    /// them (islands counted from 1 there).
    #[pyo3(get)]
    steps: Vec<String>,
    /// Why propagation proved the puzzle unsolvable, if it did.
    #[pyo3(get)]
    contradiction: Option<String>,
    /// The SAT search's counters: `sat_calls`, `cuts` (connectivity cuts), `blocked`
    /// (solutions blocked to look for another) and `clauses`.
    #[pyo3(get)]
    stats: Py<PyDict>,
}

/// Islands as (row, column, number).
fn islands_of(puzzle: &hashi::Puzzle) -> Vec<(usize, usize, u8)> {
    (puzzle.islands().iter())
        .map(|island| (island.row, island.column, island.number))
        .collect()
}

/// A solution of `puzzle` the checker accepts, for Python; `RuntimeError` if it does not
/// (the library's solver or generator erred: a bug).
fn checked_hashi(
    py: Python<'_>,
    puzzle: &Arc<hashi::Puzzle>,
    solution: hashi::Solution,
) -> PyResult<Py<HashiSolution>> {
    hashi::check::check(puzzle, &solution).map_err(internal)?;
    Py::new(
        py,
        HashiSolution {
            puzzle: Arc::clone(puzzle),
            bridges: solution.bridges,
            verified: true,
        },
    )
}

/// A library answer that fails its own checker, as `RuntimeError`.
fn internal(error: impl std::fmt::Display) -> PyErr {
    PyRuntimeError::new_err(format!(
        "internal error: an answer fails the checker: {error} (a bug in kalmar: please report the input)"
    ))
}

/// The bridges a Python value claims for `puzzle`: a `HashiSolution`, the text of a solved
/// grid (with the puzzle's islands, else `kalmar.Rejected`), or a list of counts per link.
fn claimed_bridges(puzzle: &hashi::Puzzle, claim: &Bound<'_, PyAny>) -> PyResult<hashi::Solution> {
    if let Ok(text) = claim.extract::<&str>() {
        let (solved, solution) = hashi_format::read_solved(text).map_err(value_error)?;
        if solved != *puzzle {
            return Err(Rejected::new_err("its islands are not the puzzle's"));
        }
        return Ok(solution);
    }
    if let Ok(solution) = claim.cast::<HashiSolution>() {
        return Ok(hashi::Solution {
            bridges: solution.get().bridges.clone(),
        });
    }
    let bridges: Vec<u8> = claim.extract().map_err(|e| {
        not_a_claim(
            claim.py(),
            e,
            "expected a HashiSolution, the text of a solved grid or a list of bridges per link",
        )
    })?;
    Ok(hashi::Solution { bridges })
}

/// A claimed solution of the wrong type as `TypeError` saying what is expected; an error of
/// another kind (a count too large for its type: `OverflowError`) as it is.
fn not_a_claim(py: Python<'_>, error: PyErr, expected: &str) -> PyErr {
    if error.is_instance_of::<PyTypeError>(py) {
        PyTypeError::new_err(expected.to_string())
    } else {
        error
    }
}

/// A Hashi from a library puzzle.
fn hashi_of(puzzle: hashi::Puzzle, drawn: Option<hashi::Solution>) -> Hashi {
    Hashi {
        puzzle: Arc::new(puzzle),
        drawn: drawn.map(|solution| solution.bridges),
    }
}

/// Counts as a list of ints (a `Vec<u8>` would become `bytes`).
fn counts(bridges: &[u8]) -> Vec<u32> {
    bridges.iter().map(|&b| u32::from(b)).collect()
}

#[pymethods]
impl HashiSolution {
    /// Per link of the puzzle (`Hashi.links`), its bridges: 0, 1 or 2.
    #[getter]
    fn bridges(&self) -> Vec<u32> {
        counts(&self.bridges)
    }

    /// The links that carry bridges, as (island, island, bridges), islands from 0.
    #[getter]
    fn links(&self) -> Vec<(usize, usize, u8)> {
        (self.puzzle.links().iter().zip(&self.bridges))
            .filter(|(_, bridges)| **bridges > 0)
            .map(|(link, &bridges)| (link.first, link.second, bridges))
            .collect()
    }

    /// The solved grid with its bridges drawn (`-` `=` across, `|` `"` down), as
    /// `kalmar puzzle solve -o` writes it. ValueError for bridges between adjacent islands,
    /// which have no cell to be drawn in.
    fn to_text(&self) -> PyResult<String> {
        let solution = hashi::Solution {
            bridges: self.bridges.clone(),
        };
        hashi_format::write_solved(&self.puzzle, &solution).map_err(value_error)
    }

    fn __repr__(&self) -> String {
        let total: u32 = self.bridges.iter().map(|&b| u32::from(b)).sum();
        format!("<kalmar.puzzles.HashiSolution: {total} bridges, verified>")
    }
}

#[pymethods]
impl HashiAnswer {
    /// The solutions found (one for a plain solve or a count, up to two when asked whether
    /// it is unique), each checked.
    #[getter]
    fn solutions(&self, py: Python<'_>) -> Vec<Py<HashiSolution>> {
        self.solutions.iter().map(|s| s.clone_ref(py)).collect()
    }

    fn __repr__(&self) -> String {
        let at_least = if self.count_exact { "" } else { "at least " };
        format!(
            "<kalmar.puzzles.HashiAnswer: {at_least}{} solution(s), unique={}, {} deductions>",
            self.count,
            python_bool(self.unique),
            self.steps.len()
        )
    }
}

/// True, False or None, as Python prints it.
fn python_bool(value: Option<bool>) -> &'static str {
    match value {
        Some(true) => "True",
        Some(false) => "False",
        None => "None",
    }
}

#[pymethods]
impl Hashi {
    /// A puzzle of `width` columns and `height` rows with `islands` as (row, column, number),
    /// from 0. ValueError for a size or an island the library refuses.
    #[new]
    fn new(width: usize, height: usize, islands: Vec<(usize, usize, u8)>) -> PyResult<Hashi> {
        let islands = (islands.into_iter())
            .map(|(row, column, number)| hashi::Island {
                row,
                column,
                number,
            })
            .collect();
        let puzzle = hashi::Puzzle::new(width, height, islands).map_err(value_error)?;
        Ok(hashi_of(puzzle, None))
    }

    /// A puzzle from its plain grid: one line per row, `1`-`8` an island, `.` water (bridges
    /// drawn are read as water). ValueError with the line and column if it does not parse.
    #[staticmethod]
    fn parse(text: &str) -> PyResult<Hashi> {
        let puzzle = hashi_format::read_puzzle(text).map_err(value_error)?;
        Ok(hashi_of(puzzle, None))
    }

    /// A puzzle from a puzz.link (pzprjs) URL of type `hashikake`.
    #[staticmethod]
    fn from_url(url: &str) -> PyResult<Hashi> {
        let puzzle = url::from_puzz_link(url).map_err(value_error)?;
        Ok(hashi_of(puzzle, None))
    }

    /// A puzzle from a game ID of Simon Tatham's Bridges (`WxH:…` or `WxHm2:…`).
    #[staticmethod]
    fn from_tatham(id: &str) -> PyResult<Hashi> {
        let puzzle = url::from_tatham(id).map_err(value_error)?;
        Ok(hashi_of(puzzle, None))
    }

    /// The bridges drawn in the grid it was read from, per link; None when none were drawn.
    #[getter]
    fn drawn(&self) -> Option<Vec<u32>> {
        self.drawn.as_deref().map(counts)
    }

    /// Columns.
    #[getter]
    fn width(&self) -> usize {
        self.puzzle.width()
    }

    /// Rows.
    #[getter]
    fn height(&self) -> usize {
        self.puzzle.height()
    }

    /// The islands in reading order, as (row, column, number).
    #[getter]
    fn islands(&self) -> Vec<(usize, usize, u8)> {
        islands_of(&self.puzzle)
    }

    /// The links (the places a bridge may go) as (island, island), by link index: the order
    /// of a solution's `bridges`.
    #[getter]
    fn links(&self) -> Vec<(usize, usize)> {
        (self.puzzle.links().iter())
            .map(|link| (link.first, link.second))
            .collect()
    }

    /// The plain grid.
    fn to_text(&self) -> String {
        hashi_format::write_puzzle(&self.puzzle)
    }

    /// The puzz.link URL.
    fn to_url(&self) -> String {
        url::to_puzz_link(&self.puzzle)
    }

    /// The Tatham game ID (`WxHm2:…`).
    fn to_tatham(&self) -> String {
        url::to_tatham(&self.puzzle)
    }

    /// The puzzle as an SVG picture, with the bridges of `solution` (a `HashiSolution`, a
    /// solved grid's text or bridges per link) if given.
    #[pyo3(signature = (solution=None))]
    fn svg(&self, solution: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let bridges = (solution.map(|claim| claimed_bridges(&self.puzzle, claim))).transpose()?;
        Ok(hashi::render::svg(&self.puzzle, bridges.as_ref()))
    }

    /// The picture of `svg` as a PNG image (bytes), `scale` pixels per SVG pixel (2 by default,
    /// sharp on most screens); the numbers are drawn in a built-in stroke font, so no font is
    /// needed. Raises `ValueError` for a scale that is not positive or an image too large.
    #[pyo3(signature = (solution=None, scale=picture::DEFAULT_PNG_SCALE))]
    fn png<'py>(
        &self,
        py: Python<'py>,
        solution: Option<&Bound<'py, PyAny>>,
        scale: f64,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let bridges = (solution.map(|claim| claimed_bridges(&self.puzzle, claim))).transpose()?;
        let png = hashi::render::png(&self.puzzle, bridges.as_ref(), scale).map_err(value_error)?;
        Ok(PyBytes::new(py, &png))
    }

    /// Solves: one solution; with `unique=True` also whether it is the only one (a search for
    /// a second); with `count=N` the solutions counted up to N (`count` wins over `unique`).
    /// Deductions first, then the SAT search; every solution is checked. Ctrl-C interrupts.
    #[pyo3(signature = (unique=false, count=None))]
    fn solve(&self, py: Python<'_>, unique: bool, count: Option<u64>) -> PyResult<HashiAnswer> {
        let mode = Mode::from_options(unique, count).map_err(value_error)?;
        let puzzle = Arc::clone(&self.puzzle);
        let answer =
            interruptible(py, move || hashi::solve(&puzzle, mode))?.map_err(value_error)?;
        let stats = PyDict::new(py);
        stats.set_item("sat_calls", answer.stats.sat_calls)?;
        stats.set_item("cuts", answer.stats.cuts)?;
        stats.set_item("blocked", answer.stats.blocked)?;
        stats.set_item("clauses", answer.stats.clauses)?;
        Ok(HashiAnswer {
            solutions: (answer.solutions.into_iter())
                .map(|solution| checked_hashi(py, &self.puzzle, solution))
                .collect::<PyResult<_>>()?,
            unique: answer.unique,
            count: answer.count,
            count_exact: answer.count_exact,
            steps: answer.steps.iter().map(ToString::to_string).collect(),
            contradiction: answer.contradiction,
            stats: stats.unbind(),
        })
    }

    /// Checks a claimed solution with the independent checker, as `kalmar puzzle check`:
    /// `solution` is a `HashiSolution`, the text of a solved grid, or the bridges per link.
    /// Returns True, or raises `kalmar.Rejected` (a ValueError) with the rule broken.
    fn check(&self, solution: &Bound<'_, PyAny>) -> PyResult<bool> {
        let claimed = claimed_bridges(&self.puzzle, solution)?;
        hashi::check::check(&self.puzzle, &claimed)
            .map_err(|e| Rejected::new_err(e.to_string()))?;
        Ok(true)
    }

    fn __repr__(&self) -> String {
        format!(
            "<kalmar.puzzles.Hashi: {}×{}, {} islands>",
            self.puzzle.width(),
            self.puzzle.height(),
            self.puzzle.islands().len()
        )
    }
}

/// A Hiroimono puzzle: stones on integer points (x to the right, y down), to be collected in
/// one tour along rows and columns that picks up every stone it meets and turns only where it
/// picks one up. Stones are numbered from 0; stone 0 is the start of the "start" variants.
#[pyclass(module = "kalmar.puzzles", frozen)]
pub struct Hiroimono {
    puzzle: Arc<hiroimono::Puzzle>,
}

/// A tour that collects every stone, checked under its variant.
#[pyclass(module = "kalmar.puzzles", frozen)]
pub struct HiroimonoSolution {
    puzzle: Arc<hiroimono::Puzzle>,
    /// The stones in the order collected.
    #[pyo3(get)]
    order: Vec<usize>,
    /// The variant it was checked under: "classic", "start", "180" or "180-start".
    #[pyo3(get)]
    variant: &'static str,
    /// Always True: the checker accepted it.
    #[pyo3(get)]
    verified: bool,
}

/// What the Hiroimono search found.
#[pyclass(module = "kalmar.puzzles", frozen)]
pub struct HiroimonoAnswer {
    solutions: Vec<Py<HiroimonoSolution>>,
    /// The variant solved.
    #[pyo3(get)]
    variant: &'static str,
    /// True if there is exactly one solution, False if none or several, None when the search
    /// stopped before knowing.
    #[pyo3(get)]
    unique: Option<bool>,
    /// Solutions counted: the number of solutions if `complete`, else the limit reached.
    #[pyo3(get)]
    count: u64,
    /// Whether the search finished.
    #[pyo3(get)]
    complete: bool,
    /// Search nodes visited (decisions for "sat", states for "dp").
    #[pyo3(get)]
    nodes: u64,
}

/// Hiroimono's variant from its id (or the paper's name).
fn variant_of(id: &str) -> PyResult<Variant> {
    id.parse().map_err(value_error)
}

/// A tour of `puzzle` the checker accepts under `variant`, for Python; `RuntimeError` if not.
fn checked_tour(
    py: Python<'_>,
    puzzle: &Arc<hiroimono::Puzzle>,
    variant: Variant,
    solution: hiroimono::Solution,
) -> PyResult<Py<HiroimonoSolution>> {
    hiroimono::check(puzzle, variant, &solution).map_err(internal)?;
    Py::new(
        py,
        HiroimonoSolution {
            puzzle: Arc::clone(puzzle),
            order: solution.order,
            variant: variant.id(),
            verified: true,
        },
    )
}

/// Points as (x, y).
fn xy(points: &[Point]) -> Vec<(i64, i64)> {
    points.iter().map(|p| (p.x, p.y)).collect()
}

#[pymethods]
impl HiroimonoSolution {
    /// The stones' points (x, y) in the order collected.
    #[getter]
    fn points(&self) -> Vec<(i64, i64)> {
        let solution = hiroimono::Solution {
            order: self.order.clone(),
        };
        // Checked against this puzzle: every index is a stone.
        xy(&solution.points(&self.puzzle).unwrap_or_default())
    }

    /// The solution file (`hiroimono solution` and the points in order), as
    /// `kalmar puzzle solve -o` writes it.
    fn to_text(&self) -> PyResult<String> {
        let solution = hiroimono::Solution {
            order: self.order.clone(),
        };
        hiroimono_format::write_solution(&self.puzzle, &solution).map_err(value_error)
    }

    /// The grid with each stone's place in the order (from 1); ValueError if the grid is too
    /// large to draw.
    fn draw(&self) -> PyResult<String> {
        let solution = hiroimono::Solution {
            order: self.order.clone(),
        };
        hiroimono_format::draw_solution(&self.puzzle, &solution).map_err(value_error)
    }

    fn __repr__(&self) -> String {
        format!(
            "<kalmar.puzzles.HiroimonoSolution: {} stones, {}, verified>",
            self.order.len(),
            self.variant
        )
    }
}

#[pymethods]
impl HiroimonoAnswer {
    /// The solutions found (one for a plain solve or a count, up to two when asked whether it
    /// is unique), each checked.
    #[getter]
    fn solutions(&self, py: Python<'_>) -> Vec<Py<HiroimonoSolution>> {
        self.solutions.iter().map(|s| s.clone_ref(py)).collect()
    }

    fn __repr__(&self) -> String {
        let at_least = if self.complete { "" } else { "at least " };
        format!(
            "<kalmar.puzzles.HiroimonoAnswer ({}): {at_least}{} solution(s), unique={}, {} nodes>",
            self.variant,
            self.count,
            python_bool(self.unique),
            self.nodes
        )
    }
}

/// The order a Python value claims for `puzzle`: a `HiroimonoSolution`, a solution file's text
/// (`hiroimono solution` and points), or a list of stone indices.
fn claimed_order(
    puzzle: &hiroimono::Puzzle,
    claim: &Bound<'_, PyAny>,
) -> PyResult<hiroimono::Solution> {
    if let Ok(text) = claim.extract::<&str>() {
        return hiroimono_format::parse_solution(puzzle, text).map_err(value_error);
    }
    if let Ok(solution) = claim.cast::<HiroimonoSolution>() {
        return Ok(hiroimono::Solution {
            order: solution.get().order.clone(),
        });
    }
    let order: Vec<usize> = claim.extract().map_err(|e| {
        not_a_claim(
            claim.py(),
            e,
            "expected a HiroimonoSolution, a solution's text or a list of stone indices",
        )
    })?;
    Ok(hiroimono::Solution { order })
}

#[pymethods]
impl Hiroimono {
    /// A puzzle of stones at the points (x, y), stone 0 first; ValueError for a point given
    /// twice or a coordinate of magnitude above 2**40.
    #[new]
    fn new(stones: Vec<(i64, i64)>) -> PyResult<Hiroimono> {
        let points = stones.into_iter().map(|(x, y)| Point::new(x, y)).collect();
        let puzzle = hiroimono::Puzzle::new(points).map_err(value_error)?;
        Ok(Hiroimono {
            puzzle: Arc::new(puzzle),
        })
    }

    /// A puzzle from its text: a grid (`o` a stone, `S` the start, `.` none) or a point list
    /// (`hiroimono points`, then `x y` per stone). ValueError with the line and column if it
    /// does not parse.
    #[staticmethod]
    fn parse(text: &str) -> PyResult<Hiroimono> {
        let puzzle = hiroimono_format::parse(text).map_err(value_error)?;
        Ok(Hiroimono {
            puzzle: Arc::new(puzzle),
        })
    }

    /// The stones' points (x, y), stone 0 first.
    #[getter]
    fn stones(&self) -> Vec<(i64, i64)> {
        xy(self.puzzle.stones())
    }

    fn __len__(&self) -> usize {
        self.puzzle.len()
    }

    /// The grid (`S` the start, `o` the other stones), or the point list when the grid would
    /// be too large, as `kalmar puzzle generate` writes it. The grid keeps stone 0 first but
    /// numbers the others in reading order; `to_points()` keeps every stone's number.
    fn to_text(&self) -> String {
        hiroimono_format::write(&self.puzzle)
    }

    /// The point list (`hiroimono points`, then `x y` per stone in order).
    fn to_points(&self) -> String {
        hiroimono_format::write_points(&self.puzzle)
    }

    /// Solves under `variant` ("classic": any start, no 180° turns; "start": from stone 0;
    /// "180": turning back allowed; "180-start"): one solution; with `unique=True` also
    /// whether it is the only one; with `count=N` the solutions counted up to N (`count` wins
    /// over `unique`; without a given start a tour and its reverse count as two). `solver`:
    /// "dfs" (depth-first search, the fastest), "sat" (a SAT encoding, up to 500 stones) or
    /// "dp" (a dynamic program, up to 20 stones); they agree (`solvers()` lists them). Every
    /// solution is checked.
    /// Ctrl-C interrupts.
    #[pyo3(signature = (variant="classic", unique=false, count=None, solver="dfs"))]
    fn solve(
        &self,
        py: Python<'_>,
        variant: &str,
        unique: bool,
        count: Option<u64>,
        solver: &str,
    ) -> PyResult<HiroimonoAnswer> {
        let variant = variant_of(variant)?;
        let mode = Mode::from_options(unique, count).map_err(value_error)?;
        let solve = SOLVERS.get(solver).map_err(value_error)?.run.solve;
        let puzzle = Arc::clone(&self.puzzle);
        let answer =
            interruptible(py, move || solve(&puzzle, variant, mode))?.map_err(value_error)?;
        Ok(HiroimonoAnswer {
            solutions: (answer.solutions.into_iter())
                .map(|solution| checked_tour(py, &self.puzzle, variant, solution))
                .collect::<PyResult<_>>()?,
            variant: variant.id(),
            unique: answer.unique,
            count: answer.count,
            complete: answer.complete,
            nodes: answer.nodes,
        })
    }

    /// An SVG picture of the stones, with a tour drawn and numbered if `order` is given (a
    /// `HiroimonoSolution`, a solution's text or the stone indices in order; drawn as given,
    /// so check it first). ValueError for an order naming a stone the puzzle does not have or
    /// a picture too large.
    #[pyo3(signature = (order=None))]
    fn svg(&self, order: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let tour = (order.map(|claim| claimed_order(&self.puzzle, claim))).transpose()?;
        hiroimono_render::svg(&self.puzzle, tour.as_ref()).map_err(value_error)
    }

    /// The picture of `svg` as a PNG image (bytes), `scale` pixels per SVG pixel (2 by
    /// default); the numbers are drawn in a built-in stroke font. ValueError for a scale that
    /// is not positive or an image too large.
    #[pyo3(signature = (order=None, scale=picture::DEFAULT_PNG_SCALE))]
    fn png<'py>(
        &self,
        py: Python<'py>,
        order: Option<&Bound<'py, PyAny>>,
        scale: f64,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let tour = (order.map(|claim| claimed_order(&self.puzzle, claim))).transpose()?;
        let png = hiroimono_render::png(&self.puzzle, tour.as_ref(), scale).map_err(value_error)?;
        Ok(PyBytes::new(py, &png))
    }

    /// Checks a claimed tour under `variant` with the independent checker, as
    /// `kalmar puzzle check`: `order` is a `HiroimonoSolution`, a solution's text or the stone
    /// indices in order. Returns True, or raises `kalmar.Rejected` with the first rule broken.
    #[pyo3(signature = (order, variant="classic"))]
    fn check(&self, order: &Bound<'_, PyAny>, variant: &str) -> PyResult<bool> {
        let variant = variant_of(variant)?;
        let claimed = claimed_order(&self.puzzle, order)?;
        hiroimono::check(&self.puzzle, variant, &claimed)
            .map_err(|e| Rejected::new_err(e.to_string()))?;
        Ok(true)
    }

    fn __repr__(&self) -> String {
        format!("<kalmar.puzzles.Hiroimono: {} stones>", self.puzzle.len())
    }
}

/// Andersson's reduction from Hamiltonian circuits in grid graphs to Hashiwokakero: the
/// puzzle's solutions and the points' Hamiltonian circuits correspond one to one.
#[pyclass(module = "kalmar.puzzles", frozen)]
pub struct HamiltonReduction {
    reduction: Reduction,
    puzzle: Arc<hashi::Puzzle>,
}

#[pymethods]
impl HamiltonReduction {
    /// The grid graph's points (row, column), in the order given.
    #[getter]
    fn points(&self) -> Vec<(usize, usize)> {
        self.reduction.points.clone()
    }

    /// The Hashiwokakero puzzle.
    #[getter]
    fn puzzle(&self) -> Hashi {
        Hashi {
            puzzle: Arc::clone(&self.puzzle),
            drawn: None,
        }
    }

    /// The Hamiltonian circuit of a solution of the puzzle (a `HashiSolution`, a solved
    /// grid's text or bridges per link): the points' indices in circuit order from point 0,
    /// towards its neighbour of lower index; None if its bridges make no such circuit.
    fn circuit(&self, solution: &Bound<'_, PyAny>) -> PyResult<Option<Vec<usize>>> {
        let claimed = claimed_bridges(&self.puzzle, solution)?;
        Ok(self.reduction.circuit(&claimed))
    }

    /// Solves the puzzle and maps its solution back: a Hamiltonian circuit (as `circuit`
    /// gives it), or None when the puzzle has no solution, which proves the grid graph has
    /// none. Ctrl-C interrupts.
    fn decide(&self, py: Python<'_>) -> PyResult<Option<Vec<usize>>> {
        let reduction = self.reduction.clone();
        interruptible(py, move || reduction.decide())?.map_err(internal)
    }

    /// The puzzle's solution of a Hamiltonian circuit (the points' indices in order), or None
    /// if it is not one.
    fn solution(&self, py: Python<'_>, circuit: Vec<usize>) -> PyResult<Option<Py<HashiSolution>>> {
        (self.reduction.solution(&circuit))
            .map(|solution| checked_hashi(py, &self.puzzle, solution))
            .transpose()
    }

    fn __repr__(&self) -> String {
        format!(
            "<kalmar.puzzles.HamiltonReduction: {} points, a {}×{} puzzle>",
            self.reduction.points.len(),
            self.puzzle.width(),
            self.puzzle.height()
        )
    }
}

/// The Hashiwokakero puzzle whose solutions are the Hamiltonian circuits of the grid graph of
/// `points`: (row, column) pairs, or a grid's text (`o` a point, `.` none, one line per row),
/// as `kalmar puzzle reduce hamilton` reads it. ValueError for fewer than 3 points, a point
/// given twice, or text that does not parse (with the line and column).
#[pyfunction]
fn hamilton(points: &Bound<'_, PyAny>) -> PyResult<HamiltonReduction> {
    let points = match points.extract::<&str>() {
        Ok(text) => read_points(text).map_err(value_error)?,
        Err(_) => points.extract::<Vec<(usize, usize)>>()?,
    };
    let reduction = Reduction::new(&points).map_err(value_error)?;
    let puzzle = Arc::new(reduction.puzzle.clone());
    Ok(HamiltonReduction { reduction, puzzle })
}

/// A puzzle as Python's class: `Hashi` or `Hiroimono`.
pub(crate) fn puzzle_object(py: Python<'_>, source: Source) -> PyResult<Py<PyAny>> {
    Ok(match source {
        Source::Hashi { puzzle, solution } => {
            Bound::new(py, hashi_of(puzzle, solution))?.into_any()
        }
        Source::Hiroimono(puzzle) => Bound::new(
            py,
            Hiroimono {
                puzzle: Arc::new(puzzle),
            },
        )?
        .into_any(),
    }
    .unbind())
}

/// Reads a puzzle, as `kalmar puzzle solve SOURCE` does: a puzz.link URL or a Tatham game ID
/// (Hashiwokakero), or a file: `.hashi` a Hashiwokakero grid (bridges drawn in it become
/// `drawn`), `.hiro` a Hiroimono grid or point list, otherwise told by its text. Returns a
/// `Hashi` or a `Hiroimono`. `OSError` if the file cannot be read, `ValueError` with the file,
/// line and column if it does not parse, or with the link if it gives no puzzle.
#[pyfunction]
fn read(py: Python<'_>, source: PathBuf) -> PyResult<Py<PyAny>> {
    let name = source
        .to_str()
        .ok_or_else(|| value_error(format!("{}: the name is not valid UTF-8", source.display())))?;
    let source = match source::read(name) {
        Ok(source) => source,
        Err(SourceError::Read(error)) => return Err(crate::read_error(error)),
        Err(error @ SourceError::Link { .. }) => return Err(value_error(error)),
    };
    puzzle_object(py, source)
}

/// Reads a puzzle from text, told by the text as `read` tells a file without a known
/// extension: a Hiroimono point list or grid of stones, or a Hashiwokakero grid (bridges
/// drawn become `drawn`). Errors name `<text>` with the line and column.
#[pyfunction]
fn parse(py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
    let source = source::read_text(Path::new("<text>"), text).map_err(crate::read_error)?;
    puzzle_object(py, source)
}

/// A Hashiwokakero puzzle of `width` × `height` whose solution the solver proves unique, and
/// that solution, as `kalmar puzzle generate hashi`: `density` islands per cell aimed at
/// (0 to 0.5), `loops` the chance that a free link gets bridges (0 to 1, harder puzzles).
/// The same arguments give the same puzzle. Ctrl-C interrupts.
#[pyfunction]
#[pyo3(signature = (width, height, seed=1, density=0.25, loops=0.1))]
fn generate_hashi(
    py: Python<'_>,
    width: usize,
    height: usize,
    seed: u64,
    density: f64,
    loops: f64,
) -> PyResult<(Hashi, Py<HashiSolution>)> {
    let mut params = hashi::generate::Params::new(width, height, seed);
    params.density = density;
    params.loops = loops;
    let generated =
        interruptible(py, move || hashi::generate::generate(&params))?.map_err(value_error)?;
    let puzzle = hashi_of(generated.puzzle, None);
    let solution = checked_hashi(py, &puzzle.puzzle, generated.solution)?;
    Ok((puzzle, solution))
}

/// A Hiroimono puzzle of `stones` stones and a tour from stone 0 that solves it, as
/// `kalmar puzzle generate hiroimono`: a random walk with steps up to `max_step` that turns
/// only at stones; with `reversals` it may turn back (a puzzle for the "180" variants). The
/// tour is checked under "start" ("180-start" with reversals). The same arguments give the
/// same puzzle.
#[pyfunction]
#[pyo3(signature = (stones, seed=1, max_step=4, reversals=false))]
fn generate_hiroimono(
    py: Python<'_>,
    stones: usize,
    seed: u64,
    max_step: u32,
    reversals: bool,
) -> PyResult<(Hiroimono, Py<HiroimonoSolution>)> {
    let (puzzle, witness) = interruptible(py, move || {
        hiroimono::generate::generate(stones, max_step, reversals, seed)
    })?
    .map_err(value_error)?;
    let variant = if reversals {
        Variant::ReversalStart
    } else {
        Variant::Start
    };
    let puzzle = Arc::new(puzzle);
    let witness = checked_tour(py, &puzzle, variant, witness)?;
    Ok((Hiroimono { puzzle }, witness))
}

/// The ids of Hiroimono's variants.
#[pyfunction]
fn variants() -> Vec<&'static str> {
    Variant::ALL.iter().map(|v| v.id()).collect()
}

/// The ids of Hiroimono's solvers, the `solver` of `Hiroimono.solve`.
#[pyfunction]
fn solvers() -> Vec<&'static str> {
    SOLVERS.ids().collect()
}

/// Andersson's reduction from CNF satisfiability to Hiroimono: the puzzle has a tour under
/// "classic" and "start" exactly when the formula is satisfiable (with 180° turns it does
/// not hold).
#[pyclass(module = "kalmar.puzzles", frozen)]
pub struct SatReduction {
    reduction: SatPuzzle,
    puzzle: Arc<hiroimono::Puzzle>,
}

#[pymethods]
impl SatReduction {
    /// The formula's variable count.
    #[getter]
    fn variables(&self) -> usize {
        self.reduction.formula.variables()
    }

    /// The formula's clauses, DIMACS literals (`v` or `-v` for variable `v`).
    #[getter]
    fn clauses(&self) -> Vec<Vec<i32>> {
        self.reduction.formula.clauses().to_vec()
    }

    /// The Hiroimono puzzle; stone 0 is the start.
    #[getter]
    fn puzzle(&self) -> Hiroimono {
        Hiroimono {
            puzzle: Arc::clone(&self.puzzle),
        }
    }

    /// The tour of a satisfying assignment (one bool per variable, x1 first), checked under
    /// every variant; None if the assignment does not satisfy the formula.
    fn solution(
        &self,
        py: Python<'_>,
        assignment: Vec<bool>,
    ) -> PyResult<Option<Py<HiroimonoSolution>>> {
        (self.reduction.solution(&assignment))
            .map(|tour| checked_tour(py, &self.puzzle, Variant::Start, tour))
            .transpose()
    }

    /// The assignment a tour encodes (a `HiroimonoSolution`, a solution's text or the stone
    /// indices in order): x_i is true when the tour comes back up the staircase of x_i.
    fn assignment(&self, order: &Bound<'_, PyAny>) -> PyResult<Vec<bool>> {
        let claimed = claimed_order(&self.puzzle, order)?;
        Ok(self.reduction.assignment(&claimed))
    }

    /// Solves the puzzle under `variant` and maps its tour back: a satisfying assignment, or
    /// None when the puzzle has no tour, which proves the formula unsatisfiable. Exponential
    /// in the worst case; Ctrl-C interrupts.
    #[pyo3(signature = (variant="classic"))]
    fn decide(&self, py: Python<'_>, variant: &str) -> PyResult<Option<Vec<bool>>> {
        let variant = variant_of(variant)?;
        let reduction = self.reduction.clone();
        let decision = interruptible(py, move || reduction.decide(variant))?.map_err(internal)?;
        Ok(decision.assignment)
    }

    fn __repr__(&self) -> String {
        format!(
            "<kalmar.puzzles.SatReduction: {} variables, {} clauses, {} stones>",
            self.reduction.formula.variables(),
            self.reduction.formula.clauses().len(),
            self.puzzle.len()
        )
    }
}

/// The Hiroimono puzzle of a CNF formula, as `kalmar puzzle reduce 3sat` makes it: `formula`
/// is DIMACS CNF text (`p cnf VARIABLES CLAUSES`, clauses ending in 0) or a list of clauses
/// of DIMACS literals over variables 1, 2, …. ValueError for text that does not parse (with
/// the line and column) or a literal 0.
#[pyfunction]
fn reduce_3sat(formula: &Bound<'_, PyAny>) -> PyResult<SatReduction> {
    let formula = match formula.extract::<&str>() {
        Ok(text) => Cnf::parse(text).map_err(value_error)?,
        Err(_) => {
            let clauses = formula.extract::<Vec<Vec<i32>>>()?;
            let variables = clauses
                .iter()
                .flatten()
                .map(|l| l.unsigned_abs() as usize)
                .max();
            Cnf::new(variables.unwrap_or(0), clauses).map_err(value_error)?
        }
    };
    let reduction = SatPuzzle::new(&formula).map_err(value_error)?;
    let puzzle = Arc::new(reduction.puzzle.clone());
    Ok(SatReduction { reduction, puzzle })
}

/// Adds the functions and classes to the `puzzles` submodule.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Hashi>()?;
    m.add_class::<HashiSolution>()?;
    m.add_class::<HashiAnswer>()?;
    m.add_class::<Hiroimono>()?;
    m.add_class::<HiroimonoSolution>()?;
    m.add_class::<HiroimonoAnswer>()?;
    m.add_class::<HamiltonReduction>()?;
    m.add_class::<SatReduction>()?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(generate_hashi, m)?)?;
    m.add_function(wrap_pyfunction!(generate_hiroimono, m)?)?;
    m.add_function(wrap_pyfunction!(hamilton, m)?)?;
    m.add_function(wrap_pyfunction!(reduce_3sat, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(solvers, m)?)?;
    Ok(())
}
