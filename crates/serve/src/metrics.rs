//! Server metrics in Prometheus text format: requests, latencies, verdict reasons per env, queue
//! depth and sandbox timeouts. Counters are atomics; verdict tallies are merged once per request.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Duration;

use verigym_core::verdict::{Reason, Verdict};

/// The routes measured; anything else is counted as `other`.
pub const ROUTES: &[&str] = &[
    "/verify",
    "/verify/batch",
    "/get_reward",
    "/generate",
    "/curriculum/next",
    "/curriculum/record",
    "/health",
    "/metrics",
    "other",
];

/// Latency histogram bucket bounds, in seconds.
const BUCKETS: &[f64] = &[
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
];

/// Status classes counted per route.
const CLASSES: &[&str] = &["2xx", "4xx", "5xx", "other"];

#[derive(Default)]
struct RouteStats {
    by_class: [AtomicU64; 4],
    buckets: [AtomicU64; 15],
    sum_micros: AtomicU64,
    count: AtomicU64,
}

/// Everything `/metrics` reports.
#[derive(Default)]
pub struct Metrics {
    routes: [RouteStats; 9],
    verdicts: Mutex<BTreeMap<(&'static str, Reason), u64>>,
    /// Requests being handled now.
    pub in_flight: AtomicU64,
    /// `repo_fix` groups admitted (compiling or waiting for a compile slot).
    pub compile_admitted: AtomicU64,
    /// `repo_fix` groups compiling now.
    pub compile_running: AtomicU64,
    /// `repo_fix` groups refused with 503 because the queue was full.
    pub compile_rejected: AtomicU64,
    /// Tests the sandbox stopped at its limits (the `timeouts` of `repo_fix` verdicts).
    pub sandbox_timeouts: AtomicU64,
    /// Curriculum state snapshots written.
    pub state_saves: AtomicU64,
    /// Curriculum state snapshots that failed (the previous one stays).
    pub state_save_errors: AtomicU64,
}

impl Metrics {
    /// Counts one finished request.
    pub fn observe(&self, route: &str, status: u16, elapsed: Duration) {
        let r = &self.routes[route_index(route)];
        let class = match status {
            200..=299 => 0,
            400..=499 => 1,
            500..=599 => 2,
            _ => 3,
        };
        r.by_class[class].fetch_add(1, Relaxed);
        let secs = elapsed.as_secs_f64();
        if let Some(b) = BUCKETS.iter().position(|&le| secs <= le) {
            r.buckets[b].fetch_add(1, Relaxed);
        }
        r.sum_micros.fetch_add(
            u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX),
            Relaxed,
        );
        r.count.fetch_add(1, Relaxed);
    }

    /// Tallies verdicts, each with its env.
    pub fn tally<'a>(&self, items: impl IntoIterator<Item = (&'static str, &'a [Verdict])>) {
        let mut local: BTreeMap<(&'static str, Reason), u64> = BTreeMap::new();
        let mut timeouts = 0u64;
        for (env, verdicts) in items {
            for v in verdicts {
                *local.entry((env, v.reason)).or_default() += 1;
                // A `timeout` verdict is one stopped answer; its detail may name the tests it
                // stopped in, so count whichever is larger, never both.
                let tests = v
                    .detail
                    .as_ref()
                    .and_then(|d| d.get("timeouts"))
                    .and_then(|t| t.as_array())
                    .map_or(0, |t| t.len() as u64);
                timeouts += tests.max(u64::from(v.reason == Reason::Timeout));
            }
        }
        if timeouts > 0 {
            self.sandbox_timeouts.fetch_add(timeouts, Relaxed);
        }
        if local.is_empty() {
            return;
        }
        let mut all = self.verdicts.lock().unwrap_or_else(|p| p.into_inner());
        for (key, n) in local {
            *all.entry(key).or_default() += n;
        }
    }

