//! What a crate's library links in every build a fix must compile in: `std` (not `no_std`, or
//! `extern crate std`), `alloc` (`extern crate alloc`) and whose prelude its code sees, read from
//! the library's root file, its manifest's features and the catalog's cargo arguments.
//!
//! A fix of a library file is built twice, as the library its integration tests link and as its
//! own unit-test harness (`cfg(test)`): a root that is `no_std` in either build counts as
//! `no_std`, and a `cfg` this reader cannot decide counts against linking, so what it promises
//! always resolves.

use std::collections::BTreeSet;
use std::path::Path;

use super::super::RepoError;

/// What the library links.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Links {
    /// `std::` paths resolve.
    pub std: bool,
    /// `alloc::` paths resolve.
    pub alloc: bool,
    /// The prelude is std's (`Vec`, `String`, `vec!`, `format!` by name); else core's.
    pub std_prelude: bool,
    /// `vec!` and `format!` resolve by name (std's prelude, or `#[macro_use] extern crate alloc`).
    pub alloc_macros_by_name: bool,
}

/// Reads what the library at `source_dir` (a package directory) links, with `cargo_args` (the
/// catalog's `--features`, `--no-default-features`, `--all-features`).
pub fn of(source_dir: &Path, cargo_args: &[String]) -> Result<Links, RepoError> {
    let pkg = super::fixes::package_of(source_dir)?;
    let root = std::fs::read_to_string(&pkg.lib_root).map_err(RepoError::io(format!(
        "cannot read {}",
        pkg.lib_root.display()
    )))?;
    let manifest_path = pkg.dir.join("Cargo.toml");
    let manifest = std::fs::read_to_string(&manifest_path).map_err(RepoError::io(format!(
        "cannot read {}",
        manifest_path.display()
    )))?;
    let features = enabled_features(&manifest, cargo_args);
    of_root(&root, &features).map_err(|problem| RepoError::Crate {
        path: pkg.lib_root.display().to_string(),
        problem,
    })
}

/// [`of`] from the root file's text and the enabled features.
fn of_root(root: &str, features: &BTreeSet<String>) -> Result<Links, String> {
    let file = syn::parse_file(root).map_err(|e| format!("does not parse: {e}"))?;
    let mut links = Links {
        std: true,
        alloc: false,
        std_prelude: true,
        alloc_macros_by_name: false,
    };
    for attr in &file.attrs {
        if !matches!(attr.style, syn::AttrStyle::Inner(_)) {
            continue;
        }
        if attr.path().is_ident("no_std") {
            links.std = false;
            links.std_prelude = false;
        } else if attr.path().is_ident("cfg_attr") {
            let (cond, attrs) = cfg_attr_parts(attr)?;
            let holds_no_std = attrs.iter().any(|a| a.is_ident("no_std"));
            // No std when the condition may hold in either build.
            if holds_no_std
                && (eval(&cond, features, false) != Some(false)
                    || eval(&cond, features, true) != Some(false))
            {
                links.std = false;
                links.std_prelude = false;
            }
        }
    }
    for item in &file.items {
        let syn::Item::ExternCrate(e) = item else {
            continue;
        };
        // Linked only when every `cfg` on it holds in both builds.
        let linked = e.attrs.iter().all(|a| {
            !a.path().is_ident("cfg")
                || a.parse_args::<syn::Meta>().is_ok_and(|m| {
                    eval(&m, features, false) == Some(true)
                        && eval(&m, features, true) == Some(true)
                })
        });
        if !linked || e.rename.is_some() {
            continue;
        }
        let macro_use = e.attrs.iter().any(|a| a.path().is_ident("macro_use"));
        if e.ident == "std" {
            links.std = true;
        } else if e.ident == "alloc" {
            links.alloc = true;
            links.alloc_macros_by_name |= macro_use;
        }
    }
    links.alloc_macros_by_name |= links.std_prelude;
    Ok(links)
}

/// A `#![cfg_attr(condition, attr, …)]`'s condition and attribute paths.
fn cfg_attr_parts(attr: &syn::Attribute) -> Result<(syn::Meta, Vec<syn::Path>), String> {
    use syn::punctuated::Punctuated;
    let metas = attr
        .parse_args_with(Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated)
        .map_err(|e| format!("a `cfg_attr` does not parse: {e}"))?;
    let mut it = metas.into_iter();
    let cond = it
        .next()
        .ok_or_else(|| "a `cfg_attr` without a condition".to_owned())?;
    Ok((cond, it.map(|m| m.path().clone()).collect()))
}

