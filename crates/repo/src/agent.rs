//! The lecture's §5.5 "naive random-edit fix agent", measured: for every bug the strong suite
//! catches, an agent that knows the broken function tries single-point edits of it in random
//! order and hands in the first one its verifier suite passes. The expected share of fake
//! successes is computed exactly from each task's counts; a seeded simulation is optional.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::Path;
use std::str::FromStr;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::RepoError;
use super::audit::{self, AuditOptions, Counts, Outcome, Status, SuiteRun, ms};
use super::layout;
use super::mutate::{self, Mutant, Operator, ReturnValues};
use super::rustc::{self, Build, Profile};
use super::sandbox::{self, Limits};
use super::schemata::{Fuel, SUITE_MODULE};
use verigym_core::progress::{Progress, ProgressHandle, human_duration};
use verigym_core::rng::{ProblemRng, derive_key};

/// The suite name the combined build reports in compile errors.
const COMBINED: &str = "weak+strong";

/// Which suite the agent runs to decide that it is done.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Verifier {
    /// `tests/weak.rs`: the thin suite.
    Weak,
    /// `tests/strong.rs`: the suite that defines the tasks, so no success can be fake.
    Strong,
}

impl Verifier {
    /// `weak` or `strong`.
    pub fn name(self) -> &'static str {
        match self {
            Verifier::Weak => "weak",
            Verifier::Strong => "strong",
        }
    }

    fn module(self) -> &'static str {
        self.name()
    }
}

impl fmt::Display for Verifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Verifier {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "weak" => Ok(Verifier::Weak),
            "strong" => Ok(Verifier::Strong),
            other => Err(format!("verifier `{other}`: expected `weak` or `strong`")),
        }
    }
}

/// How to run the agent measurement.
#[derive(Clone, Debug)]
pub struct AgentOptions {
    /// The suite the agent runs after each edit.
    pub verifier: Verifier,
    /// Edits the agent may try before it gives up (`None`: all of them).
    pub budget: Option<u32>,
    /// Runs of the seeded simulation that samples the same figure (0: no simulation).
    pub simulation_runs: u32,
    /// Seed of the simulation.
    pub seed: u64,
    /// Fuel per test thread; deterministic timeouts.
    pub fuel: Fuel,
    /// Sandbox limits for each child process.
    pub limits: Limits,
    /// Where progress goes: two phases, the strong suite's audit and the tasks.
    pub progress: ProgressHandle,
}

impl Default for AgentOptions {
    fn default() -> Self {
        Self {
            verifier: Verifier::Weak,
            budget: None,
            simulation_runs: 0,
            seed: 0,
            fuel: Fuel::default(),
            limits: Limits::default(),
            progress: ProgressHandle::default(),
        }
    }
}

/// One edit the agent can hand in: a single-point mutant of the buggy function, and how both
/// suites judge it.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Edit {
    /// The mutant id, relative to the buggy library.
    pub id: String,
    /// The kind of change.
    pub operator: Operator,
    /// 1-based line of the edit in the buggy library.
    pub line: usize,
    /// The buggy text at the edit.
    pub original: String,
    /// What the edit writes there.
    pub replacement: String,
    /// Whether every weak test passes with the edit (timeouts and crashes fail).
    pub passes_weak: bool,
    /// Whether every strong test passes with the edit.
    pub passes_strong: bool,
}

/// One bug-fix task: the original library with one strong-killed mutant applied.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Task {
    /// The id of the injected bug (a mutant of the original library).
    pub bug: String,
    /// The function the bug is in, which the agent is told.
    pub function: String,
    /// The kind of bug.
    pub operator: Operator,
    /// A unified diff from the original library to the buggy one.
    pub diff: String,
    /// Whether the unchanged buggy code passes the verifier suite.
    pub buggy_passes_verifier: bool,
    /// Whether the unchanged buggy code passes the strong suite (false by construction; measured).
    pub buggy_passes_strong: bool,
    /// Edits that compile: the agent's edit space.
    pub edits: usize,
    /// Edits screened out because they do not compile in the schemata.
    pub unviable_edits: usize,
    /// Edits the schemata accepted that do not compile on their own (checked for every edit
    /// that passes either suite, and for all edits under a budget), also screened out.
    pub unviable_alone_edits: usize,
    /// k: edits that pass the verifier.
    pub k: usize,
    /// g: of those, edits that also pass the strong suite.
    pub g: usize,
    /// Edits that pass the strong suite, whatever the verifier says: the genuine fixes on offer.
    pub fixes: usize,
    /// Probability that the agent declares success.
    pub p_declared: f64,
    /// Probability that it declares success and the strong suite rejects what it hands in.
    pub p_fake: f64,
    /// Every viable edit with both suites' verdicts, in source order.
    pub edit_results: Vec<Edit>,
}

