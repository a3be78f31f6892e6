//! Chess tables made by workers against the one-machine tables, byte for byte.

use kalmar_chess::Tables;
use kalmar_dist::{Cluster, chess};

#[test]
fn tables_made_by_workers_are_the_one_machine_tables() {
    let mut tables = Tables::new();
    for (name, workers) in [("KQK", 1), ("KRK", 2), ("KPK", 3), ("KBNK", 2), ("KQKR", 2)] {
        let material = name.parse().unwrap();
        let options = kalmar_chess::make::Options {
            lines: 0,
            ..Default::default()
        };
        let made = chess::solve(&material, &Cluster::threads(workers), &options)
            .unwrap()
            .unwrap();
        assert_eq!(
            made.made.table().bytes(),
            tables.solve(&material).unwrap().bytes(),
            "{name}"
        );
        assert_eq!(made.stats.dataflow.workers, workers);
        assert!(made.stats.dataflow.rounds > 2, "{name}: {:?}", made.stats);
        assert_eq!(
            made.stats.dataflow.messages == 0,
            workers == 1,
            "{name}: {:?}",
            made.stats
        );
    }
}
