//! Writing ranges of problems as JSONL, in parallel, byte-identical to a sequential run.

use std::io::{self, Write};

use rayon::prelude::*;

use verigym_core::dyn_env::DynGenerator;

/// Problems generated per parallel batch before it is written, in index order.
const BATCH: u64 = 8192;
/// Problems one rayon task serializes into one buffer.
const CHUNK: u64 = 64;

/// Writes problems `start..start + count` as JSON lines to `out`.
///
/// Each batch is split into chunks generated on rayon's pool and written in index order, so the
/// bytes do not depend on the thread count. The chunk buffers are reused from batch to batch:
/// fresh multi-megabyte buffers per batch cost more in page faults than the generation itself.
/// Stops at the first write error, such as a closed pipe.
pub fn write_jsonl<W: Write + ?Sized>(
    generator: &dyn DynGenerator,
    start: u64,
    count: u64,
    out: &mut W,
) -> io::Result<()> {
    // In u128, so that the last index, u64::MAX, can be generated: `start + count` is one past it.
    let end = u128::from(start) + u128::from(count);
    if end > u128::from(u64::MAX) + 1 {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "start {start} + count {count} runs past the last index, {}",
                u64::MAX
            ),
        ));
    }
    let chunks_per_batch = count.min(BATCH).div_ceil(CHUNK) as usize;
    let mut buffers: Vec<Vec<u8>> = vec![Vec::new(); chunks_per_batch];
    let mut batch_start = u128::from(start);
    while batch_start < end {
        let batch_end = end.min(batch_start + u128::from(BATCH));
        let chunks = (batch_end - batch_start).div_ceil(u128::from(CHUNK)) as usize;
        buffers[..chunks]
            .par_iter_mut()
            .enumerate()
            .for_each(|(chunk, buf)| {
                buf.clear();
                let chunk_start = batch_start + chunk as u128 * u128::from(CHUNK);
                for index in chunk_start..batch_end.min(chunk_start + u128::from(CHUNK)) {
                    // Below `end`, which is at most u64::MAX + 1: the cast is exact.
                    generator.write_jsonl(index as u64, buf);
                }
            });
        for buf in &buffers[..chunks] {
            out.write_all(buf)?;
        }
        batch_start = batch_end;
    }
    out.flush()
}
