//! Turning a crate's module files into schemata: every file's mutants numbered crate-wide, test
//! code and `const fn` bodies left alone, sites and fuel calls naming the runtime by a
//! `crate::` path (inline modules need not `use super::*`), and the runtime appended to the
//! library root as a module that brings its own `extern crate std` (so it works in `no_std`
//! crates on host targets).

use std::collections::BTreeSet;

use super::super::RepoError;
use super::super::mutate::{self, Analysis, Mutant};
use super::super::schemata::{self, FUEL_EXHAUSTED, MUTANT_ENV, Rendered};
use super::modules::ModuleFile;

/// The path every injected call takes to the runtime.
const RT: &str = "crate::__vg_rt::";

/// The environment variable naming the file where a run records which test reached which site.
pub const REACH_ENV: &str = "VERIGYM_REACH";

/// The environment variable that sets the fuel (loop iterations plus calls) per test thread.
pub const FUEL_ENV: &str = "VERIGYM_FUEL";

/// One analysed module file.
#[derive(Clone, Debug)]
pub(crate) struct FileMutants {
    /// The file.
    pub file: ModuleFile,
    /// Its analysis, ordinals crate-wide, test code and const fns filtered out.
    pub analysis: Analysis,
}

/// Analyses every file; ordinals run on from one file to the next in discovery order.
pub(crate) fn analyze(files: Vec<ModuleFile>) -> Result<Vec<FileMutants>, RepoError> {
    let mut next = 1u32;
    let mut out = Vec::with_capacity(files.len());
    for file in files {
        let mut a = mutate::analyze(&file.source, &file.rel)?;
        let inside = |p: usize| file.excluded.iter().any(|r| r.contains(&p));
        a.mutants.retain(|m| !inside(m.site.start));
        a.loop_points.retain(|&p| !inside(p));
        a.fn_points.retain(|&p| !inside(p));
        for m in &mut a.mutants {
            m.ordinal = next;
            let hash = m.id.split('-').next().unwrap_or_default().to_owned();
            m.id = format!("{hash}-{next}");
            next += 1;
        }
        out.push(FileMutants { file, analysis: a });
    }
    Ok(out)
}

/// The rewritten text of `f` with the `enabled` mutants placed; `root` appends the runtime.
pub(crate) fn render(f: &FileMutants, enabled: &BTreeSet<u32>, root: bool) -> Rendered {
    let mut r = schemata::render(&f.analysis, enabled, RT);
    // `enabled` is crate-wide; only this file's mutants can be unplaced here.
    let own: BTreeSet<u32> = f.analysis.mutants.iter().map(|m| m.ordinal).collect();
    r.unplaced.retain(|o| own.contains(o));
    if root {
        r.source.push_str(&runtime());
    }
    r
}

/// Every mutant of every file, with its file's relative path.
pub(crate) fn all_mutants(files: &[FileMutants]) -> Vec<(&str, &Mutant)> {
    files
        .iter()
        .flat_map(|f| {
            f.analysis
                .mutants
                .iter()
                .map(move |m| (f.file.rel.as_str(), m))
        })
        .collect()
}

