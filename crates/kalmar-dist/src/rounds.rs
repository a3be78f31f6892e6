//! Rounds of messages between workers, the one dataflow every distributed solver here runs:
//! in each round a worker sends messages to the owners of their keys; timely's exchange
//! delivers them, and the round closes when its progress tracking says that every message
//! of the round has arrived everywhere (a probe on the round's timestamp). A second stream
//! sums one number over all workers per round, for a global decision such as "nothing is
//! left to do". A worker waiting for a round parks its thread until messages or progress
//! arrive, so that more workers than cores do not spin against each other.
//!
//! ```
//! use kalmar_dist::rounds::Rounds;
//! let sums = timely::execute(timely::Config::process(3), |worker| {
//!     let me = worker.index() as u32;
//!     let mut rounds = Rounds::<(u32, u32)>::new(worker, |m| u64::from(m.0));
//!     rounds.send((0, me)); // everybody writes to worker 0
//!     let got = rounds.deliver(worker);
//!     let total = rounds.sum(worker, got.len() as u64);
//!     (got.len(), total)
//! }).unwrap().join().into_iter().map(|r| r.unwrap()).collect::<Vec<_>>();
//! assert!(sums.iter().all(|&(_, total)| total == 3));
//! assert_eq!(sums.iter().map(|s| s.0).sum::<usize>(), 3);
//! ```

use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;
use timely::dataflow::operators::vec::Input;
use timely::dataflow::operators::{Exchange, Inspect, Probe};
use timely::dataflow::{InputHandleVec, ProbeHandle};
use timely::worker::Worker;

/// The messages of `inbox` stamped before `time`, taken out in their order of arrival.
fn take_before<M>(inbox: &mut Vec<(u64, M)>, time: u64) -> Vec<M> {
    let (now, later): (Vec<_>, Vec<_>) = inbox.drain(..).partition(|(t, _)| *t < time);
    *inbox = later;
    now.into_iter().map(|(_, m)| m).collect()
}

/// One worker's end of the rounds.
pub struct Rounds<M: Clone + 'static> {
    route: Rc<dyn Fn(&M) -> u64>,
    me: u64,
    /// Messages of this round to this worker itself, which need not cross the dataflow.
    own: Vec<M>,
    input: InputHandleVec<u64, M>,
    probe: ProbeHandle<u64>,
    inbox: Rc<RefCell<Vec<(u64, M)>>>,
    sum_input: InputHandleVec<u64, (u32, u64)>,
    sum_probe: ProbeHandle<u64>,
    sums: Rc<RefCell<Vec<(u64, u64)>>>,
    peers: usize,
    traffic: Traffic,
    sent: u64,
}

/// What a worker sent to the others.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Traffic {
    /// Rounds closed.
    pub rounds: u64,
    /// Messages sent to other workers (those to itself stay in the worker).
    pub messages: u64,
    /// Their size in bytes as the program holds them.
    pub bytes: u64,
}

impl std::ops::Add for Traffic {
    type Output = Traffic;

    fn add(self, other: Traffic) -> Traffic {
        Traffic {
            rounds: self.rounds + other.rounds,
            messages: self.messages + other.messages,
            bytes: self.bytes + other.bytes,
        }
    }
}

/// What a dataflow did, over all its workers: the figures every distributed solve reports.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Dataflow {
    /// Workers in all.
    pub workers: usize,
    /// Processes.
    pub processes: usize,
    /// Rounds closed (by each worker: they close them together).
    pub rounds: u64,
    /// Messages sent between workers in all (those a worker sends itself not counted).
    pub messages: u64,
    /// Their bytes as held in memory.
    pub bytes: u64,
    /// The most vertices (or indices) one worker owned.
    pub largest_share: u64,
    /// Seconds of the dataflow, from the split to the gathered answer.
    pub seconds: f64,
}

impl Dataflow {
    /// This worker's `traffic` summed over all workers with `rounds` (every worker calls it
    /// in the same round), for `size` vertices split over the workers of `processes`
    /// processes, since `start`.
    pub fn total<M>(
        worker: &mut Worker,
        rounds: &mut Rounds<M>,
        traffic: Traffic,
        (size, processes): (usize, usize),
        start: Instant,
    ) -> Dataflow
    where
        M: timely::ExchangeData + Clone,
    {
        Dataflow {
            workers: worker.peers(),
            processes,
            rounds: traffic.rounds,
            messages: rounds.sum(worker, traffic.messages),
            bytes: rounds.sum(worker, traffic.bytes),
            largest_share: size.div_ceil(worker.peers()) as u64,
            seconds: start.elapsed().as_secs_f64(),
        }
    }
}

impl std::fmt::Display for Dataflow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let plural =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        write!(
            f,
            "{} in {} ({} a worker at most), {} rounds, {} messages between workers ({} bytes)",
            plural(self.workers, "worker", "workers"),
            plural(self.processes, "process", "processes"),
            self.largest_share,
            self.rounds,
            self.messages,
            self.bytes
        )
    }
}

