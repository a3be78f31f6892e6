//! Hashiwokakero (Nikoli's "Bridges").
