//! A problem's texts under its variation plan: the buggy and reference libraries, both suites,
//! the renamed test names and failures, and where each bug landed. At variation 0 the plan is
//! the identity and every text is the shipped one.

use std::ops::Range;

use super::InjectedBug;
use super::assets::Repo;
use super::inject::Injection;
use verigym_core::rng::ProblemRng;
use verigym_repo::catalog::Failure;
use verigym_repo::mutate::{self, unified_diff};
use verigym_repo::vary::{Plan, Suite};

/// Everything a record and a prompt need, varied.
#[derive(Debug)]
pub struct Varied {
    /// The buggy library.
    pub library: String,
    /// Its functions, in its own source order.
    pub functions: Vec<FnSpan>,
    /// The library with every bug undone.
    pub reference: String,
    /// The reference's functions.
    pub reference_functions: Vec<FnSpan>,
    /// The strong suite.
    pub strong: String,
    /// The weak suite.
    pub weak: String,
    /// The strong suite's test names, in libtest (name) order.
    pub tests: Vec<String>,
    /// The failing tests, in `tests` order, with their messages.
    pub failing: Vec<Failure>,
    /// The failing tests the prompt shows, in `tests` order.
    pub shown_failing: Vec<Failure>,
    /// The injected bugs, in the injection's order.
    pub bugs: Vec<InjectedBug>,
    /// Each bug's byte range in `library`.
    #[cfg_attr(not(test), allow(dead_code))]
    pub bug_spans: Vec<Range<usize>>,
    /// The (renamed) functions whose bodies the prompt shows, in `functions` order.
    pub shown: Vec<String>,
}

/// Draws the plan for `inj` at `level` and builds its texts.
pub fn vary(inj: &Injection, level: u32, rng: &mut ProblemRng) -> Varied {
    let plan = inj.repo.surface.draw(level, rng);
    build(
        inj.repo,
        &plan,
        &inj.bugs,
        &inj.shown,
        [&inj.failing, &inj.shown_failing],
    )
}

/// The texts of one problem: `bugs` are catalog indices, `shown` shipped function indices, and
/// `failing` the shipped failures the bugs produce and those the prompt shows.
pub fn build(
    repo: &'static Repo,
    plan: &Plan,
    bugs: &[usize],
    shown: &[usize],
    failing: [&[Failure]; 2],
) -> Varied {
    let surface = &repo.surface;
    let spans: Vec<Range<usize>> = bugs
        .iter()
        .map(|&b| repo.bug(b).span[0]..repo.bug(b).span[1])
        .collect();
    let leaves: Vec<(Range<usize>, &str)> = bugs
        .iter()
        .zip(&spans)
        .map(|(&b, s)| (s.clone(), repo.bug(b).replacement.as_str()))
        .collect();
    let library = plan.library(surface, repo.library, &leaves, &spans);
    let reference = plan.library(surface, repo.library, &[], &spans);
    let ren = &plan.renaming;
    let mut bug_spans = Vec::with_capacity(bugs.len());
    let injected = bugs
        .iter()
        .enumerate()
        .map(|(i, &b)| {
            let bug = repo.bug(b);
            let mut others = leaves.clone();
            others.remove(i);
            let fixed = plan.library(surface, repo.library, &others, &spans);
            let buggy = ren.source(&bug.replacement);
            let original = ren.source(&bug.original);
            let span = locate(&library, &fixed, &buggy, &original);
            bug_spans.push(span.clone());
            InjectedBug {
                id: bug.id.clone(),
                function: ren.path(&bug.function),
                line: library[..span.start].matches('\n').count() + 1,
                fix_diff: unified_diff("src/lib.rs", &library, &fixed, &span),
                buggy,
                original,
            }
        })
        .collect();
    let functions = analyze(&library);
    let shown_names: Vec<String> = shown
        .iter()
        .map(|&f| ren.path(&repo.functions[f].name))
        .collect();
    let shown = functions
        .iter()
        .filter(|f| shown_names.contains(&f.name))
        .map(|f| f.name.clone())
        .collect();
    let mut tests: Vec<String> = repo
        .catalog
        .tests
        .iter()
        .map(|t| ren.name(&t.name).to_owned())
        .collect();
    let [failing, shown_failing] = failing.map(|failures| {
        let mut renamed: Vec<Failure> = failures
            .iter()
            .map(|f| Failure {
                test: ren.name(&f.test).to_owned(),
                message: ren.message(&f.message),
            })
            .collect();
        // libtest runs (and the catalogue lists) tests in name order; renaming changes it.
        if !ren.is_empty() {
            renamed.sort_by(|a, b| a.test.cmp(&b.test));
        }
        renamed
    });
    if !ren.is_empty() {
        tests.sort();
    }
    Varied {
        reference_functions: analyze(&reference),
        functions,
        strong: plan.suite(surface, Suite::Strong, repo.strong),
        weak: plan.suite(surface, Suite::Weak, repo.weak),
        tests,
        failing,
        shown_failing,
        bugs: injected,
        bug_spans,
        shown,
        library,
        reference,
    }
}

