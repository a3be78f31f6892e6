//! The pocket test of the search: bridges of the row–column graph.
//!
//! Take the graph whose nodes are the rows and columns of a puzzle and whose edges are the
//! stones still to collect plus the current stone (each stone joins its row to its column).
//! Two stones share a line exactly when their edges share a node, so every move of a tour
//! goes between adjacent edges. If a stone `s` other than the current one is a *bridge* of
//! this graph, the side of the bridge away from the current stone (its *pocket*) can be
//! reached only through `s`: once the tour leaves the current side for the pocket it cannot
//! come back, so the pocket holds the end of the tour. Hence all pockets with a stone besides
//! their bridge must be nested; two side by side leave no tour. If the current stone itself is
//! a bridge with stones on both sides, the tour can enter only one side. Neither argument
//! looks at turns, so the test holds under all four variants.
//!
//! ```
//! use kalmar_puzzles::hiroimono::pockets::Pockets;
//! // Stones 0 (the current one) at (0, 0), 1 at (5, 0), 2 at (5, 3), 3 at (-5, 0), 4 at (-5, 4):
//! // stones 2 and 4 hang off bridges 1 and 3 on either side, so no tour takes both.
//! let (rows, columns) = ([0, 0, 3, 0, 4], [0, 5, 5, -5, -5]);
//! assert!(!Pockets::new(&rows, &columns).feasible(0, &[1, 2, 3, 4]));
//! assert!(Pockets::new(&rows, &columns).feasible(0, &[1, 2, 3]));
//! ```
//!
//! # Complexity
//! O(k) for k stones to collect: one iterative depth-first search (Tarjan's bridge finding)
//! over the lines that hold them.

/// No entry.
const NIL: u32 = u32::MAX;

/// One node on the depth-first stack: a line, the stone it was reached by, and the next
/// incidence to look at.
struct Frame {
    line: u32,
    by: u32,
    cursor: u32,
}

/// Scratch space for the test, sized once for a puzzle.
pub struct Pockets {
    /// Each stone's row and column as line numbers (rows first, then columns).
    row: Vec<u32>,
    column: Vec<u32>,
    /// Per line: valid when `stamp` equals `generation`.
    stamp: Vec<u32>,
    first: Vec<u32>,
    discovered: Vec<u32>,
    low: Vec<u32>,
    finished: Vec<u32>,
    edges_before: Vec<u32>,
    /// Per stone: traversed when equal to `generation`.
    traversed: Vec<u32>,
    generation: u32,
    /// Incidence lists: the stone of each entry and the next entry of the same line.
    stone_of: Vec<u32>,
    next: Vec<u32>,
    stack: Vec<Frame>,
    pockets: Vec<u32>,
}

impl Pockets {
    /// Scratch space for stones with these rows and columns (any integers).
    pub fn new(rows: &[i64], columns: &[i64]) -> Self {
        let number = |values: &[i64], offset: usize| -> (Vec<u32>, usize) {
            let mut sorted = values.to_vec();
            sorted.sort_unstable();
            sorted.dedup();
            let ids = values
                .iter()
                .map(|v| (offset + sorted.binary_search(v).expect("a listed value")) as u32)
                .collect();
            (ids, sorted.len())
        };
        let (row, row_count) = number(rows, 0);
        let (column, column_count) = number(columns, row_count);
        let lines = row_count + column_count;
        Pockets {
            row,
            column,
            stamp: vec![0; lines],
            first: vec![NIL; lines],
            discovered: vec![0; lines],
            low: vec![0; lines],
            finished: vec![0; lines],
            edges_before: vec![0; lines],
            traversed: vec![0; rows.len()],
            generation: 0,
            stone_of: Vec::new(),
            next: Vec::new(),
            stack: Vec::new(),
            pockets: Vec::new(),
        }
    }

