//! The tables against published facts: the longest mates of every 3- and 4-man table we make,
//! with the number of positions (up to symmetry) that have them and, where published, one of
//! them, as computed independently by Thompson, Nalimov and Karrer and listed by Karrer and
//! Conrady ("Longest mates in 3-to-5 chess"). Depths are in moves of the winning side.

use kalmar_chess::{Material, Tables};

/// A longest mate in moves, and how many positions up to symmetry have it.
type Longest = (u32, u64);

/// (material, longest win with White to move, longest loss with Black to move).
const LONGEST: &[(&str, Longest, Longest)] = &[
    ("KQK", (10, 1), (10, 8)),
    ("KRK", (16, 121), (16, 390)),
    ("KPK", (28, 3), (28, 2)),
    ("KBNK", (33, 138), (33, 370)),
];

#[test]
fn longest_mates_of_three_and_four_men() {
    let mut tables = Tables::new();
    for &(name, white, black) in LONGEST {
        let stats = tables
            .solve(&name.parse::<Material>().unwrap())
            .unwrap()
            .stats();
        assert_eq!(
            (stats.white.longest_win, stats.white.longest_win_positions),
            white,
            "{name}"
        );
        assert_eq!(
            (stats.black.longest_loss, stats.black.longest_loss_positions),
            black,
            "{name}"
        );
    }
}

#[test]
fn the_published_longest_positions() {
    let mut tables = Tables::new();
    for (fen, moves) in [
        ("8/8/8/5k2/8/8/1Q6/K7 w - - 0 1", 10), // KQK: Ka1 Qb2 kf5
        ("8/8/8/8/8/2k5/1R6/K7 w - - 0 1", 16), // KRK: Ka1 Rb2 kc3
        ("8/8/8/1k6/8/8/K5P1/8 w - - 0 1", 28), // KPK: Ka2 Pg2 kb5
        ("8/8/8/k7/8/K7/6P1/8 b - - 0 1", 28),  // KPK: Ka3 Pg2 ka5, Black to move
    ] {
        assert_eq!(
            tables.probe(fen).unwrap().value.moves_to_mate(),
            Some(moves),
            "{fen}"
        );
    }
}

#[test]
fn longest_mates_of_the_heavier_four_men() {
    let mut tables = Tables::new();
    // KBBK: 19 moves; KQKR: 35; KRKP: the pawn's side to move wins in 43 (85 plies, the
    // longest 4-man mate by Conrady's list).
    let kbbk = tables.solve(&"KBBK".parse().unwrap()).unwrap().stats();
    assert_eq!(kbbk.white.longest_win, 19);
    let kqkr = tables.solve(&"KQKR".parse().unwrap()).unwrap().stats();
    assert_eq!(kqkr.white.longest_win, 35);
    assert_eq!(kqkr.black.longest_loss, 35);
    let krkp = tables.solve(&"KRKP".parse().unwrap()).unwrap().stats();
    assert_eq!(krkp.black.longest_win, 43);
}

#[test]
fn kqk_has_the_published_23048_drawn_positions() {
    // Counted over every placement (no symmetry folded), Black to move: the stalemates and
    // the positions where Black takes the queen.
    use cozy_chess::{Color, Piece};
    use kalmar_chess::{Value, position::Layout, position::Position};
    let mut tables = Tables::new();
    tables.solve(&"KQK".parse::<Material>().unwrap()).unwrap();
    let layout = Layout::new(&"KQK".parse::<Material>().unwrap());
    let (mut legal, mut draws) = (0, 0);
    for (wk, bk, q) in
        (0..64u8).flat_map(|a| (0..64u8).flat_map(move |b| (0..64u8).map(move |c| (a, b, c))))
    {
        let pos = Position {
            squares: [wk, bk, q, 0, 0],
            side: Color::Black,
        };
        if layout.is_legal(&pos) {
            legal += 1;
            let men = vec![
                (Color::White, Piece::King, wk),
                (Color::Black, Piece::King, bk),
                (Color::White, Piece::Queen, q),
            ];
            draws += (tables.value_of(&men, Color::Black) == Value::Draw) as u32;
        }
    }
    assert_eq!(legal, 3612 * 62, "kings apart, the queen anywhere else");
    assert_eq!(draws, 23_048);
}
