//! The shared test data: every game in `testdata/<family>/` solved by every solver of its family,
//! compared with the known values in the `.expected` file beside it, and certified.

use kalmar_core::{Certificate, Rational};
use kalmar_parity::format::read_path;
use kalmar_terminal::dgg::{self, SOLVERS, Stats};
use kalmar_terminal::reach::{self, Outcome};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The games of a family, with their expected lines (name and fields).
fn cases(family: &str) -> Vec<(PathBuf, HashMap<String, Vec<String>>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(family);
    let mut games: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "gg"))
        .collect();
    games.sort();
    assert!(!games.is_empty(), "no games in {}", dir.display());
    games
        .into_iter()
        .map(|game| {
            let text = std::fs::read_to_string(game.with_extension("expected")).unwrap();
            let expected = text
                .lines()
                .map(|l| l.split('#').next().unwrap().trim())
                .filter(|l| !l.is_empty())
                .map(|l| {
                    let mut fields = l.split_whitespace().map(str::to_string);
                    (fields.next().unwrap(), fields.collect())
                })
                .collect();
            (game, expected)
        })
        .collect()
}

#[test]
fn reach_testdata() {
    for (path, expected) in cases("reach") {
        let game = reach::from_graph(&read_path(&path).unwrap()).unwrap();
        let solution = reach::solve(&game);
        solution.verify(&game).unwrap();
        let arena = game.arena();
        assert_eq!(expected.len(), arena.num_vertices(), "{}", path.display());
        for v in arena.vertices() {
            let fields = &expected[arena.name(v).as_ref()];
            let value = Outcome::from_rational(&fields[0].parse().unwrap()).unwrap();
            let distance: u32 = fields[1].parse().unwrap();
            assert_eq!(
                solution.values[v.index()],
                value,
                "{} at {}",
                path.display(),
                arena.name(v)
            );
            assert_eq!(
                solution.distance[v.index()],
                distance,
                "{} at {}",
                path.display(),
                arena.name(v)
            );
        }
        // Chess-like games are DGGs too.
        let values = dgg::sorting::solve(
            &dgg::from_graph(&read_path(&path).unwrap()).unwrap(),
            &mut Stats::default(),
        )
        .values;
        assert_eq!(
            values,
            solution
                .values
                .iter()
                .map(|o| o.to_rational())
                .collect::<Vec<_>>()
        );
    }
}

#[test]
fn dgg_testdata() {
    for (path, expected) in cases("dgg") {
        let game = dgg::from_graph(&read_path(&path).unwrap()).unwrap();
        let arena = game.arena();
        assert_eq!(expected.len(), arena.num_vertices(), "{}", path.display());
        let values: Vec<Rational> = arena
            .vertices()
            .map(|v| expected[arena.name(v).as_ref()][0].parse().unwrap())
            .collect();
        for info in SOLVERS.iter() {
            let solution = (info.run.solve)(&game, &mut Stats::default());
            assert_eq!(
                solution.start_value(&game),
                &values[game.start().index()],
                "{} by {}",
                path.display(),
                info.id
            );
            if let dgg::Solution::Strong(s) = &solution {
                assert_eq!(s.values, values, "{} by {}", path.display(), info.id);
            }
            solution.verify(&game).unwrap();
        }
    }
}

#[test]
fn parity_testdata() {
    use kalmar_core::Player;
    use kalmar_parity::{self as parity, ParityGame};
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/parity");
    let mut games: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "pg"))
        .collect();
    games.sort();
    assert!(!games.is_empty());
    for path in games {
        let graph = read_path(&path).unwrap();
        let game = ParityGame::from_graph(&graph, false).unwrap();
        let text = std::fs::read_to_string(path.with_extension("expected")).unwrap();
        let expected: Vec<Player> = text
            .lines()
            .map(|l| l.split('#').next().unwrap().trim())
            .filter(|l| !l.is_empty())
            .map(|l| Player(l.split_whitespace().nth(1).unwrap().parse().unwrap()))
            .collect();
        for info in parity::SOLVERS.iter() {
            for solution in [
                (info.run)(&game, &mut parity::Stats::default()),
                parity::preprocess::solve(&game, &mut parity::Stats::default(), info.run),
            ] {
                assert_eq!(
                    solution.winner,
                    expected,
                    "{} by {}",
                    path.display(),
                    info.id
                );
                solution.verify(&game).unwrap();
            }
        }
    }
}
