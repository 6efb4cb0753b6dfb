//! [`Budget`]: the one way every solver and generator of the workspace is bounded, and the
//! [`Meter`] that keeps its account during a call.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A bound on the work of one call: a number of nodes, a span of time, both, or neither; and
/// optionally a flag another thread sets to cancel the call ([`with_cancel`](Budget::with_cancel)).
///
/// Every solver takes it the same way ([`Solver::solve_within`](crate::Solver::solve_within),
/// [`CountSolutions::count_solutions_within`](crate::CountSolutions::count_solutions_within))
/// and answers [`Verdict::GaveUp`](crate::Verdict::GaveUp) (or [`Unsettled`] for a count)
/// when it runs out, naming what ran out. A node is the solver's unit of search: a search
/// state for the backtracking solvers (MRV, dancing links, killer), a cycle for the bee
/// colony. A node budget repeats exactly; a time budget does not, but bounds the wait.
///
/// ```
/// use std::time::Duration;
/// use sudoku_core::Budget;
///
/// let budget = Budget::nodes(10_000).with_time(Duration::from_secs(2));
/// assert_eq!(budget.node_limit(), Some(10_000));
/// assert_eq!(budget.to_string(), "10000 nodes or 2 s");
/// assert!(Budget::UNLIMITED.is_unlimited());
///
/// // A meter keeps the account during one call.
/// let mut meter = Budget::nodes(3).meter();
/// assert!(meter.spend() && meter.spend() && meter.spend());
/// assert!(!meter.spend()); // the fourth node is over the budget
/// assert_eq!(meter.exhausted().map(|e| e.to_string()), Some("3 nodes".into()));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Budget {
    nodes: Option<u64>,
    time: Option<Duration>,
    cancel: Option<&'static AtomicBool>,
}

impl PartialEq for Budget {
    /// The same limits, and the same cancel flag (the same flag, not an equal value).
    fn eq(&self, other: &Budget) -> bool {
        self.nodes == other.nodes
            && self.time == other.time
            && self.cancel.map(std::ptr::from_ref) == other.cancel.map(std::ptr::from_ref)
    }
}

impl Eq for Budget {}

impl Hash for Budget {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.nodes.hash(state);
        self.time.hash(state);
        self.cancel.map(std::ptr::from_ref).hash(state);
    }
}

impl Budget {
    /// No bound: complete solvers search until they settle the puzzle (incomplete ones stop
    /// at their own limit, such as the colony's cycles).
    pub const UNLIMITED: Budget = Budget {
        nodes: None,
        time: None,
        cancel: None,
    };

    /// At most `nodes` nodes.
    pub const fn nodes(nodes: u64) -> Budget {
        Budget {
            nodes: Some(nodes),
            time: None,
            cancel: None,
        }
    }

    /// At most `time` of wall-clock time, from the start of the call.
    pub const fn time(time: Duration) -> Budget {
        Budget {
            nodes: None,
            time: Some(time),
            cancel: None,
        }
    }

    /// This budget, cancelled when `flag` is set (by another thread, a signal handler's
    /// watcher, a user interface): the call then ends as soon as it next looks, every
    /// [`Meter::STRIDE`] nodes and at every step of the calls that do not count nodes, and
    /// answers that it gave up with [`Exhausted::Cancelled`]. A flag already set cancels the
    /// call before its first node. The flag is `'static` so that the budget stays `Copy`: a
    /// program keeps one flag per thread that makes calls (a `static`, or one leaked box per
    /// thread), and clears it before the next call.
    ///
    /// ```
    /// use std::sync::atomic::{AtomicBool, Ordering};
    /// use std::time::Duration;
    /// use sudoku_core::{Budget, Exhausted};
    ///
    /// static STOP: AtomicBool = AtomicBool::new(false);
    /// let budget = Budget::time(Duration::from_secs(60)).with_cancel(&STOP);
    /// let mut meter = budget.meter();
    /// assert!(meter.spend());
    /// STOP.store(true, Ordering::Relaxed); // another thread, in a real program
    /// while meter.spend() {} // ends within `Meter::STRIDE` nodes
    /// assert_eq!(meter.exhausted(), Some(Exhausted::Cancelled));
    /// STOP.store(false, Ordering::Relaxed);
    /// ```
    pub const fn with_cancel(self, flag: &'static AtomicBool) -> Budget {
        Budget {
            cancel: Some(flag),
            ..self
        }
    }

