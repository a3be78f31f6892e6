//! Reading what PRISM writes back: result vectors ([`read_prism_vector`]), state lists
//! ([`read_prism_states`]) and its report of a run ([`read_prism_log`]).

use kalmar_core::ParseError;
use kalmar_core::error::Cursor;

/// Reads the file PRISM writes with `-exportvector FILE`: one number per line, the value of each
/// state in PRISM's order (`Infinity` and `NaN` are allowed). Blank lines and `#` comments are
/// skipped.
///
/// ```
/// use kalmar_stochastic::prism::read_prism_vector;
/// assert_eq!(read_prism_vector("0.5\n1.0\n").unwrap(), vec![0.5, 1.0]);
/// ```
pub fn read_prism_vector(text: &str) -> Result<Vec<f64>, ParseError> {
    let mut cursor = Cursor::new(text);
    let mut values = Vec::new();
    loop {
        skip_comments(&mut cursor);
        if cursor.peek().is_none() {
            return Ok(values);
        }
        let at = cursor.clone();
        let word = cursor.take_while(|c| !c.is_whitespace());
        let value = word
            .parse::<f64>()
            .map_err(|_| at.error("a number (the value of a state)"))?;
        values.push(value);
        end_of_line(&mut cursor)?;
    }
}

/// Reads the file PRISM writes with `-exportstates FILE` for a model of [`write_prism`](super::write_prism): the
/// header `(s)`, then `INDEX:(VALUE)` per state, in order; lines starting with `#` are
/// comments (PRISM starts the file with `# States`). Returns the value of `s`, the vertex,
/// of each state.
///
/// ```
/// use kalmar_stochastic::prism::read_prism_states;
/// assert_eq!(read_prism_states("(s)\n0:(0)\n1:(3)\n").unwrap(), vec![0, 3]);
/// ```
pub fn read_prism_states(text: &str) -> Result<Vec<usize>, ParseError> {
    let mut cursor = Cursor::new(text);
    skip_comments(&mut cursor);
    token(
        &mut cursor,
        "(s)",
        "the header (s) of a model whose one variable is s",
    )?;
    end_of_line(&mut cursor)?;
    let mut states = Vec::new();
    loop {
        skip_comments(&mut cursor);
        if cursor.peek().is_none() {
            return Ok(states);
        }
        let at = cursor.clone();
        let index = number(&mut cursor, "the index of a state")?;
        if index != states.len() {
            return Err(at.error(format!(
                "state {} (states are listed in order)",
                states.len()
            )));
        }
        token(&mut cursor, ":(", "':(' after the index of a state")?;
        states.push(number(&mut cursor, "the value of s")?);
        token(&mut cursor, ")", "')'")?;
        end_of_line(&mut cursor)?;
    }
}

/// What PRISM-games reports on standard output for one property (the figures kalmar compares).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct PrismLog {
    /// `Time for model construction: T seconds.`
    pub construction_seconds: Option<f64>,
    /// `Time for model checking: T seconds.`
    pub checking_seconds: Option<f64>,
    /// `States: N (1 initial)`
    pub states: Option<u64>,
    /// The sum of `took N iterations` over the value-iteration lines (precomputations not
    /// counted).
    pub iterations: u64,
    /// `Result: X …`: the value at the initial state.
    pub result: Option<f64>,
    /// The error PRISM claims for the result: `(+/- E estimated; …)`, or 0 for `(exact floating
    /// point)`; `None` when the result line says neither.
    pub claimed_error: Option<f64>,
    /// The first `Error: …` message.
    pub error: Option<String>,
}

/// Reads PRISM-games' report of one model-checking run. Lines it does not know are skipped, so
/// any text gives a report (with nothing found, all fields empty).
///
/// ```
/// use kalmar_stochastic::prism::read_prism_log;
/// let log = read_prism_log(
///     "Time for model checking: 0.158 seconds.\n\
///      Result: 0.99949 (+/- 9.99E-6 estimated; rel err 1.0E-5)\n",
/// );
/// assert_eq!(log.checking_seconds, Some(0.158));
/// assert_eq!(log.result, Some(0.99949));
/// assert_eq!(log.claimed_error, Some(9.99e-6));
/// ```
pub fn read_prism_log(text: &str) -> PrismLog {
    let mut log = PrismLog::default();
    let first_number = |rest: &str| -> Option<f64> { rest.split_whitespace().next()?.parse().ok() };
    for line in text.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("Time for model construction:") {
            log.construction_seconds = first_number(rest);
        } else if let Some(rest) = line.strip_prefix("Time for model checking:") {
            log.checking_seconds = first_number(rest);
        } else if let Some(rest) = line.strip_prefix("States:") {
            log.states = rest.split_whitespace().next().and_then(|n| n.parse().ok());
        } else if let Some(rest) = line.strip_prefix("Result:") {
            log.result = first_number(rest);
            log.claimed_error = if let Some((_, after)) = rest.split_once("(+/- ") {
                first_number(after)
            } else if rest.contains("(exact floating point)") {
                Some(0.0)
            } else {
                None
            };
        } else if let Some(message) = line.strip_prefix("Error:") {
            log.error.get_or_insert_with(|| message.trim().to_string());
        } else if let Some((_, after)) = line
            .strip_prefix("Value iteration")
            .and_then(|rest| rest.split_once(" took "))
        {
            log.iterations += after
                .split_whitespace()
                .next()
                .and_then(|n| n.parse::<u64>().ok())
                .unwrap_or(0);
        }
    }
    log
}

/// Skips white space and `#` comments that run to the end of their line.
fn skip_comments(cursor: &mut Cursor<'_>) {
    cursor.skip_whitespace();
    while cursor.peek() == Some('#') {
        cursor.take_while(|c| c != '\n');
        cursor.skip_whitespace();
    }
}

/// Consumes `expected_token`, or says what stands there instead.
fn token(cursor: &mut Cursor<'_>, expected_token: &str, expected: &str) -> Result<(), ParseError> {
    if !cursor.rest().starts_with(expected_token) {
        return Err(cursor.error(expected));
    }
    for _ in expected_token.chars() {
        cursor.bump();
    }
    Ok(())
}

/// A decimal number that fits in `usize`.
fn number(cursor: &mut Cursor<'_>, expected: &str) -> Result<usize, ParseError> {
    let at = cursor.clone();
    let digits = cursor.take_while(|c| c.is_ascii_digit());
    digits.parse().map_err(|_| at.error(expected))
}

/// Blanks, then the end of the line or of the text.
fn end_of_line(cursor: &mut Cursor<'_>) -> Result<(), ParseError> {
    cursor.skip_blanks();
    match cursor.peek() {
        None | Some('\n') => Ok(()),
        Some(_) => Err(cursor.error("the end of the line")),
    }
}