/// The runtime module appended to the library root. The selector reads `VERIGYM_MUTANT` once;
/// with `VERIGYM_REACH` set it also records, once per (test, site), which test (the libtest
/// thread's name) reached which site; fuel comes from `VERIGYM_FUEL`, and an exhausted tank
/// writes a marker straight to stderr (not through libtest's capture) before it panics, so a
/// runner that stops at the first failure still tells a timeout from a failure.
pub(crate) fn runtime() -> String {
    format!(
        r#"

// ---- verigym mutant schemata runtime (crate mode) ----
#[doc(hidden)]
#[allow(warnings, unused, missing_docs, unreachable_pub, clippy::all)]
pub mod __vg_rt {{
    extern crate std as __vg_std;
    use self::__vg_std::sync::atomic::{{AtomicU32, AtomicU8, Ordering}};
    use self::__vg_std::cell::Cell;
    use self::__vg_std::string::String;
    use self::__vg_std::collections::BTreeSet;

    static ACTIVE: AtomicU32 = AtomicU32::new(u32::MAX);
    // 0: not read yet; 1: off; 2: recording.
    static REACH: AtomicU8 = AtomicU8::new(0);
    static SEEN: __vg_std::sync::Mutex<BTreeSet<(String, u32)>> =
        __vg_std::sync::Mutex::new(BTreeSet::new());

    fn id() -> u32 {{
        let id = ACTIVE.load(Ordering::Relaxed);
        if id != u32::MAX {{
            return id;
        }}
        let id = __vg_std::env::var("{MUTANT_ENV}")
            .ok()
            .and_then(|v| v.trim().parse::<u32>().ok())
            .unwrap_or(0);
        ACTIVE.store(id, Ordering::Relaxed);
        id
    }}

    #[cold]
    fn reach(site: u32) {{
        let mut state = REACH.load(Ordering::Relaxed);
        if state == 0 {{
            state = if __vg_std::env::var_os("{REACH_ENV}").is_some() {{ 2 }} else {{ 1 }};
            REACH.store(state, Ordering::Relaxed);
        }}
        if state != 2 {{
            return;
        }}
        // Once per thread and site: a hot site must not pay for a lock and a name each call.
        let first_here = SEEN_HERE.with(|s| s.borrow_mut().insert(site));
        if !first_here {{
            return;
        }}
        let name = match __vg_std::thread::current().name() {{
            Some(n) if n != "main" => String::from(n),
            _ => String::from("?"),
        }};
        let fresh = SEEN.lock().map(|mut s| s.insert((name.clone(), site))).unwrap_or(false);
        if fresh {{
            if let Some(path) = __vg_std::env::var_os("{REACH_ENV}") {{
                use self::__vg_std::io::Write;
                if let Ok(mut f) = __vg_std::fs::OpenOptions::new().create(true).append(true).open(path) {{
                    let _ = __vg_std::writeln!(f, "{{}}\t{{}}", site, name);
                }}
            }}
        }}
    }}

    #[inline]
    pub fn __vg_sel(ids: &[u32]) -> usize {{
        if REACH.load(Ordering::Relaxed) != 1 {{
            reach(ids[0]);
        }}
        let id = id();
        if id == 0 {{
            return 0;
        }}
        ids.iter().position(|&i| i == id).map_or(0, |p| p + 1)
    }}

    fn tank() -> u64 {{
        __vg_std::env::var("{FUEL_ENV}")
            .ok()
            .and_then(|v| v.trim().parse::<u64>().ok())
            .unwrap_or(u64::MAX)
    }}

    __vg_std::thread_local! {{
        static SEEN_HERE: __vg_std::cell::RefCell<BTreeSet<u32>> =
            const {{ __vg_std::cell::RefCell::new(BTreeSet::new()) }};
        static FUEL: Cell<u64> = Cell::new(tank());
        static DEPTH: Cell<u32> = const {{ Cell::new(0) }};
    }}

    #[cold]
    fn exhausted() -> ! {{
        FUEL.with(|f| f.set(tank()));
        DEPTH.with(|d| d.set(0));
        {{
            use self::__vg_std::io::Write;
            let name = __vg_std::thread::current().name().map(String::from).unwrap_or_default();
            let _ = __vg_std::writeln!(__vg_std::io::stderr(), "{FUEL_EXHAUSTED}: {{}}", name);
        }}
        panic!("{FUEL_EXHAUSTED}");
    }}

    #[inline]
    pub fn __vg_fuel() {{
        let left = FUEL.with(|f| f.get());
        if left == 0 {{
            exhausted();
        }}
        FUEL.with(|f| f.set(left - 1));
    }}

    pub struct Guard;

    impl Drop for Guard {{
        fn drop(&mut self) {{
            DEPTH.with(|d| d.set(d.get().saturating_sub(1)));
        }}
    }}

    #[inline]
    pub fn __vg_enter() -> Guard {{
        __vg_fuel();
        let depth = DEPTH.with(|d| d.get());
        if depth >= 20_000 {{
            exhausted();
        }}
        DEPTH.with(|d| d.set(depth + 1));
        Guard
    }}
}}
"#
    )
}
