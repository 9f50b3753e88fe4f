//! Finding a library's module files (`mod x;` in nested directories, `#[path]`, inside inline
//! modules) and, in each, the code that must never be mutated: test code (`#[cfg(test)]`,
//! `#[test]` and the like) and `const fn` bodies, where the run-time selector cannot be called.

use std::ops::Range;
use std::path::{Path, PathBuf};

use syn::spanned::Spanned;

use super::super::RepoError;
use super::super::mutate::parse_error;

/// One source file of the library.
#[derive(Clone, Debug)]
pub(crate) struct ModuleFile {
    /// Its path in the user's package.
    pub path: PathBuf,
    /// Its path relative to the package directory, `/`-separated (labels diffs and reports).
    pub rel: String,
    /// Its text.
    pub source: String,
    /// Byte ranges that get neither mutants nor fuel: test code and `const fn` bodies.
    pub excluded: Vec<Range<usize>>,
    /// How many functions were excluded because they are `const fn` (reported, not mutated).
    pub const_fns: usize,
    /// Its module path from the crate root (empty for the root file), as libtest names tests.
    pub module: Vec<String>,
}

/// Walks the module tree from `root` (the library's root file), in the order modules are
/// declared. A `mod x;` whose file does not exist is skipped when a `#[cfg]` may disable it, and
/// is an error otherwise (the crate would not build either).
pub(crate) fn discover(root: &Path, package_dir: &Path) -> Result<Vec<ModuleFile>, RepoError> {
    walk_from(root, package_dir, false)
}

/// [`discover`], and also the files of test modules declared out of line (`#[cfg(test)] mod
/// tests;`), excluded whole: every file whose `#[test]` fns a test run can reach.
pub(crate) fn discover_with_tests(
    root: &Path,
    package_dir: &Path,
) -> Result<Vec<ModuleFile>, RepoError> {
    walk_from(root, package_dir, true)
}

/// The byte ranges of `source` (the file `rel`) that are test code or `const fn` bodies, as
/// [`ModuleFile::excluded`] has them.
pub(crate) fn test_code_ranges(source: &str, rel: &str) -> Result<Vec<Range<usize>>, RepoError> {
    let file = syn::parse_file(source).map_err(|e| parse_error(rel, &e))?;
    let mut walk = Walk {
        excluded: Vec::new(),
        const_fns: 0,
        children: Vec::new(),
        follow_tests: false,
    };
    walk.items(&file.items, Path::new(""), Path::new(""), &Scope::default());
    Ok(walk.excluded)
}

fn walk_from(
    root: &Path,
    package_dir: &Path,
    follow_tests: bool,
) -> Result<Vec<ModuleFile>, RepoError> {
    let mut files = Vec::new();
    let mut seen = Vec::new();
    let at = Place {
        mod_rs: true,
        module: Vec::new(),
        test_only: false,
        follow_tests,
    };
    visit_file(root, &at, package_dir, &mut files, &mut seen)?;
    Ok(files)
}

/// Where a module file sits in the module tree.
struct Place {
    /// Whether its children live beside it (`lib.rs`, `mod.rs`, `#[path]` files).
    mod_rs: bool,
    module: Vec<String>,
    test_only: bool,
    /// Whether `#[cfg(test)] mod x;` files are visited too.
    follow_tests: bool,
}

fn visit_file(
    path: &Path,
    at: &Place,
    package_dir: &Path,
    files: &mut Vec<ModuleFile>,
    seen: &mut Vec<PathBuf>,
) -> Result<(), RepoError> {
    let canonical = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    if seen.contains(&canonical) {
        return Ok(());
    }
    seen.push(canonical);
    let rel = path
        .strip_prefix(package_dir)
        .unwrap_or(path)
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/");
    let source = std::fs::read_to_string(path).map_err(|e| RepoError::Crate {
        path: path.display().to_string(),
        problem: format!("cannot read: {e}"),
    })?;
    let file = syn::parse_file(&source).map_err(|e| parse_error(&rel, &e))?;
    // Children of `lib.rs`, `mod.rs` and `#[path]` files live beside them; children of `foo.rs`
    // live in `foo/`.
    let dir = path.parent().unwrap_or(Path::new(".")).to_path_buf();
    let child_dir = if at.mod_rs {
        dir.clone()
    } else {
        dir.join(path.file_stem().unwrap_or_default())
    };
    let mut walk = Walk {
        excluded: Vec::new(),
        const_fns: 0,
        children: Vec::new(),
        follow_tests: at.follow_tests,
    };
    walk.items(&file.items, &dir, &child_dir, &Scope::default());
    let Walk {
        mut excluded,
        const_fns,
        children,
        ..
    } = walk;
    if at.test_only {
        let whole = 0..source.len();
        excluded = vec![whole];
    }
    files.push(ModuleFile {
        path: path.to_path_buf(),
        rel,
        source,
        excluded,
        const_fns,
        module: at.module.clone(),
    });
    for child in children {
        match child.candidates.iter().find(|c| c.0.is_file()) {
            Some((file, mod_rs)) => {
                let mut module = at.module.clone();
                module.extend(child.module);
                let place = Place {
                    mod_rs: *mod_rs,
                    module,
                    test_only: at.test_only || child.test_only,
                    follow_tests: at.follow_tests,
                };
                visit_file(file, &place, package_dir, files, seen)?;
            }
            None if child.conditional || child.test_only => {}
            None => {
                return Err(RepoError::Crate {
                    path: child.candidates[0].0.display().to_string(),
                    problem: format!("module `{}` has no file", child.name),
                });
            }
        }
    }
    Ok(())
}

