//! Which mutants an audit runs: file globs (`--file`, `--exclude`), a function regex
//! (`--function`), the lines a unified diff changes (`--in-diff`) and a CI shard (`--shard k/n`).
//!
//! A [`MutantFilter`] is applied to a list of [`MutantKey`]s in the audit's canonical order (file
//! path, then source order within the file). Filters come first, the shard last, so every shard
//! of one CI matrix sees the same filtered list and takes its own disjoint part of it.
//!
//! Sharding is round-robin: the `i`-th mutant of the filtered list (0-based) belongs to shard
//! `i % n`. The list depends only on the source text and the filters, never on the machine, the
//! thread count or hashing, so shards agree across machines as long as they audit the same commit
//! with the same filters. Round-robin (cargo-mutants' `--sharding round-robin`) rather than
//! cargo-mutants' default `slice`: verigym builds every mutant once per audit whatever the shard,
//! so slicing buys no build locality, and round-robin balances shards better.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::str::FromStr;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A bad selection flag or input: which flag, the value given, and what is allowed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{flag} {value:?}: {problem}; {allowed}")]
pub struct SelectError {
    /// The flag, as typed on the command line (`--shard`).
    pub flag: &'static str,
    /// The value given (for `--in-diff`, the file and line at fault).
    pub value: String,
    /// What is wrong with it.
    pub problem: String,
    /// What is allowed instead.
    pub allowed: String,
}

impl SelectError {
    pub(crate) fn new(
        flag: &'static str,
        value: impl Into<String>,
        problem: impl Into<String>,
        allowed: impl Into<String>,
    ) -> Self {
        Self {
            flag,
            value: value.into(),
            problem: problem.into(),
            allowed: allowed.into(),
        }
    }
}

/// What a filter needs to know about one mutant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MutantKey<'a> {
    /// The file, relative to the audited directory, with `/` separators (`src/lib.rs`).
    pub file: &'a str,
    /// 1-based first line of the edit.
    pub start_line: usize,
    /// 1-based last line of the edit (inclusive; equal to `start_line` for one-line edits).
    pub end_line: usize,
    /// The enclosing function, `name` or `Type::method`.
    pub function: &'a str,
}

/// One shard of a CI matrix: `k/n`, the `k`-th (0-based) of `n` shards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Shard {
    /// This shard's index, `0 <= k < n`.
    pub k: u32,
    /// The number of shards, at least 1.
    pub n: u32,
}

const SHARD_ALLOWED: &str = "expected k/n with whole numbers 0 <= k < n, such as 0/4 … 3/4";

impl FromStr for Shard {
    type Err = SelectError;

    fn from_str(s: &str) -> Result<Self, SelectError> {
        let err = |problem: &str| SelectError::new("--shard", s, problem, SHARD_ALLOWED);
        let (k, n) = s.split_once('/').ok_or_else(|| err("no `/`"))?;
        let parse = |x: &str, what: &str| {
            x.trim()
                .parse::<u32>()
                .map_err(|_| err(&format!("{what} `{x}` is not a whole number")))
        };
        let (k, n) = (parse(k, "k")?, parse(n, "n")?);
        if n == 0 {
            return Err(err("n must be at least 1"));
        }
        if k >= n {
            return Err(err(&format!("k ({k}) must be less than n ({n})")));
        }
        Ok(Shard { k, n })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

/// A file glob, matched as cargo-mutants matches `--file` and `--exclude`.
///
/// `*` matches within one path component, `?` one character, `**` any number of whole
/// components. A glob containing `/` matches the whole path from the audited directory
/// (`src/*/mod.rs`, `src/**/*.rs`); a glob without `/` matches any file or directory name
/// anywhere (`util.rs` matches `src/a/util.rs`; `parser` matches everything under a `parser/`
/// directory, but not `parser.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileGlob {
    text: String,
    /// Path components of the pattern when it matches whole paths; `None` for a name pattern.
    components: Option<Vec<String>>,
}

impl FileGlob {
    /// Parses `text` given to `flag` (`--file` or `--exclude`).
    pub fn parse(flag: &'static str, text: &str) -> Result<Self, SelectError> {
        let allowed = "expected a path or a glob with `*`, `?` and `**`, such as src/parse.rs, \
                       util.rs or src/**/*.rs";
        if text.is_empty() {
            return Err(SelectError::new(flag, text, "the glob is empty", allowed));
        }
        if text.contains(['[', ']', '{', '}', '\\']) {
            return Err(SelectError::new(
                flag,
                text,
                "character classes, alternatives and escapes are not supported",
                allowed,
            ));
        }
        let trimmed = text.strip_prefix("./").unwrap_or(text);
        let components = trimmed.contains('/').then(|| {
            trimmed
                .split('/')
                .filter(|c| !c.is_empty())
                .map(str::to_owned)
                .collect()
        });
        Ok(FileGlob {
            text: text.to_owned(),
            components,
        })
    }