/// A killed mutant that is not a task: the buggy library does not compile on its own (the
/// schemata's original arm let it type-check there).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct SkippedBug {
    /// The mutant id.
    pub bug: String,
    /// Its function.
    pub function: String,
    /// Its operator.
    pub operator: Operator,
    /// The compiler's first error on the buggy library.
    pub reason: String,
}

/// The expected outcome over all tasks.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct AgentSummary {
    /// Bug-fix tasks: mutants the strong suite kills (timeouts and survivors are not tasks).
    pub tasks: usize,
    /// Tasks whose unchanged buggy code already passes the verifier.
    pub passing_at_start: usize,
    /// Tasks that fail the verifier at the start and have at least one edit that passes it.
    pub with_passing_edit: usize,
    /// Tasks that fail the verifier at the start and have no edit that passes it.
    pub without_passing_edit: usize,
    /// Expected tasks the agent gives up on (equal to `without_passing_edit` with no budget).
    pub expected_given_up: f64,
    /// Expected declared successes.
    pub expected_declared: f64,
    /// Expected declared successes the strong suite rejects.
    pub expected_fake: f64,
    /// Of those, handing in the unchanged buggy code.
    pub fake_unchanged: f64,
    /// Of those, a patch the verifier passes and the strong suite rejects.
    pub fake_patched: f64,
    /// Expected declared successes the strong suite accepts.
    pub expected_genuine: f64,
    /// expected_fake / expected_declared (0 when nothing is declared).
    pub fake_share: f64,
    /// fake_unchanged / expected_declared.
    pub fake_share_unchanged: f64,
    /// fake_patched / expected_declared.
    pub fake_share_patched: f64,
}

/// The same figures by sampling: the agent run `runs` times over every task.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Simulation {
    /// Runs over all tasks.
    pub runs: u32,
    /// Seed of the edit orders.
    pub seed: u64,
    /// Mean declared successes per run.
    pub mean_declared: f64,
    /// Mean fake successes per run.
    pub mean_fake: f64,
    /// All fake successes over all declared ones.
    pub fake_share: f64,
}

/// Wall times, in milliseconds.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct AgentTiming {
    /// The strong-suite audit that finds the tasks.
    pub audit_ms: f64,
    /// Compiling and running both suites on the original library.
    pub baseline_ms: f64,
    /// All tasks, wall clock (tasks run in parallel).
    pub tasks_ms: f64,
    /// Compiler time summed over tasks.
    pub compile_ms: f64,
    /// Compiler runs summed over tasks: one build per task, plus rounds that screened edits.
    pub compile_rounds: usize,
    /// Test-process time summed over tasks.
    pub run_ms: f64,
    /// Test processes run (the buggy code and each edit, plus reruns after a crash).
    pub runs: usize,
    /// Stand-alone type checks of buggy libraries and edits.
    pub checks: usize,
    /// Their time, summed over tasks.
    pub check_ms: f64,
    /// The whole measurement.
    pub total_ms: f64,
}

/// The random-edit agent measured on one repo.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct AgentReport {
    /// The repo's name.
    pub repo: String,
    /// The suite the agent runs to decide it is done.
    pub verifier: Verifier,
    /// Edits the agent may try per task (`null`: all).
    pub budget: Option<u32>,
    /// Tests in the weak suite.
    pub weak_tests: usize,
    /// Tests in the strong suite.
    pub strong_tests: usize,
    /// The strong-suite audit the tasks come from (killed mutants are the tasks).
    pub audit: Counts,
    /// Expected outcome, exact.
    pub summary: AgentSummary,
    /// The sampled outcome, when asked for.
    pub simulation: Option<Simulation>,
    /// Every task, in the library's source order.
    pub tasks: Vec<Task>,
    /// Killed mutants left out because the buggy library does not compile on its own.
    pub skipped: Vec<SkippedBug>,
    /// Whether the test processes ran without network access.
    pub network_isolated: bool,
    /// Phase timings.
    pub timing: AgentTiming,
}

/// Probability that an agent trying `budget` of `n` edits in uniformly random order (without
/// repeats) meets at least one of the `k` that pass: 1 − C(n−k, b) / C(n, b).
pub fn p_found(n: usize, k: usize, budget: Option<u32>) -> f64 {
    if k == 0 {
        return 0.0;
    }
    let b = budget.map_or(n, |b| (b as usize).min(n));
    if b > n - k {
        return 1.0;
    }
    // P(the first b draws all miss) = Π_{i<b} (n−k−i)/(n−i).
    let miss: f64 = (0..b)
        .map(|i| (n - k - i) as f64 / (n - i) as f64)
        .product();
    1.0 - miss
}