    /// Whether a tour from `at` may still collect `stones` (which do not include `at`) as far
    /// as the bridges tell; they must all be connected to `at`.
    pub fn feasible(&mut self, at: u32, stones: &[u32]) -> bool {
        self.generation += 1;
        let generation = self.generation;
        self.stone_of.clear();
        self.next.clear();
        for &stone in stones.iter().chain([&at]) {
            for line in [self.row[stone as usize], self.column[stone as usize]] {
                let line = line as usize;
                if self.stamp[line] != generation {
                    self.stamp[line] = generation;
                    self.first[line] = NIL;
                    self.discovered[line] = NIL;
                }
                self.next.push(self.first[line]);
                self.first[line] = self.stone_of.len() as u32;
                self.stone_of.push(stone);
            }
        }
        let total = stones.len() as u32 + 1;
        let mut clock = 0;
        let mut counted = 0;
        let root = self.row[at as usize];
        self.enter(root, NIL, &mut clock, counted);
        self.pockets.clear();
        while let Some(frame) = self.stack.last_mut() {
            let line = frame.line;
            if frame.cursor != NIL {
                let entry = frame.cursor as usize;
                frame.cursor = self.next[entry];
                let stone = self.stone_of[entry];
                if self.traversed[stone as usize] == generation {
                    continue;
                }
                self.traversed[stone as usize] = generation;
                counted += 1;
                let other = if self.row[stone as usize] == line {
                    self.column[stone as usize]
                } else {
                    self.row[stone as usize]
                };
                if self.discovered[other as usize] == NIL {
                    self.enter(other, stone, &mut clock, counted);
                } else {
                    self.low[line as usize] =
                        self.low[line as usize].min(self.discovered[other as usize]);
                }
                continue;
            }
            let Frame { line, by, .. } = self.stack.pop().expect("a frame on the stack");
            self.finished[line as usize] = clock;
            clock += 1;
            let Some(parent) = self.stack.last() else {
                break;
            };
            let (child, parent) = (line as usize, parent.line as usize);
            self.low[parent] = self.low[parent].min(self.low[child]);
            if self.low[child] > self.discovered[parent] {
                // `by` is a bridge; the stones beyond it are those counted since.
                let beyond = counted - self.edges_before[child];
                if by == at {
                    if beyond > 0 && total - beyond - 1 > 0 {
                        self.stack.clear();
                        return false;
                    }
                } else if beyond > 0 {
                    self.pockets.push(line);
                }
            }
        }
        self.nested()
    }

    /// Starts line `line`, reached by stone `by`, at time `clock`.
    fn enter(&mut self, line: u32, by: u32, clock: &mut u32, counted: u32) {
        let l = line as usize;
        self.discovered[l] = *clock;
        self.low[l] = *clock;
        self.edges_before[l] = counted;
        *clock += 1;
        self.stack.push(Frame {
            line,
            by,
            cursor: self.first[l],
        });
    }

    /// Whether the pockets found lie one inside the next.
    fn nested(&mut self) -> bool {
        let discovered = &self.discovered;
        self.pockets
            .sort_unstable_by_key(|&l| discovered[l as usize]);
        self.pockets.windows(2).all(|pair| {
            let (outer, inner) = (pair[0] as usize, pair[1] as usize);
            self.finished[inner] < self.finished[outer]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The test on stones at `points`, the first being the current stone.
    fn feasible(points: &[(i64, i64)]) -> bool {
        let rows: Vec<i64> = points.iter().map(|p| p.1).collect();
        let columns: Vec<i64> = points.iter().map(|p| p.0).collect();
        let rest: Vec<u32> = (1..points.len() as u32).collect();
        Pockets::new(&rows, &columns).feasible(0, &rest)
    }

    #[test]
    fn one_pocket_is_fine_two_side_by_side_are_not() {
        assert!(feasible(&[(0, 0), (5, 0), (5, 3)]));
        assert!(!feasible(&[(0, 0), (5, 0), (5, 3), (-5, 0), (-5, 4)]));
        // Closing a cycle through the two pockets removes both bridges.
        assert!(feasible(&[(0, 0), (5, 0), (5, 3), (-5, 0), (-5, 3)]));
    }

    #[test]
    fn nested_pockets_are_fine() {
        assert!(feasible(&[(0, 0), (5, 0), (5, 3), (7, 3), (7, 6)]));
    }

    #[test]
    fn the_current_stone_cannot_split_the_rest() {
        assert!(!feasible(&[(0, 0), (3, 0), (0, 3)]));
        assert!(feasible(&[(0, 0), (3, 0), (-3, 0)]));
    }
}