    /// The cancel flag, if any.
    pub const fn cancel_flag(&self) -> Option<&'static AtomicBool> {
        self.cancel
    }

    /// Whether the cancel flag is set.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// This budget, with its node limit set to `nodes`.
    pub const fn with_nodes(self, nodes: u64) -> Budget {
        Budget {
            nodes: Some(nodes),
            ..self
        }
    }

    /// This budget, with its time limit set to `time`.
    pub const fn with_time(self, time: Duration) -> Budget {
        Budget {
            time: Some(time),
            ..self
        }
    }

    /// The node limit, if any.
    pub const fn node_limit(&self) -> Option<u64> {
        self.nodes
    }

    /// The time limit, if any.
    pub const fn time_limit(&self) -> Option<Duration> {
        self.time
    }

    /// Whether neither nodes nor time are bounded (a cancel flag is no bound).
    pub const fn is_unlimited(&self) -> bool {
        self.nodes.is_none() && self.time.is_none()
    }

    /// The tighter of two budgets: each limit is the smaller of the two (a limit only one
    /// of them sets is kept), and the cancel flag of `self`, else of `other`.
    ///
    /// ```
    /// use std::time::Duration;
    /// use sudoku_core::Budget;
    ///
    /// let both = Budget::nodes(500).min(Budget::nodes(900).with_time(Duration::from_secs(1)));
    /// assert_eq!(both, Budget::nodes(500).with_time(Duration::from_secs(1)));
    /// ```
    pub fn min(self, other: Budget) -> Budget {
        fn tighter<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
            match (a, b) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            }
        }
        Budget {
            nodes: tighter(self.nodes, other.nodes),
            time: tighter(self.time, other.time),
            cancel: self.cancel.or(other.cancel),
        }
    }

    /// What ran out, as this budget states it: a call made of several steps gives the later
    /// ones what is left of its time limit, and a step that runs out reports that rest; this
    /// names the limit the caller set instead.
    ///
    /// ```
    /// use std::time::Duration;
    /// use sudoku_core::{Budget, Exhausted};
    ///
    /// let budget = Budget::time(Duration::from_secs(2));
    /// let late = Exhausted::Time(Duration::from_millis(300)); // what a later step had left
    /// assert_eq!(budget.as_set(late), Exhausted::Time(Duration::from_secs(2)));
    /// assert_eq!(budget.as_set(Exhausted::Cycles(9)), Exhausted::Cycles(9));
    /// ```
    pub fn as_set(&self, exhausted: Exhausted) -> Exhausted {
        match exhausted {
            Exhausted::Time(time) => Exhausted::Time(self.time.unwrap_or(time)),
            Exhausted::Nodes(nodes) => Exhausted::Nodes(self.nodes.unwrap_or(nodes)),
            other => other,
        }
    }

    /// Starts the account of one call: the clock of a time limit starts now.
    pub fn meter(&self) -> Meter {
        let node_limit = self.nodes.unwrap_or(u64::MAX);
        let deadline = self.time.map(|time| Instant::now().checked_add(time));
        let mut meter = Meter {
            spent: 0,
            check_at: 0,
            node_limit,
            deadline: deadline.flatten(),
            time: self.time,
            cancel: self.cancel,
            exhausted: None,
        };
        // Under a time limit or a cancel flag the first node reads the clock and the flag (a
        // limit of zero, or a flag already set, stops at once).
        meter.check_at = if meter.watches() { 0 } else { node_limit };
        meter
    }
}

