//! `repo_fix` params: the knobs, their validation (including whether the chosen repos can supply
//! such bugs at all), and the difficulty-level mapping.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{assets, inject};
use verigym_core::error::{Error, Result, check_range};
use verigym_core::params::EnvParams;

/// The most bugs one problem injects.
pub const BUGS_MAX: u32 = 3;
/// The largest `distractors` accepted (more than any shipped repo has functions).
pub const DISTRACTORS_MAX: u32 = 64;
/// The largest `max_failing` accepted.
pub const FAILING_MAX: u32 = 1000;
/// The largest `variation` accepted.
pub const VARIATION_MAX: u32 = verigym_repo::vary::LEVEL_MAX;
/// The largest `reach` accepted: the deepest call chain a shipped repo's tests have.
pub const REACH_MAX: u32 = 4;

/// The knobs of a bug-fix problem.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct RepoFixParams {
    /// The mini-repo: a name under `envs/repos/` (`toy`, `strings`, `intervals`, `calc`,
    /// `ledger`, `calendar`, `grid`, `search`, `bits`), or `any` to draw one per problem; or a
    /// real crate's bug catalog: `crate:NAME`, one shipped in the binary (`crate:heck`,
    /// `crate:shlex`, `crate:unit-prefix`, `crate:ms-converter`, `crate:thunderdome`, from
    /// `envs/crates/`; its source is written once to
    /// verigym's cache directory, `$VERIGYM_CACHE_DIR`, else `$XDG_CACHE_HOME/verigym` or
    /// `~/.cache/verigym`, so verifying needs only the same verigym build), or `path:DIR`, a
    /// catalog directory made by `verigym catalog PATH --out DIR` (verifying needs the same
    /// directory on the verifier's machine). On a crate, `bugs` puts each bug in a different file
    /// of the crate's own code, in functions no test of the crate runs two of; `variation`,
    /// `reach` and `misleading` do not apply.
    pub repo: String,
    /// How many bugs to inject, each in a different function (on a crate, each in a different
    /// file).
    #[schemars(range(min = 1, max = 3))]
    pub bugs: u32,
    /// Each injected bug makes at least this many hidden tests fail.
    #[schemars(range(min = 1, max = 1000))]
    pub min_failing: u32,
    /// Each injected bug makes at most this many hidden tests fail (fewer is harder to find).
    #[schemars(range(min = 1, max = 1000))]
    pub max_failing: u32,
    /// Whether the prompt names the failing tests and shows their messages.
    pub show_failures: bool,
    /// Whether the prompt shows the repo's weak test suite.
    pub show_weak: bool,
    /// How many correct functions the prompt shows in full besides the buggy ones (capped at
    /// what the repo has); every other body is elided.
    #[schemars(range(min = 0, max = 64))]
    pub distractors: u32,
    /// How far the repo's surface is varied, from the seed (the semantics never change): 0 is
    /// the repo as shipped; 1 renames its functions, methods, types, fields, variants,
    /// parameters and locals (and the tests and doc comments that name them) to fresh words; 2
    /// also reorders the items of the library and of both suites; 3 also rewrites expressions
    /// and control flow into equivalent forms (`a < b` as `b > a`, `if c {x} else {y}` as
    /// `if !c {y} else {x}`, `v += e` as `v = v + e`).
    #[schemars(range(min = 0, max = 3))]
    pub variation: u32,
    /// How far the failing tests the prompt shows are from the bugs, in calls: 1 shows every
    /// failing test; 2 poses only bugs that some failing test reaches through at least one
    /// other library function, and shows only such tests (the others fail too, unshown); 3 and
    /// 4 ask for longer call chains. The solver must trace a failure back through the callers.
    #[schemars(range(min = 1, max = 4))]
    pub reach: u32,
    /// Whether the failures shown point away from the bugs: no shown failing test's name or
    /// message names a buggy function, so the failure list names only correct ones.
    pub misleading: bool,
}

impl Default for RepoFixParams {
    fn default() -> Self {
        Self::at_level(3.0)
    }
}

impl RepoFixParams {
    /// The range of every numeric knob, whatever the source.
    fn check_ranges(&self) -> Result<()> {
        check_range("bugs", self.bugs, 1, BUGS_MAX)?;
        check_range("min_failing", self.min_failing, 1, FAILING_MAX)?;
        check_range(
            "max_failing",
            self.max_failing,
            self.min_failing,
            FAILING_MAX,
        )?;
        check_range("distractors", self.distractors, 0, DISTRACTORS_MAX)?;
        check_range("variation", self.variation, 0, VARIATION_MAX)?;
        check_range("reach", self.reach, 1, REACH_MAX)
    }

