//! The hidden suite's crate-wide runtime, appended to the library's root file under
//! `#[cfg(test)]`: the seeded input generator (its pools made from the crate's own literals),
//! `Debug`-if-it-has-one showing of results, and the comparison of the reference arms with the
//! answer's. Everything names `std` through its own `extern crate`, so it builds in a `no_std`
//! library's test build, and all arithmetic wraps: the test profile checks overflow.

use super::{
    COUNT_ALL_ENV, DIFFERS, INPUTS_ENV, INPUTS_PER_DRIVER, Literals, PRISTINE, PROGRESS_ENV,
    SEED_ENV, SKIP_ENV,
};

/// The most pool entries of each kind, and the longest string or byte string kept: enough to
/// recombine the crate's vocabulary, small enough to keep the build's constant tables short.
const MOST: usize = 256;
const LONGEST: usize = 48;

/// The runtime module's text, with pools from `literals`.
pub(crate) fn text(literals: &Literals) -> String {
    let strs: Vec<String> = literals
        .strs
        .iter()
        .take(MOST)
        .map(|s| format!("{:?}", s.chars().take(LONGEST).collect::<String>()))
        .collect();
    let bytes: Vec<String> = literals
        .bytes
        .iter()
        .take(MOST)
        .map(|b| {
            let list: Vec<String> = b.iter().take(LONGEST).map(u8::to_string).collect();
            format!("&[{}]", list.join(", "))
        })
        .collect();
    let chars: Vec<String> = literals
        .chars
        .iter()
        .take(MOST)
        .map(|c| format!("{c:?}"))
        .collect();
    let ints: Vec<String> = literals
        .ints
        .iter()
        .take(MOST)
        .map(i128::to_string)
        .collect();
    let floats: Vec<String> = literals
        .floats
        .iter()
        .take(MOST)
        .map(|f| {
            if f.contains(['.', 'e', 'E']) {
                f.clone()
            } else {
                format!("{f}.0")
            }
        })
        .collect();
    RUNTIME
        .replace("@STRS@", &strs.join(", "))
        .replace("@BYTES@", &bytes.join(", "))
        .replace("@CHARS@", &chars.join(", "))
        .replace("@INTS@", &ints.join(", "))
        .replace("@FLOATS@", &floats.join(", "))
        .replace("@SEED_ENV@", SEED_ENV)
        .replace("@INPUTS_ENV@", INPUTS_ENV)
        .replace("@COUNT_ALL_ENV@", COUNT_ALL_ENV)
        .replace("@PROGRESS_ENV@", PROGRESS_ENV)
        .replace("@SKIP_ENV@", SKIP_ENV)
        .replace("@INPUTS@", &INPUTS_PER_DRIVER.to_string())
        .replace("@PRISTINE@", &PRISTINE.to_string())
        .replace("@DIFFERS@", DIFFERS)
}

const RUNTIME: &str = r#"

// ---- verigym hidden differential suite runtime ----
#[cfg(test)]
#[doc(hidden)]
#[allow(warnings, unused, missing_docs, unreachable_pub, clippy::all, unused_qualifications)]
#[allow(missing_debug_implementations, unused_results, rust_2018_idioms, elided_lifetimes_in_paths)]
#[allow(trivial_casts, trivial_numeric_casts, single_use_lifetimes, missing_copy_implementations)]
pub(crate) mod __vg_hidden_rt {
    extern crate std as __vg_std;
    use self::__vg_std::string::String;
    use self::__vg_std::vec::Vec;
    use self::__vg_std::fmt;

    const STRS: &[&str] = &[@STRS@];
    const BYTES: &[&[u8]] = &[@BYTES@];
    const CHARS: &[char] = &[@CHARS@];
    const INTS: &[i128] = &[@INTS@];
    const FLOATS: &[f64] = &[@FLOATS@];
    const EDGE_CHARS: &[char] = &[
        ' ', '_', '-', '.', 'a', 'z', 'A', 'Z', '0', '9', 'é', 'ß', 'İ', '中', '\n', '\t', '\'',
        '"', '\\', '$', '\u{301}',
    ];
    const EDGE_STRS: &[&str] = &[
        "", " ", "_", "-", "a", "A", "ab", "aB", "Ab", "AB", "a1", "1a", "12", "é", "ß", "中文",
        "  a  ", "a_b-c d", "\n", "ABCdef", "XMLHttp", "a\"b", "it's", "a\\b", "$x", "--",
    ];
    const SEPARATORS: &[&str] = &[" ", "_", "-", "", ".", "  ", "\t", "/", ":", ","];