impl fmt::Display for Budget {
    /// `10000 nodes`, `2 s`, `10000 nodes or 2 s`, or `no limit`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.nodes, self.time) {
            (None, None) => f.write_str("no limit"),
            (Some(nodes), None) => write!(f, "{}", Exhausted::Nodes(nodes)),
            (None, Some(time)) => write!(f, "{}", Exhausted::Time(time)),
            (Some(nodes), Some(time)) => {
                write!(
                    f,
                    "{} or {}",
                    Exhausted::Nodes(nodes),
                    Exhausted::Time(time)
                )
            }
        }
    }
}

/// What ran out when a call gave up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Exhausted {
    /// The node limit of the caller's [`Budget`] (this many nodes were spent).
    Nodes(u64),
    /// The time limit of the caller's [`Budget`].
    Time(Duration),
    /// An incomplete solver's own limit of cycles (the colony's `AbcConfig::budget`, or a node
    /// limit of the budget, which bounds its cycles).
    Cycles(u64),
    /// The cancel flag of the caller's [`Budget`] was set ([`Budget::with_cancel`]).
    Cancelled,
}

impl fmt::Display for Exhausted {
    /// `10000 nodes`, `2 s` (`1.5 s`, `0.25 s`: at most three decimals), `2000 cycles` or `a
    /// cancel request` (as in "gave up after a cancel request").
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Exhausted::Cancelled => f.write_str("a cancel request"),
            Exhausted::Nodes(1) => f.write_str("1 node"),
            Exhausted::Nodes(nodes) => write!(f, "{nodes} nodes"),
            Exhausted::Cycles(1) => f.write_str("1 cycle"),
            Exhausted::Cycles(cycles) => write!(f, "{cycles} cycles"),
            Exhausted::Time(time) => {
                let text = format!("{:.3}", time.as_secs_f64());
                let text = text.trim_end_matches('0').trim_end_matches('.');
                write!(f, "{text} s")
            }
        }
    }
}

/// A count that its budget cut short: how many solutions were found before it ran out (a
/// lower bound of the count) and what ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Unsettled {
    /// Solutions found before the budget ran out.
    pub found: usize,
    /// What ran out.
    pub exhausted: Exhausted,
}

impl fmt::Display for Unsettled {
    /// `gave up after 10000 nodes with 1 solution found`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "gave up after {} with {} solution{} found",
            self.exhausted,
            self.found,
            if self.found == 1 { "" } else { "s" }
        )
    }
}

impl Unsettled {
    /// The count of a search that found `found` solutions: `Ok(found)` when its budget
    /// lasted, the `Unsettled` it leaves when something ran out (`exhausted`, as
    /// [`Meter::exhausted`] says).
    ///
    /// ```
    /// use sudoku_core::{Exhausted, Unsettled};
    ///
    /// assert_eq!(Unsettled::count(2, None), Ok(2));
    /// let cut = Unsettled::count(1, Some(Exhausted::Nodes(100)));
    /// assert_eq!(cut.unwrap_err().found, 1);
    /// ```
    pub fn count(found: usize, exhausted: Option<Exhausted>) -> Result<usize, Unsettled> {
        match exhausted {
            Some(exhausted) => Err(Unsettled { found, exhausted }),
            None => Ok(found),
        }
    }

    /// What ran out (the [`exhausted`](Unsettled::exhausted) field), as every error of the
    /// workspace says what kind of fault it is.
    pub fn kind(&self) -> Exhausted {
        self.exhausted
    }
}

impl std::error::Error for Unsettled {}