    /// The glob as given.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// Whether `path` (relative, `/`-separated) matches.
    pub fn matches(&self, path: &str) -> bool {
        let parts: Vec<&str> = path.split('/').filter(|c| !c.is_empty()).collect();
        match &self.components {
            Some(pattern) => match_components(pattern, &parts),
            None => parts.iter().any(|name| match_name(&self.text, name)),
        }
    }
}

/// `**`-aware matching of path components.
fn match_components(pattern: &[String], path: &[&str]) -> bool {
    match pattern.split_first() {
        None => path.is_empty(),
        Some((p, rest)) if p == "**" => {
            (0..=path.len()).any(|i| match_components(rest, &path[i..]))
        }
        Some((p, rest)) => match path.split_first() {
            Some((name, tail)) => match_name(p, name) && match_components(rest, tail),
            None => false,
        },
    }
}

/// `*`/`?` matching of one component, iteratively with one backtrack point (linear-ish, no
/// exponential blowup on `*a*a*a*b`).
fn match_name(pattern: &str, name: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let n: Vec<char> = name.chars().collect();
    let (mut i, mut j) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while j < n.len() {
        if i < p.len() && (p[i] == '?' || p[i] == n[j]) {
            i += 1;
            j += 1;
        } else if i < p.len() && p[i] == '*' {
            star = Some((i, j));
            i += 1;
        } else if let Some((si, sj)) = star {
            i = si + 1;
            j = sj + 1;
            star = Some((si, sj + 1));
        } else {
            return false;
        }
    }
    p[i..].iter().all(|&c| c == '*')
}

/// The lines a unified diff changes, per file: what `--in-diff` keeps.
///
/// As in cargo-mutants, a line counts as changed when the diff adds it, or when it is next to a
/// deletion (the lines before and after a removed block); context lines do not count. Paths are
/// the new side's (`+++ b/src/lib.rs` → `src/lib.rs`), relative to the audited directory: produce
/// the diff with `git diff --relative` from that directory, or from the repository root when the
/// audited directory is the root. Deleted files and non-`.rs` files are ignored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChangedLines {
    /// File → changed 1-based line numbers of the new file.
    pub files: BTreeMap<String, BTreeSet<usize>>,
    /// File → (line, text) of every new-side line the diff shows (context and added), to check
    /// that the diff matches the source being audited.
    pub new_text: BTreeMap<String, Vec<(usize, String)>>,
}

