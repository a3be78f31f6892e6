//! The `.gg` reader's vertex lines (owner, labels, successors), and the graph built from them.

use super::is_name_char;
use super::read::{Label, Parser, Spec, Target, found, is_number_char};
use crate::format::GameGraph;
use crate::{Builder, Owner, ParseError, Player, Rational, Span, Vertex};
use std::collections::hash_map::Entry;

/// What the owner column accepts.
const OWNERS: &str = "an owner: max, min, chance, terminal or player<k>";

impl<'a> Parser<'a> {
    /// A vertex line.
    pub(super) fn vertex(&mut self) -> Result<(), ParseError> {
        let (label, span) = self.label("a vertex name")?;
        if let Label::Number(k) = label
            && k != self.specs.len() as u64
        {
            return Err(ParseError::new(
                span,
                format!("'{k}'"),
                format!(
                    "vertex number {} here (numbered vertices are defined in order)",
                    self.specs.len()
                ),
            ));
        }
        if self.specs.len() >= Vertex::LIMIT - 1 {
            return Err(ParseError::new(
                span,
                "one vertex too many",
                format!("at most {} vertices", Vertex::LIMIT - 1),
            ));
        }
        // A number equals the count of vertices before it, so only names can repeat.
        self.numbered.push(matches!(label, Label::Number(_)));
        if let Label::Name(name) = &label {
            match self.defined.entry(name.clone()) {
                Entry::Occupied(first) => {
                    let line = self.specs[*first.get()].span.line;
                    return Err(ParseError::new(
                        span,
                        format!("{label} again"),
                        format!("a new vertex name ({label} is defined on line {line})"),
                    ));
                }
                Entry::Vacant(slot) => {
                    slot.insert(self.specs.len());
                }
            }
        }
        self.need_blank(OWNERS)?;
        let owner = self.owner()?;
        let mut spec = Spec {
            label,
            span,
            owner,
            priority: None,
            extra: None,
            successors: self.successors.len()..self.successors.len(),
        };
        loop {
            let had_blank = self.blanks();
            if self.at_line_end() {
                break;
            }
            if !had_blank {
                return Err(self.cur.error("white space"));
            }
            if self.cur.rest().starts_with("->") {
                return self.successors(spec);
            }
            self.attribute(&mut spec)?;
        }
        if owner != Owner::Terminal {
            return Err(self
                .cur
                .error("'->' and the successors (only terminals have no moves)"));
        }
        self.specs.push(spec);
        Ok(())
    }

    /// The owner column.
    fn owner(&mut self) -> Result<Owner, ParseError> {
        let span = self.cur.span();
        let word = self.cur.take_while(is_name_char);
        let player = match word {
            "max" => 0,
            "min" => 1,
            "chance" => return Ok(Owner::Chance),
            "terminal" => return Ok(Owner::Terminal),
            _ => match word.strip_prefix("player").map(str::parse::<u8>) {
                Some(Ok(k)) if word[6..].bytes().all(|b| b.is_ascii_digit()) => k,
                _ => {
                    let found = found(word, self.cur.rest());
                    return Err(ParseError::new(span, found, OWNERS));
                }
            },
        };
        if player >= self.players {
            let expected = match self.players {
                0 => "chance or terminal (the game has no players; set 'players N' first)"
                    .to_string(),
                n => format!(
                    "an owner of a game with {n} players (player0 to player{}; set 'players N' \
                     first for more)",
                    n - 1
                ),
            };
            return Err(ParseError::new(span, format!("'{word}'"), expected));
        }
        Ok(Owner::Player(Player(player)))
    }

