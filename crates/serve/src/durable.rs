//! The server's one shared curriculum, made durable: every operation is journaled and synced
//! before it is applied and acknowledged, and the state is snapshotted atomically on a schedule.
//!
//! A snapshot (`state.json`) holds the curriculum state and the sequence number of the last
//! operation in it; the journal (`journal.jsonl`) holds the operations since, one JSON line each.
//! Start-up loads the snapshot and replays the journal: the curriculum is deterministic given the
//! same operations in the same order, so replay rebuilds exactly the state that was acknowledged.
//! A crash can tear only the journal's last line, which was never acknowledged, and is dropped.
//! A failed write (a full disk) is rolled back and reported; nothing is applied in memory, so
//! memory never runs ahead of disk.

use std::collections::{HashSet, VecDeque};
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use verigym::curriculum::{Curriculum, CurriculumConfig, CurriculumError, CurriculumState};
use verigym::episodes::FeedbackOptions;
use verigym_core::record::Problem;

/// The snapshot file's layout version.
pub const SERVE_STATE_FORMAT: u32 = 1;

/// Ids whose feedback was recorded, remembered so that a retried acknowledgement is answered
/// `duplicate` instead of `unknown id`.
const RECENT_IDS: usize = 65_536;

/// The snapshot file: the curriculum state plus what the server needs to continue exactly.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ServeState {
    /// The layout version of this document.
    pub format: u32,
    /// The sequence number of the last journaled operation this state includes.
    pub seq: u64,
    /// The curriculum's state.
    pub curriculum: CurriculumState,
    /// Recently recorded ids, oldest first, so a retried acknowledgement is seen as a duplicate.
    pub recorded: Vec<String>,
}

/// One journal line.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
enum Op {
    Next {
        seq: u64,
        n: u32,
    },
    Record {
        seq: u64,
        id: String,
        rewards: Vec<f64>,
    },
}

impl Op {
    fn seq(&self) -> u64 {
        match self {
            Op::Next { seq, .. } | Op::Record { seq, .. } => *seq,
        }
    }
}

/// What went wrong with a curriculum operation.
#[derive(Debug, thiserror::Error)]
pub enum DurableError {
    /// The curriculum refused the operation (unknown id, bad reward).
    #[error(transparent)]
    Curriculum(#[from] CurriculumError),
    /// The journal or snapshot could not be written; nothing was applied.
    #[error("cannot write {path}: {source}; nothing was recorded")]
    Storage {
        /// The file.
        path: String,
        /// The cause.
        source: io::Error,
    },
}

/// Whether feedback was new.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recorded {
    /// Applied now.
    New,
    /// Seen before; ignored.
    Duplicate,
}

struct Inner {
    curriculum: Curriculum,
    journal: File,
    journal_len: u64,
    seq: u64,
    saved_seq: u64,
    recent: VecDeque<String>,
    recent_set: HashSet<String>,
}

/// The curriculum behind a lock, with its journal and snapshot files.
pub struct DurableCurriculum {
    inner: Mutex<Inner>,
    state_path: PathBuf,
    journal_path: PathBuf,
}

impl DurableCurriculum {
    /// Opens the curriculum in `dir` (`state.json` + `journal.jsonl`), restoring and replaying
    /// what is there, or starting fresh from `config`. Also returns the records that replay
    /// re-issued, so the caller can put them back in the record store.
    pub fn open(dir: &Path, config: CurriculumConfig) -> anyhow::Result<(Self, Vec<Problem>)> {
        use anyhow::Context as _;
        fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        let state_path = dir.join("state.json");
        let journal_path = dir.join("journal.jsonl");
        let (mut curriculum, mut seq, recorded) = match fs::read(&state_path) {
            Ok(bytes) => {
                let saved: ServeState = serde_json::from_slice(&bytes)
                    .with_context(|| format!("parsing {}", state_path.display()))?;
                anyhow::ensure!(
                    saved.format == SERVE_STATE_FORMAT,
                    "{} has format {}, not the supported {SERVE_STATE_FORMAT}",
                    state_path.display(),
                    saved.format
                );
                anyhow::ensure!(
                    saved.curriculum.config == config,
                    "{} was saved with a different curriculum config; move the directory away to start over",
                    state_path.display()
                );
                let c = Curriculum::restore(saved.curriculum)
                    .with_context(|| format!("restoring {}", state_path.display()))?;
                (c, saved.seq, saved.recorded)
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                (Curriculum::new(config)?, 0, Vec::new())
            }
            Err(e) => {
                return Err(e).with_context(|| format!("reading {}", state_path.display()));
            }
        };
        let saved_seq = seq;
        let mut recent = VecDeque::new();
        let mut recent_set = HashSet::new();
        for id in recorded {
            remember(&mut recent, &mut recent_set, id);
        }
        let mut reissued = Vec::new();
        let mut valid_len = 0u64;
        match File::open(&journal_path) {
            Ok(file) => {
                let mut reader = BufReader::new(file);
                let mut line = String::new();
                loop {
                    line.clear();
                    let read = reader
                        .read_line(&mut line)
                        .with_context(|| format!("reading {}", journal_path.display()))?;
                    // A line without its newline, or one that does not parse, is a write torn by
                    // a crash: it was never acknowledged, so it is dropped with whatever follows.
                    if read == 0 || !line.ends_with('\n') {
                        break;
                    }
                    let Ok(op) = serde_json::from_str::<Op>(&line) else {
                        break;
                    };
                    valid_len += read as u64;
                    if op.seq() <= seq {
                        continue; // already in the snapshot (a crash between save and truncate)
                    }
                    anyhow::ensure!(
                        op.seq() == seq + 1,
                        "{}: operation {} follows {seq}; the journal is not this state's",
                        journal_path.display(),
                        op.seq()
                    );
                    seq = op.seq();
                    match op {
                        Op::Next { n, .. } => {
                            // Replays exactly what was issued; an error here was an error then.
                            if let Ok(problems) = curriculum.next(n as usize) {
                                reissued.extend(problems);
                            }
                        }
                        Op::Record { id, rewards, .. } => {
                            if curriculum.record(&id, &rewards).is_ok() {
                                remember(&mut recent, &mut recent_set, id);
                            }
                        }
                    }
                }
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => {
                return Err(e).with_context(|| format!("reading {}", journal_path.display()));
            }
        }
        let journal = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&journal_path)
            .with_context(|| format!("opening {}", journal_path.display()))?;
        // Drop a torn tail so new lines never follow garbage.
        let actual = journal.metadata().map(|m| m.len()).unwrap_or(valid_len);
        if actual != valid_len {
            journal
                .set_len(valid_len)
                .and_then(|()| journal.sync_data())
                .with_context(|| {
                    format!("truncating the torn tail of {}", journal_path.display())
                })?;
        }
        let inner = Inner {
            curriculum,
            journal,
            journal_len: valid_len,
            seq,
            saved_seq,
            recent,
            recent_set,
        };
        Ok((
            DurableCurriculum {
                inner: Mutex::new(inner),
                state_path,
                journal_path,
            },
            reissued,
        ))
    }