impl ChangedLines {
    /// Parses a unified diff (`git diff`, `diff -u`). `name` labels errors (the file it came from).
    pub fn parse(name: &str, diff: &str) -> Result<Self, SelectError> {
        let allowed = "expected a unified diff such as `git diff --relative` writes";
        let bad = |line: usize, problem: String| {
            SelectError::new("--in-diff", format!("{name}:{line}"), problem, allowed)
        };
        let mut out = ChangedLines::default();
        let mut file: Option<String> = None;
        // Lines still expected in the current hunk: (old side, new side).
        let mut remaining = (0usize, 0usize);
        let mut new_line = 0usize;
        let mut prev_removed = false;
        let mut saw_hunk = false;
        for (idx, line) in diff.lines().enumerate() {
            let lineno = idx + 1;
            if remaining != (0, 0) {
                let Some(kind) = line.chars().next() else {
                    // Some tools drop the single space of an empty context line.
                    remaining.0 = remaining.0.saturating_sub(1);
                    remaining.1 = remaining.1.saturating_sub(1);
                    if let Some(f) = &file {
                        out.context(f, new_line, "", &mut prev_removed);
                    }
                    new_line += 1;
                    continue;
                };
                let text = &line[1..];
                match kind {
                    ' ' => {
                        if remaining.0 == 0 || remaining.1 == 0 {
                            return Err(bad(lineno, "more lines than the hunk header says".into()));
                        }
                        remaining.0 -= 1;
                        remaining.1 -= 1;
                        if let Some(f) = &file {
                            out.context(f, new_line, text, &mut prev_removed);
                        }
                        new_line += 1;
                    }
                    '+' => {
                        if remaining.1 == 0 {
                            return Err(bad(
                                lineno,
                                "more added lines than the hunk header says".into(),
                            ));
                        }
                        remaining.1 -= 1;
                        if let Some(f) = &file {
                            out.files.entry(f.clone()).or_default().insert(new_line);
                            out.new_text
                                .entry(f.clone())
                                .or_default()
                                .push((new_line, text.to_owned()));
                        }
                        prev_removed = false;
                        new_line += 1;
                    }
                    '-' => {
                        if remaining.0 == 0 {
                            return Err(bad(
                                lineno,
                                "more removed lines than the hunk header says".into(),
                            ));
                        }
                        remaining.0 -= 1;
                        if let Some(f) = &file
                            && new_line > 1
                        {
                            out.files.entry(f.clone()).or_default().insert(new_line - 1);
                        }
                        prev_removed = true;
                    }
                    '\\' => {} // "\ No newline at end of file"
                    _ => {
                        return Err(bad(
                            lineno,
                            format!(
                                "a hunk ends early: {} old and {} new lines missing",
                                remaining.0, remaining.1
                            ),
                        ));
                    }
                }
                if remaining == (0, 0) && prev_removed {
                    // A deletion at the end of a hunk: the next line of the new file changed
                    // neighbours too.
                    if let Some(f) = &file {
                        out.files.entry(f.clone()).or_default().insert(new_line);
                    }
                    prev_removed = false;
                }
                continue;
            }
            if let Some(path) = line.strip_prefix("+++ ") {
                let path = path.split('\t').next().unwrap_or("").trim_end();
                file = (path != "/dev/null" && path.ends_with(".rs"))
                    .then(|| path.strip_prefix("b/").unwrap_or(path).to_owned());
                if let Some(f) = &file {
                    out.files.entry(f.clone()).or_default();
                }
            } else if let Some(header) = line.strip_prefix("@@ ") {
                let (old, new) = parse_hunk_header(header)
                    .ok_or_else(|| bad(lineno, format!("bad hunk header `{line}`")))?;
                remaining = (old.1, new.1);
                // A hunk that only deletes has new start = the line before the deletion.
                new_line = if new.1 == 0 { new.0 + 1 } else { new.0 };
                prev_removed = false;
                saw_hunk = true;
            }
        }
        if remaining != (0, 0) {
            return Err(bad(
                diff.lines().count(),
                "the diff ends inside a hunk".into(),
            ));
        }
        if !saw_hunk && !diff.trim().is_empty() {
            return Err(bad(1, "no hunk (`@@ -a,b +c,d @@`) found".into()));
        }
        Ok(out)
    }

    fn context(&mut self, file: &str, line: usize, text: &str, prev_removed: &mut bool) {
        if *prev_removed {
            self.files.entry(file.to_owned()).or_default().insert(line);
            *prev_removed = false;
        }
        self.new_text
            .entry(file.to_owned())
            .or_default()
            .push((line, text.to_owned()));
    }

    /// Whether the diff touches any line of `start..=end` in `file`.
    pub fn touches(&self, file: &str, start: usize, end: usize) -> bool {
        self.files
            .get(file)
            .is_some_and(|lines| lines.range(start..=end).next().is_some())
    }

    /// Checks that the new side of the diff matches `source`, the current text of `file`: a
    /// stale diff would select the wrong lines. Files the diff does not mention pass.
    pub fn check_matches(&self, file: &str, source: &str) -> Result<(), SelectError> {
        let Some(lines) = self.new_text.get(file) else {
            return Ok(());
        };
        let actual: Vec<&str> = source.lines().collect();
        for (line, text) in lines {
            let have = actual.get(line - 1).copied().unwrap_or("");
            if have.trim_end() != text.trim_end() {
                return Err(SelectError::new(
                    "--in-diff",
                    format!("{file}:{line}"),
                    format!("the diff has {text:?} but the source has {have:?}"),
                    "the diff must end at the source being audited (is it out of date?)",
                ));
            }
        }
        Ok(())
    }
}

