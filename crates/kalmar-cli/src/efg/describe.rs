//! `kalmar efg info`, `recall` and `reduce`: the library's reports ([`kalmar_efg::summary`]),
//! printed as text or JSON.

use super::{FileArgs, efg_of, load};
use crate::bad_input;
use crate::report::table;
use kalmar_efg::summary::{self, Info, LIST_LIMIT, Reduction, StrategicInfo, TreeInfo, count_text};

pub fn info(args: &FileArgs) -> anyhow::Result<()> {
    let info = summary::info(&load(&args.file)?);
    if args.json {
        say!("{}", serde_json::to_string_pretty(&info)?);
        return Ok(());
    }
    match &info {
        Info::Tree(info) => print_tree(info),
        Info::Strategic(info) => print_strategic(info),
    }
}

fn print_tree(info: &TreeInfo) -> anyhow::Result<()> {
    say!(
        "{}",
        if info.title.is_empty() {
            "(untitled)"
        } else {
            &info.title
        }
    );
    if !info.comment.is_empty() {
        say!("  {}", info.comment);
    }
    say!(
        "  {} nodes ({} terminal), {} outcomes, {} chance information sets",
        info.nodes,
        info.terminal_nodes,
        info.outcomes,
        info.chance_infosets
    );
    say!(
        "  perfect information: {}; perfect recall: {}{}",
        yes(info.perfect_information),
        yes(info.perfect_recall),
        if info.absent_minded {
            " (absent-minded)"
        } else {
            ""
        }
    );
    table(
        &[
            "player",
            "information sets",
            "perfect recall",
            "reduced strategies",
        ],
        info.players.iter().map(|p| {
            vec![
                p.shown.clone(),
                p.infosets.to_string(),
                yes(p.perfect_recall).into(),
                p.reduced_strategies.as_ref().map_or_else(
                    || format!("more than {}", summary::COUNT_LIMIT),
                    ToString::to_string,
                ),
            ]
        }),
        0,
    )
}

fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

fn print_strategic(info: &StrategicInfo) -> anyhow::Result<()> {
    say!("{} (strategic form)", info.title);
    table(
        &["player", "strategies"],
        info.players
            .iter()
            .zip(&info.strategies)
            .map(|(p, n)| vec![p.clone(), n.to_string()]),
        0,
    )
}

pub fn recall(args: &FileArgs) -> anyhow::Result<()> {
    let file = load(&args.file)?;
    let report = summary::recall(efg_of(&file, &args.file)?);
    if args.json {
        say!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(());
    }
    if report.perfect_recall {
        say!("Perfect recall: every player remembers their own earlier moves.");
        return Ok(());
    }
    say!("Imperfect recall:");
    for line in &report.explanation {
        say!("  {line}");
    }
    Ok(())
}

pub fn reduce(args: &FileArgs, count_only: bool, limit: usize) -> anyhow::Result<()> {
    let file = load(&args.file)?;
    let game = efg_of(&file, &args.file)?;
    if count_only {
        let counts = summary::counts(game);
        if args.json {
            say!("{}", serde_json::to_string_pretty(&counts)?);
        } else {
            for (name, count) in counts.shown.iter().zip(&counts.reduced_strategies) {
                say!("{name}: {}", count_text(count.as_ref()));
            }
        }
        return Ok(());
    }
    if args.json {
        let listing = summary::listing(game, LIST_LIMIT);
        if let Some(p) = listing.players.iter().find(|p| !p.complete) {
            return Err(bad_input(format!(
                "{} has more than 2^20 reduced strategies; use --count",
                p.shown
            )));
        }
        say!("{}", serde_json::to_string_pretty(&listing)?);
        return Ok(());
    }
    // Listed as they are generated, so --limit 0 holds no more than one at a time.
    let reduction = Reduction::new(game);
    for (s, count) in reduction.strategies.iter().zip(&reduction.counts) {
        say!(
            "{}: {}",
            game.player_name(s.player),
            count_text(count.as_ref())
        );
        if s.slots.is_empty() {
            say!("  (no moves: the one empty strategy)");
            continue;
        }
        let slots: Vec<String> = s
            .slots
            .iter()
            .map(|&h| {
                let labels: Vec<&str> = game
                    .actions_of(h)
                    .iter()
                    .map(|a| a.label.as_str())
                    .collect();
                format!("{{{}}}", labels.join(","))
            })
            .collect();
        say!("  slots (breadth-first): {}", slots.join(" "));
        let complete = summary::each_label(game, s, limit, |label| {
            crate::write_out(format_args!("  {label}\n"))
        })?;
        if !complete {
            say!("  … (all of them with --limit 0)");
        }
    }
    Ok(())
}
