//! Consistent renaming: which identifiers of a mini repo may be renamed without changing what
//! any file means, fresh names for them drawn from the seed, and the rename applied to the
//! library, both suites, the doc comments' code spans, format-string captures, test names and
//! failure messages alike.
//!
//! An identifier is renamed everywhere or nowhere. It is renamable when the library declares it
//! (a function, method, type, field, variant, parameter or local) and no file uses it for
//! something the library does not declare: after `.` it must be one of the library's own methods
//! or fields, after `Q::` the qualifier must be one of the library's own types (or `Self`), and
//! it is never a method of a trait impl or a common `std` method name. Fresh names are words no
//! file uses, so a rename can neither capture nor shadow anything; which identifiers are renamed
//! does not depend on the seed, so one compile per repo proves the rule (`tests/repo_variants.rs`).

use std::collections::{BTreeMap, BTreeSet};

use syn::visit::{self, Visit};

use super::lex::{self, Kind};
use super::words::{ADJECTIVES, KEYWORDS, NOUNS, camel};
use verigym_core::rng::ProblemRng;

/// `std` method and associated-function names a library might also declare: a method of ours
/// with one of these names could be confused with the `std` one by the rule above (which cannot
/// see receiver types), so it keeps its name.
pub const STD_METHODS: &[&str] = &[
    "new",
    "len",
    "is_empty",
    "push",
    "pop",
    "get",
    "get_mut",
    "insert",
    "remove",
    "contains",
    "min",
    "max",
    "abs",
    "iter",
    "map",
    "default",
    "from",
    "into",
    "clone",
    "cmp",
    "eq",
    "fmt",
    "sort",
    "first",
    "last",
    "clear",
    "extend",
    "next",
    "to_string",
    "as_str",
    "split",
    "find",
    "count",
    "sum",
    "rev",
    "filter",
    "fold",
    "take",
    "skip",
    "zip",
    "chars",
    "bytes",
    "parse",
];

/// What kind of thing a renamable identifier names: it decides the shape of its fresh name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Class {
    /// A struct or enum, or an enum variant: `AmberOak`.
    Type,
    /// A function or method: `brisk_heron`.
    Function,
    /// A struct field: `cedar_moss`.
    Field,
    /// A parameter or local binding: `ember`.
    Local,
}

/// The identifiers a library declares, by class (the first class wins when a name has several).
#[derive(Debug, Default)]
struct Declared {
    names: BTreeMap<String, Class>,
    types: BTreeSet<String>,
    /// Methods, fields and variants: names that may follow `.` or `Type::`.
    members: BTreeSet<String>,
    /// Methods of trait impls: their names belong to the trait.
    trait_methods: BTreeSet<String>,
}

impl Declared {
    fn add(&mut self, name: &syn::Ident, class: Class) {
        let name = name.to_string();
        let entry = self.names.entry(name).or_insert(class);
        *entry = (*entry).min(class);
    }
}

impl<'ast> Visit<'ast> for Declared {
    fn visit_item_fn(&mut self, i: &'ast syn::ItemFn) {
        self.add(&i.sig.ident, Class::Function);
        visit::visit_item_fn(self, i);
    }
    fn visit_item_impl(&mut self, i: &'ast syn::ItemImpl) {
        for item in &i.items {
            if let syn::ImplItem::Fn(f) = item {
                if i.trait_.is_some() {
                    self.trait_methods.insert(f.sig.ident.to_string());
                } else {
                    self.add(&f.sig.ident, Class::Function);
                    self.members.insert(f.sig.ident.to_string());
                }
            }
        }
        visit::visit_item_impl(self, i);
    }
    fn visit_item_struct(&mut self, i: &'ast syn::ItemStruct) {
        self.add(&i.ident, Class::Type);
        self.types.insert(i.ident.to_string());
        visit::visit_item_struct(self, i);
    }
    fn visit_item_enum(&mut self, i: &'ast syn::ItemEnum) {
        self.add(&i.ident, Class::Type);
        self.types.insert(i.ident.to_string());
        for v in &i.variants {
            self.add(&v.ident, Class::Type);
            self.members.insert(v.ident.to_string());
        }
        visit::visit_item_enum(self, i);
    }
    fn visit_field(&mut self, f: &'ast syn::Field) {
        if let Some(ident) = &f.ident {
            self.add(ident, Class::Field);
            self.members.insert(ident.to_string());
        }
        visit::visit_field(self, f);
    }
    fn visit_pat_ident(&mut self, p: &'ast syn::PatIdent) {
        self.add(&p.ident, Class::Local);
        visit::visit_pat_ident(self, p);
    }
}