/// `-a,b +c,d @@ ...` → ((a, b), (c, d)); a missing count is 1.
fn parse_hunk_header(header: &str) -> Option<((usize, usize), (usize, usize))> {
    let mut parts = header.split_whitespace();
    let range = |s: &str, sign: char| -> Option<(usize, usize)> {
        let s = s.strip_prefix(sign)?;
        match s.split_once(',') {
            Some((a, b)) => Some((a.parse().ok()?, b.parse().ok()?)),
            None => Some((s.parse().ok()?, 1)),
        }
    };
    let old = range(parts.next()?, '-')?;
    let new = range(parts.next()?, '+')?;
    (parts.next()? == "@@").then_some((old, new))
}

/// Which mutants to run. The default selects everything.
#[derive(Clone, Debug, Default)]
pub struct MutantFilter {
    /// Keep only mutants in files matching one of these (`--file`); empty keeps every file.
    pub files: Vec<FileGlob>,
    /// Drop mutants in files matching any of these (`--exclude`), after `files`.
    pub exclude: Vec<FileGlob>,
    /// Keep only mutants whose enclosing function (`name` or `Type::method`) this regex finds a
    /// match in (`--function`; unanchored, as `grep`).
    pub function: Option<regex::Regex>,
    /// Keep only mutants whose lines a diff changes (`--in-diff`).
    pub in_diff: Option<ChangedLines>,
    /// After the filters, keep only this shard (`--shard k/n`).
    pub shard: Option<Shard>,
}

/// The outcome of applying a [`MutantFilter`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selected {
    /// Indices into the input list of the mutants to run, ascending.
    pub indices: Vec<usize>,
    /// Mutants the filters (files, function, diff) dropped.
    pub filtered_out: usize,
    /// Mutants that passed the filters but belong to other shards.
    pub other_shards: usize,
}

impl MutantFilter {
    /// Parses `--function`.
    pub fn function_regex(text: &str) -> Result<regex::Regex, SelectError> {
        regex::RegexBuilder::new(text)
            .size_limit(1 << 20)
            .build()
            .map_err(|e| {
                SelectError::new(
                    "--function",
                    text,
                    format!(
                        "not a valid regex: {}",
                        e.to_string().lines().last().unwrap_or("")
                    ),
                    "expected a regex (Rust `regex` syntax) matched against `name` or \
                     `Type::method`, such as '^parse' or 'Stack::(push|pop)'",
                )
            })
    }

    /// Whether nothing is filtered and there is no shard.
    pub fn is_everything(&self) -> bool {
        self.files.is_empty()
            && self.exclude.is_empty()
            && self.function.is_none()
            && self.in_diff.is_none()
            && self.shard.is_none()
    }

    /// Whether `key` passes the filters (the shard aside).
    pub fn matches(&self, key: &MutantKey<'_>) -> bool {
        (self.files.is_empty() || self.files.iter().any(|g| g.matches(key.file)))
            && !self.exclude.iter().any(|g| g.matches(key.file))
            && self
                .function
                .as_ref()
                .is_none_or(|re| re.is_match(key.function))
            && self.in_diff.as_ref().is_none_or(|d| {
                d.touches(key.file, key.start_line, key.end_line.max(key.start_line))
            })
    }