/// (P(declared), P(fake)) of one task. When the agent finds a passing edit, the first one it
/// meets is uniform over the k, so it is fake with probability (k − g) / k.
pub fn task_expectation(
    buggy_passes_verifier: bool,
    buggy_passes_strong: bool,
    n: usize,
    k: usize,
    g: usize,
    budget: Option<u32>,
) -> (f64, f64) {
    if buggy_passes_verifier {
        return (1.0, if buggy_passes_strong { 0.0 } else { 1.0 });
    }
    let p = p_found(n, k, budget);
    if k == 0 {
        return (0.0, 0.0);
    }
    (p, p * (k - g) as f64 / k as f64)
}

/// Sums the tasks' expectations into the summary.
pub fn summarize(tasks: &[Task]) -> AgentSummary {
    let mut s = AgentSummary {
        tasks: tasks.len(),
        ..AgentSummary::default()
    };
    for t in tasks {
        if t.buggy_passes_verifier {
            s.passing_at_start += 1;
            s.fake_unchanged += t.p_fake;
        } else {
            if t.k > 0 {
                s.with_passing_edit += 1;
            } else {
                s.without_passing_edit += 1;
            }
            s.fake_patched += t.p_fake;
        }
        s.expected_declared += t.p_declared;
        s.expected_fake += t.p_fake;
        s.expected_given_up += 1.0 - t.p_declared;
    }
    s.expected_genuine = s.expected_declared - s.expected_fake;
    let share = |x: f64| {
        if s.expected_declared > 0.0 {
            x / s.expected_declared
        } else {
            0.0
        }
    };
    s.fake_share = share(s.expected_fake);
    s.fake_share_unchanged = share(s.fake_unchanged);
    s.fake_share_patched = share(s.fake_patched);
    s
}

/// Runs the agent `runs` times over every task: edits in a seeded random order, at most `budget`
/// of them, success declared at the first that passes `verifier`.
pub fn simulate(
    tasks: &[Task],
    verifier: Verifier,
    budget: Option<u32>,
    runs: u32,
    seed: u64,
) -> Simulation {
    let key = derive_key("verigym/fix-agent", 1, seed);
    let (mut declared, mut fake) = (0u64, 0u64);
    for run in 0..runs {
        let mut rng = ProblemRng::new(key, u64::from(run));
        for t in tasks {
            if t.buggy_passes_verifier {
                declared += 1;
                fake += u64::from(!t.buggy_passes_strong);
                continue;
            }
            let mut order: Vec<&Edit> = t.edit_results.iter().collect();
            rng.shuffle(&mut order);
            let tries = budget.map_or(order.len(), |b| (b as usize).min(order.len()));
            let passes = |e: &Edit| match verifier {
                Verifier::Weak => e.passes_weak,
                Verifier::Strong => e.passes_strong,
            };
            if let Some(e) = order[..tries].iter().find(|e| passes(e)) {
                declared += 1;
                fake += u64::from(!e.passes_strong);
            }
        }
    }
    let per_run = |x: u64| {
        if runs == 0 {
            0.0
        } else {
            x as f64 / f64::from(runs)
        }
    };
    Simulation {
        runs,
        seed,
        mean_declared: per_run(declared),
        mean_fake: per_run(fake),
        fake_share: if declared == 0 {
            0.0
        } else {
            fake as f64 / declared as f64
        },
    }
}

/// The test names of each suite in the combined build (`weak::x`, `strong::y`).
struct SuiteNames {
    weak: Vec<String>,
    strong: Vec<String>,
}

/// What a run says about one suite.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SuiteResult {
    Passed,
    Failed,
    /// Every test that ran passed, but some never ran: the process died in the other suite.
    Incomplete,
}

fn suite_result(run: &SuiteRun, names: &[String]) -> SuiteResult {
    let outcomes: BTreeMap<&str, &Outcome> = run
        .tests
        .iter()
        .map(|t| (t.name.as_str(), &t.outcome))
        .collect();
    let mut missing = false;
    for name in names {
        match outcomes.get(name.as_str()) {
            Some(Outcome::Passed) => {}
            Some(_) => return SuiteResult::Failed,
            None => missing = true,
        }
    }
    if missing {
        SuiteResult::Incomplete
    } else {
        SuiteResult::Passed
    }
}

/// Both suites in one module body, so one build judges a variant under both.
fn combined_suite(weak: &str, strong: &str) -> String {
    format!("mod weak {{\nuse super::*;\n{weak}\n}}\nmod strong {{\nuse super::*;\n{strong}\n}}\n")
}

