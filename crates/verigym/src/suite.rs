//! Fixed-seed benchmark suites: definitions, building them with a manifest, and checking a build.

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use crate::atomic::write_atomic;
use crate::progress::{NoProgress, Progress};
use crate::registry::EnvSet;
use crate::stream;
use verigym_core::error::{Error, Result};
use verigym_core::record::{hex, sha256_hex};

/// Suites compiled into the library, by name.
pub const SHIPPED: &[(&str, &str)] = &[
    (
        "standard-v1",
        include_str!("../../../envs/suites/standard-v1.toml"),
    ),
    (
        "standard-v2",
        include_str!("../../../envs/suites/standard-v2.toml"),
    ),
    (
        "standard-v3",
        include_str!("../../../envs/suites/standard-v3.toml"),
    ),
    (
        "standard-v4",
        include_str!("../../../envs/suites/standard-v4.toml"),
    ),
    (
        "standard-v5",
        include_str!("../../../envs/suites/standard-v5.toml"),
    ),
    (
        "standard-v6",
        include_str!("../../../envs/suites/standard-v6.toml"),
    ),
    (
        "standard-v7",
        include_str!("../../../envs/suites/standard-v7.toml"),
    ),
    (
        "standard-v8",
        include_str!("../../../envs/suites/standard-v8.toml"),
    ),
    (
        "standard-v9",
        include_str!("../../../envs/suites/standard-v9.toml"),
    ),
    (
        "standard-v10",
        include_str!("../../../envs/suites/standard-v10.toml"),
    ),
];

/// The most problems one entry may ask for.
pub const MAX_COUNT: u64 = 1_000_000;

/// A suite definition, as written in `envs/suites/<name>.toml`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SuiteSpec {
    /// The suite's name: letters, digits, `-`, `_` and `.`.
    pub name: String,
    /// Bumped whenever the problems the suite builds change.
    pub version: u32,
    /// What the suite measures.
    #[serde(default)]
    pub description: String,
    /// The env versions the suite was frozen with, by env id. When given, every env the entries
    /// use must be listed, and `build` refuses to run under any other version of one: the
    /// problems would differ, so it would be a different benchmark under the same name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub env_versions: BTreeMap<String, u32>,
    /// The problem sets, in order.
    pub entries: Vec<SuiteEntry>,
}

/// One problem set of a suite.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SuiteEntry {
    /// The env id.
    pub env: String,
    /// The difficulty level (0 to 10); omit for the env's default params.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<f64>,
    /// Param overrides by name, applied after the level.
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub params: Map<String, Value>,
    /// The master seed.
    pub seed: u64,
    /// How many problems, from index 0.
    pub count: u64,
}

/// What `suite build` writes next to the problems, and what `suite check` reads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// The suite's name.
    pub suite: String,
    /// The suite's version.
    pub suite_version: u32,
    /// The verigym version that built it.
    pub verigym_version: String,
    /// The version of every env the suite uses.
    pub env_versions: BTreeMap<String, u32>,
    /// One entry per problems file, in suite order.
    pub files: Vec<ManifestFile>,
    /// SHA-256 over the lines `<sha256>  <path>\n` of every file, in order: the suite's fingerprint.
    pub sha256: String,
    /// The definition it was built from, so a check needs nothing else.
    pub spec: SuiteSpec,
}

/// One problems file of a built suite.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ManifestFile {
    /// The file name, relative to the manifest.
    pub path: String,
    /// The env id.
    pub env: String,
    /// How many problems it holds.
    pub count: u64,
    /// SHA-256 of its bytes.
    pub sha256: String,
}

/// A built suite held in memory.
pub struct BuiltSuite {
    /// The manifest.
    pub manifest: Manifest,
    /// Each file's bytes, in manifest order.
    pub files: Vec<Vec<u8>>,
}