    /// One `key=value` item.
    fn attribute(&mut self, spec: &mut Spec) -> Result<(), ParseError> {
        let span = self.cur.span();
        let key = self.cur.take_while(is_name_char);
        let seen = match key {
            "priority" => spec.priority.is_some(),
            "reward" => spec.extra.as_ref().is_some_and(|x| x.reward.is_some()),
            "payoff" => spec.extra.as_ref().is_some_and(|x| !x.payoff.is_empty()),
            "obs" => spec.extra.as_ref().is_some_and(|x| x.observation.is_some()),
            _ => {
                let found = found(key, self.cur.rest());
                return Err(ParseError::new(
                    span,
                    found,
                    "'priority=', 'reward=', 'payoff=', 'obs=', '->' or the end of the line",
                ));
            }
        };
        if seen {
            return Err(ParseError::new(
                span,
                format!("a second '{key}'"),
                "each of priority, reward, payoff and obs at most once per vertex",
            ));
        }
        if key == "payoff" && spec.owner != Owner::Terminal {
            return Err(ParseError::new(
                span,
                "'payoff'",
                "'priority=', 'reward=' or '->' (only terminals have payoffs)",
            ));
        }
        if self.cur.peek() != Some('=') {
            return Err(self.cur.error(format!("'=' right after '{key}'")));
        }
        self.cur.bump();
        match key {
            "priority" => {
                let span = self.cur.span();
                let token = self.cur.take_while(is_number_char);
                let expected = "a priority: a whole number from 0 to 4294967295";
                if token.is_empty() {
                    return Err(self.cur.error(expected));
                }
                match token.parse::<u32>() {
                    Ok(p) if token.bytes().all(|b| b.is_ascii_digit()) => {
                        spec.priority = Some(p);
                        self.has_priority = true;
                    }
                    _ => return Err(ParseError::new(span, format!("'{token}'"), expected)),
                }
            }
            "reward" => {
                let (r, _, _) = self.rational("a reward such as 3, -1/2 or 0.25")?;
                spec.extra_mut().reward = Some(r);
                self.has_reward = true;
            }
            "obs" => {
                let name = if self.cur.peek() == Some('"') {
                    self.quoted()?
                } else {
                    let word = self.cur.take_while(is_name_char);
                    if word.is_empty() {
                        return Err(self.cur.error(
                            "an observation: a word of letters, digits, '_', '.' and ''' or a \
                             quoted name",
                        ));
                    }
                    word.to_string()
                };
                spec.extra_mut().observation = Some(name);
                self.has_observation = true;
            }
            _ => {
                let start = self.cur.span();
                let payoff = self.payoff()?;
                match self.payoff_size {
                    None => self.payoff_size = Some((payoff.len(), start)),
                    Some((size, first)) if size != payoff.len() => {
                        return Err(ParseError::new(
                            start,
                            format!("{} payoffs", payoff.len()),
                            format!(
                                "{size} payoffs, as in the first payoff or the cycle (line {})",
                                first.line
                            ),
                        ));
                    }
                    Some(_) => {}
                }
                spec.extra_mut().payoff = payoff;
            }
        }
        Ok(())
    }

    /// A payoff value: one number or a parenthesised list.
    pub(super) fn payoff(&mut self) -> Result<Vec<Rational>, ParseError> {
        const EXPECTED: &str = "a payoff such as 3, -1/2 or 0.25";
        if self.cur.peek() != Some('(') {
            let (r, _, _) = self.rational("a payoff such as 3, -1/2, 0.25 or (1,0,-1)")?;
            return Ok(vec![r]);
        }
        self.cur.bump();
        let mut payoff = Vec::new();
        loop {
            self.cur.skip_blanks();
            let (r, _, _) = self.rational(EXPECTED)?;
            payoff.push(r);
            self.cur.skip_blanks();
            match self.cur.peek() {
                Some(',') => {
                    self.cur.bump();
                }
                Some(')') => {
                    self.cur.bump();
                    return Ok(payoff);
                }
                _ => return Err(self.cur.error("',' or ')'")),
            }
        }
    }

    /// `->` and the successors, to the end of the line.
    fn successors(&mut self, mut spec: Spec) -> Result<(), ParseError> {
        let arrow = self.cur.span();
        if spec.owner == Owner::Terminal {
            return Err(ParseError::new(
                arrow,
                "'->'",
                "the end of the line (a terminal has no moves)",
            ));
        }
        self.cur.bump();
        self.cur.bump();
        let chance = spec.owner == Owner::Chance;
        let mut sum = Rational::ZERO;
        let first = self.successors.len();
        loop {
            let had_blank = self.blanks();
            if self.at_line_end() {
                break;
            }
            if !had_blank {
                return Err(self.cur.error("white space"));
            }
            let (label, span) = self.label("a successor's name")?;
            if self.cur.peek() == Some('=') {
                return Err(ParseError::new(
                    span,
                    match &label {
                        Label::Name(name) => format!("'{name}='"),
                        Label::Number(k) => format!("'{k}='"),
                    },
                    "a successor (priority=, reward= and payoff= come before '->')",
                ));
            }
            if self.cur.peek() == Some(':') {
                if !chance {
                    return Err(self.cur.error(
                        "white space or the end of the line (only moves of chance have \
                         probabilities)",
                    ));
                }
                self.cur.bump();
                let (p, span, token) = self.rational("a probability such as 1/2 or 0.25")?;
                if p.signum().is_le() || p > Rational::ONE {
                    return Err(ParseError::new(
                        span,
                        format!("'{token}'"),
                        "a probability greater than 0 and at most 1",
                    ));
                }
                sum = sum + &p;
                self.probabilities.push(p);
            } else if chance {
                return Err(self.cur.error(
                    "':' and the probability of this move (moves of chance have probabilities)",
                ));
            }
            let target = self.target(label);
            self.successors.push((target, span));
        }
        spec.successors = first..self.successors.len();
        if spec.successors.is_empty() {
            return Err(self.cur.error("a successor after '->'"));
        }
        if chance && sum != Rational::ONE {
            return Err(ParseError::new(
                spec.span,
                format!("probabilities summing to {sum}"),
                "probabilities of the moves of chance summing to 1",
            ));
        }
        self.specs.push(spec);
        Ok(())
    }