    /// A named mini repo that cannot show failures as far or as misleading as a level asks
    /// (`toy` has no bug a test reaches through another function) is asked for the nearest it
    /// can: the same `reach` with failures that may name the bug, then a shorter `reach`, and so
    /// on. Knobs the caller set are kept; a repo that can pose nothing is `validate`'s to report.
    fn fit_shown_failures(&mut self, overridden: &dyn Fn(&str) -> bool) {
        if self.repo == "any" || !self.show_failures || !inject::feasible_repos(self).is_empty() {
            return;
        }
        let reaches = if overridden("reach") {
            self.reach..=self.reach
        } else {
            1..=self.reach
        };
        let misleading: &[bool] = if overridden("misleading") || !self.misleading {
            &[self.misleading]
        } else {
            &[true, false]
        };
        for reach in reaches.rev() {
            for &m in misleading {
                let fitted = RepoFixParams {
                    reach,
                    misleading: m,
                    ..self.clone()
                };
                if !inject::feasible_repos(&fitted).is_empty() {
                    *self = fitted;
                    return;
                }
            }
        }
    }

    /// Validation for a crate source: the catalog loads and has a bug failing
    /// `min_failing..=max_failing` tests, or with `bugs` > 1 that many bugs in different files
    /// that may be posed together. `variation`, `reach` and `misleading` are mini-repo knobs (a
    /// crate problem's bugs are in the crate's own surface, and its catalog records which
    /// functions a test ran, not through how many calls), so any valid value is accepted.
    fn validate_crate(&self) -> Result<()> {
        let loaded = super::real_crate::load(&self.repo).map_err(|e| {
            Error::param("repo", &self.repo, format!("{} ({})", e.allowed, e.problem))
        })?;
        self.check_ranges()?;
        if loaded.eligible(self).is_empty() {
            return Err(Error::param(
                "max_failing",
                self.max_failing,
                format!(
                    "a range holding some bug of `{}`: none fails {} to {} of its tests",
                    loaded.catalog.package, self.min_failing, self.max_failing
                ),
            ));
        }
        if self.bugs > 1 && !loaded.can_pose(self) {
            return Err(Error::param(
                "bugs",
                self.bugs,
                format!(
                    "at most what crate `{}` offers: no {} bugs in different files, in \
                     functions no test runs two of, each fail {} to {} tests (it offers {} at \
                     most, over every range); lower `bugs` or widen the range",
                    loaded.catalog.package,
                    self.bugs,
                    self.min_failing,
                    self.max_failing,
                    loaded.most_bugs(BUGS_MAX)
                ),
            ));
        }
        Ok(())
    }
}

impl EnvParams for RepoFixParams {
    fn validate(&self) -> Result<()> {
        if super::real_crate::is_crate_spec(&self.repo) {
            return self.validate_crate();
        }
        if self.repo != "any" && assets::find(&self.repo).is_none() {
            let known: Vec<&str> = assets::names().collect();
            return Err(Error::param(
                "repo",
                &self.repo,
                format!(
                    "`any`, one of {}, `crate:NAME` naming a crate catalog shipped in this build \
                     ({}), or `path:DIR` naming a crate catalog made by `verigym catalog`",
                    known.join(", "),
                    super::shipped::names().collect::<Vec<_>>().join(", ")
                ),
            ));
        }
        self.check_ranges()?;
        if inject::feasible_repos(self).is_empty() {
            // What the failures shown must be, when they are shown and the knobs ask for more.
            let shaped = self.show_failures && (self.reach > 1 || self.misleading);
            let (shown, knobs) = if shaped {
                (
                    format!(
                        ", with failures shown at least {} calls from the bug{}",
                        self.reach,
                        if self.misleading {
                            " that do not name it"
                        } else {
                            ""
                        }
                    ),
                    "lower `bugs` or `reach`, set `misleading = false`, or widen the range",
                )
            } else {
                (String::new(), "lower `bugs` or widen the range")
            };
            return Err(Error::param(
                "bugs",
                self.bugs,
                format!(
                    "at most what repo `{}` offers: no {} functions that no hidden test shares \
                     each have a bug failing {} to {} tests{shown}; {knobs}",
                    self.repo, self.bugs, self.min_failing, self.max_failing
                ),
            ));
        }
        Ok(())
    }

