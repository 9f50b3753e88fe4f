//! Writing ranges of problems as JSONL, in parallel, byte-identical to a sequential run.

use std::io::{self, Write};

use rayon::prelude::*;

use crate::core::dyn_env::DynGenerator;

/// Problems generated per parallel batch before it is written, in index order.
const BATCH: u64 = 8192;
/// Problems one rayon task serializes into one buffer.
const CHUNK: u64 = 256;

/// Writes problems `start..start + count` as JSON lines to `out`.
///
/// Each batch is split into chunks generated on rayon's pool and written in index order, so the
/// bytes do not depend on the thread count. Stops at the first write error, such as a closed pipe.
pub fn write_jsonl<W: Write + ?Sized>(
    generator: &dyn DynGenerator,
    start: u64,
    count: u64,
    out: &mut W,
) -> io::Result<()> {
    let end = start.checked_add(count).ok_or_else(|| {
        io::Error::new(io::ErrorKind::InvalidInput, "start + count overflows u64")
    })?;
    let mut batch_start = start;
    while batch_start < end {
        let batch_end = end.min(batch_start.saturating_add(BATCH));
        let chunks: Vec<Vec<u8>> = chunk_starts(batch_start, batch_end)
            .into_par_iter()
            .map(|chunk_start| {
                let chunk_end = batch_end.min(chunk_start + CHUNK);
                let mut buf = Vec::with_capacity(1024 * (chunk_end - chunk_start) as usize);
                for index in chunk_start..chunk_end {
                    generator.write_jsonl(index, &mut buf);
                }
                buf
            })
            .collect();
        for chunk in &chunks {
            out.write_all(chunk)?;
        }
        batch_start = batch_end;
    }
    out.flush()
}

fn chunk_starts(start: u64, end: u64) -> Vec<u64> {
    (0..)
        .map(|i| start + i * CHUNK)
        .take_while(|&s| s < end)
        .collect()
}
