//! The parser's body: states, edges, implicit labels and acceptance sets, and the checks of the
//! header it needs.

use super::acceptance::{Parity, canonical_text, check_pairs};
use super::expr::Expr;
use super::lexer::{Kind, Lexer, span_at};
use super::parser::{Header, Parser};
use super::{Automaton, EdgeRec, StateRec};
use foldhash::{HashMap, HashMapExt};
use kalmar_core::ParseError;

impl<'a> Parser<'a> {
    /// `{n …}` if it stands here: the deciding set of the sets listed.
    fn acc_sig(&mut self, parity: Parity) -> Result<Option<u32>, ParseError> {
        if !self.lex.eat(b'{')? {
            return Ok(None);
        }
        let mut decider = None;
        loop {
            let t = self.lex.next()?;
            if t.is(b'}') {
                return Ok(decider);
            }
            if t.kind != Kind::Int {
                return Err(self.lex.unexpected(t, "an acceptance set number or '}'"));
            }
            let set = self.lex.number(t, "an acceptance set number")?;
            if set >= parity.sets {
                return Err(self.lex.unexpected(
                    t,
                    format!(
                        "an acceptance set number below {}, the number of sets of 'Acceptance:'",
                        parity.sets
                    ),
                ));
            }
            decider = parity.combine(decider, Some(set));
        }
    }

