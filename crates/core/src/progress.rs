//! Progress of long operations (audit, catalog, fix agent, probes, suite builds): the library
//! reports through [`Progress`] and never prints; the caller decides what to show.

use std::fmt;
use std::sync::Arc;

/// Receives the progress of a long operation. An operation may run several phases, each opened by
/// [`start`](Self::start) and closed by [`finish`](Self::finish). Methods take `&self` because
/// they are called from worker threads; every method defaults to doing nothing.
pub trait Progress: Send + Sync {
    /// A phase of `total` steps named `label` begins.
    fn start(&self, total: u64, label: &str) {
        let _ = (total, label);
    }

    /// `n` more steps of the current phase are done.
    fn inc(&self, n: u64) {
        let _ = n;
    }

    /// The current phase is done.
    fn finish(&self) {}

    /// A one-line remark for whoever watches, such as what a long phase is expected to cost
    /// before it starts.
    fn note(&self, message: &str) {
        let _ = message;
    }
}

/// Seconds as a person reads them in a progress line: `"42 s"`, `"3.5 min"`, `"1.2 h"`.
pub fn human_duration(seconds: f64) -> String {
    if seconds < 90.0 {
        format!("{seconds:.0} s")
    } else if seconds < 5400.0 {
        format!("{:.1} min", seconds / 60.0)
    } else {
        format!("{:.1} h", seconds / 3600.0)
    }
}

/// Reports nothing: the default.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoProgress;

impl Progress for NoProgress {}

/// A cloneable, shareable [`Progress`] for options structs; the default reports nothing.
#[derive(Clone)]
pub struct ProgressHandle(Arc<dyn Progress>);

impl ProgressHandle {
    /// Wraps a progress sink.
    pub fn new(progress: impl Progress + 'static) -> Self {
        ProgressHandle(Arc::new(progress))
    }
}

impl Default for ProgressHandle {
    fn default() -> Self {
        ProgressHandle::new(NoProgress)
    }
}

impl fmt::Debug for ProgressHandle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ProgressHandle")
    }
}

impl Progress for ProgressHandle {
    fn start(&self, total: u64, label: &str) {
        self.0.start(total, label);
    }

    fn inc(&self, n: u64) {
        self.0.inc(n);
    }

    fn finish(&self) {
        self.0.finish();
    }

    fn note(&self, message: &str) {
        self.0.note(message);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[derive(Default)]
    struct Log(Mutex<Vec<String>>);

    impl Progress for Arc<Log> {
        fn start(&self, total: u64, label: &str) {
            self.0
                .lock()
                .unwrap()
                .push(format!("start {label} {total}"));
        }
        fn inc(&self, n: u64) {
            self.0.lock().unwrap().push(format!("inc {n}"));
        }
        fn finish(&self) {
            self.0.lock().unwrap().push("finish".into());
        }
        fn note(&self, message: &str) {
            self.0.lock().unwrap().push(format!("note {message}"));
        }
    }

    #[test]
    fn durations_read_in_the_unit_that_fits() {
        assert_eq!(human_duration(42.4), "42 s");
        assert_eq!(human_duration(210.0), "3.5 min");
        assert_eq!(human_duration(7200.0), "2.0 h");
    }

    #[test]
    fn a_handle_forwards_every_call_and_the_default_is_silent() {
        let log = Arc::new(Log::default());
        let handle = ProgressHandle::new(Arc::clone(&log));
        let copy = handle.clone();
        copy.start(3, "x");
        copy.inc(2);
        handle.note("y");
        handle.finish();
        ProgressHandle::default().start(1, "ignored");
        ProgressHandle::default().note("ignored");
        assert_eq!(
            *log.0.lock().unwrap(),
            ["start x 3", "inc 2", "note y", "finish"]
        );
    }
}
