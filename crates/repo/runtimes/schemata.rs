
// ---- verigym mutant schemata runtime ----
#[doc(hidden)]
pub static __VG_ACTIVE: ::std::sync::atomic::AtomicU32 = ::std::sync::atomic::AtomicU32::new(u32::MAX);

/// Switches the active mutant in-process (0 is the original).
#[doc(hidden)]
pub fn __vg_set_active(id: u32) {
    __VG_ACTIVE.store(id, ::std::sync::atomic::Ordering::Relaxed);
}

#[doc(hidden)]
#[inline]
pub fn __vg_id() -> u32 {
    // Acquire pairs with the Release store below, so a thread that sees the id also sees the
    // list of further ids stored before it.
    let id = __VG_ACTIVE.load(::std::sync::atomic::Ordering::Acquire);
    if id != u32::MAX {
        return id;
    }
    // A comma-separated list activates several arms at once (a candidate fix of several
    // functions); the first id is the primary one, the rest are looked up only when it misses.
    let var = ::std::env::var("@@MUTANT_ENV@@").unwrap_or_default();
    let mut ids = var.split(',').filter_map(|v| v.trim().parse::<u32>().ok());
    let id = ids.next().unwrap_or(0);
    let more: ::std::vec::Vec<u32> = ids.collect();
    __VG_HAS_MORE.store(!more.is_empty(), ::std::sync::atomic::Ordering::Relaxed);
    let _ = __VG_MORE.set(more);
    __VG_ACTIVE.store(id, ::std::sync::atomic::Ordering::Release);
    id
}

#[doc(hidden)]
static __VG_MORE: ::std::sync::OnceLock<::std::vec::Vec<u32>> = ::std::sync::OnceLock::new();

#[doc(hidden)]
#[inline]
fn __vg_sel(ids: &[u32]) -> usize {
    let id = __vg_id();
    if id == 0 {
        return 0;
    }
    if let Some(p) = ids.iter().position(|&i| i == id) {
        return p + 1;
    }
    // Sites run millions of times in a fuel-bound loop: the common single-id case pays one
    // relaxed load here, never the list lookup.
    if !__VG_HAS_MORE.load(::std::sync::atomic::Ordering::Relaxed) {
        return 0;
    }
    __vg_sel_more(ids)
}

#[doc(hidden)]
#[cold]
fn __vg_sel_more(ids: &[u32]) -> usize {
    __VG_MORE
        .get()
        .and_then(|more| ids.iter().position(|i| more.contains(i)))
        .map_or(0, |p| p + 1)
}

#[doc(hidden)]
static __VG_HAS_MORE: ::std::sync::atomic::AtomicBool = ::std::sync::atomic::AtomicBool::new(false);

::std::thread_local! {
    static __VG_FUEL: ::std::cell::Cell<u64> = const { ::std::cell::Cell::new(@@steps@@) };
    static __VG_DEPTH: ::std::cell::Cell<u32> = const { ::std::cell::Cell::new(0) };
}

/// Refills this thread's fuel.
#[doc(hidden)]
pub fn __vg_refuel() {
    __vg_refuel_to(@@steps@@);
}

/// Sets this thread's fuel to `steps` (the probes use a smaller tank per call).
#[doc(hidden)]
pub fn __vg_refuel_to(steps: u64) {
    __VG_FUEL.with(|f| f.set(steps));
    __VG_DEPTH.with(|d| d.set(0));
}

#[doc(hidden)]
#[inline]
fn __vg_fuel() {
    let left = __VG_FUEL.with(|f| f.get());
    if left == 0 {
        // Refill first, so a later test on this thread starts with a full tank.
        __vg_refuel();
        panic!("@@FUEL_EXHAUSTED@@");
    }
    __VG_FUEL.with(|f| f.set(left - 1));
}

#[doc(hidden)]
struct __VgGuard;

impl Drop for __VgGuard {
    fn drop(&mut self) {
        __VG_DEPTH.with(|d| d.set(d.get().saturating_sub(1)));
    }
}

#[doc(hidden)]
#[inline]
fn __vg_enter() -> __VgGuard {
    __vg_fuel();
    let depth = __VG_DEPTH.with(|d| d.get());
    if depth >= @@max_depth@@ {
        __vg_refuel();
        panic!("@@FUEL_EXHAUSTED@@");
    }
    __VG_DEPTH.with(|d| d.set(depth + 1));
    __VgGuard
}
