//! Where the workers run: `workers` threads in each of `processes` processes, this one being
//! number `process`, the processes at `hosts` (`host:port`, one per process, as in timely's
//! host files). One process with one thread runs the same dataflow without a thread of its
//! own to spare.
//!
//! ```
//! use kalmar_dist::Cluster;
//! let cluster = Cluster::threads(4);
//! assert_eq!(cluster.peers(), 4);
//! let two = Cluster::processes(2, 1, vec!["127.0.0.1:2101".into(), "127.0.0.1:2102".into()], 2).unwrap();
//! assert_eq!(two.peers(), 4);
//! assert!(Cluster::processes(2, 2, vec!["a:1".into(), "b:2".into()], 1).is_err());
//! let file = Cluster::from_hostfile("# two on loopback\n127.0.0.1:2101\n127.0.0.1:2102\n", 2, 0, 1).unwrap();
//! assert_eq!(file.hosts.len(), 2);
//! assert!(Cluster::from_hostfile("127.0.0.1\n", 1, 0, 1).is_err());
//! ```

use crate::DistError;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::time::{Duration, Instant};
use timely::communication::WorkerGuards;
use timely::communication::allocator::zero_copy::bytes_slab::BytesRefill;
use timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
use timely::communication::allocator::{AllocatorBuilder, ProcessBuilder};
use timely::worker::Worker;

/// How long a process waits for the others to come up.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(60);

/// Where the workers run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cluster {
    /// Worker threads in each process.
    pub workers: usize,
    /// This process's number, from 0.
    pub process: usize,
    /// Every process's `host:port`, in order of number (empty for one process).
    pub hosts: Vec<String>,
}

impl Cluster {
    /// `workers` threads in this process alone.
    pub fn threads(workers: usize) -> Cluster {
        Cluster {
            workers: workers.max(1),
            process: 0,
            hosts: Vec::new(),
        }
    }

    /// Process `process` of `count`, at `hosts[process]`, with `workers` threads each.
    pub fn processes(
        count: usize,
        process: usize,
        hosts: Vec<String>,
        workers: usize,
    ) -> Result<Cluster, DistError> {
        if hosts.len() != count || process >= count {
            return Err(DistError::Start(format!(
                "process {process} of {count} needs {count} host:port addresses, one per process, and a number below {count}; {} were given",
                hosts.len()
            )));
        }
        Ok(Cluster {
            workers: workers.max(1),
            process,
            hosts,
        })
    }

    /// Process `process` of `count` with the addresses of a host file: one `host:port` a
    /// line, in order of process number (blank lines and `#` comments skipped), as timely's
    /// `-h` reads them.
    pub fn from_hostfile(
        text: &str,
        count: usize,
        process: usize,
        workers: usize,
    ) -> Result<Cluster, DistError> {
        let hosts: Vec<String> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .take(count)
            .map(str::to_string)
            .collect();
        if let Some(bad) = hosts.iter().find(|h| {
            h.rsplit_once(':')
                .is_none_or(|(_, p)| p.parse::<u16>().is_err())
        }) {
            return Err(DistError::Start(format!("`{bad}` is not host:port")));
        }
        Cluster::processes(count, process, hosts, workers)
    }

    /// The number of processes.
    pub fn processes_count(&self) -> usize {
        self.hosts.len().max(1)
    }

    /// The number of workers in all.
    pub fn peers(&self) -> usize {
        self.workers * self.processes_count()
    }

    /// Runs `work` on every worker of this process, as `timely::execute` does. Several
    /// processes connect as timely's own networking does (each process dials those of lower
    /// number and sends its number, then accepts those of higher number), but quietly, every
    /// 20 ms, and for at most [`CONNECT_TIMEOUT`]: timely's prints its progress on standard
    /// output, where a program's answer goes, and retries once a second forever.
    pub fn execute<T, F>(&self, work: F) -> Result<WorkerGuards<T>, DistError>
    where
        T: Send + 'static,
        F: Fn(&mut Worker) -> T + Send + Sync + 'static,
    {
        if self.hosts.len() <= 1 {
            return timely::execute(self.config(), work).map_err(DistError::Start);
        }
        let sockets = self.connect()?;
        let refill = BytesRefill {
            logic: Arc::new(|size| {
                Box::new(vec![0_u8; size]) as Box<dyn std::ops::DerefMut<Target = [u8]>>
            }),
            limit: None,
        };
        let local = ProcessBuilder::new_typed_vector(self.workers, refill.clone());
        let (builders, guard) = initialize_networking_from_sockets(
            local,
            sockets,
            self.process,
            self.workers,
            refill,
            Arc::new(|_| None),
        )
        .map_err(|e| DistError::Start(e.to_string()))?;
        let builders = builders.into_iter().map(AllocatorBuilder::Tcp).collect();
        timely::execute::execute_from(
            builders,
            Box::new(guard),
            timely::WorkerConfig::default(),
            work,
        )
        .map_err(DistError::Start)
    }

