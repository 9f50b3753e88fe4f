//! Where command output goes: stdout, or a file that appears only once it is complete
//! ([`verigym::atomic::AtomicFile`]).

use std::io::{self, BufWriter, Write};
use std::path::Path;

use verigym::atomic::AtomicFile;

use super::OutputError;

/// A destination for output: stdout, or a file moved into place by [`Output::finish`], so a
/// failed run never leaves a partial file that looks complete.
pub enum Output {
    /// Standard output.
    Stdout(BufWriter<io::Stdout>),
    /// A file being written.
    File(AtomicFile),
}

impl Output {
    /// Opens `path`, or stdout when `None` or `-`.
    pub fn open(path: Option<&Path>) -> Result<Self, OutputError> {
        match path.filter(|p| p.as_os_str() != "-") {
            None => Ok(Output::Stdout(BufWriter::with_capacity(
                1 << 16,
                io::stdout(),
            ))),
            Some(path) => Ok(Output::File(AtomicFile::create(path)?)),
        }
    }

    /// Flushes and, for a file, moves it into place.
    pub fn finish(self) -> Result<(), OutputError> {
        match self {
            Output::Stdout(mut w) => w.flush()?,
            Output::File(file) => file.commit()?,
        }
        Ok(())
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Output::Stdout(w) => w.write(buf),
            Output::File(w) => w.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Output::Stdout(w) => w.write_all(buf),
            Output::File(w) => w.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::Stdout(w) => w.flush(),
            Output::File(w) => w.flush(),
        }
    }
}

/// Writes a report as pretty JSON to `json` when given, and its table to stdout unless the JSON
/// went there (`-`): the output shape of `audit` and `fix-agent`.
#[cfg(feature = "repo")]
pub fn report(
    json: Option<&Path>,
    value: &impl serde::Serialize,
    table: impl FnOnce() -> String,
) -> anyhow::Result<()> {
    let json_to_stdout = json.is_some_and(|p| p.as_os_str() == "-");
    if let Some(path) = json {
        let mut out = Output::open(Some(path))?;
        serde_json::to_writer_pretty(&mut out, value)?;
        out.write_all(b"\n").map_err(OutputError)?;
        out.finish()?;
    }
    if !json_to_stdout {
        let mut out = Output::open(None)?;
        out.write_all(table().as_bytes()).map_err(OutputError)?;
        out.finish()?;
    }
    Ok(())
}
