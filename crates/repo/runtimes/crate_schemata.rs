

// ---- verigym mutant schemata runtime (crate mode) ----
#[doc(hidden)]
#[allow(warnings, unused, missing_docs, unreachable_pub, clippy::all)]
// A crate may deny lints outside `warnings` (mime: `#![deny(missing_debug_implementations)]`).
#[allow(missing_debug_implementations, missing_copy_implementations, unused_qualifications)]
#[allow(unused_results, unused_extern_crates, rust_2018_idioms, elided_lifetimes_in_paths)]
#[allow(trivial_casts, trivial_numeric_casts, single_use_lifetimes, variant_size_differences)]
pub mod __vg_rt {
    extern crate std as __vg_std;
    use self::__vg_std::sync::atomic::{AtomicU64, Ordering};
    use self::__vg_std::cell::{Cell, RefCell};
    use self::__vg_std::string::String;
    use self::__vg_std::vec::Vec;
    use self::__vg_std::collections::BTreeSet;

    // The run's mode in one word: the active mutant in the low 32 bits, reach recording above
    // (UNREAD: the environment not read yet).
    const UNREAD: u64 = 0;
    const OFF: u64 = 1 << 32;
    const RECORDING: u64 = 2 << 32;
    static MODE: AtomicU64 = AtomicU64::new(UNREAD);
    static SEEN: __vg_std::sync::Mutex<BTreeSet<(String, u32)>> =
        __vg_std::sync::Mutex::new(BTreeSet::new());

    #[cold]
    fn read_mode() -> u64 {
        let id = __vg_std::env::var("@@MUTANT_ENV@@")
            .ok()
            .and_then(|v| v.trim().parse::<u32>().ok())
            .unwrap_or(0);
        let reach = if __vg_std::env::var_os("@@REACH_ENV@@").is_some() { RECORDING } else { OFF };
        let mode = reach | id as u64;
        MODE.store(mode, Ordering::Relaxed);
        mode
    }

    fn reach(site: u32) {
        // Once per thread and site: a hot site must not pay for a lock and a name each call.
        let first_here = SEEN_HERE.with(|s| {
            let mut s = s.borrow_mut();
            let (word, bit) = ((site / 64) as usize, 1u64 << (site % 64));
            if s.len() <= word {
                s.resize(word + 1, 0);
            }
            let fresh = s[word] & bit == 0;
            s[word] |= bit;
            fresh
        });
        if !first_here {
            return;
        }
        let name = match __vg_std::thread::current().name() {
            Some(n) if n != "main" => String::from(n),
            _ => String::from("?"),
        };
        let fresh = SEEN.lock().map(|mut s| s.insert((name.clone(), site))).unwrap_or(false);
        if fresh {
            record(&__vg_std::format!("{}\t{}\n", site, name));
        }
    }

    // Appends one line to the reach file in one write, so that lines of threads writing at
    // once do not interleave (an `O_APPEND` write is not split by another's).
    fn record(line: &str) {
        if let Some(path) = __vg_std::env::var_os("@@REACH_ENV@@") {
            use self::__vg_std::io::Write;
            if let Ok(mut f) = __vg_std::fs::OpenOptions::new().create(true).append(true).open(path) {
                let _ = f.write_all(line.as_bytes());
            }
        }
    }

    fn thread_name() -> String {
        __vg_std::thread::current().name().map_or(String::from("?"), String::from)
    }

    #[inline]
    pub fn __vg_sel(ids: &[u32]) -> usize {
        let mut mode = MODE.load(Ordering::Relaxed);
        if mode == OFF {
            return 0; // no mutant, no recording: the baseline's case
        }
        if mode == UNREAD {
            mode = read_mode();
        }
        if mode & RECORDING != 0 {
            reach(ids[0]);
        }
        let id = mode as u32;
        if id == 0 {
            return 0;
        }
        let mut i = 0;
        while i < ids.len() {
            if ids[i] == id {
                return i + 1;
            }
            i += 1;
        }
        0
    }

    // A fresh thread's tank, not filled from the environment yet.
    const UNFILLED: u64 = u64::MAX;

    fn tank() -> u64 {
        __vg_std::env::var("@@FUEL_ENV@@")
            .ok()
            .and_then(|v| v.trim().parse::<u64>().ok())
            .unwrap_or(u64::MAX)
            .min(UNFILLED - 1)
    }

    struct Tank {
        fuel: Cell<u64>,
        depth: Cell<u32>,
    }

    // A recording run's account of one thread's tank: its destructor runs as the thread ends
    // (libtest joins each test's thread, so before the run does) and writes what the thread
    // burned, or `?` when it ran dry and was refilled. A thread the process ends under (a
    // detached helper, a `harness = false` main that calls `exit`) writes no end line: the
    // reader takes its usage as unknown.
    struct Usage {
        name: String,
        start: u64,
        dry: Cell<bool>,
    }

