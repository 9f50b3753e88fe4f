//! Where command output goes: stdout, or a file that appears only once it is complete.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use super::OutputError;

/// A destination for output. A file is written under a temporary name and renamed into place by
/// [`Output::finish`], so a failed run never leaves a partial file that looks complete.
pub struct Output {
    sink: Sink,
    /// (temporary name, final name) while a file is being written.
    pending: Option<(PathBuf, PathBuf)>,
}

enum Sink {
    Stdout(BufWriter<io::Stdout>),
    File(BufWriter<File>),
}

impl Output {
    /// Opens `path`, or stdout when `None` or `-`.
    pub fn open(path: Option<&Path>) -> Result<Self, OutputError> {
        let Some(path) = path.filter(|p| p.as_os_str() != "-") else {
            return Ok(Output {
                sink: Sink::Stdout(BufWriter::with_capacity(1 << 16, io::stdout())),
                pending: None,
            });
        };
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let temp = path.with_file_name(format!(".{name}.partial-{}", std::process::id()));
        let file = File::create(&temp).map_err(|e| {
            OutputError(io::Error::new(e.kind(), format!("{}: {e}", path.display())))
        })?;
        Ok(Output {
            sink: Sink::File(BufWriter::with_capacity(1 << 16, file)),
            pending: Some((temp, path.to_owned())),
        })
    }

    /// Flushes and, for a file, moves it into place.
    pub fn finish(mut self) -> Result<(), OutputError> {
        self.flush()?;
        if let Sink::File(writer) = &self.sink {
            writer.get_ref().sync_all()?;
        }
        if let Some((temp, path)) = self.pending.take()
            && let Err(e) = fs::rename(&temp, &path)
        {
            let _ = fs::remove_file(&temp);
            return Err(e.into());
        }
        Ok(())
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.sink {
            Sink::Stdout(w) => w.write(buf),
            Sink::File(w) => w.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match &mut self.sink {
            Sink::Stdout(w) => w.write_all(buf),
            Sink::File(w) => w.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.sink {
            Sink::Stdout(w) => w.flush(),
            Sink::File(w) => w.flush(),
        }
    }
}

impl Drop for Output {
    fn drop(&mut self) {
        // Still pending only when `finish` was never reached: an error path. No partial file stays.
        if let Some((temp, _)) = self.pending.take() {
            let _ = fs::remove_file(temp);
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