impl SuiteSpec {
    /// A shipped suite by name, or a suite file by path (anything ending in `.toml`), validated
    /// against `envs`.
    pub fn load(name_or_path: &str, envs: &EnvSet) -> Result<Self> {
        if name_or_path.ends_with(".toml") {
            let text = fs::read_to_string(name_or_path)
                .map_err(|e| Error::malformed("suite file", format!("{name_or_path}: {e}")))?;
            return Self::from_toml(&text, name_or_path, envs);
        }
        let (_, text) = SHIPPED
            .iter()
            .find(|(name, _)| *name == name_or_path)
            .ok_or_else(|| {
                let names: Vec<&str> = SHIPPED.iter().map(|(n, _)| *n).collect();
                Error::param(
                    "suite",
                    name_or_path,
                    format!(
                        "a shipped suite ({}) or a path ending in .toml",
                        names.join(", ")
                    ),
                )
            })?;
        Self::from_toml(text, name_or_path, envs)
    }

    /// Parses and validates a suite definition against `envs`; `source` names it in errors.
    pub fn from_toml(text: &str, source: &str, envs: &EnvSet) -> Result<Self> {
        let spec: SuiteSpec = toml::from_str(text)
            .map_err(|e| Error::malformed("suite file", format!("{source}: {e}")))?;
        spec.validate(envs)?;
        Ok(spec)
    }

    /// Checks the name, and every entry's env (it must be in `envs`), level, params and count.
    pub fn validate(&self, envs: &EnvSet) -> Result<()> {
        let name_ok = !self.name.is_empty()
            && self
                .name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c));
        if !name_ok {
            return Err(Error::param(
                "name",
                &self.name,
                "a non-empty name of letters, digits, '-', '_' and '.'",
            ));
        }
        if self.entries.is_empty() {
            return Err(Error::param("entries", "[]", "at least one entry"));
        }
        for (i, entry) in self.entries.iter().enumerate() {
            let env = envs.find(&entry.env)?;
            if !(1..=MAX_COUNT).contains(&entry.count) {
                return Err(Error::param(
                    format!("entries[{i}].count"),
                    entry.count,
                    format!("1 to {MAX_COUNT}"),
                ));
            }
            env.generator(entry.level, &entry.params, entry.seed)
                .map_err(|e| Error::malformed("suite file", format!("entries[{i}]: {e}")))?;
            if !self.env_versions.is_empty() && !self.env_versions.contains_key(&entry.env) {
                return Err(Error::param(
                    "env_versions",
                    &entry.env,
                    "a version for every env the entries use, once any is pinned",
                ));
            }
        }
        for env in self.env_versions.keys() {
            envs.find(env)?;
        }
        Ok(())
    }

    /// Whether this build generates every pinned env at its pinned version; otherwise an error
    /// naming each env that moved on.
    pub fn check_env_versions(&self, envs: &EnvSet) -> Result<()> {
        let moved: Vec<String> = self
            .env_versions
            .iter()
            .filter_map(|(env, &pinned)| {
                let current = envs.find(env).ok()?.version();
                (current != pinned).then(|| format!("{env} v{pinned} (this build has v{current})"))
            })
            .collect();
        if moved.is_empty() {
            return Ok(());
        }
        Err(Error::malformed(
            "suite",
            format!(
                "{} was frozen with {}, so this build cannot reproduce its problems; build a \
                 newer suite, or use a verigym release that has those env versions",
                self.name,
                moved.join(", ")
            ),
        ))
    }

    /// Generates every entry and the manifest, with the envs of `envs`. Fails when a pinned env
    /// version differs from this build's (see [`SuiteSpec::env_versions`]).
    pub fn build(&self, envs: &EnvSet) -> Result<BuiltSuite> {
        self.build_with_progress(envs, &NoProgress)
    }

    /// [`build`](Self::build), reporting one phase whose steps are problems.
    pub fn build_with_progress(
        &self,
        envs: &EnvSet,
        progress: &dyn Progress,
    ) -> Result<BuiltSuite> {
        self.check_env_versions(envs)?;
        let total = self.entries.iter().map(|e| e.count).sum();
        progress.start(total, &format!("suite {}: problems", self.name));
        let mut env_versions = BTreeMap::new();
        let mut files = Vec::with_capacity(self.entries.len());
        let mut listed = Vec::with_capacity(self.entries.len());
        for (i, entry) in self.entries.iter().enumerate() {
            let env = envs.find(&entry.env)?;
            env_versions.insert(entry.env.clone(), env.version());
            let generator = env.generator(entry.level, &entry.params, entry.seed)?;
            let mut bytes = Vec::new();
            stream::write_jsonl(generator.as_ref(), 0, entry.count, &mut bytes)
                .expect("writing to memory cannot fail");
            listed.push(ManifestFile {
                path: format!("{i:02}-{}.jsonl", entry.env),
                env: entry.env.clone(),
                count: entry.count,
                sha256: sha256_hex(&bytes),
            });
            files.push(bytes);
            progress.inc(entry.count);
        }
        progress.finish();
        let manifest = Manifest {
            suite: self.name.clone(),
            suite_version: self.version,
            verigym_version: env!("CARGO_PKG_VERSION").to_owned(),
            env_versions,
            sha256: fingerprint(&listed),
            files: listed,
            spec: self.clone(),
        };
        Ok(BuiltSuite { manifest, files })
    }
}

