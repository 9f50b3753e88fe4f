//! Fatal signals (SIGTERM, SIGINT, SIGHUP): the output files being written are removed, then the
//! process dies of the signal as it would have without a handler.

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

/// Starts the thread that waits for a fatal signal. `Drop` does not run when a signal ends the
/// process, so without this a killed `generate --out` left its `.partial-<pid>-<n>` file behind.
/// Not for `serve`, which drains in-flight requests on SIGTERM itself.
pub fn remove_partials_on_fatal_signals() {
    let Ok(mut signals) = Signals::new([SIGTERM, SIGINT, SIGHUP]) else {
        return;
    };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            verigym::atomic::remove_partials();
            // Dies of the signal (the exit status a caller expects); the exit is a fallback.
            let _ = signal_hook::low_level::emulate_default_handler(signal);
            std::process::exit(128 + signal);
        }
    });
}
