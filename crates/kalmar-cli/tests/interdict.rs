//! `kalmar interdict` and `kalmar generate interdiction`: an instance generated, solved, saved,
//! verified, tampered with and rejected; bad files refused with their line and column.

mod common;
use common::{json, json_of, kalmar, refused, stderr, stdout, temp, workspace};

#[test]
fn an_instance_is_generated_solved_saved_and_verified() {
    let gr = temp("grid.gr");
    let gr = gr.to_str().unwrap();
    let budget = gr.replace(".gr", ".budget");
    let out = kalmar(&[
        "generate",
        "interdiction",
        "grid",
        "--size",
        "2000",
        "-o",
        gr,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let saved = temp("grid.json");
    let saved = saved.to_str().unwrap();
    let out = stdout(&kalmar(&[
        "interdict",
        "solve",
        gr,
        "--budget",
        &budget,
        "-o",
        saved,
    ]));
    assert!(
        out.contains("solved by gpi and checked by the certificate"),
        "{out}"
    );
    let out = stdout(&kalmar(&[
        "interdict",
        "verify",
        gr,
        "--budget",
        &budget,
        saved,
    ]));
    assert!(out.contains("accepted"), "{out}");
    // Every bottleneck solver gives the same values.
    let values: Vec<serde_json::Value> = ["gpi", "bspi-heap", "bspi-buckets", "bspi-coarse"]
        .iter()
        .map(|solver| {
            json_of(&kalmar(&[
                "interdict",
                "solve",
                gr,
                "--budget",
                &budget,
                "--operator",
                "max",
                "--solver",
                solver,
                "--json",
            ]))["values"]
                .clone()
        })
        .collect();
    assert!(values.windows(2).all(|w| w[0] == w[1]));
    // The source's value alone agrees, is saved and verified, and refused when raised.
    let alone = temp("alone.json");
    let alone = alone.to_str().unwrap();
    let out = stdout(&kalmar(&[
        "interdict",
        "solve",
        gr,
        "--budget",
        &budget,
        "--operator",
        "max",
        "--source-only",
        "-o",
        alone,
    ]));
    assert!(out.contains("solved by bspi-source in"), "{out}");
    let mut file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(alone).unwrap()).unwrap();
    assert_eq!(file["source_value"], values[0][0], "{file}");
    let out = stdout(&kalmar(&[
        "interdict",
        "verify",
        gr,
        "--budget",
        &budget,
        alone,
    ]));
    assert!(out.contains("accepted"), "{out}");
    let higher = file["source_value"]
        .as_str()
        .unwrap()
        .parse::<u64>()
        .unwrap()
        + 1;
    file["source_value"] = higher.to_string().into();
    std::fs::write(alone, file.to_string()).unwrap();
    let out = kalmar(&["interdict", "verify", gr, "--budget", &budget, alone]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    // A value lowered is rejected by the certificate: exit code 3.
    let mut file = json_of(&kalmar(&[
        "interdict",
        "solve",
        gr,
        "--budget",
        &budget,
        "--json",
    ]));
    let source = &mut file["values"][0];
    let lower = source.as_str().unwrap().parse::<u64>().unwrap() - 1;
    *source = lower.to_string().into();
    let lie = temp("lie.json");
    std::fs::write(&lie, file.to_string()).unwrap();
    let out = kalmar(&[
        "interdict",
        "verify",
        gr,
        "--budget",
        &budget,
        lie.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let out = json_of(&kalmar(&[
        "interdict",
        "global",
        gr,
        "--budget",
        &budget,
        "--k",
        "1",
        "--json",
    ]));
    // The source is a corner: one removal leaves a path, two cut it off.
    assert_eq!(out["paths"].as_array().map(Vec::len), Some(2), "{out}");
    let out = json_of(&kalmar(&[
        "interdict",
        "global",
        gr,
        "--budget",
        &budget,
        "--k",
        "2",
        "--json",
    ]));
    assert_eq!(out["value"], "∞", "{out}");
    assert!(stdout(&kalmar(&["interdict", "solvers"])).contains("bspi-coarse"));
}

#[test]
fn bad_files_are_refused_with_their_line_and_column() {
    let gr = temp("bad.gr");
    let budget = temp("bad.budget");
    // Writes the two files, then `kalmar interdict solve` with the options must be refused.
    let refused_with = |network: &str, budgets: &str, options: &[&str], why: &str| {
        std::fs::write(&gr, network).unwrap();
        std::fs::write(&budget, budgets).unwrap();
        let files = [gr.to_str().unwrap(), "--budget", budget.to_str().unwrap()];
        let args: Vec<&str> = ["interdict", "solve"]
            .into_iter()
            .chain(files)
            .chain(options.iter().copied())
            .collect();
        refused(&args, why);
    };
    refused_with("p sp 2 1\na 1 3 5\n", "s 1\nt 2\n", &[], "bad.gr:2:5");
    // A problem line promising billions of vertices is refused before they are allocated.
    refused_with(
        "p sp 4000000000 1\na 1 2 5\n",
        "s 1\nt 2\n",
        &[],
        "would need about 268 GiB",
    );
    refused_with(
        "p sp 2 1\na 1 2 5\n",
        "s 1\nt 2\nk 1 1\nf 1 1\n",
        &[],
        "bad.budget:4:1",
    );
    let fine = "p sp 2 1\na 1 2 5\n";
    refused_with(
        fine,
        "s 1\nt 2\n",
        &["--operator", "min"],
        "expected sum, max or product",
    );
    refused_with(fine, "s 1\nt 2\n", &["--solver", "bspi-heap"], "use gpi");
}

#[test]
fn raises_within_polytopes_are_solved_exactly_and_verified() {
    let (gr, budget) = (
        "examples/interdiction-raises.gr",
        "examples/interdiction-raises.budget",
    );
    let out = stdout(&kalmar(&["interdict", "solve", gr, "--budget", budget]));
    assert!(out.contains("the user pays 17/2"), "{out}");
    assert!(
        out.contains("solved by gpi with exact linear programs"),
        "{out}"
    );
    let saved = temp("raises.json");
    let saved = saved.to_str().unwrap();
    let file = json_of(&kalmar(&[
        "interdict",
        "solve",
        gr,
        "--budget",
        budget,
        "--json",
        "-o",
        saved,
    ]));
    assert_eq!(
        file["values"],
        serde_json::json!(["17/2", "5", "4", "3", "0"])
    );
    assert_eq!(file["raises"][0]["raise"], "3/2", "{file}");
    let out = stdout(&kalmar(&[
        "interdict",
        "verify",
        gr,
        "--budget",
        budget,
        saved,
    ]));
    assert!(out.contains("accepted"), "{out}");
    // The source's value raised: rejected, exit code 3.
    let lie = temp("raises-lie.json");
    let text = std::fs::read_to_string(saved).unwrap();
    std::fs::write(&lie, text.replace("\"17/2\"", "\"9\"")).unwrap();
    let out = kalmar(&[
        "interdict",
        "verify",
        gr,
        "--budget",
        budget,
        lie.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    for (options, why) in [
        (&["--operator", "max"][..], "sum operator"),
        (&["--solver", "bspi-heap"][..], "solved by gpi"),
        (&["--dot", "x.dot"][..], "--dot draws removals"),
    ] {
        let args: Vec<&str> = ["interdict", "solve", gr, "--budget", budget]
            .into_iter()
            .chain(options.iter().copied())
            .collect();
        refused(&args, why);
    }
}

#[test]
fn a_deterministic_graphical_game_is_solved_as_interdiction() {
    let game = workspace().join("examples/dgg-small.gg");
    let game = game.to_str().unwrap();
    // The DGG solver's values (see `kalmar solve`), through every interdiction solver.
    for solver in ["bspi-heap", "bspi-buckets", "bspi-coarse", "gpi"] {
        let values = json(&["interdict", "dgg", game, "--solver", solver, "--json"]);
        assert_eq!(values["s"], "3/4", "{solver}: {values}");
        assert_eq!(values["x"], "-1/2", "{solver}: {values}");
        assert_eq!(values["mid"], "1/4", "{solver}: {values}");
    }
    let gr = temp("small.gr");
    let out = kalmar(&["interdict", "dgg", game, "-o", gr.to_str().unwrap()]);
    assert!(
        stdout(&out).contains("the game's value at s is 3/4"),
        "{}",
        stdout(&out)
    );
    let budget = gr.with_extension("budget");
    let out = stdout(&kalmar(&[
        "interdict",
        "solve",
        gr.to_str().unwrap(),
        "--budget",
        budget.to_str().unwrap(),
        "--operator",
        "max",
    ]));
    assert!(out.contains("checked by the certificate"), "{out}");
    refused(
        &[
            "interdict",
            "dgg",
            &workspace().join("examples/figure-10.gg").to_string_lossy(),
        ],
        "not zero-sum",
    );
}

#[test]
fn a_budget_is_drawn_for_a_network_without_one() {
    // 1 -> 2 -> 3 and 1 -> 3: one removal at every vertex (F = 1) cuts vertex 1 off.
    let gr = temp("budgetless.gr");
    std::fs::write(&gr, "p sp 3 3\na 1 2 1\na 2 3 1\na 1 3 5\n").unwrap();
    let gr = gr.to_str().unwrap();
    let budget = temp("budgetless.budget");
    let budget = budget.to_str().unwrap();
    let out = kalmar(&[
        "interdict",
        "budget",
        gr,
        "--source",
        "1",
        "--sink",
        "3",
        "--removals",
        "1",
        "--fraction",
        "1",
        "-o",
        budget,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(budget).unwrap(), "s 1\nt 3\nd 1\n");
    let solved = json_of(&kalmar(&[
        "interdict",
        "solve",
        gr,
        "--budget",
        budget,
        "--json",
    ]));
    assert_eq!(solved["values"][0], "inf", "{solved}");
    // The bench runs every solver on the file: gpi on sums, all four on maxima.
    let out = stdout(&kalmar(&[
        "bench",
        "interdiction",
        "--file",
        gr,
        "--budget",
        budget,
        "--reps",
        "1",
    ]));
    assert_eq!(out.matches("| budgetless.gr |").count(), 7, "{out}");
    // Without -o the file goes to standard output; the same seed draws the same terminals.
    let drawn = |seed: &str| stdout(&kalmar(&["interdict", "budget", gr, "--seed", seed]));
    assert_eq!(drawn("4"), drawn("4"));
    assert!(drawn("4").starts_with("s "), "{}", drawn("4"));
    refused(
        &["interdict", "budget", gr, "--sink", "4"],
        "sink 4: expected a vertex from 1 to 3",
    );
    refused(
        &["interdict", "budget", gr, "--source", "0"],
        "--source 0: vertices are numbered from 1",
    );
    refused(
        &["interdict", "budget", gr, "--fraction", "2"],
        "expected a number from 0 to 1",
    );
}
