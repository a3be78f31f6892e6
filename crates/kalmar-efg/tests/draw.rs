//! Tree pictures: every text inside the picture, nodes apart, information sets joined, and an
//! equilibrium's unplayed moves grey, both ways the tree can grow.

use kalmar_core::Rational;
use kalmar_efg::certificate::tree::Behaviour;
use kalmar_efg::draw::layout::tidy;
use kalmar_efg::draw::{Direction, DrawOptions, draw};
use kalmar_efg::generate::{TreeParams, poker, random_tree};
use kalmar_efg::{Efg, Mover};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

/// The value of attribute `name` in an SVG element.
fn attribute(element: &str, name: &str) -> Option<String> {
    let start = element.find(&format!(" {name}=\""))? + name.len() + 3;
    let end = start + element[start..].find('"')?;
    Some(element[start..end].to_string())
}

fn number(element: &str, name: &str) -> f64 {
    attribute(element, name).unwrap().parse().unwrap()
}

/// Checks that every text lies inside the picture (by a generous estimate of its width) and
/// that no two node dots overlap; returns the picture's lines.
fn well_laid_out(picture: &str) -> Vec<String> {
    let lines: Vec<String> = picture.lines().map(str::to_string).collect();
    let (w, h) = (number(&lines[0], "width"), number(&lines[0], "height"));
    for line in lines.iter().filter(|l| l.starts_with("<text")) {
        let (x, y) = (number(line, "x"), number(line, "y"));
        let size = number(line, "font-size");
        let text = &line[line.find('>').unwrap() + 1..line.rfind("</text>").unwrap()];
        let width = text.chars().count() as f64 * size * 0.6;
        let (left, right) = match attribute(line, "text-anchor").as_deref() {
            Some("middle") => (x - width / 2.0, x + width / 2.0),
            Some("end") => (x - width, x),
            _ => (x, x + width),
        };
        assert!(left >= 0.0 && right <= w, "{line} outside 0..{w}");
        assert!(y - size >= 0.0 && y + 3.0 <= h, "{line} outside 0..{h}");
    }
    let dots: Vec<(f64, f64)> = lines
        .iter()
        .filter(|l| l.starts_with("<circle") && number(l, "r") >= 5.0 && number(l, "cy") > 50.0)
        .map(|l| (number(l, "cx"), number(l, "cy")))
        .collect();
    for (k, a) in dots.iter().enumerate() {
        for b in &dots[k + 1..] {
            let d = ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt();
            assert!(d >= 10.0, "nodes at {a:?} and {b:?} overlap");
        }
    }
    lines
}

/// The number of pairs of consecutive members of the game's information sets.
fn links(game: &Efg) -> usize {
    let mut members = vec![0usize; game.infosets().len()];
    for node in game.nodes() {
        if let Some(h) = node.infoset {
            members[h.index()] += 1;
        }
    }
    game.infosets()
        .iter()
        .zip(&members)
        .filter(|(h, _)| h.mover != Mover::Chance)
        .map(|(_, &m)| m.saturating_sub(1))
        .sum()
}

#[test]
fn kuhn_poker_both_ways() {
    let game = poker(3);
    for direction in [Direction::LeftToRight, Direction::TopDown] {
        let options = DrawOptions {
            direction,
            ..DrawOptions::default()
        };
        let lines = well_laid_out(&draw(&game, &options).unwrap());
        let dashed = lines
            .iter()
            .filter(|l| l.contains("stroke-dasharray"))
            .count();
        assert!(
            dashed >= links(&game),
            "{direction:?}: {dashed} dashed lines"
        );
        // Nine of the 30 leaves pay (-1, 1); six deals at 1/6.
        assert_eq!(
            lines
                .iter()
                .filter(|l| l.contains(">(-1, 1)</text>"))
                .count(),
            9
        );
        assert_eq!(
            lines.iter().filter(|l| l.contains(">1/6</text>")).count(),
            6
        );
    }
}

#[test]
fn an_equilibrium_shows_played_moves_bold_and_the_others_grey() {
    let game = random_tree(
        &TreeParams {
            max_depth: 2,
            merge: 0.0,
            chance: 0.0,
            ..TreeParams::default()
        },
        3,
    );
    // Every player plays its first move.
    let profile = Behaviour(
        game.infosets()
            .iter()
            .enumerate()
            .map(|(k, _)| {
                let n = game.actions_of(kalmar_efg::InfosetId(k as u32)).len();
                Some(
                    (0..n)
                        .map(|a| {
                            if a == 0 {
                                Rational::ONE
                            } else {
                                Rational::ZERO
                            }
                        })
                        .collect(),
                )
            })
            .collect(),
    );
    let options = DrawOptions {
        profile: Some(&profile),
        caption: Some("equilibrium 1".into()),
        ..DrawOptions::default()
    };
    let lines = well_laid_out(&draw(&game, &options).unwrap());
    let moves: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("<polyline"))
        .collect();
    let grey = moves.iter().filter(|l| l.contains("#c4c4c4")).count();
    let bold = moves
        .iter()
        .filter(|l| l.contains("stroke-width=\"2.8\""))
        .count();
    let decisions = game.nodes().iter().filter(|n| n.infoset.is_some()).count();
    assert_eq!(bold, decisions);
    assert_eq!(grey + bold, game.num_nodes() - 1);
    // A profile of another tree is refused.
    let short = Behaviour(profile.0[1..].to_vec());
    let options = DrawOptions {
        profile: Some(&short),
        ..DrawOptions::default()
    };
    assert!(draw(&game, &options).is_err() || game.infosets().len() <= 1);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, rng_seed: RngSeed::Fixed(3), ..ProptestConfig::default() })]

    #[test]
    fn random_trees_are_laid_out_tidily(
        depth in 1u32..=5, players in 1u32..=4, merge in 0.0f64..0.9, recall: bool, seed: u64,
        top_down: bool,
    ) {
        let params = TreeParams { players, max_depth: depth, merge, perfect_recall: recall, ..TreeParams::default() };
        let game = random_tree(&params, seed);
        let layout = tidy(&game);
        // Parents centred over their children, leaves one unit apart in preorder.
        for (x, node) in game.nodes().iter().enumerate() {
            let children = game.children(kalmar_efg::NodeId(x as u32));
            if let (Some(a), Some(b)) = (children.first(), children.last()) {
                prop_assert_eq!(layout.across[x], (layout.across[a.index()] + layout.across[b.index()]) / 2.0);
            } else {
                prop_assert!(node.infoset.is_none());
            }
        }
        let direction = if top_down { Direction::TopDown } else { Direction::LeftToRight };
        let options = DrawOptions { direction, ..DrawOptions::default() };
        let lines = well_laid_out(&draw(&game, &options).unwrap());
        let dashed = lines.iter().filter(|l| l.contains("stroke-dasharray")).count();
        prop_assert!(dashed >= links(&game));
    }
}