    /// Issues `n` problems; they are journaled before they are returned. Each comes with the
    /// feedback-episode options its env's schedule gives it at its level (`None`: single-turn),
    /// read under the same lock, before any feedback could retire it.
    pub fn next(&self, n: u32) -> Result<Vec<(Problem, Option<FeedbackOptions>)>, DurableError> {
        let mut inner = self.lock();
        let seq = inner.seq + 1;
        self.append(&mut inner, &Op::Next { seq, n })?;
        inner.seq = seq;
        let problems = inner.curriculum.next(n as usize)?;
        Ok(problems
            .into_iter()
            .map(|p| {
                let options = inner.curriculum.episode_options(&p.id);
                (p, options)
            })
            .collect())
    }

    /// Records one group's rewards; on `Ok` they are on disk.
    pub fn record(&self, id: &str, rewards: &[f64]) -> Result<(Recorded, u64), DurableError> {
        let mut inner = self.lock();
        if inner.recent_set.contains(id) {
            let outstanding = inner.curriculum.outstanding() as u64;
            return Ok((Recorded::Duplicate, outstanding));
        }
        // Refuse bad rewards before journaling, so the journal holds only meaningful lines.
        if let Some((position, &value)) = rewards
            .iter()
            .enumerate()
            .find(|(_, r)| !(r.is_finite() && (0.0..=1.0).contains(*r)))
        {
            return Err(CurriculumError::InvalidReward {
                id: id.to_owned(),
                position,
                value,
            }
            .into());
        }
        let seq = inner.seq + 1;
        let op = Op::Record {
            seq,
            id: id.to_owned(),
            rewards: rewards.to_vec(),
        };
        self.append(&mut inner, &op)?;
        inner.seq = seq;
        // An unknown id fails here and, identically, on replay: the journaled line is a no-op.
        inner.curriculum.record(id, rewards)?;
        let Inner {
            recent, recent_set, ..
        } = &mut *inner;
        remember(recent, recent_set, id.to_owned());
        Ok((Recorded::New, inner.curriculum.outstanding() as u64))
    }

    /// Writes a snapshot if anything changed since the last one, then empties the journal.
    /// Returns whether a snapshot was written. On error the previous snapshot stays intact and
    /// the journal keeps every operation, so nothing acknowledged is lost.
    pub fn save(&self) -> Result<bool, DurableError> {
        let mut inner = self.lock();
        if inner.seq == inner.saved_seq {
            return Ok(false);
        }
        let state = ServeState {
            format: SERVE_STATE_FORMAT,
            seq: inner.seq,
            curriculum: inner.curriculum.state(),
            recorded: inner.recent.iter().cloned().collect(),
        };
        let json = serde_json::to_vec(&state).map_err(|e| DurableError::Storage {
            path: self.state_path.display().to_string(),
            source: io::Error::other(e),
        })?;
        write_atomically(&self.state_path, &json).map_err(|source| DurableError::Storage {
            path: self.state_path.display().to_string(),
            source,
        })?;
        inner.saved_seq = inner.seq;
        // The snapshot now holds every journaled operation; replay would skip them anyway
        // (their seq is not above the snapshot's), so a failed truncation loses nothing.
        if inner
            .journal
            .set_len(0)
            .and_then(|()| inner.journal.sync_data())
            .is_ok()
        {
            inner.journal_len = 0;
        }
        Ok(true)
    }

