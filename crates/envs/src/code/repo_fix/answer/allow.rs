//! What a `repo_fix` answer may contain, as data: the allowlists and bans that the token layer
//! (`tokens.rs`) and the syntax-tree layer (`policy.rs`) both enforce. The README's `repo_fix`
//! section states the same lists as promises; change them together.
//!
//! The lists come from what a fix needs, not from what an attack was seen to use: the bugs are
//! small edits inside function bodies of std-only mini repos, so a fix needs expressions,
//! statements, local `let`s and helpers, the collection and formatting parts of std, and a few
//! assertion and formatting macros. Everything else is denied.

/// Macros a fix may call, in expression or statement position only. Their arguments are parsed
/// with the macro's own grammar and held to the same policy as the rest of the code.
pub const MACROS: &[&str] = &[
    "assert",
    "assert_eq",
    "assert_ne",
    "debug_assert",
    "debug_assert_eq",
    "debug_assert_ne",
    "panic",
    "unreachable",
    "unimplemented",
    "todo",
    "vec",
    "format",
    "matches",
    "write",
    "writeln",
];

/// Modules of `std` (or `core`) a path or `use` may start with, after `std::`. No OS access, no
/// threads or synchronisation, no panic hooks, no allocation control, no raw pointers.
pub const STD_MODULES: &[&str] = &[
    "ascii",
    "borrow",
    "boxed",
    "cell",
    "char",
    "cmp",
    "collections",
    "convert",
    "default",
    "fmt",
    "hash",
    "iter",
    "marker",
    "mem",
    "num",
    "ops",
    "option",
    "rc",
    "result",
    "slice",
    "str",
    "string",
    "vec",
    "f32",
    "f64",
    "i8",
    "i16",
    "i32",
    "i64",
    "i128",
    "isize",
    "u8",
    "u16",
    "u32",
    "u64",
    "u128",
    "usize",
];

/// The modules of `core` among [`STD_MODULES`]: what a `core::` path may start with in a crate,
/// which is held to what its build resolves.
pub const CORE_MODULES: &[&str] = &[
    "ascii", "borrow", "cell", "char", "cmp", "convert", "default", "fmt", "hash", "iter",
    "marker", "mem", "num", "ops", "option", "result", "slice", "str", "f32", "f64", "i8", "i16",
    "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize",
];

/// The modules of `alloc` among [`STD_MODULES`]: what an `alloc::` path may start with in a crate
/// that links `alloc`.
pub const ALLOC_MODULES: &[&str] = &[
    "borrow",
    "boxed",
    "collections",
    "fmt",
    "rc",
    "slice",
    "str",
    "string",
    "vec",
];

/// What the library a fix lands in links, which decides where a fix's paths may start. A mini
/// repo is std-only and is held to one list for `std::` and `core::` ([`Linked::MINI`]); a real
/// crate is read for what its build resolves (`#![no_std]`, `extern crate alloc`, its features),
/// so the prompt and the policy promise exactly what compiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Linked {
    /// `std::` paths resolve: the crate is not `no_std`, or it has `extern crate std`.
    pub std: bool,
    /// `alloc::` paths resolve: the crate has `extern crate alloc`.
    pub alloc: bool,
    /// The prelude is std's (`Vec`, `String`, `vec!`, `format!` by name), not core's.
    pub std_prelude: bool,
    /// `core::` and `alloc::` paths are held to the modules those crates have.
    pub exact: bool,
}

impl Linked {
    /// A std-only mini repo.
    pub const MINI: Linked = Linked {
        std: true,
        alloc: false,
        std_prelude: true,
        exact: false,
    };

    /// The roots a path may start at, in the order a prompt lists them.
    pub fn roots(&self) -> Vec<&'static str> {
        let mut out = Vec::new();
        if self.std {
            out.push("std");
        }
        out.push("core");
        if self.alloc {
            out.push("alloc");
        }
        out
    }

    /// The modules a path starting at `root` may name first (empty: the root is not linked).
    pub fn modules(&self, root: &str) -> &'static [&'static str] {
        match root {
            "std" if self.std => STD_MODULES,
            "core" if self.exact => CORE_MODULES,
            "core" => STD_MODULES,
            "alloc" if self.alloc => ALLOC_MODULES,
            _ => &[],
        }
    }
}

/// The items of `std::mem` a path may name: moving values, nothing that leaks or reinterprets.
pub const MEM_ITEMS: &[&str] = &["swap", "replace", "take"];

/// Keywords no fix needs: unsafe and foreign code, modules, globals, traits, constant evaluation,
/// coroutines, macros by example, and the reserved words. (`impl` and `union` are contextual and
/// handled where they are parsed.)
pub const BANNED_KEYWORDS: &[&str] = &[
    "unsafe",
    "extern",
    "mod",
    "static",
    "trait",
    "const",
    "async",
    "await",
    "yield",
    "macro_rules",
    "macro",
    "super",
    "abstract",
    "become",
    "box",
    "do",
    "final",
    "override",
    "priv",
    "typeof",
    "unsized",
    "virtual",
    "try",
];

/// Names that reach the OS, threads, panic catching or allocation, wherever they appear (a path
/// segment, a method, a field): no fix of a std-only library uses them, and a path that hides
/// its `std::` root (a re-export, a `use … as`) still has to spell them.
pub const BANNED_NAMES: &[&str] = &[
    "process",
    "fs",
    "net",
    "env",
    "io",
    "os",
    "thread",
    "sync",
    "mpsc",
    "ffi",
    "arch",
    "intrinsics",
    "alloc",
    "ptr",
    "backtrace",
    "catch_unwind",
    "resume_unwind",
    "set_hook",
    "take_hook",
    "transmute",
];