    /// One connected socket per other process, `None` at this one's place.
    fn connect(&self) -> Result<Vec<Option<TcpStream>>, DistError> {
        let deadline = Instant::now() + CONNECT_TIMEOUT;
        let fail = |what: String| DistError::Start(what);
        let listener = TcpListener::bind(&self.hosts[self.process]).map_err(|e| {
            fail(format!(
                "cannot listen at {}: {e}",
                self.hosts[self.process]
            ))
        })?;
        let mut sockets: Vec<Option<TcpStream>> = (0..self.hosts.len()).map(|_| None).collect();
        for (index, address) in self.hosts.iter().enumerate().take(self.process) {
            let mut stream = loop {
                match TcpStream::connect(address) {
                    Ok(stream) => break stream,
                    Err(e) if Instant::now() > deadline => {
                        return Err(fail(format!(
                            "process {index} at {address} did not answer: {e}"
                        )));
                    }
                    Err(_) => std::thread::sleep(Duration::from_millis(20)),
                }
            };
            stream.set_nodelay(true).map_err(|e| fail(e.to_string()))?;
            stream
                .write_all(&(self.process as u64).to_be_bytes())
                .map_err(|e| fail(e.to_string()))?;
            sockets[index] = Some(stream);
        }
        listener
            .set_nonblocking(true)
            .map_err(|e| fail(e.to_string()))?;
        while sockets[self.process + 1..].iter().any(Option::is_none) {
            match listener.accept() {
                Ok((mut stream, _)) => {
                    stream
                        .set_nonblocking(false)
                        .map_err(|e| fail(e.to_string()))?;
                    stream.set_nodelay(true).map_err(|e| fail(e.to_string()))?;
                    let mut number = [0u8; 8];
                    stream
                        .read_exact(&mut number)
                        .map_err(|e| fail(e.to_string()))?;
                    let index = u64::from_be_bytes(number) as usize;
                    if index <= self.process || index >= self.hosts.len() {
                        return Err(fail(format!("a peer said it was process {index}")));
                    }
                    sockets[index] = Some(stream);
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    if Instant::now() > deadline {
                        return Err(fail(
                            "the processes of higher number did not all connect".into(),
                        ));
                    }
                    std::thread::sleep(Duration::from_millis(20));
                }
                Err(e) => return Err(fail(e.to_string())),
            }
        }
        Ok(sockets)
    }

    /// timely's configuration.
    pub fn config(&self) -> timely::Config {
        if self.hosts.len() > 1 {
            let communication = timely::CommunicationConfig::Cluster {
                threads: self.workers,
                process: self.process,
                addresses: self.hosts.clone(),
                report: false,
                zerocopy: false,
                log_fn: std::sync::Arc::new(|_| None),
            };
            timely::Config {
                communication,
                worker: timely::WorkerConfig::default(),
            }
        } else if self.workers > 1 {
            timely::Config::process(self.workers)
        } else {
            timely::Config::thread()
        }
    }
}

/// The answer of the one worker of this process that returned one (worker 0, by the solvers'
/// convention, which gathers the merged answer), once every worker here has finished; `None`
/// in the other processes.
pub fn gathered<T: Send + 'static>(
    guards: WorkerGuards<Option<T>>,
) -> Result<Option<T>, DistError> {
    let mut merged = None;
    for result in guards.join() {
        if let Some(answer) = result.map_err(DistError::Worker)? {
            merged = Some(answer);
        }
    }
    Ok(merged)
}
