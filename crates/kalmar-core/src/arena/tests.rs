//! Tests of the arena: CSR layout, predecessors, the builder's checks, induced subarenas and JSON.

#[test]
fn induced_keeps_the_edges_inside_and_says_where_they_come_from() {
    let mut b = Builder::new(2);
    let v: Vec<Vertex> = (0..4)
        .map(|i| b.add_vertex(Owner::Player(Player(i % 2))))
        .collect();
    for (x, y) in [(0, 1), (0, 3), (1, 2), (2, 0), (2, 2), (3, 0)] {
        b.add_edge(v[x], v[y]);
    }
    let a = b.build().unwrap();
    // The part {2, 0, 1}, in that order.
    let part = [v[2], v[0], v[1]];
    let mut local = vec![u32::MAX; 4];
    for (i, w) in part.iter().enumerate() {
        local[w.index()] = i as u32;
    }
    let (sub, origin) = a.induced(&part, &local).unwrap();
    assert_eq!(sub.num_vertices(), 3);
    assert_eq!(sub.owner(Vertex(0)), a.owner(v[2]));
    assert_eq!(sub.successors(Vertex(0)), &[Vertex(1), Vertex(0)]);
    assert_eq!(sub.successors(Vertex(1)), &[Vertex(2)]);
    assert_eq!(sub.successors(Vertex(2)), &[Vertex(0)]);
    assert_eq!(sub.predecessors(Vertex(0)), &[Vertex(0), Vertex(2)]);
    for e in (0..sub.num_edges() as u32).map(Edge) {
        let o = origin[e.index()];
        assert_eq!(part[sub.source(e).index()], a.source(o));
        assert_eq!(part[sub.target(e).index()], a.target(o));
    }
    // Vertex 3 alone has no move inside {3}.
    let mut local = vec![u32::MAX; 4];
    local[3] = 0;
    let err = a.induced(&[v[3]], &local).unwrap_err();
    assert_eq!(err.at(), Some(v[3]));
}

use super::*;

fn max() -> Owner {
    Owner::Player(Player::MAX)
}

#[test]
fn csr_and_predecessors() {
    let mut b = Builder::new(2);
    let [x, y, t] = [
        b.add_vertex(max()),
        b.add_vertex(Owner::Player(Player::MIN)),
        b.add_vertex(Owner::Terminal),
    ];
    b.add_edge(y, t);
    b.add_edge(x, y);
    b.add_edge(y, x);
    b.add_edge(x, t);
    let a = b.build().unwrap();
    assert_eq!(a.successors(x), &[y, t]);
    assert_eq!(a.successors(y), &[t, x]);
    let mut preds = a.predecessors(t).to_vec();
    preds.sort();
    assert_eq!(preds, vec![x, y]);
    for e in (0..4).map(Edge) {
        assert!(a.in_edges(a.target(e)).contains(&e));
        assert!(a.out_edges(a.source(e)).any(|f| f == e));
    }
    // The positions of the arcs into each vertex cover all arcs once, in in_edges order.
    let mut covered = 0;
    for v in a.vertices() {
        let positions = a.in_positions(v);
        covered += positions.len();
        let at: Vec<Edge> = positions.map(|k| a.in_edge_at(k)).collect();
        assert_eq!(at, a.in_edges(v));
    }
    assert_eq!(covered, a.num_edges());
}

#[test]
fn rejects_bad_games() {
    let mut b = Builder::new(2);
    let x = b.add_vertex(max());
    assert!(
        b.clone()
            .build()
            .unwrap_err()
            .to_string()
            .contains("no moves")
    );
    b.add_edge(x, Vertex(7));
    assert!(
        b.build()
            .unwrap_err()
            .to_string()
            .contains("does not exist")
    );

    let mut b = Builder::new(2);
    let c = b.add_vertex(Owner::Chance);
    b.set_name(c, "coin");
    b.add_chance_edge(c, c, Rational::new(1, 2));
    let err = b.clone().build().unwrap_err();
    assert_eq!(
        err.to_string(),
        "vertex 'coin': probabilities sum to 1/2, not 1"
    );
    b.add_chance_edge(c, c, Rational::new(1, 2));
    assert!(b.build().is_ok());

    let mut b = Builder::new(1);
    b.add_vertex(Owner::Player(Player(1)));
    assert!(b.build().unwrap_err().to_string().contains("player 1"));
}

#[test]
fn names_stay_unique_when_a_given_name_is_a_number() {
    let mut b = Builder::new(2);
    let [x, y, z] = [(); 3].map(|_| b.add_vertex(Owner::Terminal));
    b.set_name(z, "1");
    let a = b.build().unwrap();
    assert_eq!([a.name(x), a.name(y), a.name(z)], ["#0", "#1", "1"]);
    assert_eq!(a.name_index().len(), 3);
    let mut b = Builder::new(2);
    let [x, y] = [(); 2].map(|_| b.add_vertex(Owner::Terminal));
    b.set_name(y, "1");
    let a = b.build().unwrap();
    assert_eq!(
        [a.name(x), a.name(y)],
        ["0", "1"],
        "a vertex may be named by its own index"
    );
}

#[test]
fn json_round_trip() {
    let mut b = Builder::new(2);
    let [x, c, t] = [
        b.add_vertex(max()),
        b.add_vertex(Owner::Chance),
        b.add_vertex(Owner::Terminal),
    ];
    b.set_name(t, "end");
    b.add_edge(x, c);
    b.add_chance_edge(c, x, Rational::new(1, 3));
    b.add_chance_edge(c, t, Rational::new(2, 3));
    b.set_start(x);
    let a = b.build().unwrap();
    let json = serde_json::to_string(&a).unwrap();
    let back: Arena = serde_json::from_str(&json).unwrap();
    assert_eq!(back, a);
    assert_eq!(back.probability(Edge(2)), Some(&Rational::new(2, 3)));
    assert_eq!(back.name(t), "end");
    assert_eq!(back.name(x), "0");
}