/// The renamable identifiers of a repo and the test names that mention its functions.
#[derive(Clone, Debug)]
pub struct Renamable {
    /// Renamable identifiers with their classes, in name order.
    pub names: Vec<(String, Class)>,
    /// Every identifier any file (or bug) uses: fresh names avoid them all.
    pub taken: BTreeSet<String>,
    /// The strong and weak suites' test names, in name order.
    pub tests: Vec<String>,
}

/// Finds the renamable identifiers of `library` given every other text that uses them.
pub fn renamable(library: &str, suites: &[&str], extra: &[&str]) -> Result<Renamable, String> {
    let file = syn::parse_file(library).map_err(|e| format!("the library does not parse: {e}"))?;
    let mut declared = Declared::default();
    declared.visit_file(&file);
    let mut blocked: BTreeSet<String> = STD_METHODS.iter().map(|s| (*s).to_owned()).collect();
    blocked.extend(declared.trait_methods.iter().cloned());
    let mut taken = BTreeSet::new();
    let mut tests = BTreeSet::new();
    for text in std::iter::once(&library).chain(suites).chain(extra) {
        let tokens: Vec<lex::Token> = lex::lex(text)
            .into_iter()
            .filter(|t| t.kind != Kind::Comment && !text[t.range.clone()].trim().is_empty())
            .collect();
        let at = |i: usize| &text[tokens[i].range.clone()];
        for (i, t) in tokens.iter().enumerate() {
            if t.kind != Kind::Ident {
                continue;
            }
            let name = at(i);
            taken.insert(name.to_owned());
            // `a.name`, but not the end of a range `a..name`.
            let after_dot = i >= 1 && at(i - 1) == "." && !(i >= 2 && at(i - 2) == ".");
            let after_path = i >= 2 && at(i - 1) == ":" && at(i - 2) == ":";
            // `name!(…)` is a macro; `name != …` is not.
            let macro_name =
                i + 2 < tokens.len() && at(i + 1) == "!" && matches!(at(i + 2), "(" | "[" | "{");
            let ours = if after_dot {
                declared.members.contains(name)
            } else if after_path {
                i >= 3 && (at(i - 3) == "Self" || declared.types.contains(at(i - 3)))
            } else {
                !macro_name
            };
            if !ours {
                blocked.insert(name.to_owned());
            }
        }
    }
    for suite in suites {
        let file = syn::parse_file(suite).map_err(|e| format!("a suite does not parse: {e}"))?;
        for item in &file.items {
            if let syn::Item::Fn(f) = item
                && f.attrs.iter().any(|a| a.path().is_ident("test"))
            {
                tests.insert(f.sig.ident.to_string());
            }
        }
    }
    let names = declared
        .names
        .into_iter()
        .filter(|(n, _)| !blocked.contains(n) && !KEYWORDS.contains(&n.as_str()))
        .filter(|(n, _)| !tests.contains(n))
        .collect();
    Ok(Renamable {
        names,
        taken,
        tests: tests.into_iter().collect(),
    })
}

/// A consistent renaming: old identifier → new, applied to every text of one variant.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Renaming {
    map: BTreeMap<String, String>,
    /// Renamed types, variants and fields: the names a value's `Debug` form can show.
    debug_visible: BTreeSet<String>,
}