struct Child {
    name: String,
    /// Its module path relative to the declaring file's module (inline modules, then `name`).
    module: Vec<String>,
    /// Whether it is declared as test code.
    test_only: bool,
    /// Candidate files, in the order rustc tries them, with whether each is a mod-rs file.
    candidates: Vec<(PathBuf, bool)>,
    /// Whether a `#[cfg]` on the declaration may leave it out of the build.
    conditional: bool,
}

/// The inline modules around the items being walked.
#[derive(Default)]
struct Scope {
    /// Their directories (`#[path]` or name), where their `mod x;` files live.
    inline: Vec<String>,
    /// Their names, as module paths have them.
    idents: Vec<String>,
    /// Whether a `#[cfg]` may leave these items out of the build.
    conditional: bool,
    /// Whether these items are test code.
    test_only: bool,
}

struct Walk {
    excluded: Vec<Range<usize>>,
    const_fns: usize,
    children: Vec<Child>,
    follow_tests: bool,
}

impl Walk {
    /// `dir`: the current file's directory; `child_dir`: where its `mod x;` files live.
    fn items(&mut self, items: &[syn::Item], dir: &Path, child_dir: &Path, scope: &Scope) {
        let Scope {
            inline,
            idents,
            conditional,
            test_only,
        } = scope;
        for item in items {
            match item {
                syn::Item::Mod(m) => {
                    let test = *test_only || is_test_code(&m.attrs);
                    if test {
                        self.excluded.push(m.span().byte_range());
                        if !self.follow_tests {
                            continue;
                        }
                    }
                    let cond = *conditional || m.attrs.iter().any(|a| a.path().is_ident("cfg"));
                    let name = m.ident.to_string();
                    let path_attr = path_attribute(&m.attrs);
                    match &m.content {
                        Some((_, inner)) => {
                            let mut nested = inline.to_vec();
                            nested.push(path_attr.unwrap_or(name.clone()));
                            let mut named = idents.to_vec();
                            named.push(name);
                            let scope = Scope {
                                inline: nested,
                                idents: named,
                                conditional: cond,
                                test_only: test,
                            };
                            self.items(inner, dir, child_dir, &scope);
                        }
                        None => {
                            let mut base = child_dir.to_path_buf();
                            for part in inline {
                                base.push(part);
                            }
                            let candidates = match path_attr {
                                // Outside inline modules, `#[path]` is relative to the file's
                                // own directory; inside them, to the inline modules' directory.
                                Some(p) if inline.is_empty() => vec![(dir.join(p), true)],
                                Some(p) => vec![(base.join(p), true)],
                                None => vec![
                                    (base.join(format!("{name}.rs")), false),
                                    (base.join(&name).join("mod.rs"), true),
                                ],
                            };
                            let mut module = idents.to_vec();
                            module.push(name.clone());
                            self.children.push(Child {
                                name,
                                module,
                                test_only: test,
                                candidates,
                                conditional: cond,
                            });
                        }
                    }
                }
                syn::Item::Fn(f) => self.function(&f.attrs, &f.sig, item.span()),
                syn::Item::Impl(i) => {
                    if is_test_code(&i.attrs) {
                        self.excluded.push(item.span().byte_range());
                        continue;
                    }
                    for it in &i.items {
                        if let syn::ImplItem::Fn(f) = it {
                            self.function(&f.attrs, &f.sig, it.span());
                        }
                    }
                }
                syn::Item::Trait(t) => {
                    if is_test_code(&t.attrs) {
                        self.excluded.push(item.span().byte_range());
                        continue;
                    }
                    for it in &t.items {
                        if let syn::TraitItem::Fn(f) = it {
                            self.function(&f.attrs, &f.sig, it.span());
                        }
                    }
                }
                other => {
                    if item_attrs(other).is_some_and(|a| is_test_code(a)) {
                        self.excluded.push(item.span().byte_range());
                    }
                }
            }
        }
    }