    /// On a crate catalog the level's failing-test range is widened to reach the crate's own
    /// bugs: `min_failing` falls to the most tests any of its bugs fails, and `max_failing`
    /// rises to the fewest (a crate whose tests each check many cases has no bug failing one
    /// test), then, when the level asks for several bugs, on to the least under which that many
    /// can be posed together. `bugs` itself is capped at the most the crate can pose together
    /// at all (one for a crate of one file). Every level then poses something, and the map stays
    /// monotone for each crate in `bugs`, and in the failing range at a given `bugs`. On a named
    /// mini repo, `reach` and `misleading` are lowered to what the repo can show. Knobs the
    /// caller set are left as they are.
    fn fit_level(&mut self, _level: f64, overridden: &dyn Fn(&str) -> bool) {
        if !super::real_crate::is_crate_spec(&self.repo) {
            self.fit_shown_failures(overridden);
            return;
        }
        // A catalog that does not load is `validate`'s to report.
        let Ok(loaded) = super::real_crate::load(&self.repo) else {
            return;
        };
        let Some((fewest, most)) = loaded.failing_range() else {
            return;
        };
        if !overridden("min_failing") {
            self.min_failing = self.min_failing.min(most.max(1));
        }
        if !overridden("bugs") {
            // Never above what the crate can pose together over any range, so `bugs` still
            // only grows with the level.
            self.bugs = self.bugs.min(loaded.most_bugs(BUGS_MAX));
        }
        if !overridden("max_failing") {
            let at_least = self.max_failing.max(fewest.min(FAILING_MAX));
            self.max_failing = loaded
                .fewest_max_failing(self, at_least)
                .unwrap_or(at_least)
                .min(FAILING_MAX);
        }
    }

