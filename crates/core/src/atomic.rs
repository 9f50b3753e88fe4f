//! Files that appear only once complete: written under a temporary name in the same directory,
//! synced, then renamed into place, so a crash or an error never leaves a partial file that looks
//! whole. The one implementation behind suite builds and every file the CLI writes.

use std::collections::BTreeSet;
use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// Distinguishes temporary names of files written at once by one process.
static SERIAL: AtomicU64 = AtomicU64::new(0);

/// The temporary files this process is writing now, so that a signal handler can remove them
/// before the process dies ([`remove_partials`]); `Drop` cannot run then.
static LIVE: Mutex<BTreeSet<PathBuf>> = Mutex::new(BTreeSet::new());

/// Removes every temporary file this process is writing, for a handler of a fatal signal
/// (`verigym` runs it on SIGTERM, SIGINT and SIGHUP, then dies of the signal). A file being
/// written afterwards fails at its next write or its commit.
pub fn remove_partials() {
    let live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
    for temp in live.iter() {
        let _ = fs::remove_file(temp);
    }
}

/// Removes the temporary files that a process which has since died left beside `path` (killed
/// by SIGKILL, or by a signal nothing handled). A process counts as alive while `/proc/<pid>`
/// exists; without `/proc` nothing is swept, and a pid reused by a live process is left alone.
fn sweep_dead_partials(path: &Path) {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return;
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    if !Path::new("/proc/self").exists() {
        return;
    }
    let prefix = format!(".{}.partial-", name.to_string_lossy());
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(rest) = file.to_str().and_then(|f| f.strip_prefix(&prefix)) else {
            continue;
        };
        let Some((pid, serial)) = rest.split_once('-') else {
            continue;
        };
        let ours = pid.parse::<u32>().is_ok_and(|p| p == std::process::id());
        if pid.parse::<u32>().is_err() || serial.parse::<u64>().is_err() || ours {
            continue;
        }
        if !Path::new("/proc").join(pid).exists() {
            let _ = fs::remove_file(entry.path());
        }
    }
}

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
        sweep_dead_partials(path);
        let file = File::create(&temp).map_err(|e| named(path, e))?;
        LIVE.lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(temp.clone());
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
        let renamed = fs::rename(&self.temp, &self.path).map_err(|e| named(&self.path, e));
        LIVE.lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&self.temp);
        renamed
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
        LIVE.lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&self.temp);
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

    /// `remove_partials` acts on the whole process: these tests take turns.
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

    fn alone() -> std::sync::MutexGuard<'static, ()> {
        ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
    }

    #[test]
    fn a_file_appears_only_on_commit_and_an_abandoned_one_leaves_nothing() {
        let _alone = alone();
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

    /// A dead process's temporary file is swept when the same path is written again; a live
    /// process's (this one's) and files that only look alike are left.
    #[test]
    fn a_dead_processs_partial_is_swept_and_a_live_ones_kept() {
        let _alone = alone();
        let temp = tempfile::tempdir().unwrap();
        let dir = temp.path();
        let path = dir.join("out.jsonl");
        // pid_max on Linux is at most 2^22, so this pid names no process.
        let dead = dir.join(".out.jsonl.partial-99999999-0");
        let live = dir.join(format!(".out.jsonl.partial-{}-77", std::process::id()));
        let other = dir.join(".other.jsonl.partial-99999999-0");
        let odd = dir.join(".out.jsonl.partial-x-0");
        for f in [&dead, &live, &other, &odd] {
            fs::write(f, "partial").unwrap();
        }
        write_atomic(&path, b"whole").unwrap();
        assert!(!dead.exists(), "the dead process's partial stayed");
        for kept in [&live, &other, &odd] {
            assert!(kept.exists(), "{} was swept", kept.display());
        }
    }

    /// `remove_partials` removes what is being written now, and a commit afterwards fails
    /// rather than putting a file in place.
    #[test]
    fn remove_partials_removes_the_files_being_written() {
        let _alone = alone();
        let temp = tempfile::tempdir().unwrap();
        let path = temp.path().join("big.jsonl");
        let mut file = AtomicFile::create(&path).unwrap();
        file.write_all(b"half").unwrap();
        file.flush().unwrap();
        assert_eq!(fs::read_dir(temp.path()).unwrap().count(), 1);
        remove_partials();
        assert_eq!(fs::read_dir(temp.path()).unwrap().count(), 0);
        assert!(file.commit().is_err());
        assert!(!path.exists());
    }
}
