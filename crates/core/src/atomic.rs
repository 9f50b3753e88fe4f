//! Files that appear only once complete: written under a temporary name in the same directory,
//! synced, then renamed into place, so a crash or an error never leaves a partial file that looks
//! whole. The one implementation behind suite builds and every file the CLI writes.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Distinguishes temporary names of files written at once by one process.
static SERIAL: AtomicU64 = AtomicU64::new(0);

/// A file being written: [`commit`](Self::commit) moves it into place; dropping it uncommitted
/// removes the temporary file and leaves any existing file at the path untouched.
#[derive(Debug)]
pub struct AtomicFile {
    writer: Option<BufWriter<File>>,
    temp: PathBuf,
    path: PathBuf,
}

impl AtomicFile {
    /// Starts writing `path`. Errors name the path.
    pub fn create(path: &Path) -> io::Result<Self> {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let serial = SERIAL.fetch_add(1, Ordering::Relaxed);
        let temp = path.with_file_name(format!(".{name}.partial-{}-{serial}", std::process::id()));
        let file = File::create(&temp).map_err(|e| named(path, e))?;
        Ok(AtomicFile {
            writer: Some(BufWriter::with_capacity(1 << 16, file)),
            temp,
            path: path.to_owned(),
        })
    }

    /// Flushes, syncs and renames the file into place.
    pub fn commit(mut self) -> io::Result<()> {
        let writer = self.writer.take().expect("present until commit or drop");
        let file = writer.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        drop(file);
        fs::rename(&self.temp, &self.path).map_err(|e| named(&self.path, e))
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.writer
            .as_mut()
            .expect("present until commit")
            .write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.writer
            .as_mut()
            .expect("present until commit")
            .write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer.as_mut().expect("present until commit").flush()
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        // On success `commit` renamed it away; otherwise nothing partial may stay behind.
        let _ = fs::remove_file(&self.temp);
    }
}

/// Writes `bytes` to `path` atomically (see [`AtomicFile`]).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = AtomicFile::create(path)?;
    file.write_all(bytes)?;
    file.commit()
}

fn named(path: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_appears_only_on_commit_and_an_abandoned_one_leaves_nothing() {
        let temp = tempfile::tempdir().unwrap();
        let dir = temp.path();
        let path = dir.join("out.txt");
        fs::write(&path, "old").unwrap();
        let mut file = AtomicFile::create(&path).unwrap();
        file.write_all(b"new").unwrap();
        file.flush().unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "old");
        drop(file);
        assert_eq!(fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(
            fs::read_dir(dir).unwrap().count(),
            1,
            "a temporary file stayed"
        );
        write_atomic(&path, b"new").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(fs::read_dir(dir).unwrap().count(), 1);
        let err = write_atomic(&dir.join("missing/out.txt"), b"x").unwrap_err();
        assert!(err.to_string().contains("missing/out.txt"), "{err}");
    }
}