/// Everything the tasks share.
struct Context<'a> {
    library: &'a str,
    suite: String,
    names: SuiteNames,
    audit_opts: AuditOptions,
    opts: &'a AgentOptions,
}

/// Per-task costs, summed into the timing.
#[derive(Default)]
struct Cost {
    compile: Duration,
    rounds: usize,
    run: Duration,
    runs: usize,
    check: Duration,
    checks: usize,
}

impl Cost {
    fn check(&mut self, source: &str) -> Result<Option<String>, RepoError> {
        let t = Instant::now();
        let r = rustc::check_alone(source);
        self.check += t.elapsed();
        self.checks += 1;
        r
    }

    fn check_batch(&mut self, sources: &[String]) -> Result<Vec<Option<String>>, RepoError> {
        let t = Instant::now();
        let r = rustc::check_alone_batch(sources);
        self.check += t.elapsed();
        self.checks += sources.len();
        r
    }
}

/// One killed mutant's result.
enum TaskRun {
    Done(Task),
    Skipped(SkippedBug),
}

impl Context<'_> {
    /// (passes weak, passes strong) for each ordinal, from one run each; a suite whose tests did
    /// not all run (the process died in the other suite) is rerun on its own.
    fn judge(
        &self,
        build: &Build,
        ordinals: &[u32],
        cost: &mut Cost,
    ) -> Result<Vec<(bool, bool)>, RepoError> {
        let t = Instant::now();
        let runs = audit::run_suite_batch(build, ordinals, &self.audit_opts)?;
        cost.runs += runs.len();
        let mut results: Vec<[SuiteResult; 2]> = runs
            .iter()
            .map(|r| {
                [
                    suite_result(r, &self.names.weak),
                    suite_result(r, &self.names.strong),
                ]
            })
            .collect();
        for (which, module, names) in [
            (0, "weak", &self.names.weak),
            (1, "strong", &self.names.strong),
        ] {
            let again: Vec<usize> = (0..ordinals.len())
                .filter(|&i| results[i][which] == SuiteResult::Incomplete)
                .collect();
            if again.is_empty() {
                continue;
            }
            let ords: Vec<u32> = again.iter().map(|&i| ordinals[i]).collect();
            let filter = format!("{SUITE_MODULE}::{module}::");
            let reruns =
                audit::run_suite_batch_filtered(build, &ords, Some(&filter), &self.audit_opts)?;
            cost.runs += reruns.len();
            for (&i, r) in again.iter().zip(&reruns) {
                // Tests that still did not run crashed the process on their own: failing.
                results[i][which] = match suite_result(r, names) {
                    SuiteResult::Passed => SuiteResult::Passed,
                    SuiteResult::Failed | SuiteResult::Incomplete => SuiteResult::Failed,
                };
            }
        }
        cost.run += t.elapsed();
        Ok(results
            .into_iter()
            .map(|[w, s]| (w == SuiteResult::Passed, s == SuiteResult::Passed))
            .collect())
    }

    fn task(&self, bug: &Mutant) -> Result<(TaskRun, Cost), RepoError> {
        let mut cost = Cost::default();
        let buggy = mutate::apply(self.library, bug);
        if let Some(reason) = cost.check(&buggy)? {
            let skipped = SkippedBug {
                bug: bug.id.clone(),
                function: bug.function.clone(),
                operator: bug.operator,
                reason,
            };
            return Ok((TaskRun::Skipped(skipped), cost));
        }
        let mut analysis = mutate::analyze(&buggy, "src/lib.rs")?;
        // The agent knows the function; the schemata selects by ordinal, so the kept mutants
        // keep theirs and the rest are simply not built. A return-default bug leaves a body the
        // engine proposes again verbatim (`0` → `0`): that is no edit, so it is not in the space.
        analysis
            .mutants
            .retain(|m| m.function == bug.function && m.replacement != m.original);
        let build = rustc::compile(
            &analysis,
            COMBINED,
            &self.suite,
            &[],
            self.opts.fuel,
            Profile::Optimized,
        )?;
        cost.compile = build.compile_time;
        cost.rounds = build.rounds;
        let ordinals: Vec<u32> = std::iter::once(0)
            .chain(build.viable.iter().copied())
            .collect();
        let verdicts = self.judge(&build, &ordinals, &mut cost)?;
        let (buggy_weak, buggy_strong) = verdicts[0];
        let by_ordinal: BTreeMap<u32, (bool, bool)> =
            ordinals.iter().copied().zip(verdicts).collect();
        // An edit failing both suites changes no figure unless a budget makes the edit space's
        // size matter, so only then is every edit checked on its own (in one compiler run).
        let judged: Vec<(&Mutant, bool, bool)> = analysis
            .mutants
            .iter()
            .filter_map(|m| {
                let &(weak, strong) = by_ordinal.get(&m.ordinal)?;
                Some((m, weak, strong))
            })
            .collect();
        let matters: Vec<usize> = (0..judged.len())
            .filter(|&i| judged[i].1 || judged[i].2 || self.opts.budget.is_some())
            .collect();
        let sources: Vec<String> = matters
            .iter()
            .map(|&i| mutate::apply(&buggy, judged[i].0))
            .collect();
        let unviable: BTreeSet<usize> = cost
            .check_batch(&sources)?
            .into_iter()
            .zip(&matters)
            .filter_map(|(error, &i)| error.map(|_| i))
            .collect();
        let unviable_alone_edits = unviable.len();
        let mut edit_results = Vec::new();
        for (i, &(m, passes_weak, passes_strong)) in judged.iter().enumerate() {
            if unviable.contains(&i) {
                continue;
            }
            edit_results.push(Edit {
                id: m.id.clone(),
                operator: m.operator,
                line: m.line,
                original: m.original.clone(),
                replacement: m.replacement.clone(),
                passes_weak,
                passes_strong,
            });
        }
        let verifier_passes = |weak: bool, strong: bool| match self.opts.verifier {
            Verifier::Weak => weak,
            Verifier::Strong => strong,
        };
        let passing: Vec<&Edit> = edit_results
            .iter()
            .filter(|e| verifier_passes(e.passes_weak, e.passes_strong))
            .collect();
        let k = passing.len();
        let g = passing.iter().filter(|e| e.passes_strong).count();
        let buggy_passes_verifier = verifier_passes(buggy_weak, buggy_strong);
        let (p_declared, p_fake) = task_expectation(
            buggy_passes_verifier,
            buggy_strong,
            edit_results.len(),
            k,
            g,
            self.opts.budget,
        );
        Ok((
            TaskRun::Done(Task {
                bug: bug.id.clone(),
                function: bug.function.clone(),
                operator: bug.operator,
                diff: bug.diff.clone(),
                buggy_passes_verifier,
                buggy_passes_strong: buggy_strong,
                edits: edit_results.len(),
                unviable_edits: build.unviable.len(),
                unviable_alone_edits,
                k,
                g,
                fixes: edit_results.iter().filter(|e| e.passes_strong).count(),
                p_declared,
                p_fake,
                edit_results,
            }),
            cost,
        ))
    }
}

