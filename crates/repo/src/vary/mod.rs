//! Procedural variation of a mini repo: the same semantics under a surface drawn from the seed.
//! Consistent renaming ([`rename`]), reordered items, and semantics-preserving rewrites of
//! expressions and control flow ([`rewrite`]), applied to the library and both suites alike.
//!
//! Architecture invariant: a variant is a pure function of (repo files, level, rng), and the
//! same plan applied to the shipped library and to the library with catalogued bugs injected
//! gives two texts that differ exactly at the bugs (renamed). The plan's sites are chosen before
//! the bugs are known to the renderer, and a site a bug would break (the bug is not inside one of
//! its children) is dropped for the reference and the buggy text alike. So the buggy variant
//! means what the shipped buggy library means, under new names: it fails the catalogue's tests,
//! renamed, with the catalogue's messages, renamed. Nothing is pretty-printed; every edit is a
//! text edit at a syn span, as in the mutation engine.
//!
//! Levels: 0 is the repo as shipped (no draw from the rng), 1 renames, 2 also reorders the
//! items of the library and of both suites, 3 also rewrites expressions and control flow.

pub mod lex;
pub mod rename;
pub mod rewrite;
pub mod words;

use std::ops::Range;

use self::rename::{Renamable, Renaming};
use self::rewrite::{Edit, Site};
use verigym_core::rng::ProblemRng;

/// The highest variation level.
pub const LEVEL_MAX: u32 = 3;

/// What one repo offers to vary, found once.
#[derive(Clone, Debug)]
pub struct Surface {
    renamable: Renamable,
    sites: Vec<Site>,
    library_items: Vec<Range<usize>>,
    strong_items: Vec<Range<usize>>,
    weak_items: Vec<Range<usize>>,
}

/// Which suite of a repo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Suite {
    /// The hidden strong suite.
    Strong,
    /// The weak suite a prompt may show.
    Weak,
}

impl Surface {
    /// Analyses a repo. `extra` holds any other text whose identifiers fresh names must avoid
    /// (the catalogue's bug replacements).
    pub fn new(library: &str, strong: &str, weak: &str, extra: &[&str]) -> Result<Self, String> {
        Ok(Surface {
            renamable: rename::renamable(library, &[strong, weak], extra)?,
            sites: rewrite::sites(library)?,
            library_items: rewrite::items(library)?,
            strong_items: rewrite::items(strong)?,
            weak_items: rewrite::items(weak)?,
        })
    }

    /// How many identifiers are renamed at level 1 and up (test names aside).
    pub fn renamable(&self) -> usize {
        self.renamable.names.len()
    }

    /// How many rewrite sites level 3 may use.
    pub fn sites(&self) -> usize {
        self.sites.len()
    }

    /// Draws a variant's plan. Level 0 draws nothing, so the rng stream of a problem at level 0
    /// is the one it always was.
    pub fn draw(&self, level: u32, rng: &mut ProblemRng) -> Plan {
        let level = level.min(LEVEL_MAX);
        let renaming = if level >= 1 {
            Renaming::draw(&self.renamable, rng)
        } else {
            Renaming::default()
        };
        let mut order = |n: usize| {
            let mut o: Vec<usize> = (0..n).collect();
            if level >= 2 {
                rng.shuffle(&mut o);
            }
            o
        };
        let library_order = order(self.library_items.len());
        let strong_order = order(self.strong_items.len());
        let weak_order = order(self.weak_items.len());
        let sites = if level >= 3 {
            (0..self.sites.len()).filter(|_| rng.chance(1, 2)).collect()
        } else {
            Vec::new()
        };
        Plan {
            level,
            renaming,
            library_order,
            strong_order,
            weak_order,
            sites,
        }
    }
}

/// One variant: the names, the item orders and the chosen rewrite sites.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The level it was drawn at.
    pub level: u32,
    /// The renaming.
    pub renaming: Renaming,
    library_order: Vec<usize>,
    strong_order: Vec<usize>,
    weak_order: Vec<usize>,
    sites: Vec<usize>,
}

impl Plan {
    /// The varied library: `library` (the text the surface was built from) with `bugs` (byte
    /// range of `library`, replacement) applied. Sites incompatible with any range in `avoid`
    /// are left out; pass every bug of the problem there, so that the reference and each buggy
    /// text use the same sites.
    pub fn library(
        &self,
        surface: &Surface,
        library: &str,
        bugs: &[(Range<usize>, &str)],
        avoid: &[Range<usize>],
    ) -> String {
        let mut edits: Vec<Edit<'_>> = self
            .sites
            .iter()
            .map(|&i| &surface.sites[i])
            .filter(|s| avoid.iter().all(|b| s.compatible(b)))
            .map(Edit::Site)
            .collect();
        edits.extend(bugs.iter().map(|(r, t)| Edit::Leaf(r, t)));
        rewrite::sort_edits(&mut edits);
        let text = reorder(library, &surface.library_items, &self.library_order, &edits);
        self.renaming.source(&text)
    }

