//! One agentic `repo_fix` episode: tool calls on a [`Workbench`], logged turn by turn, paid once
//! with the hidden suite's verdict on the submitted state.

use std::collections::VecDeque;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use verigym_core::extract::{extract_answer, extract_code_block};
use verigym_core::record::Problem;
use verigym_core::verdict::Verdict;
use verigym_envs::repo_fix::Workbench;

use super::AgenticOptions;
use super::tools::{self, Tool};
use crate::action::{Turn, read_turn};
use crate::feedback::feedback;
use crate::interactive::Agent;
use crate::session::{EpisodeError, Session, Step, with_episode_detail};

/// One replaced function, as the call that replaced it gave it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Replaced {
    /// The library function's full name (`name` or `Type::name`).
    pub function: String,
    /// The call's text after `replace_function`: the ```rust block.
    pub code: String,
}

/// The resumable state of an agentic episode.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AgenticState {
    /// Turns taken.
    pub turns: u32,
    /// Tool calls that parsed (refused files and policy refusals included).
    pub tool_calls: u32,
    /// The latest replacement of each function, in the order first replaced. Restoring replays
    /// each through the answer policy again.
    pub replaced: Vec<Replaced>,
    /// The final verdict, once submitted.
    pub verdict: Option<Verdict>,
}

/// One running agentic episode.
pub struct AgenticSession {
    bench: Workbench,
    prompt: String,
    options: AgenticOptions,
    state: AgenticState,
}

/// The longest part of a refused path echoed back.
const ECHO: usize = 100;

impl AgenticSession {
    /// Opens an agentic episode on a `repo_fix` record: of a mini repo, or of a real crate
    /// (`crate:NAME` or `path:DIR`) whose catalog loads here.
    pub fn open(record_json: &str, options: AgenticOptions) -> Result<Self, EpisodeError> {
        options.validate()?;
        let bench = Workbench::open(record_json).map_err(EpisodeError::Invalid)?;
        let record: Problem<Value, Value> = serde_json::from_str(record_json)
            .map_err(|e| EpisodeError::Invalid(format!("record: {e}")))?;
        let prompt = format!(
            "{}\n\nYou work on the crate with tools, one call per turn, {} turns in all:\n\
             - <query>list_files</query>: the files you may read\n\
             - <query>read_file PATH</query>: a file as it stands, your replacements included\n\
             - <query>run_tests</query>: build the crate as it stands and run {}; the hidden \
             suite is stronger\n\
             - <query>replace_function\n```rust\nfn …\n```\n</query>: replace {} (the answer \
             rules above apply)\n\
             - <answer>submit</answer>: the hidden suite judges the crate as it stands; an \
             <answer> holding a ```rust block applies it first\n\
             When the turns run out, the crate as it stands is submitted.",
            record.prompt,
            options.max_turns,
            bench.tests_named(),
            bench.replaceable()
        );
        Ok(AgenticSession {
            bench,
            prompt,
            options,
            state: AgenticState {
                turns: 0,
                tool_calls: 0,
                replaced: Vec::new(),
                verdict: None,
            },
        })
    }

    fn call(&mut self, tool: Tool<'_>) -> String {
        match tool {
            Tool::ListFiles => self.bench.files().join("\n"),
            Tool::ReadFile(path) => match self.bench.read(path) {
                Ok(text) => {
                    let lang = if path.ends_with(".rs") { "rust" } else { "" };
                    let end = if text.ends_with('\n') { "" } else { "\n" };
                    format!("`{path}`:\n```{lang}\n{text}{end}```")
                }
                Err(why) if self.bench.is_crate() => format!(
                    "Refused: `{}`: {why}; `list_files` lists the files you may read",
                    path.chars().take(ECHO).collect::<String>(),
                ),
                Err(_) => format!(
                    "Refused: no file `{}`; the files are {}",
                    path.chars().take(ECHO).collect::<String>(),
                    self.bench.files().join(", ")
                ),
            },
            Tool::RunTests => self.bench.run_tests(),
            Tool::ReplaceFunction(code) => match self.bench.replace(code) {
                Ok(function) => {
                    let replaced = Replaced {
                        function: function.clone(),
                        code: code.to_owned(),
                    };
                    match self
                        .state
                        .replaced
                        .iter_mut()
                        .find(|r| r.function == function)
                    {
                        Some(old) => *old = replaced,
                        None => self.state.replaced.push(replaced),
                    }
                    format!("Replaced `{function}`.")
                }
                Err(rejection) => format!("Refused: {}", rejection.message),
            },
        }
    }

    /// The verdict a final answer gets: `submit` alone judges the state; anything else is read
    /// as functions (applied, then the state judged), and a broken or hedged answer is judged
    /// as the single-turn verifier would judge it.
    fn submission(&mut self, action: &str) -> Verdict {
        let inner = match extract_answer(action) {
            Ok(inner) => inner,
            Err(rejection) => return rejection.into(),
        };
        let has_block = extract_code_block(action, "rust").is_ok();
        if !has_block && inner.trim().eq_ignore_ascii_case("submit") {
            return self.bench.verdict();
        }
        match self.bench.apply_answer(action) {
            Ok(()) => self.bench.verdict(),
            Err(verdict) => *verdict,
        }
    }

    fn finish(&mut self, verdict: Verdict, before: Option<String>) -> Step {
        let verdict = with_episode_detail(
            verdict,
            json!({
                "turns": self.state.turns,
                "tool_calls": self.state.tool_calls,
                "replaced": self.bench.replaced(),
                "max_turns": self.options.max_turns,
            }),
        );
        // The reason only: the verdict's message names hidden tests.
        let said = feedback(&verdict);
        let observation = match before {
            Some(before) => {
                format!("{before}\nNo turns left: the crate as it stands was submitted. {said}")
            }
            None => format!("Submitted. {said}"),
        };
        self.state.verdict = Some(verdict.clone());
        Step {
            observation,
            reward: verdict.score,
            done: true,
            verdict: Some(verdict),
        }
    }
}