    /// | level | bugs | failing tests per bug | failures shown | weak suite shown | distractors | variation | misleading | reach |
    /// |---|---|---|---|---|---|---|---|---|
    /// | 0 ≤ L < 1 | 1 | 2 to 1000 | yes | yes | ⌊1.6 L⌋ | 0 (as shipped) | no | 1 |
    /// | 1 ≤ L < 2 | 1 | 2 to 1000 | yes | yes | 〃 | 1 (renamed) | no | 1 |
    /// | 2 ≤ L < 3 | 1 | 1 to 1000 | yes | no | 〃 | 2 (+ reordered) | no | 1 |
    /// | 3 ≤ L < 4 | 1 | 1 to 1000 | yes | no | 〃 | 3 (+ rewritten) | from L = 3.5 | 1 |
    /// | 4 ≤ L < 6 | 2 | 1 to 1000 | yes (no from L = 5) | no | 〃 | 3 | yes | 2 |
    /// | 6 ≤ L < 8 | 2 | 1 to 2 | no | no | 〃 | 3 | yes | 2 |
    /// | 8 ≤ L ≤ 10 | 3 | 1 to 1 | no | no | 〃 (16 at L = 10: every function) | 3 | yes | 2 |
    ///
    /// Every knob only makes problems harder as L grows: more bugs, subtler bugs (fewer failing
    /// tests), less shown about the failures, failures shown that point away from the bug and
    /// are further from it, more correct code to search through, and a surface further from any
    /// text a model may have memorised. (`misleading` and `reach` shape the failures shown, so
    /// from L = 5, where none are, they change nothing.) On a crate catalog, `fit_level` widens
    /// the failing-test range to what the crate has.
    fn at_level(level: f64) -> Self {
        let bugs = if level >= 8.0 {
            3
        } else if level >= 4.0 {
            2
        } else {
            1
        };
        let max_failing = if level >= 8.0 {
            1
        } else if level >= 6.0 {
            2
        } else {
            FAILING_MAX
        };
        RepoFixParams {
            repo: "any".to_owned(),
            bugs,
            min_failing: if level >= 2.0 { 1 } else { 2 },
            max_failing,
            show_failures: level < 5.0,
            show_weak: level < 2.0,
            distractors: ((level * 1.6).floor() as u32).min(DISTRACTORS_MAX),
            variation: (level.max(0.0).floor() as u32).min(VARIATION_MAX),
            reach: if level >= 4.0 { 2 } else { 1 },
            misleading: level >= 3.5,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use verigym_core::params::{LEVEL_MAX, LEVEL_MIN};

    #[test]
    fn defaults_and_every_level_are_valid() {
        RepoFixParams::default().validate().unwrap();
        let mut level = LEVEL_MIN;
        while level <= LEVEL_MAX {
            RepoFixParams::at_level(level).validate().unwrap();
            level += 0.25;
        }
    }

    #[test]
    fn level_mapping_is_monotone() {
        let mut prev = RepoFixParams::at_level(LEVEL_MIN);
        for i in 1..=1000 {
            let next = RepoFixParams::at_level(f64::from(i) / 100.0);
            assert!(next.bugs >= prev.bugs);
            assert!(next.max_failing <= prev.max_failing && next.min_failing <= prev.min_failing);
            assert!(next.show_failures <= prev.show_failures);
            assert!(next.show_weak <= prev.show_weak);
            assert!(next.distractors >= prev.distractors);
            assert!(next.variation >= prev.variation);
            assert!(next.misleading >= prev.misleading);
            assert!(next.reach >= prev.reach);
            prev = next;
        }
    }

    /// Through a level, every named repo is posed at every level up to where its bugs run out
    /// (`bugs` too many to combine), with `reach` and `misleading` fitted to it, and its fitted
    /// map stays monotone.
    #[test]
    fn each_repo_fits_the_level_map_monotonically() {
        for name in assets::names() {
            let overrides = serde_json::Map::from_iter([("repo".to_owned(), name.into())]);
            let mut prev: Option<RepoFixParams> = None;
            let mut ran_out = false;
            for step in 0..=40 {
                let level = f64::from(step) / 4.0;
                match verigym_core::params::resolve::<RepoFixParams>(Some(level), &overrides) {
                    Ok(p) => {
                        assert!(!ran_out, "{name} at {level}: posed again after running out");
                        if let Some(prev) = &prev {
                            assert!(p.reach >= prev.reach, "{name} at {level}");
                            assert!(p.misleading >= prev.misleading, "{name} at {level}");
                        }
                        prev = Some(p);
                    }
                    Err(e) => {
                        assert!(level >= 8.0, "{name} at {level}: {e}");
                        assert!(e.to_string().starts_with("invalid value for `bugs`"), "{e}");
                        ran_out = true;
                    }
                }
            }
        }
        // A knob the caller sets is kept, and refused where the repo cannot pose it.
        let overrides = serde_json::Map::from_iter([
            ("repo".to_owned(), "toy".into()),
            ("reach".to_owned(), 2.into()),
        ]);
        assert!(verigym_core::params::resolve::<RepoFixParams>(Some(4.0), &overrides).is_err());
        let toy = serde_json::Map::from_iter([("repo".to_owned(), "toy".into())]);
        let p = verigym_core::params::resolve::<RepoFixParams>(Some(4.0), &toy).unwrap();
        assert_eq!((p.reach, p.misleading), (1, true));
    }

    #[test]
    fn errors_name_field_value_and_what_is_allowed() {
        let p = RepoFixParams {
            repo: "nope".into(),
            ..Default::default()
        };
        let e = p.validate().unwrap_err().to_string();
        assert!(e.starts_with("invalid value for `repo`: nope; allowed: `any`, one of toy,"));
        assert!(e.ends_with("or `path:DIR` naming a crate catalog made by `verigym catalog`"));
        let p = RepoFixParams {
            bugs: 4,
            ..Default::default()
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `bugs`: 4; allowed: 1 to 3"
        );
        let p = RepoFixParams {
            variation: 4,
            ..Default::default()
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `variation`: 4; allowed: 0 to 3"
        );
        let p = RepoFixParams {
            min_failing: 5,
            max_failing: 2,
            ..Default::default()
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `max_failing`: 2; allowed: 5 to 1000"
        );
        // Ledger's tests share functions, so three independent bugs failing one test each do
        // not exist there.
        let p = RepoFixParams {
            repo: "ledger".into(),
            ..RepoFixParams::at_level(10.0)
        };
        let e = p.validate().unwrap_err().to_string();
        assert!(
            e.starts_with(
                "invalid value for `bugs`: 3; allowed: at most what repo `ledger` offers"
            ),
            "{e}"
        );
        // No toy bug fails a test through another function.
        let p = RepoFixParams {
            repo: "toy".into(),
            ..RepoFixParams::at_level(4.0)
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `bugs`: 2; allowed: at most what repo `toy` offers: no 2 \
             functions that no hidden test shares each have a bug failing 1 to 1000 tests, with \
             failures shown at least 2 calls from the bug that do not name it; lower `bugs` or \
             `reach`, set `misleading = false`, or widen the range"
        );
        let p = RepoFixParams {
            reach: 5,
            ..Default::default()
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `reach`: 5; allowed: 1 to 4"
        );
    }
}