impl BuiltSuite {
    /// Writes the files, then the manifest last, into `dir` (created if needed). Each file is
    /// written under a temporary name and renamed, so a manifest only ever describes whole files.
    pub fn write(&self, dir: &Path) -> io::Result<()> {
        fs::create_dir_all(dir)?;
        for (file, bytes) in self.manifest.files.iter().zip(&self.files) {
            write_atomic(&dir.join(&file.path), bytes)?;
        }
        let mut manifest = serde_json::to_vec_pretty(&self.manifest)?;
        manifest.push(b'\n');
        write_atomic(&dir.join(MANIFEST), &manifest)
    }
}

/// The manifest's file name inside a built suite.
pub const MANIFEST: &str = "manifest.json";

/// Re-derives a built suite from its manifest with the envs of `envs` and compares every byte.
/// Returns the manifest on success; otherwise an error listing each file that differs or is
/// missing.
pub fn check(dir: &Path, envs: &EnvSet) -> Result<Manifest> {
    let path: PathBuf = dir.join(MANIFEST);
    let text = fs::read_to_string(&path)
        .map_err(|e| Error::malformed("suite manifest", format!("{}: {e}", path.display())))?;
    let manifest: Manifest = serde_json::from_str(&text)
        .map_err(|e| Error::malformed("suite manifest", format!("{}: {e}", path.display())))?;
    for (env, &version) in &manifest.env_versions {
        let current = envs.find(env)?.version();
        if current != version {
            return Err(Error::malformed(
                "suite manifest",
                format!(
                    "built with {env} v{version}; this build has {env} v{current}, so the problems differ by design"
                ),
            ));
        }
    }
    let rebuilt = manifest.spec.build(envs)?;
    let mut problems = Vec::new();
    if rebuilt.manifest.files != manifest.files || rebuilt.manifest.sha256 != manifest.sha256 {
        problems.push("the manifest's hashes differ from a fresh build".to_owned());
    }
    for (file, bytes) in rebuilt.manifest.files.iter().zip(&rebuilt.files) {
        match fs::read(dir.join(&file.path)) {
            Ok(on_disk) if &on_disk == bytes => {}
            Ok(_) => problems.push(format!("{} differs from a fresh build", file.path)),
            Err(e) => problems.push(format!("{}: {e}", file.path)),
        }
    }
    if problems.is_empty() {
        Ok(manifest)
    } else {
        Err(Error::SuiteMismatch {
            details: problems.join("; "),
        })
    }
}

fn fingerprint(files: &[ManifestFile]) -> String {
    let mut hasher = Sha256::new();
    for f in files {
        hasher.update(format!("{}  {}\n", f.sha256, f.path));
    }
    hex(&hasher.finalize())
}
