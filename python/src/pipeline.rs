//! Work in Rust overlapped with building its Python objects: the half that needs no GIL runs a
//! chunk ahead on another thread (and rayon's pool), the half that needs it runs here.
//!
//! Making Python objects needs the GIL and so one core; generating records or judging responses
//! needs neither. Done one after the other, a batch keeps one core idle while its objects are
//! built; overlapped, both cores work throughout, and a batch's time is about the larger of the
//! two halves instead of their sum.

use std::sync::mpsc;

use pyo3::prelude::*;

/// Items per chunk: enough that a chunk's work dwarfs handing it over, few enough that the first
/// chunk's objects are being built soon after the call starts.
pub const CHUNK: usize = 2048;

/// Calls `consume(produce(chunk))` for every chunk, in order. `produce` runs on a helper thread
/// (it may use rayon) one chunk ahead of `consume`, which runs on this thread with the GIL;
/// waiting for a chunk releases the GIL. A batch of one chunk runs here, with no thread.
///
/// If `consume` fails, the producer stops after the chunk it is on and the error is returned.
pub fn pipelined<C, T>(
    py: Python<'_>,
    chunks: &[C],
    produce: impl Fn(&C) -> T + Sync,
    mut consume: impl FnMut(T) -> PyResult<()>,
) -> PyResult<()>
where
    C: Sync,
    T: Send,
{
    if chunks.len() <= 1 {
        for chunk in chunks {
            let item = py.detach(|| produce(chunk));
            consume(item)?;
        }
        return Ok(());
    }
    std::thread::scope(|scope| {
        // Bounded: the producer runs at most one chunk ahead of the one being consumed (plus
        // the one waiting in the channel), so memory stays a few chunks however long the batch.
        let (tx, rx) = mpsc::sync_channel::<T>(1);
        let produce = &produce;
        scope.spawn(move || {
            for chunk in chunks {
                if tx.send(produce(chunk)).is_err() {
                    break; // the consumer failed and hung up
                }
            }
        });
        let mut rx = Some(rx);
        for _ in chunks {
            // A receiver is not `Sync`, so it moves into the GIL-free closure and back.
            let receiver = rx
                .take()
                .expect("the receiver is put back after each chunk");
            let (receiver, item) = py.detach(move || {
                let item = receiver.recv();
                (receiver, item)
            });
            rx = Some(receiver);
            // The producer only hangs up early by panicking; the scope re-raises that panic.
            let Ok(item) = item else { break };
            consume(item)?;
        }
        Ok(())
    })
}

/// `0..len` cut into chunks of [`CHUNK`].
pub fn chunks(len: usize) -> Vec<std::ops::Range<usize>> {
    (0..len)
        .step_by(CHUNK)
        .map(|start| start..len.min(start + CHUNK))
        .collect()
}