/// The running account of a [`Budget`] during one call.
///
/// A solver calls [`spend`](Meter::spend) once per node; it answers `false` from the first
/// node over the budget on, and [`exhausted`](Meter::exhausted) then says what ran out. The
/// clock and the cancel flag are read every [`Meter::STRIDE`] nodes (and by
/// [`should_stop`](Meter::should_stop), which code that does not count nodes calls between
/// its steps), so an unlimited or node-only budget costs one comparison per node.
#[derive(Clone, Debug)]
pub struct Meter {
    spent: u64,
    /// The count of nodes at which `spend` next takes its slow path.
    check_at: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    time: Option<Duration>,
    cancel: Option<&'static AtomicBool>,
    exhausted: Option<Exhausted>,
}

impl Default for Meter {
    /// The meter of [`Budget::UNLIMITED`], for solvers that keep one between calls.
    fn default() -> Meter {
        Budget::UNLIMITED.meter()
    }
}

impl Meter {
    /// How many nodes pass between two readings of the clock (under a time limit) and of the
    /// cancel flag.
    pub const STRIDE: u64 = 256;

    /// Counts one node; `false` when it is over the budget (and for every node after).
    #[inline]
    pub fn spend(&mut self) -> bool {
        if self.spent < self.check_at {
            self.spent += 1;
            true
        } else {
            self.spend_slow()
        }
    }

    #[cold]
    fn spend_slow(&mut self) -> bool {
        if self.exhausted.is_some() {
            return false;
        }
        if self.spent >= self.node_limit {
            self.exhausted = Some(Exhausted::Nodes(self.node_limit));
            return false;
        }
        if self.should_stop() {
            return false;
        }
        self.spent += 1;
        self.check_at = self.next_check();
        true
    }

    /// Whether the meter reads the clock or a cancel flag (every [`Meter::STRIDE`] nodes).
    fn watches(&self) -> bool {
        self.time.is_some() || self.cancel.is_some()
    }

    /// Where the next slow path of `spend` is.
    fn next_check(&self) -> u64 {
        if self.watches() {
            self.node_limit.min(self.spent.saturating_add(Self::STRIDE))
        } else {
            self.node_limit
        }
    }

    /// For engines that count their nodes themselves: the total at which to call
    /// [`report`](Meter::report) next (so that the hot loop compares its own counter with
    /// one number, as [`spend`](Meter::spend) does).
    pub fn report_at(&self) -> u64 {
        if self.exhausted.is_some() {
            0
        } else {
            self.check_at.saturating_add(1)
        }
    }

    /// For engines that count their nodes themselves: brings the count to `total` nodes
    /// spent (the node just entered included); `false` when that is over the budget or the
    /// time has passed, and the meter is then exhausted. Call it when the count reaches
    /// [`report_at`](Meter::report_at).
    ///
    /// ```
    /// use sudoku_core::{Budget, Exhausted};
    ///
    /// let mut meter = Budget::nodes(1000).meter();
    /// assert_eq!(meter.report_at(), 1001);
    /// assert!(meter.report(1000));
    /// assert!(!meter.report(1001));
    /// assert_eq!((meter.spent(), meter.exhausted()), (1000, Some(Exhausted::Nodes(1000))));
    /// ```
    pub fn report(&mut self, total: u64) -> bool {
        if self.exhausted.is_some() {
            return false;
        }
        if total > self.node_limit {
            self.spent = self.node_limit;
            self.exhausted = Some(Exhausted::Nodes(self.node_limit));
            return false;
        }
        self.spent = self.spent.max(total);
        if self.should_stop() {
            return false;
        }
        self.check_at = self.next_check();
        true
    }