impl<M> Rounds<M>
where
    M: timely::ExchangeData + Clone,
{
    /// The rounds of this worker; `route` gives a message's destination worker (taken modulo
    /// the number of workers).
    pub fn new(worker: &mut Worker, route: impl Fn(&M) -> u64 + 'static) -> Rounds<M> {
        let route: Rc<dyn Fn(&M) -> u64> = Rc::new(route);
        let exchange = Rc::clone(&route);
        let mut input = InputHandleVec::new();
        let inbox = Rc::new(RefCell::new(Vec::new()));
        let delivered = Rc::clone(&inbox);
        let probe = worker.dataflow::<u64, _, _>(|scope| {
            let (probe, _) = scope
                .input_from(&mut input)
                .exchange(move |m: &M| exchange(m))
                .inspect_time(move |&t: &u64, m: &M| delivered.borrow_mut().push((t, m.clone())))
                .probe();
            probe
        });
        let mut sum_input = InputHandleVec::new();
        let sums = Rc::new(RefCell::new(Vec::new()));
        let summed = Rc::clone(&sums);
        let sum_probe = worker.dataflow::<u64, _, _>(|scope| {
            let (probe, _) = scope
                .input_from(&mut sum_input)
                .exchange(|m: &(u32, u64)| u64::from(m.0))
                .inspect_time(move |&t: &u64, m: &(u32, u64)| summed.borrow_mut().push((t, m.1)))
                .probe();
            probe
        });
        let (peers, me) = (worker.peers(), worker.index() as u64);
        Rounds {
            route,
            me,
            own: Vec::new(),
            input,
            probe,
            inbox,
            sum_input,
            sum_probe,
            sums,
            peers,
            traffic: Traffic::default(),
            sent: 0,
        }
    }

    /// Sends a message in the current round (to this worker itself without crossing the
    /// dataflow).
    pub fn send(&mut self, message: M) {
        self.send_counted(message, 1, std::mem::size_of::<M>() as u64);
    }

    /// Sends a message that carries `items` items of `bytes` bytes in all (a batch), counted
    /// so in the traffic.
    pub fn send_counted(&mut self, message: M, items: u64, bytes: u64) {
        self.sent += 1;
        if (self.route)(&message) % self.peers as u64 == self.me {
            self.own.push(message);
            return;
        }
        self.traffic.messages += items;
        self.traffic.bytes += bytes;
        self.input.send(message);
    }

    /// Closes the round: waits until every worker's messages of it have arrived, and returns
    /// those addressed to this worker.
    pub fn deliver(&mut self, worker: &mut Worker) -> Vec<M> {
        self.deliver_after(worker, |_| false)
    }

    /// Closes the round and waits until its messages and whatever else `pending` waits for
    /// have arrived.
    fn deliver_after(&mut self, worker: &mut Worker, pending: impl Fn(&Self) -> bool) -> Vec<M> {
        let next = self.input.time() + 1;
        self.input.advance_to(next);
        worker.step_or_park_while(None, || self.probe.less_than(&next) || pending(self));
        self.traffic.rounds += 1;
        // A faster worker's messages of the next round may be here already: keep them.
        let mut arrived = std::mem::take(&mut self.own);
        arrived.extend(take_before(&mut self.inbox.borrow_mut(), next));
        arrived
    }

    /// The sum of `local` over all workers (every worker must call it in the same round).
    pub fn sum(&mut self, worker: &mut Worker, local: u64) -> u64 {
        let next = self.post_sum(local);
        worker.step_or_park_while(None, || self.sum_probe.less_than(&next));
        self.take_sum(next)
    }

    /// [`Rounds::deliver`] and [`Rounds::sum`] in one wait: the messages of this round to
    /// this worker, and the sum of `local` over all workers (say, of the messages each sent,
    /// which tells whether the spreading of a search is over).
    pub fn deliver_and_sum(&mut self, worker: &mut Worker, local: u64) -> (Vec<M>, u64) {
        let summed = self.post_sum(local);
        let arrived = self.deliver_after(worker, |rounds| rounds.sum_probe.less_than(&summed));
        (arrived, self.take_sum(summed))
    }

    /// Sends `local` to every worker's sum and closes the sum's round, whose time it returns.
    fn post_sum(&mut self, local: u64) -> u64 {
        for peer in 0..self.peers {
            self.sum_input.send((peer as u32, local));
        }
        let next = self.sum_input.time() + 1;
        self.sum_input.advance_to(next);
        next
    }

    fn take_sum(&mut self, time: u64) -> u64 {
        take_before(&mut self.sums.borrow_mut(), time)
            .into_iter()
            .sum()
    }

    /// The messages this worker has sent so far, those to itself included.
    pub fn sent(&self) -> u64 {
        self.sent
    }

    /// What this worker has sent so far.
    pub fn traffic(&self) -> Traffic {
        self.traffic
    }
}
