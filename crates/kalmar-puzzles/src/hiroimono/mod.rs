//! Hiroimono, the stone-collecting tour puzzle, and its variants.
