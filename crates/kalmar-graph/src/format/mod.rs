//! Game-graph file formats: kalmar's own `.gg` and PGSolver's `.pg` (with its solution format).