    fn mix(mut z: u64) -> u64 {
        z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// One input's generator: splitmix64 from (seed, driver, case), so every input is made alone.
    #[derive(Clone)]
    pub struct Gen {
        state: u64,
    }

    impl Gen {
        pub fn new(seed: u64, driver: u64, case: u64) -> Gen {
            Gen { state: mix(seed ^ mix(driver ^ mix(case))) }
        }

        pub fn next(&mut self) -> u64 {
            self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            mix(self.state)
        }

        pub fn below(&mut self, n: u64) -> u64 {
            if n == 0 { 0 } else { self.next() % n }
        }

        pub fn arb<T: Arb>(&mut self) -> T {
            T::arb(self)
        }

        fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
            if items.is_empty() { None } else { Some(&items[self.below(items.len() as u64) as usize]) }
        }

        /// A number: small, from the crate's literals (and beside them), or any 64 bits.
        fn int(&mut self) -> i128 {
            match self.below(8) {
                0 | 1 => self.below(33) as i128 - 16,
                2 | 3 => self.pick(INTS).copied().unwrap_or(7),
                4 => self.pick(INTS).copied().unwrap_or(0).wrapping_add(self.below(5) as i128 - 2),
                5 => self.pick(&[0i128, 1, 2, 10, 100, 255, 256, 1000, 1024, 65535, 65536]).copied().unwrap_or(0),
                6 => (self.next() >> self.below(64)) as i128,
                _ => self.next() as i64 as i128,
            }
        }

        fn char(&mut self) -> char {
            match self.below(5) {
                0 => self.pick(CHARS).copied().unwrap_or('c'),
                1 => self.pick(EDGE_CHARS).copied().unwrap_or('e'),
                2 => char::from(32 + self.below(95) as u8),
                _ => {
                    let s = self.pick(STRS).copied().unwrap_or("word");
                    let n = s.chars().count() as u64;
                    s.chars().nth(self.below(n) as usize).unwrap_or('w')
                }
            }
        }

        /// A piece of a pool string: the run of one character class at a random place.
        fn piece(&mut self) -> String {
            let s = self.pick(STRS).copied().unwrap_or("word");
            let chars: Vec<char> = s.chars().collect();
            if chars.is_empty() {
                return String::new();
            }
            let class = |c: char| if c.is_alphabetic() { if c.is_uppercase() { 1 } else { 2 } } else if c.is_numeric() { 3 } else { 4 };
            let mut at = self.below(chars.len() as u64) as usize;
            while at > 0 && class(chars[at - 1]) == class(chars[at]) {
                at -= 1;
            }
            let mut end = at + 1;
            while end < chars.len() && (class(chars[end]) == class(chars[at]) || (class(chars[at]) == 1 && class(chars[end]) == 2)) {
                end += 1;
            }
            chars[at..end].iter().collect()
        }

        fn string(&mut self) -> String {
            let mut s: String = match self.below(8) {
                0 => String::from(self.pick(STRS).copied().unwrap_or("")),
                1 | 2 => {
                    let mut chars: Vec<char> = self.pick(STRS).copied().unwrap_or("ab").chars().collect();
                    for _ in 0..1 + self.below(3) {
                        let n = chars.len() as u64;
                        match self.below(4) {
                            0 => { let c = self.char(); chars.insert(self.below(n + 1) as usize, c) }
                            1 if n > 0 => { chars.remove(self.below(n) as usize); }
                            2 if n > 0 => {
                                let i = self.below(n) as usize;
                                let c = chars[i];
                                chars[i] = if c.is_uppercase() { c.to_lowercase().next().unwrap_or(c) } else { c.to_uppercase().next().unwrap_or(c) };
                            }
                            _ => { let c = self.char(); if n > 0 { let i = self.below(n) as usize; chars[i] = c } else { chars.push(c) } }
                        }
                    }
                    chars.into_iter().collect()
                }
                3 | 4 => {
                    let mut out = String::new();
                    let sep = self.pick(SEPARATORS).copied().unwrap_or(" ");
                    for k in 0..1 + self.below(4) {
                        if k > 0 {
                            out.push_str(if self.below(4) == 0 { self.pick(SEPARATORS).copied().unwrap_or(" ") } else { sep });
                        }
                        let p = self.piece();
                        out.push_str(&p);
                    }
                    out
                }
                5 => (0..self.below(9)).map(|_| self.char()).collect(),
                6 => String::from(self.pick(EDGE_STRS).copied().unwrap_or("")),
                _ => {
                    let base = self.pick(STRS).copied().unwrap_or("Ab");
                    match self.below(3) {
                        0 => base.to_uppercase(),
                        1 => base.to_lowercase(),
                        _ => base.chars().rev().collect(),
                    }
                }
            };
            if s.chars().count() > 64 {
                s = s.chars().take(64).collect();
            }
            s
        }
    }

