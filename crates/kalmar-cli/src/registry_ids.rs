//! Arguments whose values are the ids of a library registry (`--solver`, ...):
//! the possible values, each with its summary in `--help`, come from the registry itself.

use clap::builder::{PossibleValue, PossibleValuesParser};
use kalmar_core::registry::Registry;

/// The registry's ids as the possible values of an argument.
pub fn ids<R>(registry: &'static Registry<R>) -> PossibleValuesParser {
    PossibleValuesParser::new(
        registry
            .iter()
            .map(|e| PossibleValue::new(e.id).help(e.summary)),
    )
}