    /// Outstanding problems, for health output.
    pub fn outstanding(&self) -> usize {
        self.lock().curriculum.outstanding()
    }

    fn append(&self, inner: &mut Inner, op: &Op) -> Result<(), DurableError> {
        let mut line = serde_json::to_vec(op).map_err(|e| DurableError::Storage {
            path: self.journal_path.display().to_string(),
            source: io::Error::other(e),
        })?;
        line.push(b'\n');
        let written = inner
            .journal
            .write_all(&line)
            .and_then(|()| inner.journal.sync_data());
        match written {
            Ok(()) => {
                inner.journal_len += line.len() as u64;
                Ok(())
            }
            Err(source) => {
                // Roll back a partial line so the next append starts clean; if even that
                // fails, start-up drops the torn tail.
                let _ = inner.journal.set_len(inner.journal_len);
                Err(DurableError::Storage {
                    path: self.journal_path.display().to_string(),
                    source,
                })
            }
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }
}

fn remember(recent: &mut VecDeque<String>, set: &mut HashSet<String>, id: String) {
    if set.insert(id.clone()) {
        recent.push_back(id);
        if recent.len() > RECENT_IDS
            && let Some(old) = recent.pop_front()
        {
            set.remove(&old);
        }
    }
}

/// Writes `bytes` to `path.tmp`, syncs it, renames it over `path` and syncs the directory, so
/// `path` holds the old content or the new, never a mix. On error `path` is untouched and the
/// temporary file is removed.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    let result = (|| {
        let mut file = File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        fs::rename(&tmp, path)?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            File::open(dir)?.sync_all()?;
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> CurriculumConfig {
        CurriculumConfig::single("modarith", 3)
    }

    fn tempdir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("verigym-durable-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    fn issue(curriculum: &DurableCurriculum, n: u32) -> Vec<Problem> {
        let issued = curriculum.next(n).unwrap();
        issued.into_iter().map(|(problem, _)| problem).collect()
    }

    #[test]
    fn replay_rebuilds_the_acknowledged_state() {
        let dir = tempdir("replay");
        let (a, _) = DurableCurriculum::open(&dir, config()).unwrap();
        let issued = issue(&a, 4);
        a.record(&issued[2].id, &[1.0, 0.0]).unwrap();
        assert!(a.save().unwrap());
        a.record(&issued[0].id, &[1.0]).unwrap();
        let expected = a.lock().curriculum.state();
        drop(a); // a crash: no save after the last record
        let (b, reissued) = DurableCurriculum::open(&dir, config()).unwrap();
        assert!(reissued.is_empty(), "the snapshot already held the `next`");
        assert_eq!(b.lock().curriculum.state(), expected);
        assert_eq!(
            b.record(&issued[0].id, &[1.0]).unwrap().0,
            Recorded::Duplicate
        );
        assert_eq!(
            b.record(&issued[2].id, &[1.0]).unwrap().0,
            Recorded::Duplicate
        );
        assert!(matches!(
            b.record(&issued[1].id, &[2.0]),
            Err(DurableError::Curriculum(
                CurriculumError::InvalidReward { .. }
            ))
        ));
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_torn_last_line_is_dropped() {
        let dir = tempdir("torn");
        let (a, _) = DurableCurriculum::open(&dir, config()).unwrap();
        let issued = issue(&a, 2);
        drop(a);
        let mut f = OpenOptions::new()
            .append(true)
            .open(dir.join("journal.jsonl"))
            .unwrap();
        f.write_all(b"{\"op\":\"record\",\"seq\":2,\"id\":\"x")
            .unwrap();
        drop(f);
        let (b, reissued) = DurableCurriculum::open(&dir, config()).unwrap();
        assert_eq!(reissued, issued);
        b.record(&issued[1].id, &[0.5]).unwrap();
        drop(b);
        let (c, _) = DurableCurriculum::open(&dir, config()).unwrap();
        assert_eq!(c.outstanding(), 1);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_snapshot_keeps_the_old_one() {
        let dir = tempdir("full");
        let (a, _) = DurableCurriculum::open(&dir, config()).unwrap();
        issue(&a, 1);
        a.save().unwrap();
        let before = fs::read(dir.join("state.json")).unwrap();
        issue(&a, 1);
        std::os::unix::fs::symlink("/dev/full", dir.join("state.json.tmp")).unwrap();
        let err = a.save().unwrap_err().to_string();
        assert!(err.contains("state.json") && err.contains("space"), "{err}");
        assert_eq!(fs::read(dir.join("state.json")).unwrap(), before);
        drop(a);
        let (b, reissued) = DurableCurriculum::open(&dir, config()).unwrap();
        assert_eq!(
            reissued.len(),
            1,
            "the journal still held the second `next`"
        );
        assert_eq!(b.outstanding(), 2);
        fs::remove_dir_all(&dir).unwrap();
    }
}