/// Attributes a fix may carry: documentation, inlining hints, lint allowances and the standard
/// derives (on a helper type declared in the body). None changes what other code sees.
pub const ATTRIBUTES: &[&str] = &["doc", "inline", "must_use", "cold", "allow", "derive"];

/// What `#[derive(…)]` may name.
pub const DERIVES: &[&str] = &[
    "Debug",
    "Clone",
    "Copy",
    "PartialEq",
    "Eq",
    "PartialOrd",
    "Ord",
    "Hash",
    "Default",
];

/// The largest array a fix may spell out (`[x; N]`, `[T; N]`, nested: the product), and the
/// largest const generic argument. Arrays are built at compile time when promoted to constants:
/// a `&[0u8; 1 << 30]` once cost the compiler 2.3 GB.
pub const MAX_ARRAY_ELEMENTS: u64 = 4096;

/// The longest ```rust block read, in bytes: a fix of a mini-repo function is well under 4 KiB,
/// and the bound keeps every parser's recursion shallow.
pub const MAX_CODE_BYTES: usize = 16 * 1024;

/// The deepest nesting of brackets, and of expressions, types, patterns and blocks, a fix may
/// have. The mutation engine and rustc parse the fix again; a bound keeps them off the stack's
/// edge (a realistic fix nests under 30 deep).
pub const MAX_DEPTH: usize = 96;

/// The schemata runtime's prefix (selector, fuel, guards); a fix may not name it, not even inside
/// a format string's `{…}` capture.
pub const RUNTIME_PREFIX: &str = "__vg";

/// The strict and reserved keywords that can come before `!` in valid code without being a macro
/// name (`if !(a)`, `return !(b)`, `&mut !(c)`).
pub const KEYWORDS: &[&str] = &[
    "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for",
    "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return",
    "self", "Self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where",
    "while", "async", "await", "dyn", "yield",
];

/// Checks an identifier as written: ASCII, not raw, not a banned keyword or name, not the
/// runtime's. `Err` says why.
pub fn ident(text: &str, linked: Linked) -> Result<(), String> {
    if text.starts_with("r#") {
        return Err(format!(
            "the raw identifier `{text}` is not allowed in a fix"
        ));
    }
    if !text.is_ascii() {
        return Err(format!(
            "the identifier `{text}` is not ASCII; a fix may use only ASCII identifiers"
        ));
    }
    if text.to_ascii_lowercase().contains(RUNTIME_PREFIX) {
        return Err(format!("`{text}` belongs to the verifier's runtime"));
    }
    if BANNED_KEYWORDS.contains(&text) {
        return Err(format!("`{text}` is not allowed in a fix"));
    }
    // `alloc` names the crate a `no_std` library links; its paths are held to `ALLOC_MODULES`,
    // and `std::alloc`, `core::alloc` and `alloc::alloc` are none of those.
    if BANNED_NAMES.contains(&text) && !(linked.alloc && text == "alloc") {
        return Err(format!(
            "`{text}` is not allowed in a fix (it reaches the OS, threads or panic catching)"
        ));
    }
    Ok(())
}

/// Checks the segments of a path that starts at `std`, `core` or `alloc`, without the root.
/// `rest` may be shorter than the path (a `use` group continues it).
pub fn std_path(root: &str, rest: &[String], linked: Linked) -> Result<(), String> {
    let Some(module) = rest.first() else {
        return Err(format!("a bare `{root}` path is not allowed in a fix"));
    };
    let modules = linked.modules(root);
    if modules.is_empty() && linked.exact {
        return Err(format!(
            "`{root}` is not linked by this crate, so `{root}::{module}` does not resolve; paths \
             may start at {}",
            linked
                .roots()
                .iter()
                .map(|r| format!("`{r}::`"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    if !modules.contains(&module.as_str()) {
        return Err(format!(
            "`{root}::{module}` is not allowed in a fix; allowed modules: {}",
            if modules.is_empty() {
                STD_MODULES
            } else {
                modules
            }
            .join(", ")
        ));
    }
    if let (true, Some(item)) = (module == "mem", rest.get(1))
        && !MEM_ITEMS.contains(&item.as_str())
    {
        return Err(format!(
            "`{root}::mem::{item}` is not allowed in a fix; allowed: {}",
            MEM_ITEMS.join(", ")
        ));
    }
    Ok(())
}

/// Checks a macro named by a path from a crate root (`alloc::vec!`, `std::format!`): the
/// spelling a `no_std` crate needs for the allowed macros its prelude lacks. Only on a crate
/// (a mini repo's macros are named alone), `root` linked and `name` an allowed macro.
pub fn macro_path(root: &str, name: &str, linked: Linked) -> Result<(), String> {
    if !linked.exact || linked.modules(root).is_empty() || !MACROS.contains(&name) {
        return Err(format!(
            "the macro `{root}::{name}!` is not allowed in a fix"
        ));
    }
    Ok(())
}

/// Reads an integer literal's value (any base, `_` separators, a type suffix).
pub fn int_value(lit: &proc_macro2::Literal) -> Option<u64> {
    match syn::Lit::new(lit.clone()) {
        syn::Lit::Int(i) => i.base10_parse::<u64>().ok(),
        _ => None,
    }
}

/// Checks a size (array length, const generic argument) against [`MAX_ARRAY_ELEMENTS`].
pub fn size(n: Option<u64>, what: &str) -> Result<u64, String> {
    match n {
        Some(n) if n <= MAX_ARRAY_ELEMENTS => Ok(n),
        Some(n) => Err(format!(
            "{what} {n} is too large; a fix may use at most {MAX_ARRAY_ELEMENTS}"
        )),
        None => Err(format!(
            "{what} must be an integer literal (at most {MAX_ARRAY_ELEMENTS}): constant evaluation is not allowed in a fix"
        )),
    }
}
