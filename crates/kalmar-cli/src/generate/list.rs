//! `kalmar generate --list`: every family's generators, from the libraries' registries.

use crate::report::{ListArgs, listing, table};

/// The generators of one family: its name, how they are called, and one row (generator, what
/// it takes, what it makes) per generator.
struct Group {
    family: &'static str,
    usage: &'static str,
    rows: Vec<[String; 3]>,
}

/// The generators of every family, in the order of `kalmar generate --help`.
fn groups() -> Vec<Group> {
    let row = |id: &str, takes: &str, games: &str| [id.into(), takes.into(), games.into()];
    let terminal = kalmar_terminal::generate::FAMILIES.iter().map(|f| {
        let takes = if f.run.seeded {
            "--size --seed"
        } else {
            "--size"
        };
        row(f.id, takes, f.summary)
    });
    let parity = kalmar_parity::generate::FAMILIES
        .iter()
        .map(|f| row(f.id, f.run.params, f.summary));
    let stochastic = kalmar_stochastic::generate::GENERATORS.iter().map(|g| {
        let takes = if g.run.chain {
            "--positions (the chain's length)"
        } else {
            "--size or --positions, --seed"
        };
        row(g.id, takes, g.summary)
    });
    let observation = kalmar_observation::families::FAMILIES.iter().map(|f| {
        let sizes = &f.run.sizes;
        row(
            f.id,
            &format!("SIZE, {} to {}", sizes.start(), sizes.end()),
            f.summary,
        )
    });
    let efg = kalmar_efg::generate::FAMILIES
        .iter()
        .map(|f| row(f.id, "SIZE", f.summary));
    let positional = kalmar_positional::generate::FAMILIES
        .iter()
        .map(|f| row(f.id, "--size N", f.summary));
    let interdiction = kalmar_interdiction::generate::FAMILIES
        .iter()
        .map(|f| row(f.id, "--size EDGES", f.summary));
    vec![
        Group {
            family: "reach, dgg",
            usage: "kalmar generate reach|dgg ID --size ARCS --seed S",
            rows: terminal.collect(),
        },
        Group {
            family: "parity",
            usage: "kalmar generate parity ID NUMBERS… --seed S",
            rows: parity.collect(),
        },
        Group {
            family: "stochastic",
            usage: "kalmar generate stochastic ID --size ARCS | --positions N …",
            rows: stochastic.collect(),
        },
        Group {
            family: "observation",
            usage: "kalmar generate observation ID SIZE",
            rows: observation.collect(),
        },
        Group {
            family: "efg",
            usage: "kalmar generate efg ID SIZE --seed S --players P",
            rows: efg.collect(),
        },
        Group {
            family: "positional",
            usage: "kalmar generate positional ID --size N --players P --seed S",
            rows: positional.collect(),
        },
        Group {
            family: "interdiction",
            usage: "kalmar generate interdiction ID --size EDGES --seed S -o NET.gr",
            rows: interdiction.collect(),
        },
    ]
}

/// Prints the generators of every family: a table per family, or with `json` one array of
/// objects with the keys family, generator, takes and games.
pub fn run(json: bool) -> anyhow::Result<()> {
    let groups = groups();
    if json {
        let rows = groups.iter().flat_map(|g| {
            g.rows.iter().map(|[id, takes, games]| {
                vec![g.family.into(), id.clone(), takes.clone(), games.clone()]
            })
        });
        let rows: Vec<Vec<String>> = rows.collect();
        let header = ["family", "generator", "takes", "games"];
        return listing(ListArgs { json }, &header, rows.into_iter());
    }
    for (i, group) in groups.iter().enumerate() {
        if i > 0 {
            say!();
        }
        say!("{} ({}):", group.family, group.usage);
        let rows = group.rows.iter().map(|r| r.to_vec());
        table(&["generator", "takes", "games"], rows, 0)?;
    }
    Ok(())
}
