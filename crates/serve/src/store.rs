//! The record store: a bounded LRU of the records this server issued, so clients can send ids.
//!
//! Records are kept loaded (typed, ready to verify), so a verify by id costs no parsing. The
//! store is a cache, not state: an evicted id is an error the client sees (404), never a guess.

use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex};

use lru::LruCache;
use serde::Deserialize;
use serde_json::value::RawValue;

use verigym::registry;
use verigym_core::dyn_env::{DynEnv, DynProblem};
use verigym_core::record::Problem;

/// The default number of records kept (`--store-size`). A modarith record takes about 2 KiB
/// loaded, so the default costs a few hundred MiB at most.
pub const DEFAULT_CAPACITY: usize = 100_000;

/// A loaded record with what the server needs besides verification.
pub struct Stored {
    /// The record's env.
    pub env: &'static dyn DynEnv,
    /// The prompt text, to cut it off OpenRLHF's queries.
    pub prompt: String,
    /// The loaded record.
    pub problem: Box<dyn DynProblem>,
}

impl Stored {
    /// Reads a full record sent by a client or made by a generator: its env must be registered,
    /// its version one the env still judges, its params and data must deserialize as the env's
    /// types, and its data must satisfy the env's invariants (`Env::check_data`).
    pub fn load(json: &str) -> Result<Self, LoadError> {
        #[derive(Deserialize)]
        struct Head {
            env: String,
            prompt: String,
        }
        let head: Head = serde_json::from_str(json)
            .map_err(|e| LoadError::Invalid(format!("`record` is not a problem record: {e}")))?;
        let env = registry::find(&head.env).map_err(|e| LoadError::UnknownEnv(e.to_string()))?;
        let problem = env
            .load_problem(json)
            .map_err(|e| LoadError::Invalid(format!("`record`: {e}")))?;
        if let Some(e) = problem.data_error() {
            return Err(LoadError::Invalid(format!("`record`: {e}")));
        }
        Ok(Stored {
            env,
            prompt: head.prompt,
            problem,
        })
    }

    /// Loads a record already in memory (one this server generated).
    pub fn from_problem(record: &Problem) -> Result<Self, LoadError> {
        let json = serde_json::to_string(record)
            .map_err(|e| LoadError::Invalid(format!("record does not serialize: {e}")))?;
        Self::load(&json)
    }

    /// Loads a record given as raw JSON.
    pub fn from_raw(raw: &RawValue) -> Result<Self, LoadError> {
        Self::load(raw.get())
    }
}

/// Why a record could not be used.
#[derive(Debug)]
pub enum LoadError {
    /// The env is not registered (the message lists the ones that are).
    UnknownEnv(String),
    /// Not a valid record of its env.
    Invalid(String),
}

impl LoadError {
    /// The message for the client.
    pub fn message(&self) -> &str {
        match self {
            LoadError::UnknownEnv(m) | LoadError::Invalid(m) => m,
        }
    }
}

/// The bounded LRU of issued records, shared by every request.
pub struct RecordStore {
    inner: Mutex<LruCache<String, Arc<Stored>>>,
    capacity: usize,
}

impl RecordStore {
    /// A store holding at most `capacity` records (at least 1).
    pub fn new(capacity: usize) -> Self {
        let capacity = capacity.max(1);
        let cap = NonZeroUsize::new(capacity).unwrap_or(NonZeroUsize::MIN);
        RecordStore {
            inner: Mutex::new(LruCache::new(cap)),
            capacity,
        }
    }

    /// The record with this id, marking it recently used.
    pub fn get(&self, id: &str) -> Option<Arc<Stored>> {
        self.lock().get(id).cloned()
    }

    /// Keeps a record, evicting the least recently used one when full.
    pub fn insert(&self, stored: Stored) {
        let id = stored.problem.id().to_owned();
        self.lock().put(id, Arc::new(stored));
    }

    /// Records held now.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether the store is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The capacity.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, LruCache<String, Arc<Stored>>> {
        // A panic while holding the lock cannot leave the LRU half-updated in a way that matters
        // here (each call is one LRU operation), so a poisoned lock is still usable.
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use verigym::registry;

    fn record(index: u64) -> Problem {
        registry::find("modarith")
            .unwrap()
            .generator(Some(1.0), &serde_json::Map::new(), 7)
            .unwrap()
            .record(index)
    }

    #[test]
    fn evicts_the_least_recently_used() {
        let store = RecordStore::new(2);
        let (a, b, c) = (record(0), record(1), record(2));
        for r in [&a, &b] {
            store.insert(Stored::from_problem(r).unwrap());
        }
        assert!(store.get(&a.id).is_some()); // a is now the most recent
        store.insert(Stored::from_problem(&c).unwrap());
        assert!(store.get(&b.id).is_none());
        assert!(store.get(&a.id).is_some() && store.get(&c.id).is_some());
        assert_eq!(store.len(), 2);
    }

    #[test]
    fn a_record_is_checked_before_use() {
        let mut json = serde_json::to_value(record(0)).unwrap();
        json["env_version"] = 999.into();
        let err = Stored::load(&json.to_string()).err().unwrap();
        assert!(err.message().contains("999"), "{}", err.message());
        json["env"] = "nope".into();
        assert!(matches!(
            Stored::load(&json.to_string()),
            Err(LoadError::UnknownEnv(_))
        ));
        let mut json = serde_json::to_value(record(0)).unwrap();
        json["data"] = serde_json::json!({"bogus": 1});
        assert!(matches!(
            Stored::load(&json.to_string()),
            Err(LoadError::Invalid(_))
        ));
    }
}