/// Measures the random-edit agent on `repo` (the shared layout, both suites present).
///
/// Tasks are the mutants the strong suite kills; each is judged with one build that holds the
/// buggy library, every edit of the buggy function, and both suites.
pub fn random_edit_agent(repo: &Path, opts: &AgentOptions) -> Result<AgentReport, RepoError> {
    let t0 = Instant::now();
    let strong = layout::read(repo, "strong")?;
    let weak = layout::read(repo, "weak")?;
    let mutants = mutate::analyze(&strong.library, "src/lib.rs")?
        .mutants
        .len();
    opts.progress.note(&format!(
        "fix-agent: {}: auditing {mutants} mutants with the strong suite, then one optimised \
         build and run per bug it kills (at most {mutants}); an estimate follows the baseline build",
        strong.name
    ));
    let audit_opts = AuditOptions {
        fuel: opts.fuel,
        limits: opts.limits.clone(),
        equivalence_inputs: 0,
        seed: 0,
        progress: opts.progress.clone(),
        // The fix agent's tasks come from the same mutants as the committed catalogs.
        return_values: ReturnValues::Classic,
        ..AuditOptions::default()
    };
    let audit = audit::audit_source(&strong, &audit_opts)?;
    let audit_opts = AuditOptions {
        progress: ProgressHandle::default(),
        ..audit_opts
    };
    let audit_ms = ms(t0.elapsed());

    let t_base = Instant::now();
    let suite = combined_suite(&weak.suite, &strong.suite);
    let names = baseline(&strong.library, &suite, &audit_opts)?;
    let baseline_ms = ms(t_base.elapsed());

    let bugs: Vec<&Mutant> = audit
        .mutants
        .iter()
        .filter(|m| m.status == Status::Killed)
        .map(|m| &m.mutant)
        .collect();
    let ctx = Context {
        library: &strong.library,
        suite,
        names,
        audit_opts,
        opts,
    };
    opts.progress.note(&task_estimate(
        bugs.len(),
        baseline_ms / 1000.0,
        rayon::current_num_threads(),
    ));
    let t_tasks = Instant::now();
    opts.progress
        .start(bugs.len() as u64, "fix-agent: bug-fix tasks");
    let results: Vec<(TaskRun, Cost)> = bugs
        .par_iter()
        .map(|bug| {
            let r = ctx.task(bug);
            opts.progress.inc(1);
            r
        })
        .collect::<Result<_, _>>()?;
    opts.progress.finish();
    let tasks_ms = ms(t_tasks.elapsed());

    let mut timing = AgentTiming {
        audit_ms,
        baseline_ms,
        tasks_ms,
        ..AgentTiming::default()
    };
    let mut compile = Duration::ZERO;
    let mut run = Duration::ZERO;
    let mut check = Duration::ZERO;
    let mut tasks = Vec::with_capacity(results.len());
    let mut skipped = Vec::new();
    for (task, cost) in results {
        compile += cost.compile;
        run += cost.run;
        check += cost.check;
        timing.compile_rounds += cost.rounds;
        timing.runs += cost.runs;
        timing.checks += cost.checks;
        match task {
            TaskRun::Done(t) => tasks.push(t),
            TaskRun::Skipped(s) => skipped.push(s),
        }
    }
    timing.compile_ms = ms(compile);
    timing.run_ms = ms(run);
    timing.check_ms = ms(check);
    let summary = summarize(&tasks);
    let simulation = (opts.simulation_runs > 0).then(|| {
        simulate(
            &tasks,
            opts.verifier,
            opts.budget,
            opts.simulation_runs,
            opts.seed,
        )
    });
    timing.total_ms = ms(t0.elapsed());
    Ok(AgentReport {
        repo: strong.name,
        verifier: opts.verifier,
        budget: opts.budget,
        weak_tests: ctx.names.weak.len(),
        strong_tests: ctx.names.strong.len(),
        audit: audit.counts,
        summary,
        simulation,
        tasks,
        skipped,
        network_isolated: sandbox::network_isolated(),
        timing,
    })
}