    impl Drop for Usage {
        fn drop(&mut self) {
            // Never panic here: a panic in a thread-local's destructor aborts the process.
            let left = TANK.try_with(|t| t.fuel.get()).unwrap_or(UNFILLED);
            let used = if self.dry.get() || left > self.start {
                String::from("?")
            } else {
                // `format!`, not `to_string`: a `no_std` crate's prelude has no `ToString`.
                __vg_std::format!("{}", self.start - left)
            };
            record(&__vg_std::format!("@@FUEL_USED@@\t{}\t{}\n", used, self.name));
        }
    }

    __vg_std::thread_local! {
        static SEEN_HERE: RefCell<Vec<u64>> = const { RefCell::new(Vec::new()) };
        // No destructor, so every access is one plain thread-local access (a type with drop glue
        // would add a registration check to each): the per-thread account lives in `USAGE`.
        static TANK: Tank = const { Tank { fuel: Cell::new(UNFILLED), depth: Cell::new(0) } };
        static USAGE: RefCell<Option<Usage>> = const { RefCell::new(None) };
    }

    // A thread's first fuel point: the tank is filled from the environment, and in a recording
    // run the thread's account opened (a start line first, so that a thread that never gets to
    // write its end line is known to exist).
    #[cold]
    fn fill() -> u64 {
        let left = tank();
        let mut mode = MODE.load(Ordering::Relaxed);
        if mode == UNREAD {
            mode = read_mode();
        }
        if mode & RECORDING != 0 {
            let name = thread_name();
            record(&__vg_std::format!("@@FUEL_START@@\t{}\n", name));
            let _ = USAGE.try_with(|u| {
                if let Ok(mut u) = u.try_borrow_mut() {
                    *u = Some(Usage { name, start: left, dry: Cell::new(false) });
                }
            });
        }
        left
    }

    #[cold]
    fn exhausted(t: &Tank) -> ! {
        if MODE.load(Ordering::Relaxed) & RECORDING != 0 {
            // The refill below hides what the thread burned: its usage is unknown.
            let _ = USAGE.try_with(|u| {
                if let Ok(u) = u.try_borrow() {
                    if let Some(u) = u.as_ref() {
                        u.dry.set(true);
                    }
                }
            });
        }
        t.fuel.set(tank());
        t.depth.set(0);
        {
            use self::__vg_std::io::Write;
            let name = __vg_std::thread::current().name().map(String::from).unwrap_or_default();
            let _ = __vg_std::writeln!(__vg_std::io::stderr(), "@@FUEL_EXHAUSTED@@: {}", name);
        }
        panic!("@@FUEL_EXHAUSTED@@");
    }

    fn burn(t: &Tank) {
        let mut left = t.fuel.get();
        if left == UNFILLED {
            left = fill();
        }
        if left == 0 {
            exhausted(t);
        }
        t.fuel.set(left - 1);
    }

    fn enter(t: &Tank) {
        burn(t);
        let depth = t.depth.get();
        if depth >= 20_000 {
            exhausted(t);
        }
        t.depth.set(depth + 1);
    }

    fn leave(t: &Tank) {
        t.depth.set(t.depth.get().saturating_sub(1));
    }

    #[inline]
    pub fn __vg_fuel() {
        TANK.with(burn);
    }

    pub struct Guard;

    impl Drop for Guard {
        fn drop(&mut self) {
            TANK.with(leave);
        }
    }

    #[inline]
    pub fn __vg_enter() -> Guard {
        TANK.with(enter);
        Guard
    }

    // Each answer's arm is a closure called through this: the closure's body is a function of
    // its own, so its locals live in its own stack frame, never in the frame every arm of the
    // function shares (a sibling's huge locals once overflowed the stack for all of them).
    #[inline(never)]
    pub fn __vg_call<R, F: FnOnce() -> R>(f: F) -> R {
        f()
    }

    // The hidden differential suite gives each call its own tank, sized from the reference's use
    // on the same input, so a looping answer stops in a bounded number of steps.
    pub fn __vg_refuel_to(steps: u64) {
        TANK.with(|t| t.fuel.set(steps.min(UNFILLED - 1)));
    }

    pub fn __vg_fuel_left() -> u64 {
        TANK.with(|t| t.fuel.get())
    }

    // The hidden differential suite runs the reference and the answer in one process: it
    // switches the active arm and gets the previous one back (reach recording is kept).
    pub fn __vg_switch(id: u32) -> u32 {
        let mut mode = MODE.load(Ordering::Relaxed);
        if mode == UNREAD {
            mode = read_mode();
        }
        MODE.store((mode & !0xffff_ffff) | id as u64, Ordering::Relaxed);
        mode as u32
    }
}