    /// A type the generator makes.
    pub trait Arb: Sized {
        fn arb(g: &mut Gen) -> Self;
        /// A `Vec` of it (bytes are made from the crate's strings and byte strings).
        fn arb_vec(g: &mut Gen) -> Vec<Self> {
            (0..g.below(7)).map(|_| Self::arb(g)).collect()
        }
    }

    // Sizes, counts and slots (`usize`, `u32`, `u16`) stay at most 1024 (but for 0): a huge one
    // makes the reference allocate past the memory limit, which kills the process rather than
    // panics, and a large state's `Debug` text is slow to compare.
    // The wide types also get any 64 bits.
    macro_rules! ints {
        ($wide:expr; $($t:ident)*) => {$(
            impl Arb for $t {
                fn arb(g: &mut Gen) -> Self {
                    match g.below(32) {
                        0 => $t::MIN,
                        1 if $wide => $t::MAX,
                        2 if $wide => $t::MAX.wrapping_sub(1),
                        1 | 2 => 255 as $t,
                        3..=5 if $wide => g.next() as $t,
                        3..=5 => (g.next() % 1024) as $t,
                        6..=8 => (1u64 << g.below(if $wide { 63 } else { 11 })) as $t,
                        9..=20 => g.below(17) as $t,
                        _ => {
                            let v = g.int();
                            // A negative literal is no size: folded into 0..=1024, never wrapped
                            // to a near-`MAX` one (`-1 as u32`), which once made a sequence driver
                            // fill a 4-billion-slot arena.
                            if $wide { v as $t } else { v.rem_euclid(1025) as $t }
                        }
                    }
                }
            }
        )*};
    }
    ints!(true; i8 i16 i32 i64 i128 isize u64 u128);
    ints!(false; u16 u32 usize);

    impl Arb for u8 {
        fn arb(g: &mut Gen) -> Self {
            match g.below(6) {
                0 => g.next() as u8,
                1 | 2 => g.char() as u32 as u8,
                3 => g.int() as u8,
                _ => {
                    let s = g.string();
                    s.as_bytes().first().copied().unwrap_or(b' ')
                }
            }
        }
        fn arb_vec(g: &mut Gen) -> Vec<u8> {
            match g.below(6) {
                0 => g.pick(BYTES).map(|b| b.to_vec()).unwrap_or_default(),
                1 => (0..g.below(9)).map(|_| g.next() as u8).collect(),
                _ => g.string().into_bytes(),
            }
        }
    }

