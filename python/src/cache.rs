//! Problems already loaded, for records judged again: a GRPO group's responses graded one call
//! each (verl's reward managers call `compute_score` per response), or a record re-verified.
//!
//! Loading a record (JSON to typed problem) costs several times what judging one response does,
//! so the verify functions keep the last problems they loaded, by their record's content:
//!
//! * JSON text (str or bytes) is keyed by the text itself: a hit is a hash and a byte comparison.
//! * A dict is keyed by its `id` and kept beside a snapshot of the dict the problem was loaded
//!   from (built from that JSON, so no later change to the caller's dict reaches it); a hit needs
//!   the dict to equal the snapshot value for value, with the same types (`1` is not `1.0` nor
//!   `True`), so a tampered dict with a cached id is loaded afresh, as if never seen.
//!
//! Both are bounded; the oldest entry goes first.

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::sync::{Arc, Mutex, MutexGuard};

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString};
use verigym::DynProblem;

/// Problems kept per cache.
pub const CAPACITY: usize = 4096;

/// A loaded problem, shared between the cache and the batches judging it.
pub type Shared = Arc<dyn DynProblem>;

/// A map that forgets its oldest entry past `CAPACITY`.
struct Bounded<K, V> {
    map: HashMap<K, V>,
    order: VecDeque<K>,
}

impl<K: Hash + Eq + Clone, V> Bounded<K, V> {
    fn new() -> Self {
        Bounded {
            map: HashMap::new(),
            order: VecDeque::new(),
        }
    }

    fn insert(&mut self, key: K, value: V) {
        if self.map.insert(key.clone(), value).is_none() {
            self.order.push_back(key);
        }
        while self.map.len() > CAPACITY {
            match self.order.pop_front() {
                Some(old) => {
                    self.map.remove(&old);
                }
                None => break,
            }
        }
    }
}

/// A dict record's problem, beside the snapshot of the dict it was loaded from.
type Snapshot = (Py<PyDict>, Shared);

// `HashMap::new` is not const; the maps are made on first use.
static TEXTS: Mutex<Option<Bounded<Arc<str>, Shared>>> = Mutex::new(None);
static DICTS: Mutex<Option<Bounded<String, Snapshot>>> = Mutex::new(None);

fn lock<T>(m: &'static Mutex<Option<T>>, new: fn() -> T) -> MutexGuard<'static, Option<T>> {
    let mut guard = m.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if guard.is_none() {
        *guard = Some(new());
    }
    guard
}

/// The problem loaded from exactly this JSON text, if kept.
pub fn text(record: &str) -> Option<Shared> {
    let guard = lock(&TEXTS, Bounded::new);
    guard.as_ref()?.map.get(record).cloned()
}

/// Keeps the problem loaded from this JSON text.
pub fn keep_text(record: &str, problem: &Shared) {
    let mut guard = lock(&TEXTS, Bounded::new);
    if let Some(cache) = guard.as_mut() {
        cache.insert(Arc::from(record), Arc::clone(problem));
    }
}

/// The problem loaded from a dict equal to `record` (types included), if kept.
pub fn dict(record: &Bound<'_, PyDict>) -> PyResult<Option<Shared>> {
    let Some(id) = record.get_item(pyo3::intern!(record.py(), "id"))? else {
        return Ok(None);
    };
    let Ok(id) = id.cast::<PyString>() else {
        return Ok(None);
    };
    let id = id.to_cow()?;
    let (snapshot, problem) = {
        let guard = lock(&DICTS, Bounded::new);
        match guard.as_ref().and_then(|cache| cache.map.get(id.as_ref())) {
            Some((snapshot, problem)) => (snapshot.clone_ref(record.py()), Arc::clone(problem)),
            None => return Ok(None),
        }
    };
    // Compared without the lock: nothing here runs Python code (exact types only), but it
    // need not hold other threads' lookups either.
    Ok(same(record.as_any(), snapshot.bind(record.py()).as_any())?.then_some(problem))
}

/// Keeps the problem loaded from the dict whose JSON is `json`, with a snapshot of that dict.
pub fn keep_dict(snapshot: Bound<'_, PyDict>, problem: &Shared) -> PyResult<()> {
    let Some(id) = snapshot.get_item(pyo3::intern!(snapshot.py(), "id"))? else {
        return Ok(());
    };
    let Ok(id) = id.extract::<String>() else {
        return Ok(());
    };
    let mut guard = lock(&DICTS, Bounded::new);
    if let Some(cache) = guard.as_mut() {
        cache.insert(id, (snapshot.unbind(), Arc::clone(problem)));
    }
    Ok(())
}

/// Whether `a` equals `b` as JSON values of the same types: dicts (same keys), lists, str, int,
/// float (bit for bit), bool and None, exact types only (a subclass could compare as it likes).
fn same(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<bool> {
    if a.is(b) {
        return Ok(true);
    }
    if a.get_type().as_ptr() != b.get_type().as_ptr() {
        return Ok(false);
    }
    if let Ok(a) = a.cast_exact::<PyString>() {
        return Ok(a.to_cow()? == b.cast_exact::<PyString>()?.to_cow()?);
    }
    if a.is_exact_instance_of::<PyBool>() || a.is_none() {
        return Ok(false); // singletons: equal ones are the same object, seen above
    }
    if a.is_exact_instance_of::<PyInt>() {
        return a.eq(b);
    }
    if let Ok(a) = a.cast_exact::<PyFloat>() {
        return Ok(a.value().to_bits() == b.cast_exact::<PyFloat>()?.value().to_bits());
    }
    if let Ok(a) = a.cast_exact::<PyList>() {
        let b = b.cast_exact::<PyList>()?;
        if a.len() != b.len() {
            return Ok(false);
        }
        for (x, y) in a.iter().zip(b.iter()) {
            if !same(&x, &y)? {
                return Ok(false);
            }
        }
        return Ok(true);
    }
    if let Ok(a) = a.cast_exact::<PyDict>() {
        let b = b.cast_exact::<PyDict>()?;
        if a.len() != b.len() {
            return Ok(false);
        }
        for (key, x) in a.iter() {
            if !key.is_exact_instance_of::<PyString>() {
                return Ok(false);
            }
            match b.get_item(&key)? {
                Some(y) if same(&x, &y)? => {}
                _ => return Ok(false),
            }
        }
        return Ok(true);
    }
    // Anything else is no JSON value the snapshot holds.
    Ok(false)
}