impl Renaming {
    /// Draws fresh names for every renamable identifier, and renames the test names that
    /// mention a renamed function.
    pub fn draw(r: &Renamable, rng: &mut ProblemRng) -> Renaming {
        let mut used: BTreeSet<String> = r.taken.clone();
        let mut map = BTreeMap::new();
        for (name, class) in &r.names {
            // A handful of draws always suffices (the vocabulary dwarfs any repo); a fallback
            // with a numeric suffix keeps the loop bounded whatever the seed.
            let mut fresh = None;
            for _ in 0..64 {
                let candidate = shape(*class, rng);
                if !used.contains(&candidate) {
                    fresh = Some(candidate);
                    break;
                }
            }
            let fresh = fresh.unwrap_or_else(|| {
                let base = shape(*class, rng);
                (2..)
                    .map(|n| format!("{base}{n}"))
                    .find(|c| !used.contains(c))
                    .expect("some suffix is free")
            });
            used.insert(fresh.clone());
            map.insert(name.clone(), fresh);
        }
        // Functions by length, longest first, so `is_even_sum` wins over `is_even`.
        let mut functions: Vec<(Vec<&str>, Vec<&str>)> = r
            .names
            .iter()
            .filter(|(_, c)| *c == Class::Function)
            .map(|(n, _)| (n.split('_').collect(), map[n].split('_').collect()))
            .collect();
        functions.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then_with(|| a.0.cmp(&b.0)));
        let mut test_map = BTreeMap::new();
        for test in &r.tests {
            let renamed = rename_segments(test, &functions);
            if renamed != *test && !used.contains(&renamed) {
                used.insert(renamed.clone());
                test_map.insert(test.clone(), renamed);
            }
        }
        map.extend(test_map);
        let debug_visible = r
            .names
            .iter()
            .filter(|(_, c)| matches!(c, Class::Type | Class::Field))
            .map(|(n, _)| n.clone())
            .collect();
        Renaming { map, debug_visible }
    }

    /// The new name of `name`, or `name` itself.
    pub fn name<'a>(&'a self, name: &'a str) -> &'a str {
        self.map.get(name).map_or(name, String::as_str)
    }

    /// A function's full name (`name` or `Type::name`) renamed segment by segment.
    pub fn path(&self, path: &str) -> String {
        path.split("::")
            .map(|s| self.name(s))
            .collect::<Vec<_>>()
            .join("::")
    }

    /// Renames every identifier of Rust source `text`, the code spans of its comments, and the
    /// names its format strings capture (`{x}`, `{x:?}`).
    pub fn source(&self, text: &str) -> String {
        if self.map.is_empty() {
            return text.to_owned();
        }
        let mut out = String::with_capacity(text.len() + text.len() / 8);
        for t in lex::lex(text) {
            let piece = &text[t.range];
            match t.kind {
                Kind::Ident => out.push_str(self.name(piece)),
                Kind::Comment => out.push_str(&self.in_code_spans(piece)),
                Kind::Str => out.push_str(&self.captures(piece)),
                Kind::Other => out.push_str(piece),
            }
        }
        out
    }

    /// Renames the identifiers a failure message shows. A panic message holds fixed English
    /// (`attempt to add with overflow`, `index out of bounds`), the suite's own message text,
    /// values in their `Debug` form (which name the library's types, variants and fields), and,
    /// after `assertion failed: `, the assertion's source text (which names anything). So every
    /// word is renamed in that source text, and only type, variant and field names elsewhere;
    /// the contents of quoted strings (string values) never.
    pub fn message(&self, text: &str) -> String {
        const ASSERTION: &str = "assertion failed: ";
        // The fixed words of `assert_eq!`/`assert_ne!` messages, kept even when a field is
        // called `left`.
        const FIXED: &[&str] = &[
            "assertion `left == right` failed",
            "assertion `left != right` failed",
            "  left: ",
            " right: ",
        ];
        let mut out = String::with_capacity(text.len());
        for line in text.split_inclusive('\n') {
            if let Some(source) = line.strip_prefix(ASSERTION) {
                out.push_str(ASSERTION);
                out.push_str(&self.unquoted(source, true));
            } else if let Some(fixed) = FIXED.iter().find(|f| line.starts_with(*f)) {
                out.push_str(fixed);
                out.push_str(&self.unquoted(&line[fixed.len()..], false));
            } else {
                out.push_str(&self.unquoted(line, false));
            }
        }
        out
    }

    /// Renames the words of `text` outside its double-quoted strings: all of them, or only the
    /// names a `Debug` form can show.
    fn unquoted(&self, text: &str, all: bool) -> String {
        let mut out = String::with_capacity(text.len());
        let mut quoted = false;
        let mut escaped = false;
        let mut word = String::new();
        let flush = |word: &mut String, out: &mut String| {
            if all || self.debug_visible.contains(word.as_str()) {
                out.push_str(self.name(word));
            } else {
                out.push_str(word);
            }
            word.clear();
        };
        for c in text.chars() {
            if quoted {
                out.push(c);
                if escaped {
                    escaped = false;
                } else if c == '\\' {
                    escaped = true;
                } else if c == '"' {
                    quoted = false;
                }
                continue;
            }
            if c == '_' || c.is_ascii_alphanumeric() {
                if word.is_empty() && c.is_ascii_digit() {
                    out.push(c);
                } else {
                    word.push(c);
                }
                continue;
            }
            flush(&mut word, &mut out);
            out.push(c);
            quoted = c == '"';
        }
        flush(&mut word, &mut out);
        out
    }

    /// Whole words inside `` `…` `` spans of a comment.
    fn in_code_spans(&self, comment: &str) -> String {
        let mut out = String::with_capacity(comment.len());
        for (i, part) in comment.split('`').enumerate() {
            if i > 0 {
                out.push('`');
            }
            if i % 2 == 1 {
                out.push_str(&self.words(part));
            } else {
                out.push_str(part);
            }
        }
        out
    }

    /// Whole words of `text`.
    fn words(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut word_start = None;
        for (i, c) in text.char_indices() {
            let in_word = c == '_' || c.is_ascii_alphanumeric();
            match (in_word, word_start) {
                (true, None) => word_start = Some(i),
                (false, Some(s)) => {
                    out.push_str(self.word(&text[s..i]));
                    word_start = None;
                    out.push(c);
                }
                (false, None) => out.push(c),
                (true, Some(_)) => {}
            }
        }
        if let Some(s) = word_start {
            out.push_str(self.word(&text[s..]));
        }
        out
    }

    fn word<'a>(&'a self, w: &'a str) -> &'a str {
        if w.starts_with(|c: char| c.is_ascii_digit()) {
            w
        } else {
            self.name(w)
        }
    }

    /// `{name}` and `{name:…}` captures of a string literal.
    fn captures(&self, literal: &str) -> String {
        let mut out = String::with_capacity(literal.len());
        let mut rest = literal;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..=open]);
            rest = &rest[open + 1..];
            if rest.starts_with('{') {
                out.push('{');
                rest = &rest[1..];
                continue;
            }
            let len = rest
                .find(|c: char| !(c == '_' || c.is_ascii_alphanumeric()))
                .unwrap_or(rest.len());
            let ident = &rest[..len];
            if len > 0 && (rest[len..].starts_with('}') || rest[len..].starts_with(':')) {
                out.push_str(self.word(ident));
            } else {
                out.push_str(ident);
            }
            rest = &rest[len..];
        }
        out.push_str(rest);
        out
    }

    /// How many identifiers (test names included) this renaming changes.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether it changes nothing.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