    macro_rules! floats {
        ($($t:ident)*) => {$(
            impl Arb for $t {
                fn arb(g: &mut Gen) -> Self {
                    match g.below(8) {
                        0 => *g.pick(&[0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1e3, 1e6, 1e9, 1e12, 1e15, 1e-3, 1e-9,
                            $t::MAX, $t::MIN, $t::MIN_POSITIVE, $t::EPSILON, $t::INFINITY, $t::NEG_INFINITY, $t::NAN]).unwrap_or(&0.0),
                        1 | 2 => g.pick(FLOATS).map(|f| *f as $t).unwrap_or(2.5) * *g.pick(&[1.0, -1.0, 10.0, 0.1, 1000.0, 1024.0]).unwrap_or(&1.0),
                        3 | 4 => g.int() as $t,
                        5 => (g.int() as $t) / 4.0,
                        6 => (g.next() >> 11) as $t / 1048576.0,
                        _ => (g.int() as $t) * *g.pick(&[1e3, 1e6, 1e9, 1024.0, 1048576.0, 86400000.0]).unwrap_or(&1.0),
                    }
                }
            }
        )*};
    }
    floats!(f32 f64);

    impl Arb for bool {
        fn arb(g: &mut Gen) -> Self {
            g.below(2) == 1
        }
    }

    impl Arb for char {
        fn arb(g: &mut Gen) -> Self {
            g.char()
        }
    }

    impl Arb for String {
        fn arb(g: &mut Gen) -> Self {
            g.string()
        }
    }

    impl<T: Arb> Arb for Vec<T> {
        fn arb(g: &mut Gen) -> Self {
            T::arb_vec(g)
        }
    }

    impl<T: Arb> Arb for Option<T> {
        fn arb(g: &mut Gen) -> Self {
            if g.below(4) == 0 { None } else { Some(T::arb(g)) }
        }
    }

    impl<T: Arb, const N: usize> Arb for [T; N] {
        fn arb(g: &mut Gen) -> Self {
            ::core::array::from_fn(|_| T::arb(g))
        }
    }

    macro_rules! tuples {
        ($(($($t:ident)*))*) => {$(
            impl<$($t: Arb),*> Arb for ($($t,)*) {
                fn arb(g: &mut Gen) -> Self {
                    ($($t::arb(g),)*)
                }
            }
        )*};
    }
    tuples!((A) (A B) (A B C) (A B C D));