    /// Checks the header and reads the body.
    pub(super) fn body(&mut self, h: Header) -> Result<Automaton, ParseError> {
        let body_at = h.body_at;
        let aps = h.aps.unwrap_or(0);
        self.aps = Some(aps);
        if let Some((ap, at)) = h.pending_ap
            && ap >= aps
        {
            return Err(self.lex.error(
                at,
                format!("proposition {ap}"),
                format!("an atomic proposition number below {aps}, the number 'AP:' declares"),
            ));
        }
        let Some((parity, acceptance_at)) = h.acceptance else {
            return Err(self.lex.error(
                body_at,
                "'--BODY--'",
                "an 'Acceptance:' header item before '--BODY--'",
            ));
        };
        let Some((list, controllable_at)) = h.controllable else {
            return Err(self.lex.error(
                body_at,
                "'--BODY--'",
                "a 'controllable-AP:' header item before '--BODY--' (the propositions the \
                 controller sets, as the extended HOA format for synthesis has it)",
            ));
        };
        let mut controllable = vec![false; aps as usize];
        for (ap, at) in list {
            if ap >= aps {
                return Err(self.lex.error(
                    at,
                    format!("proposition {ap}"),
                    format!("an atomic proposition number below {aps}, the number 'AP:' declares"),
                ));
            }
            controllable[ap as usize] = true;
        }
        if let Some(name) = &h.acc_name {
            if name.parity.sets != parity.sets {
                return Err(self.lex.error(
                    name.sets_at,
                    format!("{} sets", name.parity.sets),
                    format!(
                        "{}, the number of sets of 'Acceptance:' on line {}",
                        parity.sets,
                        span_at(self.lex.text, acceptance_at).line
                    ),
                ));
            }
            // One formula may be two conditions' (Inf(0) is max even 1 and min even 1); what
            // matters is that it is the one acc-name names.
            if canonical_text(name.parity) != canonical_text(parity) {
                return Err(self.lex.error(
                    acceptance_at,
                    format!("the condition of '{}'", parity.name()),
                    format!(
                        "{}, the condition of '{}' that 'acc-name:' on line {} names",
                        canonical_text(name.parity),
                        name.parity.name(),
                        span_at(self.lex.text, name.at).line
                    ),
                ));
            }
        }
        let states = h.states;
        if let (Some((s, at)), Some(n)) = (h.start, states)
            && s >= n
        {
            return Err(self.lex.error(
                at,
                format!("state {s}"),
                format!("a state number below {n}, the number of states"),
            ));
        }
        let uncontrollable = controllable.iter().filter(|&&c| !c).count();
        if let Some(n) = states {
            check_pairs(&self.lex, n as u64, uncontrollable, controllable_at)?;
        }

        // The body.
        let mut records: Vec<StateRec> = Vec::new();
        let mut edges: Vec<EdgeRec> = Vec::new();
        let mut labels: Vec<Expr> = Vec::new();
        let mut label_at: Vec<usize> = Vec::new();
        let mut defined: HashMap<u32, usize> = HashMap::new();
        // The largest state number used, and where (when States: is absent).
        let mut largest: Option<u32> = h.start.map(|(s, _)| s);
        let check_state =
            |lex: &Lexer<'_>, s: u32, at: usize, largest: &mut Option<u32>| match states {
                Some(n) if s >= n => Err(lex.error(
                    at,
                    format!("state {s}"),
                    format!("a state number below {n}, the number 'States:' declares"),
                )),
                _ => {
                    if largest.is_none_or(|l| s > l) {
                        *largest = Some(s);
                    }
                    Ok(())
                }
            };
        let mut current: Option<Current> = None;
        loop {
            let t = self.lex.next()?;
            match t.kind {
                Kind::Header if self.lex.header_name(t) == "State" => {
                    if let Some(c) = current.take() {
                        self.finish_state(c, &mut records, &mut edges, &mut labels, &mut label_at)?;
                    }
                    let mut label = None;
                    if self.lex.eat(b'[')? {
                        let at = self.lex.peek()?.start;
                        let l = self.label(&mut None)?;
                        self.close_bracket()?;
                        labels.push(l.expr);
                        label_at.push(at);
                        label = Some(labels.len() as u32 - 1);
                    }
                    let n = self.lex.next()?;
                    let id = self.lex.number(n, "a state number")?;
                    check_state(&self.lex, id, n.start, &mut largest)?;
                    if let Some(&first) = defined.get(&id) {
                        return Err(self.lex.error(
                            n.start,
                            format!("state {id} again"),
                            format!(
                                "a state not defined yet ({id} is defined on line {})",
                                span_at(self.lex.text, first).line
                            ),
                        ));
                    }
                    defined.insert(id, n.start);
                    if self.lex.peek()?.kind == Kind::Str {
                        self.lex.next()?;
                    }
                    let set = self.acc_sig(parity)?;
                    current = Some(Current {
                        id,
                        at: t.start,
                        label,
                        set,
                        first_edge: edges.len(),
                        labelled: None,
                        unlabelled: None,
                    });
                }
                Kind::Punct(b'[') | Kind::Int => {
                    let Some(c) = current.as_mut() else {
                        return Err(self.lex.unexpected(t, "'State:' before the first edge"));
                    };
                    let label = if t.kind == Kind::Int {
                        c.unlabelled.get_or_insert(t.start);
                        self.lex.peeked = Some(t);
                        c.label.unwrap_or(u32::MAX)
                    } else {
                        if c.label.is_some() {
                            return Err(self.lex.unexpected(
                                t,
                                format!(
                                    "an edge without a label (state {} has a state label)",
                                    c.id
                                ),
                            ));
                        }
                        c.labelled.get_or_insert(t.start);
                        let at = self.lex.peek()?.start;
                        let l = self.label(&mut None)?;
                        self.close_bracket()?;
                        labels.push(l.expr);
                        label_at.push(at);
                        labels.len() as u32 - 1
                    };
                    let n = self.lex.next()?;
                    let target = self.lex.number(n, "the number of the target state")?;
                    check_state(&self.lex, target, n.start, &mut largest)?;
                    let amp = self.lex.peek()?;
                    if amp.is(b'&') {
                        return Err(self.lex.unexpected(
                            amp,
                            "one target state (kalmar reads automata without universal \
                             branching)",
                        ));
                    }
                    let set = self.acc_sig(parity)?;
                    edges.push(EdgeRec {
                        label,
                        target,
                        set: parity.combine(c.set, set),
                    });
                }
                Kind::End => break,
                Kind::Abort => {
                    return Err(self.lex.unexpected(
                        t,
                        "'--END--' (the automaton was aborted by the tool that wrote it)",
                    ));
                }
                _ => {
                    let expected = if current.is_some() {
                        "an edge ('[label] state'), 'State:' or '--END--'"
                    } else {
                        "'State:' or '--END--'"
                    };
                    return Err(self.lex.unexpected(t, expected));
                }
            }
        }
        if let Some(c) = current.take() {
            self.finish_state(c, &mut records, &mut edges, &mut labels, &mut label_at)?;
        }
        let after = self.lex.next()?;
        if after.kind != Kind::Eof {
            return Err(self.lex.unexpected(
                after,
                "end of input after '--END--' (kalmar reads one automaton per file)",
            ));
        }
        let n = match states {
            Some(n) => n,
            None => {
                let n = largest.map_or(0, |l| u64::from(l) + 1);
                check_pairs(&self.lex, n, uncontrollable, controllable_at)?;
                n as u32
            }
        };
        Ok(Automaton {
            states: n,
            start: h.start.map(|(s, _)| s),
            aps,
            controllable,
            controllable_at,
            parity,
            records,
            edges,
            labels,
            label_at,
        })
    }

    fn close_bracket(&mut self) -> Result<(), ParseError> {
        let t = self.lex.next()?;
        if t.is(b']') {
            Ok(())
        } else {
            Err(self.lex.unexpected(t, "']', '&' or '|'"))
        }
    }

    /// Ends the edges of a state: resolves implicit labels.
    fn finish_state(
        &self,
        c: Current,
        records: &mut Vec<StateRec>,
        edges: &mut [EdgeRec],
        labels: &mut Vec<Expr>,
        label_at: &mut Vec<usize>,
    ) -> Result<(), ParseError> {
        let range = c.first_edge..edges.len();
        if c.label.is_none()
            && let Some(unlabelled) = c.unlabelled
        {
            if let Some(labelled) = c.labelled {
                let at = unlabelled.max(labelled);
                let found = if at == unlabelled {
                    "an edge without a label"
                } else {
                    "an edge with a label"
                };
                return Err(self.lex.error(
                    at,
                    found,
                    format!(
                        "edges of state {} all with labels, or all without (implicit labels)",
                        c.id
                    ),
                ));
            }
            let aps = self.aps.unwrap_or(0);
            let count = range.len() as u64;
            if aps >= 32 || count != 1u64 << aps {
                return Err(self.lex.error(
                    c.at,
                    format!("{count} edges without labels"),
                    format!(
                        "2^{aps} edges, one per valuation, for state {} with implicit labels",
                        c.id
                    ),
                ));
            }
            // The implicit label of edge i: the valuation i, proposition 0 its lowest bit.
            for (i, edge) in edges[range.clone()].iter_mut().enumerate() {
                let cube = (0..aps)
                    .map(|ap| Expr::Lit {
                        ap,
                        value: (i >> ap) & 1 == 1,
                    })
                    .collect();
                labels.push(Expr::join(true, cube));
                label_at.push(unlabelled);
                edge.label = labels.len() as u32 - 1;
            }
        }
        records.push(StateRec {
            id: c.id,
            at: c.at,
            edges: range,
        });
        Ok(())
    }
}

/// The state whose edges are being read.
struct Current {
    id: u32,
    at: usize,
    label: Option<u32>,
    set: Option<u32>,
    first_edge: usize,
    /// Where the first edge with a label, and the first without, stand.
    labelled: Option<usize>,
    unlabelled: Option<usize>,
}