    fn function(
        &mut self,
        attrs: &[syn::Attribute],
        sig: &syn::Signature,
        span: proc_macro2::Span,
    ) {
        if is_test_code(attrs) {
            self.excluded.push(span.byte_range());
        } else if sig.constness.is_some() {
            // The selector and fuel are run-time calls, not allowed in a const fn.
            self.const_fns += 1;
            self.excluded.push(span.byte_range());
        }
    }
}

fn item_attrs(item: &syn::Item) -> Option<&Vec<syn::Attribute>> {
    Some(match item {
        syn::Item::Const(i) => &i.attrs,
        syn::Item::Static(i) => &i.attrs,
        syn::Item::Struct(i) => &i.attrs,
        syn::Item::Enum(i) => &i.attrs,
        syn::Item::Use(i) => &i.attrs,
        syn::Item::Macro(i) => &i.attrs,
        _ => return None,
    })
}

/// `#[path = "..."]`, if present.
fn path_attribute(attrs: &[syn::Attribute]) -> Option<String> {
    attrs.iter().find_map(|a| {
        if !a.path().is_ident("path") {
            return None;
        }
        match &a.meta {
            syn::Meta::NameValue(nv) => match &nv.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => Some(s.value()),
                _ => None,
            },
            _ => None,
        }
    })
}

/// Whether an item is test code: `#[cfg(test)]` (also inside `all(...)`), or an attribute named
/// `test` (`#[test]`, `#[tokio::test]`, `#[rstest]`-style `#[..::test]`), `bench`, `quickcheck`
/// or `proptest`.
pub(crate) fn is_test_code(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        let last = a.path().segments.last().map(|s| s.ident.to_string());
        match last.as_deref() {
            Some("test" | "bench" | "quickcheck" | "rstest") => true,
            Some("cfg") => {
                // `cfg(test)` or `cfg(all(test, ...))`; not `cfg(not(test))` nor `any(test, ..)`.
                let tokens = a.meta.require_list().map(|l| l.tokens.to_string());
                tokens.is_ok_and(|t| {
                    let t: String = t.chars().filter(|c| !c.is_whitespace()).collect();
                    t == "test"
                        || (t.starts_with("all(") && t[4..].split([',', ')']).any(|p| p == "test"))
                })
            }
            _ => false,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attrs(src: &str) -> Vec<syn::Attribute> {
        syn::parse_str::<syn::ItemFn>(&format!("{src} fn f() {{}}"))
            .unwrap()
            .attrs
    }

    #[test]
    fn test_code_is_recognised_and_other_cfgs_are_not() {
        for yes in [
            "#[test]",
            "#[cfg(test)]",
            "#[cfg(all(test, feature = \"x\"))]",
            "#[tokio::test]",
        ] {
            assert!(is_test_code(&attrs(yes)), "{yes}");
        }
        for no in [
            "#[cfg(not(test))]",
            "#[cfg(feature = \"test\")]",
            "#[inline]",
            "#[cfg(any(test, doc))]",
        ] {
            assert!(!is_test_code(&attrs(no)), "{no}");
        }
    }

    #[test]
    fn modules_are_found_in_nested_dirs_by_path_and_inside_inline_modules() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("src");
        std::fs::create_dir_all(src.join("a/b")).unwrap();
        std::fs::create_dir_all(src.join("inl")).unwrap();
        std::fs::create_dir_all(src.join("other")).unwrap();
        std::fs::write(
            src.join("lib.rs"),
            "mod a;\n#[path = \"other/p.rs\"] mod q;\nmod inl { mod deep; }\n#[cfg(test)] mod tests;\n#[cfg(feature = \"x\")] mod gone;\npub const fn k() -> u8 { 1 }\n",
        )
        .unwrap();
        std::fs::write(src.join("a.rs"), "mod b;\n").unwrap();
        std::fs::write(src.join("a/b/mod.rs"), "pub fn f() {}\n#[test] fn t() {}\n").unwrap();
        std::fs::write(src.join("other/p.rs"), "pub fn g() {}\n").unwrap();
        std::fs::write(src.join("inl/deep.rs"), "pub fn h() {}\n").unwrap();
        let files = discover(&src.join("lib.rs"), dir.path()).unwrap();
        let rels: Vec<&str> = files.iter().map(|f| f.rel.as_str()).collect();
        assert_eq!(
            rels,
            [
                "src/lib.rs",
                "src/a.rs",
                "src/a/b/mod.rs",
                "src/other/p.rs",
                "src/inl/deep.rs"
            ]
        );
        assert_eq!(files[0].const_fns, 1);
        assert_eq!(files[2].excluded.len(), 1, "the #[test] fn");
    }

    #[test]
    fn a_missing_unconditional_module_file_is_an_error_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("src")).unwrap();
        std::fs::write(dir.path().join("src/lib.rs"), "mod nowhere;\n").unwrap();
        let err = discover(&dir.path().join("src/lib.rs"), dir.path()).unwrap_err();
        assert!(err.to_string().contains("nowhere"), "{err}");
    }
}
