//! Integration tests of the game-graph formats: the example files, exact round trips on random
//! graphs, exact error positions, hostile inputs and read_path.

use kalmar_core::format::{GameGraph, ReadError, read_gg, to_gg_string};
use kalmar_core::{Builder, Owner, Player, Rational, Span, Vertex};
use kalmar_parity::format::{
    Format, PgSolution, pg_ids, read_path, read_pg, read_pg_solution, write_pg, write_pg_solution,
};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples")
}

fn example_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(examples())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| Format::from_extension(p).is_some())
        .collect();
    files.sort();
    files
}

fn pg_text(g: &GameGraph) -> String {
    let mut out = String::new();
    write_pg(g, &mut out).unwrap();
    out
}

/// Asserts that the graph survives the `.gg` round trip and that the text is canonical.
fn assert_gg_round_trip(g: &GameGraph) {
    g.validate().unwrap();
    let text = to_gg_string(g);
    let back = read_gg(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(&back, g, "{text}");
    assert_eq!(to_gg_string(&back), text);
}

#[test]
fn examples_read_and_round_trip() {
    let files = example_files();
    assert!(files.len() >= 5, "{files:?}");
    for file in files {
        let g = read_path(&file).unwrap_or_else(|e| panic!("{e}"));
        assert_gg_round_trip(&g);
        assert_eq!(
            serde_json::from_str::<GameGraph>(&serde_json::to_string(&g).unwrap()).unwrap(),
            g
        );
        if Format::from_extension(&file) == Some(Format::Pg) {
            let text = pg_text(&g);
            assert_eq!(text, std::fs::read_to_string(&file).unwrap());
            assert_eq!(read_pg(&text).unwrap(), g);
        }
    }
}

#[test]
fn figure_2_games() {
    let a = read_path(examples().join("figure2a.gg")).unwrap();
    let arena = &a.arena;
    let idx = arena.name_index();
    let (va, vb) = (idx["a"], idx["b"]);
    assert_eq!(arena.start(), Some(va));
    assert_eq!(arena.owner(va), Owner::Player(Player::MIN));
    assert_eq!(arena.owner(vb), Owner::Player(Player::MAX));
    assert_eq!(a.payoff[idx["plus"].index()], vec![Rational::ONE]);
    assert_eq!(a.payoff[idx["minus"].index()], vec![Rational::from(-1)]);
    assert_eq!(arena.successors(va), &[idx["plus"], vb]);
    assert_eq!(arena.successors(vb), &[idx["minus"], va]);

    let b = read_path(examples().join("figure2b.gg")).unwrap();
    let idx = b.arena.name_index();
    assert_eq!(b.arena.successors(idx["a"]), &[idx["b"], idx["win"]]);
    assert_eq!(b.arena.successors(idx["b"]), &[idx["a"], idx["win"]]);
}

#[test]
fn json_shape() {
    let g = read_gg("kalmar-gg 1\nx max reward=1/2 -> t\nt terminal payoff=2\n").unwrap();
    let json = serde_json::to_value(&g).unwrap();
    assert_eq!(json["payoff"], serde_json::json!([[], ["2"]]));
    assert_eq!(json["reward"], serde_json::json!(["1/2", "0"]));
    assert!(json.get("priority").is_none());
    assert_eq!(serde_json::from_value::<GameGraph>(json).unwrap(), g);
}

// ---------------------------------------------------------------------------------------------
// Random graphs.

const TRICKY_NAMES: &[&str] = &[
    "a",
    "v0",
    "x'",
    "é",
    "start",
    "players",
    "discount",
    "12",
    "0",
    "007",
    "",
    "a b",
    "#",
    "\"",
    "\\",
    "\n",
    "->",
    "a:b",
    "(1,2)",
    "kalmar-gg",
    "max",
    "terminal",
    "payoff=1",
    "\u{0}",
    "\t",
    "\r",
    "3 \"x\"",
    " lead",
    "trail ",
    "∀x.φ",
];

fn random_name(rng: &mut ChaCha8Rng) -> String {
    if rng.random_bool(0.5) {
        return TRICKY_NAMES[rng.random_range(0..TRICKY_NAMES.len())].to_string();
    }
    const CHARS: &[char] = &[
        'a', 'b', 'Z', '0', '7', '_', '.', '\'', ' ', '"', '\\', '#', ':', '-', '>', 'é', '\u{7f}',
        '\u{1b}', '\n', ';', ',',
    ];
    let len = rng.random_range(1..6);
    (0..len)
        .map(|_| CHARS[rng.random_range(0..CHARS.len())])
        .collect()
}

fn random_rational(rng: &mut ChaCha8Rng) -> Rational {
    match rng.random_range(0..6) {
        0 => Rational::from(rng.random_range(-5i64..=5)),
        1 => Rational::new(rng.random_range(-20..=20), rng.random_range(1..=12)),
        2 => Rational::from(rng.random::<i64>()),
        3 => Rational::new(rng.random::<i64>(), rng.random_range(1..=i64::MAX)),
        4 => "-123456789012345678901234567890/7".parse().unwrap(),
        _ => "0.001".parse().unwrap(),
    }
}

/// A random graph that passes `validate`: any owners (chance and up to five players), names
/// (tricky ones included), a start vertex, payoffs, rewards, priorities and a discount factor.
fn random_graph(seed: u64) -> GameGraph {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let players: u8 = [2, 2, 2, 0, 1, 3, 5][rng.random_range(0..7)];
    let n = rng.random_range(1..10usize);
    let mut b = Builder::new(players);
    let mut owners = Vec::new();
    for _ in 0..n {
        let owner = match rng.random_range(0..10) {
            0..=2 => Owner::Terminal,
            3..=4 => Owner::Chance,
            _ if players == 0 => Owner::Chance,
            _ => Owner::Player(Player(rng.random_range(0..players))),
        };
        owners.push(owner);
        b.add_vertex(owner);
    }
    let mut used = HashSet::new();
    for i in 0..n {
        if rng.random_bool(0.6) {
            let name = random_name(&mut rng);
            if used.insert(name.clone()) {
                b.set_name(Vertex::new(i), name);
            }
        }
    }
    for (i, owner) in owners.iter().enumerate() {
        let v = Vertex::new(i);
        let k = rng.random_range(1..=4);
        let targets: Vec<Vertex> = (0..k)
            .map(|_| Vertex::new(rng.random_range(0..n)))
            .collect();
        match owner {
            Owner::Terminal => {}
            Owner::Chance => {
                let weights: Vec<i64> = (0..k).map(|_| rng.random_range(1..=5)).collect();
                let total: i64 = weights.iter().sum();
                for (w, t) in weights.iter().zip(targets) {
                    b.add_chance_edge(v, t, Rational::new(*w, total));
                }
            }
            Owner::Player(_) => targets.into_iter().for_each(|t| b.add_edge(v, t)),
        }
    }
    if rng.random_bool(0.5) {
        b.set_start(Vertex::new(rng.random_range(0..n)));
    }
    let arena = b.build().unwrap();
    let size = rng.random_range(1..=3);
    let payoff = owners
        .iter()
        .map(|o| {
            if *o == Owner::Terminal && rng.random_bool(0.8) {
                (0..size).map(|_| random_rational(&mut rng)).collect()
            } else {
                Vec::new()
            }
        })
        .collect();
    let reward = rng
        .random_bool(0.5)
        .then(|| (0..n).map(|_| random_rational(&mut rng)).collect());
    let priority = rng.random_bool(0.5).then(|| {
        (0..n)
            .map(|_| rng.random::<u32>() >> rng.random_range(0..32))
            .collect()
    });
    let discount = rng.random_bool(0.3).then(|| {
        let q = rng.random_range(2..100);
        Rational::new(rng.random_range(1..q), q)
    });
    let observation = rng.random_bool(0.4).then(|| {
        let mut o: Vec<Option<String>> = (0..n)
            .map(|_| rng.random_bool(0.7).then(|| random_name(&mut rng)))
            .collect();
        o[0].get_or_insert_with(|| random_name(&mut rng));
        o
    });
    let g = GameGraph {
        arena: arena.into(),
        payoff,
        reward,
        priority,
        discount,
        observation,
        cycle: None,
    };
    g.validate().unwrap();
    g
}

/// A random parity game that PGSolver's format can hold: two players, priorities, dead ends,
/// and either plain names or names that carry (sparse) ids.
fn random_parity_game(seed: u64) -> GameGraph {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = rng.random_range(1..10usize);
    let mut b = Builder::new(2);
    let mut payoff = Vec::new();
    for _ in 0..n {
        if rng.random_bool(0.2) {
            b.add_vertex(Owner::Terminal);
            payoff.push(vec![Rational::from(if rng.random_bool(0.5) {
                1
            } else {
                -1
            })]);
        } else {
            b.add_vertex(Owner::Player(Player(rng.random_range(0..2))));
            payoff.push(Vec::new());
        }
    }
    let owners: Vec<bool> = payoff.iter().map(Vec::is_empty).collect();
    for (i, player) in owners.iter().enumerate() {
        if *player {
            for _ in 0..rng.random_range(1..=3) {
                b.add_edge(Vertex::new(i), Vertex::new(rng.random_range(0..n)));
            }
        }
    }
    match rng.random_range(0..3) {
        0 => {}
        1 => {
            let mut used = HashSet::new();
            for i in 0..n {
                let name = random_name(&mut rng).replace(['"', '\n'], "");
                if rng.random_bool(0.7) && used.insert(name.clone()) {
                    b.set_name(Vertex::new(i), name);
                }
            }
        }
        _ => {
            let mut id = rng.random_range(0..3u64);
            for i in 0..n {
                id += rng.random_range(1..4);
                let name = match rng.random_range(0..3) {
                    0 => id.to_string(),
                    1 => format!("{id} \"x\""),
                    _ => format!(
                        "{id} \"{}\"",
                        random_name(&mut rng).replace(['"', '\n'], "")
                    ),
                };
                b.set_name(Vertex::new(i), name);
            }
        }
    }
    if rng.random_bool(0.5) {
        b.set_start(Vertex::new(rng.random_range(0..n)));
    }
    GameGraph {
        arena: b.build().unwrap().into(),
        payoff,
        reward: None,
        priority: Some((0..n).map(|_| rng.random_range(0..20)).collect()),
        discount: None,
        observation: None,
        cycle: None,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn gg_round_trip_on_random_graphs(seed in any::<u64>()) {
        assert_gg_round_trip(&random_graph(seed));
    }

    #[test]
    fn pg_round_trip_on_random_parity_games(seed in any::<u64>()) {
        let g = random_parity_game(seed);
        let text = pg_text(&g);
        let back = read_pg(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back, &g, "{}", text);
        prop_assert_eq!(pg_text(&back), text);
        assert_gg_round_trip(&g);
        // Solutions with the same ids.
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let solution = PgSolution {
            winner: g.arena.vertices().map(|_| Player(rng.random_range(0..2))).collect(),
            strategy: g.arena.vertices().map(|v| {
                let succ = g.arena.successors(v);
                (!succ.is_empty() && rng.random_bool(0.5))
                    .then(|| succ[rng.random_range(0..succ.len())])
            }).collect(),
        };
        let mut sol_text = String::new();
        write_pg_solution(&g, &solution, &mut sol_text).unwrap();
        prop_assert_eq!(read_pg_solution(&sol_text, &back).unwrap(), solution);
    }

    #[test]
    fn json_round_trip_on_random_graphs(seed in any::<u64>()) {
        let g = random_graph(seed);
        let json = serde_json::to_string(&g).unwrap();
        prop_assert_eq!(serde_json::from_str::<GameGraph>(&json).unwrap(), g);
    }
}

// ---------------------------------------------------------------------------------------------
// Error positions.

fn gg_error(text: &str) -> (u32, u32, String) {
    let e = read_gg(text).expect_err(text);
    (e.span().line, e.span().column, e.found().to_string())
}

fn pg_error(text: &str) -> (u32, u32, String) {
    let e = read_pg(text).expect_err(text);
    (e.span().line, e.span().column, e.found().to_string())
}

#[test]
fn gg_error_positions() {
    let h = "kalmar-gg 1\n";
    let cases: &[(String, (u32, u32), &str)] = &[
        (format!("{h}v0 max -> v1\n"), (2, 11), "'v1'"),
        ("v max -> v\n".to_string(), (1, 1), "'v'"),
        ("kalmar-gg 2\n".to_string(), (1, 11), "'2'"),
        (format!("{h}v maximum -> v\n"), (2, 3), "'maximum'"),
        (format!("{h}v player2 -> v\n"), (2, 3), "'player2'"),
        (format!("{h}c chance -> c\n"), (2, 14), "end of line"),
        (
            format!("{h}c chance -> c:1/2 c:1/3\n"),
            (2, 1),
            "probabilities summing to 5/6",
        ),
        (format!("{h}c chance -> c:3/2\n"), (2, 15), "'3/2'"),
        (format!("{h}v max -> v:1\n"), (2, 11), "':1'"),
        (format!("{h}t terminal -> t\n"), (2, 12), "'->'"),
        (format!("{h}v max\n"), (2, 6), "end of line"),
        (format!("{h}v max ->\n"), (2, 9), "end of line"),
        (format!("{h}v max -> v\nv min -> v\n"), (3, 1), "'v' again"),
        (format!("{h}v max payoff=1 -> v\n"), (2, 7), "'payoff'"),
        (format!("{h}v max priority=-1 -> v\n"), (2, 16), "'-1'"),
        (format!("{h}v max colour=2 -> v\n"), (2, 7), "'colour'"),
        (
            format!("{h}a terminal payoff=1\nb terminal payoff=(1,2)\n"),
            (3, 19),
            "2 payoffs",
        ),
        (format!("{h}t terminal payoff=1/0\n"), (2, 19), "'1/0'"),
        (format!("{h}t terminal payoff=(1;2)\n"), (2, 21), "';2)'"),
        (format!("{h}1 terminal\n"), (2, 1), "'1'"),
        (format!("{h}t terminal\nplayers 3\n"), (3, 1), "'players'"),
        (
            format!("{h}players 2\nplayers 2\n"),
            (3, 1),
            "a second 'players'",
        ),
        (
            format!("{h}v max -> start\n"),
            (2, 10),
            "the keyword 'start'",
        ),
        (
            format!("{h}\"abc terminal\n"),
            (2, 1),
            "a quoted name without its closing '\"'",
        ),
        (format!("{h}\"a\\qb\" terminal\n"), (2, 3), "'\\q'"),
        (
            format!("{h}\"a\\u{{d800}}\" terminal\n"),
            (2, 3),
            "'\\u{d800}'",
        ),
        (format!("{h}players 256\n"), (2, 9), "'256'"),
        (format!("{h}discount 1\n"), (2, 10), "'1'"),
        (
            format!("{h}start nowhere\nv max -> v\n"),
            (2, 7),
            "'nowhere'",
        ),
        ("kalmar-gg 1\r\nv max -> w\r\n".to_string(), (2, 10), "'w'"),
        (format!("{h}é max\t-> ü\n"), (2, 10), "'ü'"),
        (format!("{h}v max -> v extra=1\n"), (2, 12), "'extra='"),
        (format!("{h}v max -> v w\n"), (2, 12), "'w'"),
        (format!("{h}v max ->v\n"), (2, 9), "'v'"),
    ];
    for (text, (line, column), found) in cases {
        let got = gg_error(text);
        assert_eq!(
            (got.0, got.1, got.2.as_str()),
            (*line, *column, *found),
            "input {text:?}"
        );
    }
}

#[test]
fn pg_error_positions() {
    let cases: &[(&str, (u32, u32), &str)] = &[
        ("parity 1;\n0 2 0 2;\n", (2, 7), "id 2"),
        ("0 1 0 5;\n", (1, 7), "id 5"),
        ("0 1 0 0;\n1 1 1 0;\n0 2 1 1;\n", (3, 1), "id 0 again"),
        ("0 -1 0 0;", (1, 3), "the negative number '-1'"),
        ("0 1 2 0;", (1, 5), "'2'"),
        ("0 4294967296 0 0;", (1, 3), "priority 4294967296"),
        ("parity 0;\n1 0 0 1;", (2, 1), "id 1"),
        ("0 1 0 0\n1 1 0 0;", (2, 1), "'1'"),
        (
            "0 1 0 0 \"abc;\n",
            (1, 9),
            "a name without its closing '\"'",
        ),
        ("start 3;\n0 1 0 0;", (1, 7), "id 3"),
        ("parity 2;\nhello", (2, 1), "'hello'"),
        ("0 1 0 0 \"a\" \"b\";", (1, 13), "'\"b\";'"),
        ("0 1 0 0,;", (1, 9), "';'"),
        ("0 1 0 0;\nparity 1;", (2, 1), "'parity'"),
        ("0 1 0 0x1;", (1, 7), "'0x1'"),
        ("0 1", (1, 4), "end of input"),
    ];
    for (text, (line, column), found) in cases {
        let got = pg_error(text);
        assert_eq!(
            (got.0, got.1, got.2.as_str()),
            (*line, *column, *found),
            "input {text:?}"
        );
    }
}

#[test]
fn pg_solution_errors() {
    let game = read_pg("parity 1;\n0 0 0 1;\n1 0 1 0;").unwrap();
    let at = |sol: &str| {
        let e = read_pg_solution(sol, &game).expect_err(sol);
        (e.span().line, e.span().column, e.found().to_string())
    };
    assert_eq!(at("paritysol 1;\n0 0 1;\n"), (3, 1, "end of input".into()));
    assert_eq!(at("0 0 0;\n1 0;"), (1, 5, "id 0".into()));
    assert_eq!(at("0 0;\n0 1;\n1 0;"), (2, 1, "id 0 again".into()));
    assert_eq!(at("0 2;\n1 0;"), (1, 3, "'2'".into()));
    assert_eq!(at("0 0;\n7 0;"), (2, 1, "id 7".into()));
    assert_eq!(at("paritysol 0;\n0 0;\n1 0;"), (3, 1, "id 1".into()));
    assert_eq!(at("parity 1;"), (1, 1, "'parity'".into()));
    let sol = read_pg_solution("1 1 0;\n0 1;\n", &game).unwrap();
    assert_eq!(sol.winner, vec![Player::MIN, Player::MIN]);
    assert_eq!(sol.strategy, vec![None, Some(Vertex(0))]);
}

// ---------------------------------------------------------------------------------------------
// Hostile input.

#[test]
fn hostile_pg_header_allocates_nothing() {
    // A header claiming 10^11 vertices must not allocate for them.
    let g = read_pg("parity 99999999999;\n0 0 0 0;\n").unwrap();
    assert_eq!(g.arena.num_vertices(), 1);
    let g = read_pg("parity 18446744073709551615;\n18446744073709551615 0 0 18446744073709551615;")
        .unwrap();
    assert_eq!(pg_ids(&g), vec![u64::MAX]);
    assert_eq!(read_pg(&pg_text(&g)).unwrap(), g);
    let sol = read_pg_solution(
        "paritysol 18446744073709551615;\n18446744073709551615 0;",
        &g,
    )
    .unwrap();
    assert_eq!(sol.winner, vec![Player::MAX]);
    assert_eq!(pg_error("parity 18446744073709551616;").0, 1);
}

#[test]
fn deep_and_long_inputs() {
    // Long lines and many vertices are read without recursion or quadratic blow-up.
    let mut text = String::from("kalmar-gg 1\n");
    for i in 0..2000 {
        text.push_str(&format!("{i} max -> {}\n", (i + 1) % 2000));
    }
    assert_eq!(read_gg(&text).unwrap().arena.num_vertices(), 2000);
    let succ: Vec<String> = (0..5000).map(|_| "0".to_string()).collect();
    let text = format!("0 0 0 {};", succ.join(","));
    assert_eq!(read_pg(&text).unwrap().arena.num_edges(), 5000);
    let digits = "9".repeat(5000);
    assert!(read_gg(&format!("kalmar-gg 1\nt terminal payoff={digits}\n")).is_err());
}

/// A random edit of `text`: deletions, insertions of interesting characters, duplicated
/// lines, swapped characters.
fn mutate(text: &str, seed: u64) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut chars: Vec<char> = text.chars().collect();
    const INSERT: &[char] = &[
        ' ', '\n', '#', '"', '\\', ':', ';', ',', '-', '>', '=', '(', ')', '/', '.', '0', '1', '9',
        'a', 'é', '\t', '\r', '\0',
    ];
    for _ in 0..rng.random_range(1..6) {
        let len = chars.len();
        match rng.random_range(0..5) {
            0 if len > 0 => {
                let at = rng.random_range(0..len);
                let end = (at + rng.random_range(1..4)).min(len);
                chars.drain(at..end);
            }
            1 => {
                let at = rng.random_range(0..=len);
                chars.insert(at, INSERT[rng.random_range(0..INSERT.len())]);
            }
            2 if len > 1 => {
                let (i, j) = (rng.random_range(0..len), rng.random_range(0..len));
                chars.swap(i, j);
            }
            3 => {
                let s: String = chars.iter().collect();
                let lines: Vec<&str> = s.lines().collect();
                if !lines.is_empty() {
                    let line = lines[rng.random_range(0..lines.len())].to_string();
                    let at = rng.random_range(0..=len);
                    chars.splice(at..at, line.chars().chain(['\n']));
                }
            }
            _ => {
                let at = rng.random_range(0..=len);
                let digits = rng.random::<u64>().to_string();
                chars.splice(at..at, digits.chars());
            }
        }
    }
    chars.into_iter().collect()
}

/// Feeds `text` to every reader; whatever they accept must round-trip.
fn read_everything(text: &str) {
    if let Ok(g) = read_gg(text) {
        g.validate().unwrap();
        assert_gg_round_trip(&g);
    }
    if let Ok(g) = read_pg(text) {
        g.validate().unwrap();
        let out = pg_text(&g);
        assert_eq!(read_pg(&out).unwrap(), g, "{out}");
        assert_gg_round_trip(&g);
        let _ = read_pg_solution(text, &g);
    }
    if let Some(format) = Format::sniff(text) {
        let _ = format.read(text);
    }
    let game = read_pg("parity 12;\n3 2 0 5,12;\n5 1 1 3;\n12 0 1;\n").unwrap();
    if let Ok(sol) = read_pg_solution(text, &game) {
        let mut out = String::new();
        write_pg_solution(&game, &sol, &mut out).unwrap();
        assert_eq!(read_pg_solution(&out, &game).unwrap(), sol);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn readers_never_panic_on_arbitrary_text(text in any::<String>()) {
        read_everything(&text);
    }

    #[test]
    fn readers_never_panic_on_token_soup(
        tokens in proptest::collection::vec(
            prop_oneof![
                Just("kalmar-gg 1\n"), Just("parity 3;"), Just("paritysol 3;"), Just("start"),
                Just(" "), Just("\n"), Just(";"), Just(","), Just("->"), Just(":1/2"), Just("max"),
                Just("min"), Just("chance"), Just("terminal"), Just("payoff="), Just("priority="),
                Just("reward="), Just("(1,2)"), Just("\""), Just("0"), Just("1"), Just("3"),
                Just("-1"), Just("a"), Just("#"), Just("players"), Just("discount"), Just("1/0"),
                Just("99999999999999999999"), Just("\\u{"), Just("player7"),
            ],
            0..40,
        )
    ) {
        read_everything(&tokens.concat());
    }

    #[test]
    fn readers_never_panic_on_mutated_files(file in 0usize..16, seed in any::<u64>()) {
        let files = example_files();
        let text = std::fs::read_to_string(&files[file % files.len()]).unwrap();
        read_everything(&mutate(&text, seed));
    }
}

// ---------------------------------------------------------------------------------------------
// read_path.

fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kalmar-formats-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn read_path_names_the_file() {
    let path = temp_file("bad.gg", b"kalmar-gg 1\nv max -> w\n");
    match read_path(&path) {
        Err(ReadError::Parse(e)) => {
            assert_eq!(
                e.span(),
                Span {
                    line: 2,
                    column: 10
                }
            );
            assert_eq!(e.file(), Some(path.display().to_string().as_str()));
            assert!(e.to_string().contains("bad.gg:2:10"), "{e}");
        }
        other => panic!("{other:?}"),
    }
    // Sniffed formats, and a byte-order mark.
    let bom = temp_file("bom.gg", "\u{feff}kalmar-gg 1\nt terminal\n".as_bytes());
    assert_eq!(read_path(&bom).unwrap().arena.num_vertices(), 1);
    let bom = temp_file("bom.dat", "\u{feff}parity 0;\n0 0 0 0;\n".as_bytes());
    assert_eq!(read_path(&bom).unwrap().arena.num_vertices(), 1);
    let gg = temp_file("game.txt", b"# comment\nkalmar-gg 1\nt terminal\n");
    assert_eq!(read_path(&gg).unwrap().arena.num_vertices(), 1);
    let pg = temp_file("game.dat", b"parity 0;\n0 0 0 0;\n");
    assert_eq!(read_path(&pg).unwrap().priority, Some(vec![0]));
    let unknown = temp_file("game.xyz", b"hello world\n");
    match read_path(&unknown) {
        Err(ReadError::Parse(e)) => assert_eq!(e.found(), "'hello'"),
        other => panic!("{other:?}"),
    }
    // Not UTF-8: the position of the bad byte.
    let latin1 = temp_file("latin1.gg", b"kalmar-gg 1\nab\xe9 terminal\n");
    match read_path(&latin1) {
        Err(ReadError::Parse(e)) => assert_eq!(e.span(), Span { line: 2, column: 3 }),
        other => panic!("{other:?}"),
    }
    // Missing files.
    match read_path(path.with_file_name("missing.gg")) {
        Err(e @ ReadError::Io(..)) => assert!(e.to_string().contains("missing.gg"), "{e}"),
        other => panic!("{other:?}"),
    }
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

#[test]
fn validate_finds_bad_labels() {
    let mut g = read_gg("kalmar-gg 1\nx max -> t\nt terminal payoff=1\n").unwrap();
    g.validate().unwrap();
    g.payoff[0] = vec![Rational::ONE];
    assert!(g.validate().is_err());
    g.payoff[0].clear();
    g.priority = Some(vec![1]);
    assert!(g.validate().is_err());
    g.priority = None;
    g.discount = Some(Rational::ONE);
    assert!(g.validate().is_err());
    g.discount = None;
    g.payoff.pop();
    assert!(g.validate().is_err());
    // The writer does not panic on graphs that do not validate.
    let text = to_gg_string(&g);
    assert!(text.contains("t terminal\n"));
}

/// The JSON example of docs/formats.md.
#[test]
fn json_document_example() {
    let g = read_gg(
        "kalmar-gg 1\nstart a\na max -> c t\nc chance -> a:1/3 t:2/3\nt terminal payoff=3/2\n",
    )
    .unwrap();
    let json = serde_json::to_string(&g).unwrap();
    assert_eq!(
        json,
        r#"{"arena":{"players":2,"start":0,"vertices":[{"name":"a","owner":{"player":0},"successors":[1,2]},{"name":"c","owner":"chance","successors":[0,2],"probabilities":["1/3","2/3"]},{"name":"t","owner":"terminal"}]},"payoff":[[],[],["3/2"]]}"#
    );
    assert_eq!(serde_json::from_str::<GameGraph>(&json).unwrap(), g);
}