impl Session for AgenticSession {
    fn prompt(&self) -> &str {
        &self.prompt
    }

    fn step(&mut self, action: &str) -> Result<Step, EpisodeError> {
        if self.state.verdict.is_some() {
            return Err(EpisodeError::Done);
        }
        self.state.turns += 1;
        let observation = match read_turn(action) {
            Turn::Answer => {
                let verdict = self.submission(action);
                return Ok(self.finish(verdict, None));
            }
            Turn::Query(query) => match tools::parse(&query) {
                Ok(tool) => {
                    self.state.tool_calls += 1;
                    self.call(tool)
                }
                Err(why) => format!("Refused: {why}"),
            },
            Turn::Invalid(why) => format!("Invalid turn: {why}"),
        };
        // Saturating: a restored state may already stand at the budget.
        let left = self.options.max_turns.saturating_sub(self.state.turns);
        if left == 0 {
            let verdict = self.bench.verdict();
            return Ok(self.finish(verdict, Some(observation)));
        }
        let turns = if left == 1 { "turn" } else { "turns" };
        Ok(Step {
            observation: format!("{observation}\n({left} {turns} left)"),
            reward: 0.0,
            done: false,
            verdict: None,
        })
    }

    fn done(&self) -> bool {
        self.state.verdict.is_some()
    }

    fn turns(&self) -> u32 {
        self.state.turns
    }

    fn budget(&self) -> u32 {
        self.options.max_turns
    }

    fn verdict(&self) -> Option<&Verdict> {
        self.state.verdict.as_ref()
    }

    fn state(&self) -> Value {
        serde_json::to_value(&self.state).expect("episode state serializes")
    }

    fn may_build(&self, action: &str) -> bool {
        if self.done() {
            return false;
        }
        // The last turn submits whatever it is; otherwise only a submission or `run_tests` builds.
        self.state.turns + 1 >= self.options.max_turns
            || match read_turn(action) {
                Turn::Answer => true,
                Turn::Query(query) => matches!(tools::parse(&query), Ok(Tool::RunTests)),
                Turn::Invalid(_) => false,
            }
    }

    fn restore(&mut self, state: Value) -> Result<(), EpisodeError> {
        let state: AgenticState = serde_json::from_value(state)
            .map_err(|e| EpisodeError::Invalid(format!("state: {e}")))?;
        let max = self.options.max_turns;
        if state.turns > max
            || (state.turns == max && state.verdict.is_none())
            || state.tool_calls > state.turns
            || state.replaced.len() as u64 > u64::from(state.turns)
        {
            return Err(EpisodeError::Invalid(format!(
                "state: turns {}, tool_calls {} and {} replaced functions do not fit max_turns {max}",
                state.turns,
                state.tool_calls,
                state.replaced.len()
            )));
        }
        // A state is trusted no more than a turn: every replacement passes the policy again.
        self.bench.reset();
        for (i, r) in state.replaced.iter().enumerate() {
            match self.bench.replace(&r.code) {
                Ok(function) if function == r.function => {}
                Ok(function) => {
                    self.bench.reset();
                    return Err(EpisodeError::Invalid(format!(
                        "state: replaced[{i}] replaces `{function}`, not `{}`",
                        r.function
                    )));
                }
                Err(rejection) => {
                    self.bench.reset();
                    return Err(EpisodeError::Invalid(format!(
                        "state: replaced[{i}]: {}",
                        rejection.message
                    )));
                }
            }
        }
        self.state = state;
        Ok(())
    }
}

/// Plays a fixed list of actions, then submits.
struct Script(VecDeque<String>);

impl Agent for Script {
    fn act(&mut self, _observation: &str) -> String {
        self.0
            .pop_front()
            .unwrap_or_else(|| "<answer>submit</answer>".to_owned())
    }
}

/// An agent that applies the record's own reference fix (its `answer`: the catalogued fix, which
/// a fair agent never sees) one function per `replace_function`, runs the visible tests and
/// submits; with `tests_first`, it runs them once before touching anything. A check of the
/// pipeline, not a solver: it should always be paid.
pub fn reference_agent(
    record_json: &str,
    tests_first: bool,
) -> Result<Box<dyn Agent>, EpisodeError> {
    let bench = Workbench::open(record_json).map_err(EpisodeError::Invalid)?;
    let record: Problem<Value, Value> = serde_json::from_str(record_json)
        .map_err(|e| EpisodeError::Invalid(format!("record: {e}")))?;
    let blocks = bench
        .blocks(&record.answer)
        .map_err(|r| EpisodeError::Invalid(format!("record: answer: {}", r.message)))?;
    let mut actions = VecDeque::new();
    if tests_first {
        actions.push_back("<query>run_tests</query>".to_owned());
    }
    for block in blocks {
        actions.push_back(format!("<query>replace_function\n{block}\n</query>"));
    }
    actions.push_back("<query>run_tests</query>".to_owned());
    actions.push_back("<answer>submit</answer>".to_owned());
    Ok(Box::new(Script(actions)))
}

/// An agent that looks around, runs the tests and submits the crate unchanged: never paid.
pub fn lazy_agent() -> Box<dyn Agent> {
    Box::new(Script(
        [
            "<query>list_files</query>",
            "<query>read_file src/lib.rs</query>",
            "<query>run_tests</query>",
            "<answer>submit</answer>",
        ]
        .map(str::to_owned)
        .into(),
    ))
}