/// Builds the original library with both suites, checks that every test passes, and returns
/// the test names of each suite.
/// What the tasks phase will cost, told before it starts: each task builds and runs at least as
/// much as the baseline did (its build also holds the function's edits), `threads` at a time.
fn task_estimate(tasks: usize, baseline_seconds: f64, threads: usize) -> String {
    let at_least = human_duration(tasks as f64 * baseline_seconds / threads.max(1) as f64);
    format!(
        "fix-agent: {tasks} bug-fix tasks, one build and run each; the baseline's took \
         {baseline_seconds:.1} s, so at least {at_least} on {threads} threads"
    )
}

fn baseline(library: &str, suite: &str, opts: &AuditOptions) -> Result<SuiteNames, RepoError> {
    let mut analysis = mutate::analyze(library, "src/lib.rs")?;
    analysis.mutants.clear();
    let build = rustc::compile(
        &analysis,
        COMBINED,
        suite,
        &[],
        opts.fuel,
        Profile::Optimized,
    )?;
    let run = audit::run_suite(&build, 0, opts)?;
    let failing: Vec<String> = run
        .tests
        .iter()
        .filter(|t| t.outcome != Outcome::Passed)
        .map(|t| t.name.clone())
        .collect();
    if !failing.is_empty() || !run.output.success() {
        return Err(RepoError::BaselineFails {
            suite: COMBINED.into(),
            failing: if failing.is_empty() {
                run.output
                    .abnormal_reason()
                    .unwrap_or_else(|| "the test binary failed".into())
            } else {
                failing.join(", ")
            },
        });
    }
    let pick = |module: &str| -> Vec<String> {
        let prefix = format!("{module}::");
        run.tests
            .iter()
            .filter(|t| t.name.starts_with(&prefix))
            .map(|t| t.name.clone())
            .collect()
    };
    Ok(SuiteNames {
        weak: pick(Verifier::Weak.module()),
        strong: pick(Verifier::Strong.module()),
    })
}

