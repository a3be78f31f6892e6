//! Progress on standard error for every long command: spinners for work of unknown length, bars
//! for counted work. Nothing is drawn when standard error is not a terminal, so pipes, files and
//! tests see clean output.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::time::Duration;

/// Games with more moves than this get a spinner while they are solved.
pub const SPINNER_MOVES: usize = 1_000_000;

/// A spinner with this message, if standard error is a terminal.
pub fn spinner(message: &str) -> Option<ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new_spinner().with_message(message.to_string());
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} ({elapsed})").expect("static template"),
    );
    bar.enable_steady_tick(Duration::from_millis(120));
    Some(bar)
}

/// A spinner for work on a game with this many moves: only for games large enough
/// ([`SPINNER_MOVES`]) to take a noticeable time.
pub fn spinner_for(message: &str, moves: usize) -> Option<ProgressBar> {
    if moves < SPINNER_MOVES {
        return None;
    }
    spinner(message)
}

/// A bar for `len` steps of counted work, with the unit shown after the count, if standard error
/// is a terminal.
pub fn bar(len: usize, unit: &str) -> Option<ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(len as u64);
    let template = format!("{{bar:30}} {{pos}}/{{len}} {unit} {{msg}} ({{elapsed}}, {{eta}} left)");
    bar.set_style(ProgressStyle::with_template(&template).expect("a valid template"));
    Some(bar)
}

/// Runs `work` while `bar` (a spinner or bar, if one is shown) turns, and clears it after.
pub fn spinning<T>(bar: Option<ProgressBar>, work: impl FnOnce() -> T) -> T {
    let result = work();
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    result
}
