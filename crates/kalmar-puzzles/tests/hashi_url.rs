//! puzz.link URLs and Tatham game IDs: round trips, the encodings' details, and refusals.

use kalmar_puzzles::hashi::format::read_puzzle;
use kalmar_puzzles::hashi::generate::{Params, generate};
use kalmar_puzzles::hashi::url::{UrlError, from_puzz_link, from_tatham, to_puzz_link, to_tatham};
use kalmar_puzzles::hashi::{Island, Puzzle};
use proptest::prelude::*;

fn puzzle(width: usize, height: usize, cells: &[(usize, u8)]) -> Puzzle {
    let islands = cells
        .iter()
        .map(|&(cell, number)| Island {
            row: cell / width,
            column: cell % width,
            number,
        })
        .collect();
    Puzzle::new(width, height, islands).unwrap()
}

#[test]
fn long_runs_are_split_as_the_sites_do() {
    // 45 empty cells, an island, 4 more empty cells.
    let p = puzzle(50, 1, &[(45, 3)]);
    assert_eq!(to_puzz_link(&p), "https://puzz.link/p?hashikake/50/1/zzk3j");
    assert_eq!(to_tatham(&p), "50x1m2:zs3d");
    assert_eq!(
        from_puzz_link("https://puzz.link/p?hashikake/50/1/zzk3j").unwrap(),
        p
    );
    assert_eq!(from_tatham("50x1m2:zs3d").unwrap(), p);
    // A run of exactly 20 and of exactly 26.
    let p = puzzle(27, 1, &[(26, 1)]);
    assert_eq!(to_puzz_link(&p), "https://puzz.link/p?hashikake/27/1/zl1");
    assert_eq!(to_tatham(&p), "27x1m2:z1");
}

#[test]
fn other_spellings_are_read() {
    let p = read_puzzle("2.5.1\n.....\n1.3..\n").unwrap();
    for url in [
        "http://pzv.jp/p.html?hashikake/5/3/2g5g1k1g3h",
        "https://puzz.link/p?bridges/5/3/2g5g1k1g3h",
        "hashi/5/3/2g5g1k1g3h",
        // Trailing water may be left out; characters pzprjs does not know are skipped.
        "https://puzz.link/p?hashikake/5/3/2g5g1k1g3",
        "https://puzz.link/p?hashikake/5/3/2g5g1k1g3h/",
    ] {
        assert_eq!(from_puzz_link(url).unwrap(), p, "{url}");
    }
    for id in [
        "5x3:2a5a1e1a3b",
        "5x3i30e10m2d0:2a5a1e1a3b",
        "5x3m2L:2a5a1e1a3b",
    ] {
        assert_eq!(from_tatham(id).unwrap(), p, "{id}");
    }
}

#[test]
fn bad_links_are_refused() {
    for url in [
        "https://puzz.link/p?nurikabe/5/3/2g5",
        "https://puzz.link/p?hashikake/5",
        "https://puzz.link/p?hashikake/0/3/",
        "https://puzz.link/p?hashikake/100000/100000/",
        "https://puzz.link/p?hashikake/3/1/9",
        "https://puzz.link/p?hashikake/3/1/0",
        "https://puzz.link/p?hashikake/3/1/.",
        "https://puzz.link/p?hashikake/3/1/-1f",
        "https://puzz.link/p?hashikake/3/1/-",
    ] {
        assert!(from_puzz_link(url).is_err(), "{url}");
    }
    let error = from_puzz_link("https://puzz.link/p?hashikake/3/2/i9").unwrap_err();
    assert_eq!(
        error.to_string(),
        "cell 3 (row 2, column 1) holds the number 9, expected a number 1 to 8"
    );
    for id in [
        "5x3",
        "x3:a",
        "5x3m3:2a5a1e1a3b",
        "5x3:2a5a1e1a3",
        "5x3:2a5a1e1a3bb",
        "5x3:2a5a1e1a3c",
        "3x1:1H1",
        "3x1:101",
        "5x3q:2a5a1e1a3b",
    ] {
        assert!(from_tatham(id).is_err(), "{id}");
    }
    assert!(matches!(
        from_tatham("100000x100000:"),
        Err(UrlError::Puzzle(_))
    ));
    // Non-ASCII input is refused or skipped, never a panic.
    assert!(from_puzz_link("https://puzz.link/p?hashikake/3/1/é-é1").is_err());
    assert!(from_tatham("3x1:é").is_err());
}

proptest! {
    #[test]
    fn links_round_trip(width in 3usize..14, height in 3usize..14, seed in any::<u64>()) {
        let generated = generate(&Params::new(width, height, seed)).unwrap();
        let p = generated.puzzle;
        prop_assert_eq!(from_puzz_link(&to_puzz_link(&p)).unwrap(), p.clone());
        prop_assert_eq!(from_tatham(&to_tatham(&p)).unwrap(), p);
    }
}