/// One catalogued bug of a variant, as the buggy function it makes.
#[derive(Clone, Debug)]
pub struct VariantBug {
    /// The catalogue id.
    pub id: String,
    /// The buggy function's (renamed) full name.
    pub function: String,
    /// The buggy function's `fn` item, as the variant writes it.
    pub item: String,
    /// The strong tests it fails, renamed, in name order, with their messages.
    pub failing: Vec<Failure>,
}

/// A variant of a shipped repo with no bug, and every catalogued bug of the repo as a buggy
/// function of that variant: what a test compiles to compute the variant's catalogue.
#[derive(Clone, Debug)]
pub struct VariantCatalog {
    /// The bug-free variant as a record's data (no bugs, no failures, no function shown).
    pub data: super::RepoFixData,
    /// Every catalogued bug.
    pub bugs: Vec<VariantBug>,
}

/// The catalogue check's input for `repo` at `variation`, drawn from `seed`; `None` for an
/// unknown repo.
pub fn variant_catalog(repo: &str, variation: u32, seed: u64) -> Option<VariantCatalog> {
    let repo = super::assets::find(repo)?;
    let plan = repo
        .surface
        .draw(variation, &mut ProblemRng::from_test_seed(seed));
    let base = build(repo, &plan, &[], &[], [&[], &[]]);
    let bugs = (0..repo.catalog.bugs.len())
        .filter_map(|b| {
            let bug = repo.bug(b);
            let v = build(repo, &plan, &[b], &[], [&bug.failing, &[]]);
            let function = v.bugs[0].function.clone();
            let f = v.functions.iter().find(|f| f.name == function)?;
            Some(VariantBug {
                id: bug.id.clone(),
                item: v.library[f.span.clone()].to_owned(),
                function,
                failing: v.failing,
            })
        })
        .collect();
    Some(VariantCatalog {
        data: super::RepoFixData {
            repo: repo.name.to_owned(),
            library: base.library,
            suite: base.strong,
            tests: base.tests,
            bugs: Vec::new(),
            failing: Vec::new(),
            shown: Vec::new(),
            krate: None,
        },
        bugs,
    })
}

/// Where a function of a varied library is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FnSpan {
    /// `name` or `Type::name`, as the mutation engine names functions.
    pub name: String,
    /// From its visibility (or `fn`) to its closing brace.
    pub span: Range<usize>,
    /// Inside its braces.
    pub body: Range<usize>,
}