    /// Reads the cancel flag and the clock now: whether the call must stop (the flag is set,
    /// the time limit has passed, or the meter was already exhausted, its nodes included).
    /// The meter is then exhausted. For code whose steps are not nodes (a generator between
    /// two clues, the rating ladder between two techniques): it calls this between steps,
    /// well under a tenth of a second apart, so that a cancelled call ends promptly.
    ///
    /// ```
    /// use std::time::Duration;
    /// use sudoku_core::{Budget, Exhausted};
    ///
    /// let mut meter = Budget::time(Duration::ZERO).meter();
    /// assert!(meter.should_stop());
    /// assert_eq!(meter.exhausted(), Some(Exhausted::Time(Duration::ZERO)));
    /// assert!(!Budget::UNLIMITED.meter().should_stop());
    /// ```
    pub fn should_stop(&mut self) -> bool {
        if self.exhausted.is_some() {
            return true;
        }
        if self.cancel.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
            self.exhausted = Some(Exhausted::Cancelled);
            self.check_at = 0;
            return true;
        }
        let Some(time) = self.time else {
            return false;
        };
        // No deadline under a time limit: too far ahead for the clock to represent.
        let passed = self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline);
        if passed {
            self.exhausted = Some(Exhausted::Time(time));
            self.check_at = 0;
        }
        passed
    }

    /// Charges `nodes` spent by a step that counted them itself (a search given
    /// [`remaining`](Meter::remaining) as its budget); `false`, and the meter exhausted, when
    /// that is over the node limit, or when the step's own budget ran out (`exhausted`: what
    /// it reports). Then reads the flag and the clock as [`should_stop`](Meter::should_stop)
    /// does.
    ///
    /// ```
    /// use sudoku_core::{Budget, Exhausted};
    ///
    /// let mut meter = Budget::nodes(100).meter();
    /// assert!(meter.charge(60, None));
    /// assert_eq!(meter.remaining().node_limit(), Some(40));
    /// assert!(!meter.charge(40, Some(Exhausted::Nodes(40))));
    /// assert_eq!(meter.exhausted(), Some(Exhausted::Nodes(100)));
    /// ```
    pub fn charge(&mut self, nodes: u64, exhausted: Option<Exhausted>) -> bool {
        if self.exhausted.is_some() {
            return false;
        }
        self.spent = self.spent.saturating_add(nodes).min(self.node_limit);
        match exhausted {
            Some(Exhausted::Nodes(_)) => self.exhausted = Some(Exhausted::Nodes(self.node_limit)),
            Some(Exhausted::Time(_)) => {
                self.exhausted = Some(Exhausted::Time(self.time.unwrap_or_default()));
            }
            Some(other) => self.exhausted = Some(other),
            None => return !self.should_stop(),
        }
        self.check_at = 0;
        false
    }

    /// Runs one step of a call that has its own limit of `own` nodes (a uniqueness check a
    /// generator allows, whose giving up shapes what it makes), within what is left of this
    /// meter, and charges its nodes. `search` gets the tighter budget and answers with its
    /// result, the nodes it spent and what ran out, if anything. `Ok(Some(result))` when it
    /// settled; `Ok(None)` when its own limit ran out (the call goes on); `Err` with what ran
    /// out when the meter did (the call stops: the time, the cancel flag, or the call's nodes
    /// when no more than `own` were left).
    ///
    /// ```
    /// use sudoku_core::{Budget, Exhausted};
    ///
    /// // A search that needs 30 nodes, under its own limit of 20 or 50.
    /// let search = |budget: Budget| {
    ///     let limit = budget.node_limit().unwrap_or(u64::MAX);
    ///     if limit < 30 { ((), limit, Some(Exhausted::Nodes(limit))) } else { ((), 30, None) }
    /// };
    /// let mut meter = Budget::nodes(100).meter();
    /// assert_eq!(meter.step(50, search), Ok(Some(())));
    /// assert_eq!(meter.step(20, search), Ok(None)); // its own limit: the call goes on
    /// assert_eq!(meter.spent(), 50);
    /// assert_eq!(meter.step(50, search), Ok(Some(())));
    /// assert_eq!(meter.step(50, search), Err(Exhausted::Nodes(100))); // 20 nodes were left
    /// ```
    ///
    /// # Errors
    ///
    /// What ran out, when the meter did.
    pub fn step<T>(
        &mut self,
        own: u64,
        search: impl FnOnce(Budget) -> (T, u64, Option<Exhausted>),
    ) -> Result<Option<T>, Exhausted> {
        if let Some(exhausted) = self.exhausted {
            return Err(exhausted);
        }
        let rest = self.remaining();
        let (answer, nodes, exhausted) = search(Budget::nodes(own).min(rest));
        let meter_ran_out = match exhausted {
            Some(Exhausted::Nodes(_)) => rest.node_limit().is_some_and(|left| left <= own),
            Some(_) => true,
            None => false,
        };
        if !self.charge(nodes, exhausted.filter(|_| meter_ran_out)) {
            return Err(self.exhausted.expect("a stopped meter says why"));
        }
        Ok(exhausted.is_none().then_some(answer))
    }

    /// What is left of the budget: the nodes not spent, the time not passed and the same
    /// cancel flag, for a call made of several steps that each take a budget (see
    /// [`charge`](Meter::charge)).
    ///
    /// ```
    /// use std::time::Duration;
    /// use sudoku_core::Budget;
    ///
    /// let mut meter = Budget::nodes(10).with_time(Duration::from_secs(60)).meter();
    /// assert!(meter.spend() && meter.spend());
    /// let rest = meter.remaining();
    /// assert_eq!(rest.node_limit(), Some(8));
    /// assert!(rest.time_limit().unwrap() <= Duration::from_secs(60));
    /// assert_eq!(Budget::UNLIMITED.meter().remaining(), Budget::UNLIMITED);
    /// ```
    pub fn remaining(&self) -> Budget {
        let nodes = (self.node_limit != u64::MAX).then(|| self.node_limit - self.spent);
        let time = match (self.time, self.deadline) {
            (None, _) => None,
            (Some(time), None) => Some(time),
            (Some(_), Some(deadline)) => Some(deadline.saturating_duration_since(Instant::now())),
        };
        Budget {
            nodes,
            time,
            cancel: self.cancel,
        }
    }

    /// Whether the budget ran out (see [`exhausted`](Meter::exhausted)).
    pub fn is_exhausted(&self) -> bool {
        self.exhausted.is_some()
    }

    /// What ran out, once [`spend`](Meter::spend) or [`should_stop`](Meter::should_stop)
    /// said so; `None` while the budget lasts.
    pub fn exhausted(&self) -> Option<Exhausted> {
        self.exhausted
    }

    /// The nodes counted so far (those over the budget excluded).
    pub fn spent(&self) -> u64 {
        self.spent
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Verdict;

    #[test]
    fn an_unlimited_meter_never_runs_out() {
        let mut meter = Budget::UNLIMITED.meter();
        assert!((0..10_000).all(|_| meter.spend()));
        assert!(!meter.should_stop() && !meter.is_exhausted());
        assert_eq!(meter.spent(), 10_000);
    }

    #[test]
    fn a_node_limit_allows_exactly_that_many_nodes() {
        for limit in [0, 1, 2, 255, 256, 257, 1000] {
            let mut meter = Budget::nodes(limit).meter();
            let allowed = (0..2000).take_while(|_| meter.spend()).count() as u64;
            assert_eq!(allowed, limit);
            assert_eq!(meter.exhausted(), Some(Exhausted::Nodes(limit)));
            assert!(!meter.spend(), "stays exhausted");
            // With a time limit beside it, the node limit still holds exactly.
            let mut meter = Budget::nodes(limit)
                .with_time(Duration::from_secs(3600))
                .meter();
            let allowed = (0..2000).take_while(|_| meter.spend()).count() as u64;
            assert_eq!(allowed, limit);
        }
    }

    #[test]
    fn a_time_limit_stops_spending_once_passed() {
        let mut meter = Budget::time(Duration::ZERO).meter();
        // The clock is read at the first node (check_at starts at 0 under a time limit).
        assert!(!meter.spend());
        assert_eq!(meter.exhausted(), Some(Exhausted::Time(Duration::ZERO)));
        let mut meter = Budget::time(Duration::from_secs(3600)).meter();
        assert!((0..5000).all(|_| meter.spend()));
        assert!(!meter.should_stop());
    }

    #[test]
    fn a_cancel_flag_stops_spending_within_a_stride() {
        static FLAG: AtomicBool = AtomicBool::new(false);
        let budget = Budget::nodes(1_000_000).with_cancel(&FLAG);
        assert_eq!(
            budget.cancel_flag().map(std::ptr::from_ref),
            Some(&raw const FLAG)
        );
        assert_ne!(budget, Budget::nodes(1_000_000));
        assert_eq!(budget.min(Budget::UNLIMITED), budget);
        let mut meter = budget.meter();
        assert!((0..1000).all(|_| meter.spend()));
        FLAG.store(true, Ordering::Relaxed);
        assert!(budget.is_cancelled());
        let more = (0..1000).take_while(|_| meter.spend()).count() as u64;
        assert!(more <= Meter::STRIDE, "{more} nodes after the flag");
        assert_eq!(meter.exhausted(), Some(Exhausted::Cancelled));
        assert!(meter.remaining().cancel_flag().is_some());
        // A flag already set stops the first node, and should_stop says so at once.
        assert!(!budget.meter().spend());
        assert!(budget.meter().should_stop());
        FLAG.store(false, Ordering::Relaxed);
        assert!(budget.meter().spend());
        assert_eq!(
            Verdict::<crate::Grid>::out_of_budget(Exhausted::Cancelled).to_string(),
            "gave up after a cancel request"
        );
    }

    #[test]
    fn charged_nodes_count_against_the_limit() {
        let mut meter = Budget::nodes(10).meter();
        assert!(meter.spend());
        assert!(meter.charge(5, None));
        assert_eq!(meter.spent(), 6);
        assert_eq!(meter.remaining().node_limit(), Some(4));
        assert!(!meter.charge(4, Some(Exhausted::Nodes(4))));
        assert_eq!(meter.exhausted(), Some(Exhausted::Nodes(10)));
        assert!(!meter.spend() && !meter.charge(0, None));
        let mut meter = Budget::time(Duration::from_secs(5)).meter();
        assert!(!meter.charge(7, Some(Exhausted::Time(Duration::from_millis(20)))));
        assert_eq!(
            meter.exhausted(),
            Some(Exhausted::Time(Duration::from_secs(5)))
        );
    }

    #[test]
    fn a_huge_time_limit_is_no_overflow() {
        let mut meter = Budget::time(Duration::MAX).meter();
        assert!(meter.spend() && !meter.should_stop());
    }

    #[test]
    fn budgets_and_what_ran_out_read_well() {
        assert_eq!(Budget::UNLIMITED.to_string(), "no limit");
        assert_eq!(Budget::nodes(1).to_string(), "1 node");
        assert_eq!(
            Budget::time(Duration::from_millis(1500)).to_string(),
            "1.5 s"
        );
        assert_eq!(
            Exhausted::Time(Duration::from_millis(250)).to_string(),
            "0.25 s"
        );
        assert_eq!(Exhausted::Cycles(2000).to_string(), "2000 cycles");
        let unsettled = Unsettled {
            found: 1,
            exhausted: Exhausted::Nodes(50),
        };
        assert_eq!(
            unsettled.to_string(),
            "gave up after 50 nodes with 1 solution found"
        );
    }

    #[test]
    fn min_keeps_the_tighter_of_each_limit() {
        let a = Budget::nodes(10);
        let b = Budget::time(Duration::from_secs(1)).with_nodes(20);
        assert_eq!(
            a.min(b),
            Budget::nodes(10).with_time(Duration::from_secs(1))
        );
        assert_eq!(a.min(Budget::UNLIMITED), a);
    }
}