    /// How a successor (or the start) given by `label` is kept until every vertex is defined.
    fn target(&mut self, label: Label) -> Target {
        let (flag, written) = match label {
            Label::Number(k) if k < Target::HUGE => return Target(k),
            Label::Number(k) => (Target::HUGE, k.to_string()),
            Label::Name(name) => (Target::NAMED, name),
        };
        self.successor_names.push(written);
        Target(flag | (self.successor_names.len() - 1) as u64)
    }

    /// Resolves names and builds the graph.
    pub(super) fn finish(mut self) -> Result<GameGraph, ParseError> {
        let start = (self.start.take()).map(|(label, span)| (self.target(label), span));
        let successors = std::mem::take(&mut self.successors);
        let successor_names = std::mem::take(&mut self.successor_names);
        let probabilities = std::mem::take(&mut self.probabilities);
        let specs = &self.specs;
        let (defined, numbered) = (&self.defined, &self.numbered);
        // A successor's vertex, by number or name; a number too large for any vertex is none.
        let resolve = |Target(target): Target, span: Span| -> Result<Vertex, ParseError> {
            let index = (target & !(Target::NAMED | Target::HUGE)) as usize;
            let found = if target & Target::NAMED != 0 {
                defined.get(&successor_names[index]).copied()
            } else if target & Target::HUGE != 0 {
                None
            } else {
                usize::try_from(target)
                    .ok()
                    .filter(|&k| numbered.get(k) == Some(&true))
            };
            found.map(Vertex::new).ok_or_else(|| {
                let written = if target & (Target::NAMED | Target::HUGE) != 0 {
                    successor_names[index].clone()
                } else {
                    target.to_string()
                };
                ParseError::new(
                    span,
                    format!("'{written}'"),
                    "the name of a vertex defined in the file",
                )
            })
        };
        let start = match start {
            Some((target, span)) => Some(resolve(target, span)?),
            None => None,
        };
        let mut b = Builder::new(self.players);
        b.reserve(specs.len(), successors.len());
        for spec in specs {
            let v = b.add_vertex(spec.owner);
            if let Label::Name(name) = &spec.label {
                b.set_name(v, name.as_str());
            }
        }
        let mut probabilities = probabilities.into_iter();
        for (i, spec) in specs.iter().enumerate() {
            let v = Vertex::new(i);
            for &(target, span) in &successors[spec.successors.clone()] {
                let w = resolve(target, span)?;
                match spec.owner {
                    Owner::Chance => {
                        // The parser gives every move of chance its probability.
                        let Some(p) = probabilities.next() else {
                            return Err(ParseError::new(
                                span,
                                "a move of chance without its probability",
                                "':' and the probability of this move",
                            ));
                        };
                        b.add_chance_edge(v, w, p)
                    }
                    _ => b.add_edge(v, w),
                }
            }
        }
        // The successors are in the builder now; the arena is built without them.
        drop((successors, successor_names));
        if let Some(s) = start {
            b.set_start(s);
        }
        let arena = b.build().map_err(|e| {
            let span = e
                .at()
                .and_then(|v| self.specs.get(v.index()))
                .map_or(Span { line: 1, column: 1 }, |s| s.span);
            ParseError::new(span, e.to_string(), "a well-formed game")
        })?;
        let priority = self
            .has_priority
            .then(|| self.specs.iter().map(|s| s.priority.unwrap_or(0)).collect());
        let reward = self.has_reward.then(|| {
            self.specs
                .iter()
                .map(|s| {
                    let reward = s.extra.as_ref().and_then(|x| x.reward.clone());
                    reward.unwrap_or(Rational::ZERO)
                })
                .collect()
        });
        let observation = self.has_observation.then(|| {
            let observation = |s: &Spec| s.extra.as_ref().and_then(|x| x.observation.clone());
            self.specs.iter().map(observation).collect()
        });
        let payoff = (self.specs.into_iter())
            .map(|s| s.extra.map(|x| x.payoff).unwrap_or_default())
            .collect();
        Ok(GameGraph {
            arena: arena.into(),
            payoff,
            reward,
            priority,
            discount: self.discount,
            observation,
            cycle: self.cycle,
        })
    }
}