/// Renders the report as a readable table: the summary, then one row per task.
pub fn render(report: &AgentReport) -> String {
    let s = &report.summary;
    let budget = report.budget.map_or_else(
        || "all edits".to_owned(),
        |b| format!("at most {b} edit{} per task", if b == 1 { "" } else { "s" }),
    );
    let mut out = format!(
        "verigym fix-agent: {} with verifier `{}` ({budget}; weak {} tests, strong {} tests)\n\n",
        report.repo, report.verifier, report.weak_tests, report.strong_tests
    );
    let a = &report.audit;
    out += &format!(
        "tasks {:>4}   (mutants the strong suite kills; of {} viable, {} timeouts and {} survivors are not tasks)\n",
        s.tasks, a.viable, a.timeout, a.survived
    );
    if !report.skipped.is_empty() {
        out += &format!(
            "  (and {} killed mutants left out: the buggy library does not compile on its own)\n",
            report.skipped.len()
        );
    }
    out += &format!(
        "  pass the verifier unchanged      {:>4}\n  fail it, some edit passes it     {:>4}\n  fail it, no edit passes it       {:>4}\n\n",
        s.passing_at_start, s.with_passing_edit, s.without_passing_edit
    );
    out += &format!(
        "expected declared successes {:>8.2}   given up {:>8.2}\n",
        s.expected_declared, s.expected_given_up
    );
    out += &format!(
        "expected fake successes     {:>8.2}   genuine  {:>8.2}\n",
        s.expected_fake, s.expected_genuine
    );
    out += &format!(
        "fake share of declared      {:>7.1}%   = {:.1}% handed in unchanged + {:.1}% patch the strong suite rejects\n",
        100.0 * s.fake_share,
        100.0 * s.fake_share_unchanged,
        100.0 * s.fake_share_patched
    );
    if let Some(sim) = &report.simulation {
        out += &format!(
            "simulation ({} runs, seed {}): {:.2} declared, {:.2} fake per run, fake share {:.1}%\n",
            sim.runs,
            sim.seed,
            sim.mean_declared,
            sim.mean_fake,
            100.0 * sim.fake_share
        );
    }
    let t = &report.timing;
    out += &format!(
        "time  audit {:.0} ms, baseline {:.0} ms, tasks {:.0} ms (summed: compile {:.0} ms in {} rounds, {} runs in {:.0} ms, {} checks in {:.0} ms), total {:.0} ms\n",
        t.audit_ms,
        t.baseline_ms,
        t.tasks_ms,
        t.compile_ms,
        t.compile_rounds,
        t.runs,
        t.run_ms,
        t.checks,
        t.check_ms,
        t.total_ms
    );
    if !report.network_isolated {
        out += "warning: tests ran with network access (unshare -n unavailable)\n";
    }
    let width = report
        .tasks
        .iter()
        .map(|t| t.function.len())
        .max()
        .unwrap_or(8)
        .max(8);
    out += &format!(
        "\n{:<14} {:<width$} {:<20} {:>9} {:>5} {:>4} {:>4} {:>5} {:>6}\n",
        "bug", "function", "operator", "unchanged", "edits", "k", "g", "fixes", "P(fake)"
    );
    for t in &report.tasks {
        out += &format!(
            "{:<14} {:<width$} {:<20} {:>9} {:>5} {:>4} {:>4} {:>5} {:>6.3}\n",
            t.bug,
            t.function,
            format!("{:?}", t.operator),
            if t.buggy_passes_verifier {
                "passes"
            } else {
                "fails"
            },
            t.edits,
            t.k,
            t.g,
            t.fixes,
            t.p_fake
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_task_estimate_scales_the_baseline_by_tasks_over_threads() {
        assert_eq!(
            task_estimate(120, 1.5, 2),
            "fix-agent: 120 bug-fix tasks, one build and run each; the baseline's took 1.5 s, \
             so at least 1.5 min on 2 threads"
        );
        assert!(task_estimate(3, 2.0, 1).ends_with("at least 6 s on 1 threads"));
    }

    #[test]
    fn found_with_no_budget_is_certain_when_any_edit_passes() {
        assert_eq!(p_found(10, 0, None), 0.0);
        assert_eq!(p_found(10, 1, None), 1.0);
        assert_eq!(p_found(0, 0, None), 0.0);
    }

    #[test]
    fn found_within_a_budget_is_hypergeometric() {
        // 1 of 4 edits passes; 2 tries: 1 − (3/4)(2/3) = 1/2.
        assert!((p_found(4, 1, Some(2)) - 0.5).abs() < 1e-12);
        // 2 of 5, 1 try: 2/5.
        assert!((p_found(5, 2, Some(1)) - 0.4).abs() < 1e-12);
        // Enough tries to exhaust the misses.
        assert_eq!(p_found(5, 2, Some(4)), 1.0);
        assert_eq!(p_found(5, 2, Some(0)), 0.0);
        assert_eq!(p_found(3, 1, Some(100)), 1.0);
    }

    #[test]
    fn expectation_of_each_kind_of_task() {
        // Passes unchanged: declared and fake for sure, whatever the edits.
        assert_eq!(task_expectation(true, false, 7, 3, 3, None), (1.0, 1.0));
        // 4 passing edits, 1 genuine: fake 3/4.
        assert_eq!(task_expectation(false, false, 9, 4, 1, None), (1.0, 0.75));
        // No passing edit: given up.
        assert_eq!(task_expectation(false, false, 9, 0, 0, None), (0.0, 0.0));
        // Budget 1 of 4 edits, 2 pass (1 genuine): declared 1/2, fake 1/4.
        let (d, f) = task_expectation(false, false, 4, 2, 1, Some(1));
        assert!(
            (d - 0.5).abs() < 1e-12 && (f - 0.25).abs() < 1e-12,
            "{d} {f}"
        );
    }

    fn task(unchanged: bool, edits: &[(bool, bool)], verifier: Verifier) -> Task {
        let edit_results: Vec<Edit> = edits
            .iter()
            .enumerate()
            .map(|(i, &(w, s))| Edit {
                id: format!("e{i}"),
                operator: Operator::IntLiteral,
                line: 1,
                original: "0".into(),
                replacement: "1".into(),
                passes_weak: w,
                passes_strong: s,
            })
            .collect();
        let passes = |e: &Edit| match verifier {
            Verifier::Weak => e.passes_weak,
            Verifier::Strong => e.passes_strong,
        };
        let k = edit_results.iter().filter(|e| passes(e)).count();
        let g = edit_results
            .iter()
            .filter(|e| passes(e) && e.passes_strong)
            .count();
        let (p_declared, p_fake) = task_expectation(unchanged, false, edits.len(), k, g, None);
        Task {
            bug: "b".into(),
            function: "f".into(),
            operator: Operator::IntLiteral,
            diff: String::new(),
            buggy_passes_verifier: unchanged,
            buggy_passes_strong: false,
            edits: edits.len(),
            unviable_edits: 0,
            unviable_alone_edits: 0,
            k,
            g,
            fixes: edit_results.iter().filter(|e| e.passes_strong).count(),
            p_declared,
            p_fake,
            edit_results,
        }
    }

    fn sample_tasks() -> Vec<Task> {
        let w = Verifier::Weak;
        vec![
            task(true, &[(true, true)], w),
            task(false, &[(true, true), (true, false), (true, false)], w),
            task(false, &[(false, false), (false, true)], w),
            task(false, &[(true, true), (false, false)], w),
        ]
    }

    #[test]
    fn summary_adds_the_tasks_and_splits_the_fakes() {
        let s = summarize(&sample_tasks());
        assert_eq!(
            (
                s.tasks,
                s.passing_at_start,
                s.with_passing_edit,
                s.without_passing_edit
            ),
            (4, 1, 2, 1)
        );
        assert!((s.expected_declared - 3.0).abs() < 1e-12);
        assert!((s.fake_unchanged - 1.0).abs() < 1e-12);
        assert!((s.fake_patched - 2.0 / 3.0).abs() < 1e-12);
        assert!((s.fake_share - (5.0 / 3.0) / 3.0).abs() < 1e-12);
        assert!((s.fake_share_unchanged + s.fake_share_patched - s.fake_share).abs() < 1e-12);
        assert!((s.expected_given_up - 1.0).abs() < 1e-12);
    }

    #[test]
    fn nothing_declared_means_a_zero_share() {
        let s = summarize(&[task(false, &[(false, false)], Verifier::Weak)]);
        assert_eq!((s.expected_declared, s.fake_share), (0.0, 0.0));
    }

    #[test]
    fn simulation_samples_the_exact_figure() {
        let tasks = sample_tasks();
        let exact = summarize(&tasks);
        let sim = simulate(&tasks, Verifier::Weak, None, 20_000, 7);
        assert!((sim.mean_declared - exact.expected_declared).abs() < 1e-12);
        // The only random part is task 2's fake 2/3: sd of the mean ≈ 0.0033 over 20 000 runs.
        assert!(
            (sim.mean_fake - exact.expected_fake).abs() < 0.02,
            "{} vs {}",
            sim.mean_fake,
            exact.expected_fake
        );
        // Same seed, same figure.
        let again = simulate(&tasks, Verifier::Weak, None, 20_000, 7);
        assert_eq!(sim.mean_fake, again.mean_fake);
    }

    #[test]
    fn simulation_with_a_budget_matches_the_hypergeometric_expectation() {
        // 1 passing (fake) edit among 4, 2 tries: declared 1/2.
        let t = task(
            false,
            &[(false, false), (true, false), (false, false), (false, true)],
            Verifier::Weak,
        );
        let sim = simulate(std::slice::from_ref(&t), Verifier::Weak, Some(2), 20_000, 3);
        assert!(
            (sim.mean_declared - 0.5).abs() < 0.02,
            "{}",
            sim.mean_declared
        );
        assert_eq!(sim.fake_share, 1.0);
    }

    #[test]
    fn verifier_names_round_trip_and_others_are_refused() {
        for v in [Verifier::Weak, Verifier::Strong] {
            assert_eq!(v.name().parse::<Verifier>(), Ok(v));
        }
        let err = "medium".parse::<Verifier>().unwrap_err();
        assert!(
            err.contains("`medium`") && err.contains("`weak` or `strong`"),
            "{err}"
        );
    }
}
