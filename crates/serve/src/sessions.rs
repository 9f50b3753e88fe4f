//! The server's live episodes: bounded in number, expired when idle, and remembered briefly after
//! they end so that a late step is told the episode closed or expired (410), never stepped on
//! something else or paid.

use std::collections::HashMap;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use lru::LruCache;
use tokio::sync::{Mutex as StepLock, OwnedMutexGuard};
use verigym::episodes::Session;

use super::error::ApiError;

/// How many ended episode ids are remembered for their 410.
const REMEMBERED: usize = 65_536;

/// Why an episode id no longer steps.
#[derive(Clone, Copy, Debug)]
enum Ended {
    Closed,
    Expired,
}

/// One live episode.
pub struct Live {
    /// The running episode.
    pub session: Box<dyn Session>,
    /// The record's id.
    pub record_id: String,
    /// The record's env.
    pub env: String,
    /// An agentic episode's claim on its bound, released with the episode (and its build dir).
    _permit: Option<AgenticPermit>,
}

/// An agentic episode's place under `--max-agentic-sessions`, given back when dropped. Each such
/// episode holds a build dir on disk (megabytes, against bytes for a puzzle), so they have a
/// bound of their own below the session bound.
pub struct AgenticPermit(Arc<AtomicUsize>);

impl Drop for AgenticPermit {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// A live episode as the table and its stepping request share it. The lock is held for a whole
/// step, compile included (a guard that may cross threads), so an episode takes one step at a
/// time without the table being locked while it compiles.
pub type Shared = Arc<StepLock<Live>>;

/// The episode's lock for one step, or 409 when another request is stepping it.
pub fn lock(id: &str, live: &Shared) -> Result<OwnedMutexGuard<Live>, ApiError> {
    live.clone().try_lock_owned().map_err(|_| {
        ApiError::new(
            409,
            format!("episode {id:?} is still taking a step; send one request at a time"),
        )
    })
}

struct Entry {
    live: Shared,
    touched: Instant,
}

/// Every live episode of the HTTP routes, and the count shared with websocket episodes.
pub struct Sessions {
    live: Mutex<HashMap<String, Entry>>,
    ended: Mutex<LruCache<String, Ended>>,
    count: AtomicUsize,
    max: usize,
    agentic: Arc<AtomicUsize>,
    max_agentic: usize,
    idle: Duration,
}

/// A websocket's claim on one of the session slots, released when dropped.
pub struct Slot<'a>(&'a Sessions);

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        self.0.count.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Sessions {
    /// A table for at most `max` episodes at once, `max_agentic` of them agentic, each expiring
    /// after `idle` without a step.
    pub fn new(max: usize, max_agentic: usize, idle: Duration) -> Self {
        Sessions {
            live: Mutex::new(HashMap::new()),
            ended: Mutex::new(LruCache::new(
                NonZeroUsize::new(REMEMBERED).expect("non-zero"),
            )),
            count: AtomicUsize::new(0),
            max,
            agentic: Arc::new(AtomicUsize::new(0)),
            max_agentic,
            idle,
        }
    }

    /// How long an episode may sit without a step.
    pub fn idle(&self) -> Duration {
        self.idle
    }

    /// Episodes live now, over HTTP and websockets.
    pub fn len(&self) -> usize {
        self.count.load(Ordering::Relaxed)
    }

    fn claim(&self) -> Result<(), ApiError> {
        take(&self.count, self.max, "episodes are", "--max-sessions")
    }

    /// A place for one more agentic episode, claimed before its build dir is made; idle
    /// episodes are swept first so that the ones they hold come back.
    pub fn agentic_permit(&self) -> Result<AgenticPermit, ApiError> {
        self.sweep();
        take(
            &self.agentic,
            self.max_agentic,
            "agentic episodes (each with a build dir) are",
            "--max-agentic-sessions",
        )?;
        Ok(AgenticPermit(self.agentic.clone()))
    }

    /// A slot for a websocket's episode.
    pub fn slot(&self) -> Result<Slot<'_>, ApiError> {
        self.sweep();
        self.claim()?;
        Ok(Slot(self))
    }

    /// Removes the HTTP episodes idle past the limit, remembering them as expired. An episode in
    /// the middle of a step is not idle. What the removed episodes hold (an agentic episode's
    /// build dir) is freed after the table is unlocked.
    pub fn sweep(&self) {
        let now = Instant::now();
        let mut gone = Vec::new();
        {
            let mut live = self.live.lock().unwrap_or_else(|e| e.into_inner());
            let stale: Vec<String> = live
                .iter()
                .filter(|(_, e)| {
                    now.duration_since(e.touched) > self.idle && e.live.try_lock().is_ok()
                })
                .map(|(id, _)| id.clone())
                .collect();
            if stale.is_empty() {
                return;
            }
            let mut ended = self.ended.lock().unwrap_or_else(|e| e.into_inner());
            for id in stale {
                gone.extend(live.remove(&id));
                self.count.fetch_sub(1, Ordering::Relaxed);
                ended.put(id, Ended::Expired);
            }
        }
        drop(gone);
    }

    /// Starts (or restarts) the HTTP episode `id`.
    pub fn insert(&self, id: String, live: Live) -> Result<(), ApiError> {
        self.sweep();
        let replaced = {
            let mut table = self.live.lock().unwrap_or_else(|e| e.into_inner());
            if !table.contains_key(&id) {
                self.claim()?;
            }
            self.ended
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .pop(&id);
            let entry = Entry {
                live: Arc::new(StepLock::new(live)),
                touched: Instant::now(),
            };
            table.insert(id, entry)
        };
        drop(replaced);
        Ok(())
    }

    /// A live episode, made from its parts; an agentic one brings its permit.
    pub fn live(
        session: Box<dyn Session>,
        record_id: String,
        env: String,
        permit: Option<AgenticPermit>,
    ) -> Live {
        Live {
            session,
            record_id,
            env,
            _permit: permit,
        }
    }

    /// The live episode `id`, touched: 404 for an id never started, 410 for one closed or
    /// expired.
    pub fn get(&self, id: &str) -> Result<Shared, ApiError> {
        let expired;
        {
            let mut table = self.live.lock().unwrap_or_else(|e| e.into_inner());
            match table.get_mut(id) {
                Some(entry) if entry.touched.elapsed() <= self.idle => {
                    entry.touched = Instant::now();
                    return Ok(entry.live.clone());
                }
                Some(_) => {
                    expired = table.remove(id);
                    self.count.fetch_sub(1, Ordering::Relaxed);
                    self.ended
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .put(id.to_owned(), Ended::Expired);
                }
                None => {
                    return match self.ended.lock().unwrap_or_else(|e| e.into_inner()).get(id) {
                        Some(&why) => Err(self.gone(id, why)),
                        None => Err(ApiError::new(
                            404,
                            format!("no episode {id:?}: start one with /openenv/reset"),
                        )),
                    };
                }
            }
        }
        drop(expired);
        Err(self.gone(id, Ended::Expired))
    }

    /// Marks the episode `id` as just used: a step that took a while does not count as idle.
    pub fn touch(&self, id: &str) {
        let mut table = self.live.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(entry) = table.get_mut(id) {
            entry.touched = Instant::now();
        }
    }

    /// Runs `f` on the live episode `id` at once: [`Sessions::get`]'s errors, and 409 while
    /// another request steps it.
    pub fn with<T>(&self, id: &str, f: impl FnOnce(&mut Live) -> T) -> Result<T, ApiError> {
        let live = self.get(id)?;
        let mut guard = lock(id, &live)?;
        Ok(f(&mut guard))
    }

    /// Ends the HTTP episode `id`; later steps on it are answered 410. A step still running
    /// finishes (its client gets its answer) and the episode is freed when it does.
    pub fn close(&self, id: &str) -> Result<(), ApiError> {
        self.get(id)?;
        let removed = {
            let mut table = self.live.lock().unwrap_or_else(|e| e.into_inner());
            let removed = table.remove(id);
            if removed.is_some() {
                self.count.fetch_sub(1, Ordering::Relaxed);
                self.ended
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .put(id.to_owned(), Ended::Closed);
            }
            removed
        };
        drop(removed);
        Ok(())
    }

    fn gone(&self, id: &str, why: Ended) -> ApiError {
        let why = match why {
            Ended::Closed => "was closed".to_owned(),
            Ended::Expired => format!("expired after {} s without a step", self.idle.as_secs()),
        };
        ApiError::new(
            410,
            format!("episode {id:?} {why}; start a new one with /openenv/reset"),
        )
    }
}

/// Counts one more against `max` in `count`, or 503 naming the flag that sets the bound.
fn take(count: &AtomicUsize, max: usize, what: &str, flag: &str) -> Result<(), ApiError> {
    let mut now = count.load(Ordering::Relaxed);
    loop {
        if now >= max {
            return Err(ApiError::new(
                503,
                format!(
                    "{max} {what} live, the most this server holds ({flag}); close one or retry \
                     later"
                ),
            )
            .retry_after(1));
        }
        match count.compare_exchange(now, now + 1, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => return Ok(()),
            Err(seen) => now = seen,
        }
    }
}