/// The functions of `library` (free, and methods), in source order: what the
/// prompt elides and the reference quotes. One syn parse, without the mutation engine's walk.
/// The variation engine keeps every text parseable (a test checks every repo at every level), so
/// an empty list here would only elide less of the prompt.
fn analyze(library: &str) -> Vec<FnSpan> {
    use syn::spanned::Spanned;
    let Ok(file) = syn::parse_file(library) else {
        return Vec::new();
    };
    let span = |vis: &syn::Visibility, sig: &syn::Signature, block: &syn::Block, name: String| {
        let start = match vis {
            syn::Visibility::Inherited => sig.span().byte_range().start,
            v => v.span().byte_range().start,
        };
        FnSpan {
            name,
            span: start..block.span().byte_range().end,
            body: block.brace_token.span.open().byte_range().end
                ..block.brace_token.span.close().byte_range().start,
        }
    };
    let mut out = Vec::new();
    for item in &file.items {
        match item {
            syn::Item::Fn(f) => out.push(span(&f.vis, &f.sig, &f.block, f.sig.ident.to_string())),
            syn::Item::Impl(i) => {
                let ty = mutate::compact(&i.self_ty);
                for it in &i.items {
                    if let syn::ImplItem::Fn(f) = it {
                        let name = format!("{ty}::{}", f.sig.ident);
                        out.push(span(&f.vis, &f.sig, &f.block, name));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// The span of `buggy` in `library` such that putting `original` there gives `fixed`: the two
/// texts differ only there, so it lies where their common prefix and suffix leave off.
fn locate(library: &str, fixed: &str, buggy: &str, original: &str) -> Range<usize> {
    let p = library
        .bytes()
        .zip(fixed.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    let room = library.len().min(fixed.len()) - p;
    let s = library
        .bytes()
        .rev()
        .zip(fixed.bytes().rev())
        .take_while(|(a, b)| a == b)
        .count()
        .min(room);
    let fits = |t: usize| {
        let end = t + buggy.len();
        end <= library.len()
            && library.is_char_boundary(t)
            && library.is_char_boundary(end)
            && &library[t..end] == buggy
            && library.len() + original.len() == fixed.len() + buggy.len()
            && fixed.is_char_boundary(t + original.len())
            && fixed[..t] == library[..t]
            && &fixed[t..t + original.len()] == original
            && fixed[t + original.len()..] == library[end..]
    };
    (p.saturating_sub(buggy.len())..=p)
        .rev()
        .find(|&t| fits(t))
        .map_or(p..library.len() - s, |t| t..t + buggy.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repo_fix::RepoFixParams;
    use crate::repo_fix::inject::inject;

    fn params(level: f64) -> RepoFixParams {
        <RepoFixParams as verigym_core::params::EnvParams>::at_level(level)
    }

    /// At variation 0 the buggy library is the shipped one with the bugs at their catalogue
    /// spans; at every level, undoing each recorded bug at its recorded line gives the reference
    /// variant, and the elision spans frame each function's body.
    #[test]
    fn bugs_sit_where_the_record_says_at_every_level() {
        let mut rng = ProblemRng::from_test_seed(7);
        for level in 0..=3 {
            for _ in 0..25 {
                let inj = inject(&params(9.0), &mut rng);
                let v = vary(&inj, level, &mut rng);
                assert_eq!(v.bugs.len(), 3);
                if level == 0 {
                    assert_eq!(v.reference, inj.repo.library);
                    assert_eq!(v.strong, inj.repo.strong);
                    assert_eq!(v.weak, inj.repo.weak);
                }
                let mut undone = v.library.clone();
                let mut by_place: Vec<_> = v.bugs.iter().zip(&v.bug_spans).collect();
                // Reordered items put bugs out of source order: undo from the end.
                by_place.sort_by_key(|(_, s)| std::cmp::Reverse(s.start));
                for (b, span) in by_place {
                    assert_eq!(v.library[span.clone()], b.buggy);
                    assert_eq!(v.library[..span.start].matches('\n').count() + 1, b.line);
                    undone.replace_range(span.clone(), &b.original);
                }
                assert_eq!(undone, v.reference, "level {level}");
                for f in &v.functions {
                    let body = &v.library[f.body.clone()];
                    assert!(v.library[..f.body.start].ends_with('{'), "{body}");
                }
                assert_eq!(v.functions.len(), inj.repo.functions.len());
                assert_eq!(v.tests.len(), inj.repo.catalog.tests.len());
                assert!(v.tests.is_sorted());
            }
        }
    }

    /// A fresh name never trips the answer policy: a reference answer written in a variant's
    /// names is accepted like the shipped one.
    #[test]
    fn no_vocabulary_word_is_refused_by_the_answer_policy() {
        use crate::repo_fix::answer::{BANNED_KEYWORDS, BANNED_NAMES, MACROS};
        use verigym_repo::vary::words::{ADJECTIVES, NOUNS};
        for w in NOUNS.iter().chain(ADJECTIVES) {
            assert!(
                !BANNED_KEYWORDS.contains(w) && !BANNED_NAMES.contains(w),
                "{w}"
            );
            assert!(!MACROS.contains(w) && !w.contains("vg"), "{w}");
        }
    }

    #[test]
    fn locate_finds_the_edit_even_when_texts_share_its_edges() {
        let fixed = "if a < b { x }";
        let library = "if a <= b { x }";
        assert_eq!(locate(library, fixed, "<=", "<"), 5..7);
        assert_eq!(locate("f(); ", "f(); g(); ", "", "g(); "), 5..5);
    }
}
