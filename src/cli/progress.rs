//! How the CLI shows the library's progress: an `indicatif` bar on a terminal, plain stderr lines
//! (about every tenth of a phase, with the time taken and an estimate of the time left)
//! otherwise, or nothing.

use std::io::IsTerminal;
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use verigym::progress::{Progress, ProgressHandle, human_duration as duration};

/// How progress is shown: `--progress`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// A bar when stderr is a terminal, plain lines otherwise.
    #[default]
    Auto,
    /// A bar.
    Bar,
    /// Plain lines.
    Lines,
    /// Nothing.
    Off,
}

static MODE: OnceLock<Mode> = OnceLock::new();

/// Sets the mode for the run; called once, before any command.
pub fn set_mode(mode: Mode) {
    let _ = MODE.set(mode);
}

/// A progress sink for a command.
pub fn handle() -> ProgressHandle {
    let mode = match MODE.get().copied().unwrap_or_default() {
        Mode::Auto if std::io::stderr().is_terminal() => Mode::Bar,
        Mode::Auto => Mode::Lines,
        mode => mode,
    };
    ProgressHandle::new(Shown {
        mode,
        phase: Mutex::new(None),
    })
}

struct Shown {
    mode: Mode,
    phase: Mutex<Option<Phase>>,
}

struct Phase {
    label: String,
    total: u64,
    done: u64,
    next_line: u64,
    started: Instant,
    bar: Option<ProgressBar>,
}

impl Progress for Shown {
    fn start(&self, total: u64, label: &str) {
        if self.mode == Mode::Off {
            return;
        }
        let bar = (self.mode == Mode::Bar).then(|| {
            let style = ProgressStyle::with_template(
                "{msg} [{bar:30}] {pos}/{len} ({elapsed}, about {eta} left)",
            )
            .expect("the template is valid")
            .progress_chars("=> ");
            ProgressBar::new(total)
                .with_style(style)
                .with_message(label.to_owned())
        });
        if bar.is_none() {
            eprintln!("{label}: 0/{total}");
        }
        *self.phase.lock().expect("not poisoned") = Some(Phase {
            label: label.to_owned(),
            total,
            done: 0,
            next_line: step(total),
            started: Instant::now(),
            bar,
        });
    }

    fn inc(&self, n: u64) {
        let mut guard = self.phase.lock().expect("not poisoned");
        let Some(phase) = guard.as_mut() else { return };
        phase.done += n;
        if let Some(bar) = &phase.bar {
            bar.inc(n);
        } else if phase.done >= phase.next_line && phase.done < phase.total {
            let elapsed = phase.started.elapsed().as_secs_f64();
            eprintln!(
                "{}: {}/{} ({})",
                phase.label,
                phase.done,
                phase.total,
                pace(elapsed, phase.done, phase.total)
            );
            phase.next_line = phase.done + step(phase.total);
        }
    }

    fn note(&self, message: &str) {
        if self.mode == Mode::Off {
            return;
        }
        match self.phase.lock().expect("not poisoned").as_ref() {
            Some(Phase { bar: Some(bar), .. }) => bar.println(message),
            _ => eprintln!("{message}"),
        }
    }

    fn finish(&self) {
        let Some(phase) = self.phase.lock().expect("not poisoned").take() else {
            return;
        };
        if let Some(bar) = &phase.bar {
            bar.finish_and_clear();
        }
        eprintln!(
            "{}: {}/{} in {:.1} s",
            phase.label,
            phase.done,
            phase.total,
            phase.started.elapsed().as_secs_f64()
        );
    }
}

/// A plain line about every tenth of a phase.
fn step(total: u64) -> u64 {
    total.div_ceil(10).max(1)
}

/// `"12 s so far, about 36 s left"`: the rest at the pace so far (`done` > 0).
fn pace(elapsed: f64, done: u64, total: u64) -> String {
    let left = elapsed * total.saturating_sub(done) as f64 / done.max(1) as f64;
    format!(
        "{} so far, about {} left",
        duration(elapsed),
        duration(left)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_left_follows_the_pace_so_far() {
        assert_eq!(pace(12.0, 1, 4), "12 s so far, about 36 s left");
        assert_eq!(pace(60.0, 10, 100), "60 s so far, about 9.0 min left");
        assert_eq!(pace(0.0, 0, 5), "0 s so far, about 0 s left");
    }
}
