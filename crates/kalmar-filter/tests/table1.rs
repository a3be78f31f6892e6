//! Table 1 of the paper: the public states of 192 and 12,960 histories (the 544,320 one is
//! counted here and enumerated by `kalmar ohhell experiment table1` in a release build).

mod common;

use common::{TABLE1, brute_force_count};
use kalmar_filter::ohhell::PublicState;
use num_bigint::BigUint;

fn state(i: usize) -> PublicState {
    PublicState::parse(TABLE1[i].0).expect("a valid public state")
}

fn enumerated(state: &PublicState) -> usize {
    state
        .histories(usize::MAX, None)
        .expect("small enough")
        .len()
}

#[test]
fn the_192_state_by_count_enumeration_and_brute_force() {
    let s = state(0);
    assert_eq!(s.constraints().count(), BigUint::from(TABLE1[0].1));
    assert_eq!(enumerated(&s) as u64, TABLE1[0].1);
    assert_eq!(brute_force_count(&s), TABLE1[0].1);
}

#[test]
fn the_12960_state_by_count_and_enumeration() {
    let s = state(1);
    assert_eq!(s.constraints().count(), BigUint::from(TABLE1[1].1));
    assert_eq!(enumerated(&s) as u64, TABLE1[1].1);
}

#[test]
fn the_544320_state_by_count() {
    assert_eq!(state(2).constraints().count(), BigUint::from(TABLE1[2].1));
}
