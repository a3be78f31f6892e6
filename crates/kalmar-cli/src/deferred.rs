//! Arguments that clap builds only when the command line reaches them.
//!
//! clap's derive builds every subcommand's arguments, help texts included, before it parses a
//! word, and drops them all at exit: with every family's commands that was most of the
//! program's start-up, about a millisecond, paid by every run however small its game. A
//! family's commands wrapped in [`Deferred`] are built by [`clap::Command::defer`] only when the
//! command line names that family (or asks for its help), so a run builds the top level and the
//! one family it runs.

use clap::{ArgMatches, Args, Command, Error, FromArgMatches, Subcommand};

/// `T`'s subcommands or arguments, built only when their command is reached.
pub struct Deferred<T>(pub T);

impl<T: FromArgMatches> FromArgMatches for Deferred<T> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, Error> {
        T::from_arg_matches(matches).map(Deferred)
    }

    fn from_arg_matches_mut(matches: &mut ArgMatches) -> Result<Self, Error> {
        T::from_arg_matches_mut(matches).map(Deferred)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), Error> {
        self.0.update_from_arg_matches(matches)
    }

    fn update_from_arg_matches_mut(&mut self, matches: &mut ArgMatches) -> Result<(), Error> {
        self.0.update_from_arg_matches_mut(matches)
    }
}

impl<T: Subcommand> Subcommand for Deferred<T> {
    fn augment_subcommands(command: Command) -> Command {
        command.defer(T::augment_subcommands)
    }

    fn augment_subcommands_for_update(command: Command) -> Command {
        command.defer(T::augment_subcommands_for_update)
    }

    fn has_subcommand(name: &str) -> bool {
        T::has_subcommand(name)
    }
}

impl<T: Args> Args for Deferred<T> {
    fn augment_args(command: Command) -> Command {
        command.defer(T::augment_args)
    }

    fn augment_args_for_update(command: Command) -> Command {
        command.defer(T::augment_args_for_update)
    }

    fn group_id() -> Option<clap::Id> {
        T::group_id()
    }
}

#[cfg(test)]
mod tests {
    use crate::Cli;
    use clap::CommandFactory;

    /// A family's commands are not built with the top level, and building the whole command
    /// line builds them all, so that clap's own checks see every family's arguments.
    #[test]
    fn families_are_built_when_reached_and_well_formed() {
        let solve = |command: &clap::Command| {
            command
                .find_subcommand("parity")
                .expect("the parity commands")
                .find_subcommand("solve")
                .is_some()
        };
        let mut command = Cli::command();
        assert!(!solve(&command));
        command.build();
        assert!(solve(&command));
        Cli::command().debug_assert();
    }
}