/// A fresh name of the shape `class` asks for.
fn shape(class: Class, rng: &mut ProblemRng) -> String {
    let noun = |rng: &mut ProblemRng| *rng.choose(NOUNS);
    let adjective = |rng: &mut ProblemRng| *rng.choose(ADJECTIVES);
    match class {
        Class::Type => format!("{}{}", camel(adjective(rng)), camel(noun(rng))),
        Class::Function => format!("{}_{}", adjective(rng), noun(rng)),
        Class::Field => format!("{}_{}", noun(rng), noun(rng)),
        Class::Local => noun(rng).to_owned(),
    }
}

/// `test` with every run of `_`-separated segments that spells a renamed function replaced.
fn rename_segments(test: &str, functions: &[(Vec<&str>, Vec<&str>)]) -> String {
    let segments: Vec<&str> = test.split('_').collect();
    let mut out: Vec<&str> = Vec::with_capacity(segments.len());
    let mut i = 0;
    'outer: while i < segments.len() {
        for (old, new) in functions {
            if segments[i..].starts_with(old) {
                out.extend(new);
                i += old.len();
                continue 'outer;
            }
        }
        out.push(segments[i]);
        i += 1;
    }
    out.join("_")
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIB: &str = "//! Uses `Pair`.\n/// A pair; `left` is first.\n#[derive(Debug)]\npub struct Pair { pub left: i64 }\nimpl Pair {\n    /// Builds one from `x`.\n    pub fn make(x: i64) -> Pair { Pair { left: x } }\n    pub fn new() -> Self { Self { left: 0 } }\n}\nimpl std::fmt::Display for Pair {\n    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { write!(f, \"{}\", self.left) }\n}\n/// Doubles `x`.\npub fn double_it(x: i64) -> i64 { let max = x.max(0); let y = x * 2; for _ in 0..x {} format!(\"{y}\"); y + max - max }\n";
    const SUITE: &str = "#[test]\nfn double_it_works() { let v = Vec::<i64>::new(); assert_eq!(double_it(2), 4, \"{v:?}\"); assert_eq!(Pair::make(3).left, 3); }\n";

    #[test]
    fn only_what_the_library_owns_is_renamed() {
        let r = renamable(LIB, &[SUITE], &[]).unwrap();
        let names: Vec<&str> = r.names.iter().map(|(n, _)| n.as_str()).collect();
        // `max` follows a `.` on a std value, `new` and `fmt` are std/trait names, `f` is fine.
        assert_eq!(names, ["Pair", "double_it", "f", "left", "make", "x", "y"]);
        assert_eq!(r.tests, ["double_it_works"]);
    }

    #[test]
    fn renaming_reaches_docs_captures_tests_and_messages() {
        let r = renamable(LIB, &[SUITE], &[]).unwrap();
        let mut rng = ProblemRng::from_test_seed(5);
        let ren = Renaming::draw(&r, &mut rng);
        let lib = ren.source(LIB);
        let suite = ren.source(SUITE);
        let double = ren.name("double_it").to_owned();
        let y = ren.name("y").to_owned();
        assert_ne!(double, "double_it");
        assert!(lib.contains(&format!("pub fn {double}(")), "{lib}");
        assert!(lib.contains(&format!("format!(\"{{{y}}}\")")), "{lib}");
        assert!(lib.contains(&format!("/// A pair; `{}` is first.", ren.name("left"))));
        assert!(
            lib.contains(&format!("let max = {}.max(0)", ren.name("x"))),
            "{lib}"
        );
        assert!(lib.contains("fn fmt(") && lib.contains("pub fn new()"));
        let test = ren.name("double_it_works");
        assert_eq!(test, format!("{double}_works"));
        assert!(suite.contains(&format!("fn {test}()")) && suite.contains("{v:?}"));
        let m = ren.message("assertion failed: double_it(\"double_it\") == Pair { left: 3 }");
        assert_eq!(
            m,
            format!(
                "assertion failed: {double}(\"double_it\") == {} {{ {}: 3 }}",
                ren.name("Pair"),
                ren.name("left")
            )
        );
        // Outside an assertion's source text only Debug-visible names change: `x` is a local.
        let m =
            ren.message("assertion `left == right` failed\n  left: Pair { left: 1 }\n right: x");
        assert_eq!(
            m,
            format!(
                "assertion `left == right` failed\n  left: {p} {{ {l}: 1 }}\n right: x",
                l = ren.name("left"),
                p = ren.name("Pair")
            )
        );
    }

    #[test]
    fn the_same_seed_draws_the_same_names() {
        let r = renamable(LIB, &[SUITE], &[]).unwrap();
        let a = Renaming::draw(&r, &mut ProblemRng::from_test_seed(9));
        let b = Renaming::draw(&r, &mut ProblemRng::from_test_seed(9));
        let c = Renaming::draw(&r, &mut ProblemRng::from_test_seed(10));
        assert_eq!(a, b);
        assert_ne!(a, c);
    }
}