    /// Applies the filters, then the shard, to `keys` (in the audit's canonical order).
    pub fn select(&self, keys: &[MutantKey<'_>]) -> Selected {
        let mut out = Selected::default();
        let mut passed = 0u64;
        for (i, key) in keys.iter().enumerate() {
            if !self.matches(key) {
                out.filtered_out += 1;
                continue;
            }
            let mine = self
                .shard
                .is_none_or(|s| passed % u64::from(s.n) == u64::from(s.k));
            passed += 1;
            if mine {
                out.indices.push(i);
            } else {
                out.other_shards += 1;
            }
        }
        out
    }

    /// A one-line description for reports: `all mutants`, or the flags in effect.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        for g in &self.files {
            parts.push(format!("--file {}", g.as_str()));
        }
        for g in &self.exclude {
            parts.push(format!("--exclude {}", g.as_str()));
        }
        if let Some(re) = &self.function {
            parts.push(format!("--function {}", re.as_str()));
        }
        if self.in_diff.is_some() {
            parts.push("--in-diff".to_owned());
        }
        if let Some(s) = self.shard {
            parts.push(format!("--shard {s}"));
        }
        if parts.is_empty() {
            "all mutants".to_owned()
        } else {
            parts.join(" ")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key<'a>(file: &'a str, line: usize, function: &'a str) -> MutantKey<'a> {
        MutantKey {
            file,
            start_line: line,
            end_line: line,
            function,
        }
    }

    #[test]
    fn shard_parses_and_names_the_flag() {
        assert_eq!("1/4".parse::<Shard>().unwrap(), Shard { k: 1, n: 4 });
        for bad in ["3/2", "2/2", "0/0", "1", "a/2", "-1/2", "1/x", ""] {
            let e = bad.parse::<Shard>().unwrap_err().to_string();
            assert!(e.starts_with(&format!("--shard {bad:?}")), "{e}");
            assert!(e.contains("0 <= k < n"), "{e}");
        }
        assert!(
            "3/2"
                .parse::<Shard>()
                .unwrap_err()
                .to_string()
                .contains("k (3) must be less than n (2)")
        );
    }

    #[test]
    fn shards_partition_the_filtered_list() {
        let names: Vec<String> = (0..23).map(|i| format!("f{i}")).collect();
        let keys: Vec<MutantKey<'_>> = names.iter().map(|n| key("src/lib.rs", 1, n)).collect();
        let mut seen = Vec::new();
        for k in 0..4 {
            let f = MutantFilter {
                shard: Some(Shard { k, n: 4 }),
                ..MutantFilter::default()
            };
            let s = f.select(&keys);
            assert_eq!(s.indices.len() + s.other_shards, 23);
            assert!(s.indices.iter().all(|i| i % 4 == k as usize));
            seen.extend(s.indices);
        }
        seen.sort_unstable();
        assert_eq!(seen, (0..23).collect::<Vec<_>>());
    }

    #[test]
    fn shard_counts_only_mutants_that_pass_the_filters() {
        let keys = [
            key("src/a.rs", 1, "x"),
            key("src/b.rs", 1, "x"),
            key("src/a.rs", 2, "x"),
            key("src/a.rs", 3, "x"),
        ];
        let f = MutantFilter {
            files: vec![FileGlob::parse("--file", "a.rs").unwrap()],
            shard: Some(Shard { k: 1, n: 2 }),
            ..MutantFilter::default()
        };
        let s = f.select(&keys);
        assert_eq!(s.indices, vec![2]);
        assert_eq!((s.filtered_out, s.other_shards), (1, 2));
    }

    #[test]
    fn globs_follow_cargo_mutants() {
        let g = |t: &str| FileGlob::parse("--file", t).unwrap();
        assert!(g("lib.rs").matches("src/lib.rs"));
        assert!(g("lib.rs").matches("lib.rs"));
        assert!(!g("lib.rs").matches("src/lib.rs~"));
        assert!(g("t*.rs").matches("src/deep/tree.rs"));
        assert!(g("parser").matches("src/parser/mod.rs"));
        assert!(!g("parser").matches("src/parser.rs"));
        assert!(g("src/*.rs").matches("src/lib.rs"));
        assert!(!g("src/*.rs").matches("src/a/b.rs"));
        assert!(g("src/**/*.rs").matches("src/lib.rs"));
        assert!(g("src/**/*.rs").matches("src/a/b/c.rs"));
        assert!(g("./src/lib.rs").matches("src/lib.rs"));
        assert!(!g("src/lib.rs").matches("other/src/lib.rs"));
        assert!(g("a?c.rs").matches("abc.rs"));
        assert!(!g("a?c.rs").matches("ac.rs"));
        assert!(g("*a*a*a*b").matches(&format!("{}b", "a".repeat(64))));
        assert!(!g("*a*a*a*b").matches(&"a".repeat(64)));
        let e = FileGlob::parse("--exclude", "src/[ab].rs").unwrap_err();
        assert!(
            e.to_string().starts_with("--exclude \"src/[ab].rs\""),
            "{e}"
        );
        assert!(FileGlob::parse("--file", "").is_err());
    }

    #[test]
    fn function_regex_is_unanchored_and_errors_name_the_flag() {
        let f = MutantFilter {
            function: Some(MutantFilter::function_regex("^Stack::(push|pop)$").unwrap()),
            ..MutantFilter::default()
        };
        assert!(f.matches(&key("src/lib.rs", 1, "Stack::push")));
        assert!(!f.matches(&key("src/lib.rs", 1, "Stack::peek")));
        let g = MutantFilter {
            function: Some(MutantFilter::function_regex("pars").unwrap()),
            ..MutantFilter::default()
        };
        assert!(g.matches(&key("src/lib.rs", 1, "Parser::parse_expr")));
        let e = MutantFilter::function_regex("(").unwrap_err().to_string();
        assert!(e.starts_with("--function \"(\": not a valid regex"), "{e}");
    }

    #[test]
    fn exclude_wins_over_file() {
        let f = MutantFilter {
            files: vec![FileGlob::parse("--file", "src/**/*.rs").unwrap()],
            exclude: vec![FileGlob::parse("--exclude", "gen").unwrap()],
            ..MutantFilter::default()
        };
        assert!(f.matches(&key("src/lib.rs", 1, "f")));
        assert!(!f.matches(&key("src/gen/table.rs", 1, "f")));
        assert!(!f.matches(&key("tests/x.rs", 1, "f")));
    }

    const DIFF: &str = "\
diff --git a/src/lib.rs b/src/lib.rs
index 1111111..2222222 100644
--- a/src/lib.rs
+++ b/src/lib.rs
@@ -2,7 +2,7 @@ pub fn a() {
 line2
 line3
 line4
-old5
+new5
 line6
 line7
 line8
@@ -20,4 +20,3 @@
 line20
-gone21
 line21
 line22
--- a/README.md
+++ b/README.md
@@ -1 +1 @@
-x
+y
";

    #[test]
    fn diff_lines_are_added_lines_and_neighbours_of_deletions() {
        let c = ChangedLines::parse("pr.diff", DIFF).unwrap();
        let lines: Vec<usize> = c.files["src/lib.rs"].iter().copied().collect();
        // 5 added (and 4 next to the removal of old 5); 20 and 21 around the deleted line.
        assert_eq!(lines, vec![4, 5, 20, 21]);
        assert!(!c.files.contains_key("README.md"));
        assert!(c.touches("src/lib.rs", 5, 5));
        assert!(c.touches("src/lib.rs", 1, 4));
        assert!(!c.touches("src/lib.rs", 6, 19));
        assert!(!c.touches("src/other.rs", 5, 5));
        let f = MutantFilter {
            in_diff: Some(c),
            ..MutantFilter::default()
        };
        let keys = [
            key("src/lib.rs", 3, "a"),
            key("src/lib.rs", 5, "a"),
            MutantKey {
                file: "src/lib.rs",
                start_line: 10,
                end_line: 25,
                function: "b",
            },
        ];
        assert_eq!(f.select(&keys).indices, vec![1, 2]);
    }

    #[test]
    fn a_stale_diff_is_refused() {
        let c = ChangedLines::parse("pr.diff", DIFF).unwrap();
        let mut source: Vec<String> = (1..=25).map(|i| format!("line{i}")).collect();
        source[4] = "new5".into();
        assert!(c.check_matches("src/lib.rs", &source.join("\n")).is_ok());
        source[4] = "old5".into();
        let e = c
            .check_matches("src/lib.rs", &source.join("\n"))
            .unwrap_err();
        assert_eq!(e.value, "src/lib.rs:5");
        assert!(c.check_matches("src/unmentioned.rs", "").is_ok());
    }

    #[test]
    fn malformed_diffs_name_the_line() {
        let truncated = "--- a/src/lib.rs\n+++ b/src/lib.rs\n@@ -1,3 +1,3 @@\n a\n";
        let e = ChangedLines::parse("pr.diff", truncated).unwrap_err();
        assert_eq!(e.flag, "--in-diff");
        assert!(e.to_string().contains("ends inside a hunk"), "{e}");
        let header = "--- a/src/lib.rs\n+++ b/src/lib.rs\n@@ -x +1 @@\n";
        assert!(ChangedLines::parse("pr.diff", header).is_err());
        assert!(ChangedLines::parse("pr.diff", "not a diff at all\n").is_err());
        assert_eq!(
            ChangedLines::parse("pr.diff", "").unwrap(),
            ChangedLines::default()
        );
    }

    #[test]
    fn new_files_and_pure_deletions() {
        let diff = "--- /dev/null\n+++ b/src/new.rs\n@@ -0,0 +1,2 @@\n+fn a() {}\n+fn b() {}\n\
                    --- a/src/old.rs\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-x\n-y\n";
        let c = ChangedLines::parse("pr.diff", diff).unwrap();
        assert_eq!(
            c.files["src/new.rs"].iter().copied().collect::<Vec<_>>(),
            vec![1, 2]
        );
        assert!(!c.files.contains_key("src/old.rs"));
    }
}