/// Evaluates a `cfg` predicate in the build with `test` set or not; `None` when it names
/// anything but `feature = "…"`, `test`, `not`, `all` and `any`.
fn eval(meta: &syn::Meta, features: &BTreeSet<String>, test: bool) -> Option<bool> {
    match meta {
        syn::Meta::Path(p) if p.is_ident("test") => Some(test),
        syn::Meta::NameValue(nv) if nv.path.is_ident("feature") => {
            let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) = &nv.value
            else {
                return None;
            };
            Some(features.contains(&s.value()))
        }
        syn::Meta::List(l) => {
            use syn::punctuated::Punctuated;
            let inner: Vec<syn::Meta> = l
                .parse_args_with(Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated)
                .ok()?
                .into_iter()
                .collect();
            let values: Vec<Option<bool>> = inner.iter().map(|m| eval(m, features, test)).collect();
            if l.path.is_ident("not") && values.len() == 1 {
                values[0].map(|v| !v)
            } else if l.path.is_ident("all") {
                values.iter().try_fold(true, |acc, v| v.map(|v| acc && v))
            } else if l.path.is_ident("any") {
                values.iter().try_fold(false, |acc, v| v.map(|v| acc || v))
            } else {
                None
            }
        }
        _ => None,
    }
}

/// The features a build with `cargo_args` enables, closed over the manifest's `[features]`
/// table (`--all-features`: every feature it declares).
fn enabled_features(manifest: &str, cargo_args: &[String]) -> BTreeSet<String> {
    let table: toml::Table = manifest.parse().unwrap_or_default();
    let declared = table
        .get("features")
        .and_then(toml::Value::as_table)
        .cloned()
        .unwrap_or_default();
    let mut wanted: Vec<String> = Vec::new();
    let mut defaults = true;
    let mut args = cargo_args.iter();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--all-features" => return declared.keys().cloned().collect(),
            "--no-default-features" => defaults = false,
            "--features" | "-F" => {
                if let Some(v) = args.next() {
                    wanted.extend(
                        v.split([',', ' '])
                            .filter(|s| !s.is_empty())
                            .map(String::from),
                    );
                }
            }
            other => {
                if let Some(v) = other.strip_prefix("--features=") {
                    wanted.extend(
                        v.split([',', ' '])
                            .filter(|s| !s.is_empty())
                            .map(String::from),
                    );
                }
            }
        }
    }
    if defaults {
        wanted.push("default".to_owned());
    }
    let mut on = BTreeSet::new();
    while let Some(f) = wanted.pop() {
        if !on.insert(f.clone()) {
            continue;
        }
        if let Some(list) = declared.get(&f).and_then(toml::Value::as_array) {
            for v in list.iter().filter_map(toml::Value::as_str) {
                // `dep:x` and `x/feature` enable other packages' features, not this one's.
                if !v.contains(':') && !v.contains('/') {
                    wanted.push(v.to_owned());
                }
            }
        }
    }
    on
}

#[cfg(test)]
mod tests {
    use super::*;

    fn features(list: &[&str]) -> BTreeSet<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn no_std_roots_are_read_for_what_they_link() {
        let std_on = features(&["default", "std"]);
        let none = features(&["default"]);
        let heck = "#![no_std]\nextern crate alloc;\npub fn f() {}\n";
        let l = of_root(heck, &std_on).unwrap();
        assert_eq!(
            (l.std, l.alloc, l.std_prelude, l.alloc_macros_by_name),
            (false, true, false, false)
        );
        let ms = "#![no_std]\nextern crate std;\n";
        let l = of_root(ms, &none).unwrap();
        assert_eq!((l.std, l.alloc, l.std_prelude), (true, false, false));
        let shlex = "#![cfg_attr(not(feature = \"std\"), no_std)]\nextern crate alloc;\n";
        let l = of_root(shlex, &std_on).unwrap();
        assert_eq!(
            (l.std, l.alloc, l.std_prelude, l.alloc_macros_by_name),
            (true, true, true, true)
        );
        let l = of_root(shlex, &none).unwrap();
        assert_eq!((l.std, l.alloc), (false, true));
        // `no_std` outside tests: the library the integration tests link has no std.
        let l = of_root("#![cfg_attr(not(test), no_std)]\n", &none).unwrap();
        assert!(!l.std);
        // A condition this reader cannot decide counts as `no_std`.
        let l = of_root("#![cfg_attr(target_os = \"none\", no_std)]\n", &none).unwrap();
        assert!(!l.std);
        let l = of_root("#![no_std]\n#[macro_use]\nextern crate alloc;\n", &none).unwrap();
        assert!(l.alloc_macros_by_name && !l.std_prelude);
        // An `extern crate` behind a feature that is off is not linked.
        let l = of_root(
            "#![no_std]\n#[cfg(feature = \"alloc\")]\nextern crate alloc;\n",
            &none,
        )
        .unwrap();
        assert!(!l.alloc);
    }

    #[test]
    fn features_close_over_the_manifest() {
        let m = "[features]\ndefault = [\"std\"]\nstd = [\"alloc\", \"dep:x\"]\nalloc = []\nextra = []\n";
        assert_eq!(
            enabled_features(m, &[]),
            features(&["alloc", "default", "std"])
        );
        let args: Vec<String> = ["--no-default-features", "--features", "extra"]
            .iter()
            .map(|s| (*s).to_owned())
            .collect();
        assert_eq!(enabled_features(m, &args), features(&["extra"]));
        assert_eq!(
            enabled_features(m, &["--all-features".to_owned()]),
            features(&["alloc", "default", "extra", "std"])
        );
    }
}