    /// A value's items when it is an iterator (the first 16), else its `Debug` text, else a
    /// placeholder that compares equal: autoref specialization, called as
    /// `(&&Show(RefCell::new(&mut v))).__vg_show()`, finds the `ViaIter` impl first, then
    /// `ViaDebug`, then `ViaNothing`.
    pub struct Show<'a, T: ?Sized>(pub ::core::cell::RefCell<&'a mut T>);

    pub trait ViaIter {
        fn __vg_show(&self) -> String;
    }

    impl<T: Iterator> ViaIter for &Show<'_, T>
    where
        T::Item: fmt::Debug,
    {
        fn __vg_show(&self) -> String {
            let mut it = self.0.borrow_mut();
            let items: Vec<T::Item> = it.by_ref().take(16).collect();
            __vg_std::format!("iter{:?}", items)
        }
    }

    pub trait ViaDebug {
        fn __vg_show(&self) -> String;
    }

    impl<T: ?Sized + fmt::Debug> ViaDebug for &&Show<'_, T> {
        fn __vg_show(&self) -> String {
            __vg_std::format!("{:?}", self.0.borrow())
        }
    }

    pub trait ViaNothing {
        fn __vg_show(&self) -> String;
    }

    impl<T: ?Sized> ViaNothing for Show<'_, T> {
        fn __vg_show(&self) -> String {
            String::from("_")
        }
    }

    /// What a function given a `fmt::Formatter` writes, and what it returns.
    pub fn formatted<F: FnOnce(&mut fmt::Formatter<'_>) -> fmt::Result>(f: F) -> String {
        struct W<F>(::core::cell::Cell<Option<F>>);
        impl<F: FnOnce(&mut fmt::Formatter<'_>) -> fmt::Result> fmt::Display for W<F> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self.0.take() {
                    Some(g) => g(f),
                    None => Ok(()),
                }
            }
        }
        let mut out = String::new();
        let r = fmt::Write::write_fmt(&mut out, __vg_std::format_args!("{}", W(::core::cell::Cell::new(Some(f)))));
        __vg_std::format!("{out:?} {r:?}")
    }

    fn name_hash(name: &str) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in name.bytes() {
            h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
        h
    }

    static PROGRESS: __vg_std::sync::OnceLock<Option<__vg_std::sync::Mutex<__vg_std::fs::File>>> =
        __vg_std::sync::OnceLock::new();

    /// Notes the input about to run, unbuffered, so the line is there if the call kills the
    /// process.
    fn progress(phase: &str, name: &str, case: u64) {
        let file = PROGRESS.get_or_init(|| {
            let path = __vg_std::env::var_os("@PROGRESS_ENV@")?;
            __vg_std::fs::OpenOptions::new().create(true).append(true).open(path).ok().map(__vg_std::sync::Mutex::new)
        });
        if let Some(f) = file {
            use self::__vg_std::io::Write;
            let mut f = f.lock().unwrap_or_else(|e| e.into_inner());
            let _ = f.write_all(__vg_std::format!("{phase} {name} {case}\n").as_bytes());
        }
    }

    fn env_u64(name: &str, default: u64) -> u64 {
        __vg_std::env::var(name).ok().and_then(|v| v.trim().parse().ok()).unwrap_or(default)
    }

    /// Calls every driver on the run's inputs with the reference arms selected, twice (an input
    /// whose two reference results differ, a `HashMap`'s order say, is not compared), then with
    /// the answer's; an input the reference panics on is not compared either. Fails at the
    /// first difference, or after counting them all in a survey.
    pub fn differential(drivers: &[(&str, fn(&mut Gen) -> String)]) {
        let seed = env_u64("@SEED_ENV@", 0);
        let inputs = env_u64("@INPUTS_ENV@", @INPUTS@);
        let all = __vg_std::env::var_os("@COUNT_ALL_ENV@").is_some();
        let skip = __vg_std::env::var("@SKIP_ENV@").unwrap_or_default();
        let skipped: Vec<&str> = skip.lines().collect();
        let answer = crate::__vg_rt::__vg_switch(@PRISTINE@);
        let hook = __vg_std::panic::take_hook();
        __vg_std::panic::set_hook(__vg_std::boxed::Box::new(|_| {}));
        // The reference's calls get a large tank; the answer's ten times what the reference used
        // on the same input (at least 100,000 steps), so a looping answer costs little.
        const REFERENCE_FUEL: u64 = 50_000_000;
        let once = |d: fn(&mut Gen) -> String, g: &Gen, id: u32, fuel: u64| -> (Option<String>, u64) {
            crate::__vg_rt::__vg_switch(id);
            crate::__vg_rt::__vg_refuel_to(fuel);
            let mut g = g.clone();
            let out = __vg_std::panic::catch_unwind(__vg_std::panic::AssertUnwindSafe(|| d(&mut g))).ok();
            (out, fuel.saturating_sub(crate::__vg_rt::__vg_fuel_left()))
        };
        let (mut differ, mut compared) = (0u64, 0u64);
        let mut first: Option<&str> = None;
        'drivers: for (name, d) in drivers {
            let key = name_hash(name);
            for case in 0..inputs {
                if skipped.contains(&__vg_std::format!("{name} {case}").as_str()) {
                    continue;
                }
                let g = Gen::new(seed, key, case);
                progress("P", name, case);
                let (Some(want), used) = once(*d, &g, @PRISTINE@, REFERENCE_FUEL) else { continue };
                if once(*d, &g, @PRISTINE@, REFERENCE_FUEL).0.as_ref() != Some(&want) {
                    continue;
                }
                progress("A", name, case);
                let got = once(*d, &g, answer, used.saturating_mul(10).max(100_000)).0;
                compared += 1;
                if got.as_ref() != Some(&want) {
                    differ += 1;
                    first.get_or_insert(*name);
                    if !all {
                        break 'drivers;
                    }
                }
            }
        }
        crate::__vg_rt::__vg_switch(answer);
        __vg_std::panic::set_hook(hook);
        if let Some(name) = first {
            __vg_std::panic!(
                "@DIFFERS@ {} of {} generated inputs differ from the reference implementation (first in `{}`)",
                differ, compared, name
            );
        }
    }
}
"#;