    /// The Prometheus text exposition.
    pub fn render(&self, stored: usize) -> String {
        let mut out = String::new();
        let line = |out: &mut String, s: std::fmt::Arguments| {
            let _ = out.write_fmt(s);
            out.push('\n');
        };
        line(
            &mut out,
            format_args!(
                "# HELP verigym_requests_total Requests answered, by route and status class."
            ),
        );
        line(
            &mut out,
            format_args!("# TYPE verigym_requests_total counter"),
        );
        for (route, r) in ROUTES.iter().zip(&self.routes) {
            for (class, n) in CLASSES.iter().zip(&r.by_class) {
                let n = n.load(Relaxed);
                if n > 0 {
                    line(
                        &mut out,
                        format_args!(
                            "verigym_requests_total{{route=\"{route}\",status=\"{class}\"}} {n}"
                        ),
                    );
                }
            }
        }
        line(
            &mut out,
            format_args!(
                "# HELP verigym_request_duration_seconds Time from request to response head, by route."
            ),
        );
        line(
            &mut out,
            format_args!("# TYPE verigym_request_duration_seconds histogram"),
        );
        for (route, r) in ROUTES.iter().zip(&self.routes) {
            let count = r.count.load(Relaxed);
            if count == 0 {
                continue;
            }
            let mut cumulative = 0;
            for (le, b) in BUCKETS.iter().zip(&r.buckets) {
                cumulative += b.load(Relaxed);
                line(
                    &mut out,
                    format_args!(
                        "verigym_request_duration_seconds_bucket{{route=\"{route}\",le=\"{le}\"}} {cumulative}"
                    ),
                );
            }
            line(
                &mut out,
                format_args!(
                    "verigym_request_duration_seconds_bucket{{route=\"{route}\",le=\"+Inf\"}} {count}"
                ),
            );
            let sum = r.sum_micros.load(Relaxed) as f64 / 1e6;
            line(
                &mut out,
                format_args!("verigym_request_duration_seconds_sum{{route=\"{route}\"}} {sum}"),
            );
            line(
                &mut out,
                format_args!("verigym_request_duration_seconds_count{{route=\"{route}\"}} {count}"),
            );
        }
        line(
            &mut out,
            format_args!("# HELP verigym_verdicts_total Verdicts given, by env and reason."),
        );
        line(
            &mut out,
            format_args!("# TYPE verigym_verdicts_total counter"),
        );
        for ((env, reason), n) in self
            .verdicts
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
        {
            let reason = serde_json::to_value(reason)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default();
            line(
                &mut out,
                format_args!("verigym_verdicts_total{{env=\"{env}\",reason=\"{reason}\"}} {n}"),
            );
        }
        let gauges: [(&str, &str, &str, u64); 9] = [
            (
                "verigym_in_flight_requests",
                "gauge",
                "Requests being handled now.",
                self.in_flight.load(Relaxed),
            ),
            (
                "verigym_compile_queue_depth",
                "gauge",
                "repo_fix groups admitted and not finished (compiling or queued).",
                self.compile_admitted.load(Relaxed),
            ),
            (
                "verigym_compile_running",
                "gauge",
                "repo_fix groups compiling now.",
                self.compile_running.load(Relaxed),
            ),
            (
                "verigym_compile_rejected_total",
                "counter",
                "repo_fix groups refused with 503 because the compile queue was full.",
                self.compile_rejected.load(Relaxed),
            ),
            (
                "verigym_sandbox_timeouts_total",
                "counter",
                "Sandboxed tests stopped at their limits (repo_fix verdicts' timeouts).",
                self.sandbox_timeouts.load(Relaxed),
            ),
            (
                "verigym_state_saves_total",
                "counter",
                "Curriculum state snapshots written.",
                self.state_saves.load(Relaxed),
            ),
            (
                "verigym_state_save_errors_total",
                "counter",
                "Curriculum state snapshots that failed; the previous one stays.",
                self.state_save_errors.load(Relaxed),
            ),
            (
                "verigym_stored_records",
                "gauge",
                "Records in the record store.",
                stored as u64,
            ),
            ("verigym_up", "gauge", "1 while the server answers.", 1),
        ];
        for (name, kind, help, value) in gauges {
            line(&mut out, format_args!("# HELP {name} {help}"));
            line(&mut out, format_args!("# TYPE {name} {kind}"));
            line(&mut out, format_args!("{name} {value}"));
        }
        out
    }
}

fn route_index(route: &str) -> usize {
    ROUTES
        .iter()
        .position(|r| *r == route)
        .unwrap_or(ROUTES.len() - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_counts_and_cumulative_buckets() {
        let m = Metrics::default();
        m.observe("/verify", 200, Duration::from_micros(700));
        m.observe("/verify", 404, Duration::from_millis(20));
        m.observe("/nope", 404, Duration::from_millis(1));
        let text = m.render(3);
        assert!(text.contains("verigym_requests_total{route=\"/verify\",status=\"2xx\"} 1"));
        assert!(text.contains("verigym_requests_total{route=\"/verify\",status=\"4xx\"} 1"));
        assert!(text.contains("verigym_requests_total{route=\"other\",status=\"4xx\"} 1"));
        assert!(text.contains("le=\"0.001\"} 1\n"), "{text}");
        assert!(
            text.contains("route=\"/verify\",le=\"0.025\"} 2\n"),
            "{text}"
        );
        assert!(text.contains("verigym_stored_records 3"));
    }
}
