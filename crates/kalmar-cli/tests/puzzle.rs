//! `kalmar puzzle`: Hashiwokakero from files, URLs and game IDs solved, proven unique, saved,
//! checked and tampered with; Hiroimono under its variants; the Hamilton and 3-SAT
//! reductions mapped back; bad input refused with line and column.

mod common;
use common::{json, kalmar, refused, rejected, stderr, stdout, temp, workspace};

fn example(name: &str) -> String {
    workspace()
        .join("examples")
        .join(name)
        .to_str()
        .unwrap()
        .to_string()
}

/// The width and height of a PNG image, from its header, after checking its signature.
fn png_size(png: &[u8]) -> (u32, u32) {
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n") && &png[12..16] == b"IHDR");
    let number = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
    (number(16), number(20))
}

#[test]
fn a_puzzle_is_rendered_as_svg_and_png_or_refused_without_a_file() {
    let stones = example("stones.hiro");
    let (svg, png) = (temp("stones.svg"), temp("stones.png"));
    let out = kalmar(&[
        "puzzle",
        "render",
        &stones,
        "--svg",
        svg.to_str().unwrap(),
        "--png",
        png.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let svg = std::fs::read_to_string(&svg).unwrap();
    assert!(svg.contains(" width=\"490\" height=\"160\""), "{svg}");
    assert_eq!(svg.matches("class=\"stone\"").count(), 16);
    assert_eq!(png_size(&std::fs::read(&png).unwrap()), (980, 320));
    refused(
        &["puzzle", "render", &stones],
        "give --svg FILE, --png FILE or both",
    );
}

#[test]
fn a_hashi_puzzle_is_solved_proven_unique_saved_and_checked() {
    let puzzle = example("bridges-7x7.hashi");
    let solved = temp("solved.hashi");
    let solved = solved.to_str().unwrap();
    let picture = temp("solved.svg");
    let png = temp("solved.png");
    let out = stdout(&kalmar(&[
        "puzzle",
        "solve",
        &puzzle,
        "--unique",
        "--explain",
        "-o",
        solved,
        "--svg",
        picture.to_str().unwrap(),
        "--png",
        png.to_str().unwrap(),
    ]));
    assert!(out.contains("a unique solution"), "{out}");
    assert!(out.contains("(the number of island"), "{out}");
    assert!(
        std::fs::read_to_string(&picture)
            .unwrap()
            .starts_with("<svg")
    );
    // 7×7 cells of 40 SVG pixels, two PNG pixels each.
    assert_eq!(png_size(&std::fs::read(&png).unwrap()), (560, 560));
    let out = stdout(&kalmar(&["puzzle", "check", solved]));
    assert!(out.contains("Hashiwokakero solution; checked"), "{out}");
    // One bridge fewer: an island's number is no longer met.
    let text = std::fs::read_to_string(solved).unwrap();
    let tampered = temp("tampered.hashi");
    std::fs::write(&tampered, text.replacen('=', "-", 1)).unwrap();
    rejected(&["puzzle", "check", tampered.to_str().unwrap()], "island");
}

#[test]
fn links_and_game_ids_are_puzzles_too() {
    let url = "https://puzz.link/p?hashikake/5/3/2g5g1k1g3h";
    let answer = json(&["puzzle", "solve", url, "--unique", "--json"]);
    assert_eq!(answer["puzzle"], "hashiwokakero");
    assert_eq!(answer["answer"]["unique"], true);
    let out = stdout(&kalmar(&["puzzle", "convert", url]));
    assert!(out.contains("5x3m2:2a5a1e1a3b"), "{out}");
    let out = stdout(&kalmar(&[
        "puzzle",
        "solve",
        "5x3m2:2a5a1e1a3b",
        "--count",
        "10",
    ]));
    assert!(out.contains("a unique solution"), "{out}");
}

#[test]
fn a_generated_hiroimono_puzzle_is_solved_under_each_variant() {
    let puzzle = temp("stones.hiro");
    let puzzle = puzzle.to_str().unwrap();
    let out = kalmar(&[
        "puzzle",
        "generate",
        "hiroimono",
        "--stones",
        "14",
        "--seed",
        "4",
        "-o",
        puzzle,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let order = temp("order.txt");
    let order = order.to_str().unwrap();
    for variant in ["classic", "start", "180", "180-start"] {
        let answer = json(&["puzzle", "solve", puzzle, "--variant", variant, "--json"]);
        assert_eq!(answer["variant"], variant);
        assert!(answer["answer"]["count"].as_u64().unwrap() >= 1, "{answer}");
    }
    let count = |solver: &str| {
        let asked = [
            "puzzle",
            "solve",
            puzzle,
            "--variant",
            "start",
            "--count",
            "50",
        ];
        let answer = json(&[&asked[..], &["--solver", solver, "--json"]].concat());
        assert_eq!(answer["solver"], solver);
        answer["answer"]["count"].as_u64().unwrap()
    };
    assert_eq!(count("sat"), count("dfs"));
    assert_eq!(count("dp"), count("dfs"));
    let picture = temp("tour.svg");
    let out = kalmar(&[
        "puzzle",
        "solve",
        puzzle,
        "--variant",
        "start",
        "-o",
        order,
        "--svg",
        picture.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let picture = std::fs::read_to_string(&picture).unwrap();
    assert_eq!(picture.matches("class=\"stone\"").count(), 14);
    let out = stdout(&kalmar(&[
        "puzzle",
        "check",
        puzzle,
        order,
        "--variant",
        "start",
    ]));
    assert!(out.contains("tour under START-HIROIMONO; checked"), "{out}");
    refused(
        &["puzzle", "solve", puzzle, "--variant", "sideways"],
        "expected classic, start, 180 or 180-start",
    );
    refused(
        &["puzzle", "solve", puzzle, "--solver", "bfs"],
        "the known ones are: dfs, sat, dp",
    );
    // The solvers come from the library's registry, with their bounds.
    let listed = json(&["puzzle", "solvers", "--json"]);
    let ids: Vec<&str> = (listed.as_array().unwrap().iter())
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["dfs", "sat", "dp"]);
}

#[test]
fn the_hamilton_reduction_finds_a_circuit_or_says_there_is_none() {
    let out = stdout(&kalmar(&[
        "puzzle",
        "reduce",
        "hamilton",
        &example("grid-graph.txt"),
        "--solve",
    ]));
    assert!(
        out.contains("a Hamiltonian circuit (row, column): (1, 1)"),
        "{out}"
    );
    // A 3×3 block has an odd number of points: no circuit.
    let block = temp("block.txt");
    std::fs::write(&block, "ooo\nooo\nooo\n").unwrap();
    let out = stdout(&kalmar(&[
        "puzzle",
        "reduce",
        "hamilton",
        block.to_str().unwrap(),
        "--solve",
    ]));
    assert!(out.contains("no Hamiltonian circuit"), "{out}");
}

#[test]
fn the_3sat_reduction_finds_an_assignment_or_proves_there_is_none() {
    let puzzle = temp("formula.hiro");
    let out = stdout(&kalmar(&[
        "puzzle",
        "reduce",
        "3sat",
        &example("formula.cnf"),
        "--solve",
        "-o",
        puzzle.to_str().unwrap(),
    ]));
    assert!(out.contains("satisfiable: x1=0 x2=1 x3=1"), "{out}");
    // The puzzle written is a Hiroimono puzzle that `puzzle solve` reads and solves.
    let solved = stdout(&kalmar(&[
        "puzzle",
        "solve",
        puzzle.to_str().unwrap(),
        "--variant",
        "start",
    ]));
    assert!(
        solved.contains("START-HIROIMONO, 164 stones: a solution"),
        "{solved}"
    );
    // Adding (not x2) makes it unsatisfiable.
    let unsatisfiable = temp("unsat.cnf");
    let text = std::fs::read_to_string(example("formula.cnf")).unwrap();
    std::fs::write(
        &unsatisfiable,
        text.replace("p cnf 3 3", "p cnf 3 4") + "-2 0\n",
    )
    .unwrap();
    for (variant, name) in [("start", "START-HIROIMONO"), ("180", "180-HIROIMONO")] {
        let out = stdout(&kalmar(&[
            "puzzle",
            "reduce",
            "3sat",
            unsatisfiable.to_str().unwrap(),
            "--solve",
            "--variant",
            variant,
            "-o",
            temp("unsat.hiro").to_str().unwrap(),
        ]));
        assert!(
            out.contains(&format!(
                "unsatisfiable: the puzzle has no tour under {name}"
            )),
            "{out}"
        );
    }
    let bad = temp("bad.cnf");
    std::fs::write(&bad, "p cnf 2 1\n1 3 0\n").unwrap();
    refused(
        &["puzzle", "reduce", "3sat", bad.to_str().unwrap()],
        "bad.cnf:2:3: found '3', expected a literal between -2 and 2",
    );
}

#[test]
fn bad_puzzles_are_refused_with_line_and_column() {
    let bad = temp("bad.hashi");
    std::fs::write(&bad, "2.5.1\n..x..\n").unwrap();
    refused(
        &["puzzle", "solve", bad.to_str().unwrap()],
        "bad.hashi:2:3:",
    );
    refused(
        &["puzzle", "solve", "https://puzz.link/p?sudoku/9/9/"],
        "sudoku",
    );
    refused(&["puzzle", "solve", "7x7:zz"], "7x7:zz");
}

#[test]
fn kalmar_solve_and_verify_take_puzzle_files() {
    let puzzle = example("bridges-7x7.hashi");
    let solved = temp("by-solve.hashi");
    let solved = solved.to_str().unwrap();
    let out = stdout(&kalmar(&["solve", &puzzle, "-o", solved]));
    assert!(out.contains("Hashiwokakero, 7×7"), "{out}");
    let out = stdout(&kalmar(&["verify", &puzzle, solved]));
    assert!(
        out.contains("accepted: the Hashiwokakero solution"),
        "{out}"
    );
    let text = std::fs::read_to_string(solved).unwrap();
    let tampered = temp("by-solve-tampered.hashi");
    std::fs::write(&tampered, text.replacen('=', "-", 1)).unwrap();
    rejected(
        &["verify", &puzzle, tampered.to_str().unwrap()],
        "bridge ends",
    );
    refused(&["solve", &puzzle, "--dot", "x.dot"], "pencil puzzle");
}

#[test]
fn every_puzzle_verb_speaks_json() {
    let bridges = example("bridges-7x7.hashi");
    let forms = json(&["puzzle", "convert", &bridges, "--json"]);
    assert_eq!(forms["puzzle"], "hashiwokakero");
    assert_eq!(forms["instance"]["width"], 7);
    let tatham = forms["tatham"].as_str().unwrap();
    // The game ID printed is the same puzzle again.
    let again = json(&["puzzle", "convert", tatham, "--json"]);
    assert_eq!(again["instance"], forms["instance"]);

    let generated = json(&["puzzle", "generate", "hashi", "--seed", "3", "--json"]);
    assert_eq!(
        (
            generated["unique"].clone(),
            generated["instance"]["height"].clone()
        ),
        (true.into(), 7.into())
    );
    let walk = json(&["puzzle", "generate", "hiroimono", "--stones", "9", "--json"]);
    assert_eq!(walk["stones"].as_array().unwrap().len(), 9);
    assert_eq!(walk["solution"]["order"].as_array().unwrap().len(), 9);

    let solved = temp("json-solved.hashi");
    let solved = solved.to_str().unwrap();
    assert!(
        kalmar(&["puzzle", "solve", &bridges, "-o", solved])
            .status
            .success()
    );
    let verdict = json(&["puzzle", "check", solved, "--json"]);
    assert_eq!(
        (verdict["accepted"].clone(), verdict["puzzle"].clone()),
        (true.into(), "hashiwokakero".into())
    );

    let svg = temp("json.svg");
    let rendered = json(&[
        "puzzle",
        "render",
        solved,
        "--svg",
        svg.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(rendered["solution_drawn"], true);
    assert_eq!(rendered["svg"], svg.to_str().unwrap());

    let reduced = json(&[
        "puzzle",
        "reduce",
        "3sat",
        &example("formula.cnf"),
        "--solve",
        "--json",
    ]);
    assert_eq!(reduced["stones"].as_array().unwrap().len(), 164);
    assert_eq!(reduced["satisfiable"], true);
    assert_eq!(
        reduced["decision"]["assignment"],
        serde_json::json!([false, true, true])
    );

    let circuit = json(&[
        "puzzle",
        "reduce",
        "hamilton",
        &example("grid-graph.txt"),
        "--solve",
        "--json",
    ]);
    assert_eq!(circuit["hamiltonian"], true);
    let points = circuit["points"].as_array().unwrap();
    assert_eq!(circuit["circuit"].as_array().unwrap().len(), points.len());
}