    /// The varied suite.
    pub fn suite(&self, surface: &Surface, which: Suite, text: &str) -> String {
        let (items, order) = match which {
            Suite::Strong => (&surface.strong_items, &self.strong_order),
            Suite::Weak => (&surface.weak_items, &self.weak_order),
        };
        self.renaming.source(&reorder(text, items, order, &[]))
    }
}

/// `src` with its items in `order` (each keeping the comments just above it) and `edits`
/// applied; the text before the first item and after the last stays in place.
fn reorder(src: &str, items: &[Range<usize>], order: &[usize], edits: &[Edit<'_>]) -> String {
    let mut out = String::with_capacity(src.len() + src.len() / 8);
    let Some(first) = items.first() else {
        rewrite::render(src, 0..src.len(), edits, &mut out);
        return out;
    };
    let identity = order.iter().enumerate().all(|(i, &o)| i == o);
    if identity {
        rewrite::render(src, 0..src.len(), edits, &mut out);
        return out;
    }
    let chunk = |i: usize| -> Range<usize> {
        let start = if i == 0 {
            first.start
        } else {
            let prev = items[i - 1].end;
            prev + (src[prev..].len() - src[prev..].trim_start().len())
        };
        start..items[i].end
    };
    rewrite::render(src, 0..first.start, edits, &mut out);
    for (k, &i) in order.iter().enumerate() {
        if k > 0 {
            out.push_str("\n\n");
        }
        rewrite::render(src, chunk(i), edits, &mut out);
    }
    let last = items.last().expect("items is not empty").end;
    rewrite::render(src, last..src.len(), edits, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIB: &str = "//! Lib.\n\n/// Smaller of `a` and `b`.\npub fn lesser(a: i64, b: i64) -> i64 {\n    if a < b { a } else { b }\n}\n\n// A note.\n/// Twice `x`.\npub fn twice(x: i64) -> i64 {\n    let mut y = x;\n    y += x;\n    y\n}\n";
    const STRONG: &str = "#[test]\nfn lesser_works() { assert_eq!(lesser(1, 2), 1); }\n\n#[test]\nfn twice_works() { assert_eq!(twice(2), 4); }\n";

    #[test]
    fn level_zero_is_the_repo_as_shipped_and_draws_nothing() {
        let s = Surface::new(LIB, STRONG, STRONG, &[]).unwrap();
        let mut rng = ProblemRng::from_test_seed(1);
        let plan = s.draw(0, &mut rng);
        assert_eq!(plan.library(&s, LIB, &[], &[]), LIB);
        assert_eq!(plan.suite(&s, Suite::Strong, STRONG), STRONG);
        let mut fresh = ProblemRng::from_test_seed(1);
        assert_eq!(rng.next_u64(), fresh.next_u64());
    }

    #[test]
    fn levels_add_renames_then_order_then_rewrites() {
        let s = Surface::new(LIB, STRONG, STRONG, &[]).unwrap();
        assert_eq!(s.renamable(), 6);
        assert_eq!(s.sites(), 3);
        let mut seen_reordered = false;
        for seed in 0..20 {
            let plan = s.draw(3, &mut ProblemRng::from_test_seed(seed));
            let lib = plan.library(&s, LIB, &[], &[]);
            syn::parse_file(&lib).unwrap();
            let twice = plan.renaming.name("twice");
            assert!(lib.contains(&format!("pub fn {twice}(")));
            assert!(!lib.contains("twice") && !lib.contains("lesser"));
            assert!(lib.starts_with("//! Lib.\n\n"));
            assert!(lib.contains("// A note.\n/// Twice `"));
            seen_reordered |= lib.find(twice) < lib.find(plan.renaming.name("lesser"));
            let again = s.draw(3, &mut ProblemRng::from_test_seed(seed));
            assert_eq!(again.library(&s, LIB, &[], &[]), lib);
        }
        assert!(seen_reordered);
    }

    /// The lengths of the common prefix and suffix of two texts (not overlapping).
    fn common(a: &str, b: &str) -> (usize, usize) {
        let p = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
        let max = a.len().min(b.len()) - p;
        let s = a
            .bytes()
            .rev()
            .zip(b.bytes().rev())
            .take_while(|(x, y)| x == y)
            .count();
        (p, s.min(max))
    }

    #[test]
    fn reference_and_buggy_differ_exactly_at_the_bug() {
        let s = Surface::new(LIB, STRONG, STRONG, &[]).unwrap();
        let at = LIB.find("y += x").unwrap() + 5;
        let bug = at..at + 1;
        for seed in 0..20 {
            let plan = s.draw(3, &mut ProblemRng::from_test_seed(seed));
            let reference = plan.library(&s, LIB, &[], std::slice::from_ref(&bug));
            let buggy = plan.library(&s, LIB, &[(bug.clone(), "y")], std::slice::from_ref(&bug));
            let (p, s) = common(&reference, &buggy);
            let x = plan.renaming.name("x");
            let y = plan.renaming.name("y");
            // One region differs, no larger than the renamed bug.
            assert!(p + s + x.len().max(y.len()) >= reference.len(), "{seed}");
            assert_eq!(reference.len() - x.len(), buggy.len() - y.len());
        }
    }
}
