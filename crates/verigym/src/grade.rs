//! Grading files of responses against files of problem records, and summarizing the verdicts.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::io::{BufRead, Read};

use rayon::prelude::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::registry::EnvSet;
use serde_json::value::RawValue;
use verigym_core::dyn_env::DynProblem;
use verigym_core::error::{Error, Result};
use verigym_core::record::RecordHeader;
use verigym_core::verdict::{Reason, Verdict};

/// One line of a responses file: a problem id and one or more responses to it.
///
/// Several lines may name the same id; their responses are graded in file order. Other fields are
/// ignored, so a trainer can keep its own bookkeeping on the line.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct ResponseLine {
    /// The id of the problem answered.
    pub id: String,
    /// One response. Give this or `responses`, not both.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response: Option<String>,
    /// Several responses, such as a GRPO group. Give this or `response`, not both.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub responses: Option<Vec<String>>,
}

/// One graded response, as written by `verigym verify`.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Graded {
    /// The problem id.
    pub id: String,
    /// The 0-based position of this response among those to the same problem.
    pub sample: u32,
    /// The env of the problem.
    pub env: String,
    /// The problem's intrinsic difficulty.
    pub difficulty: u64,
    /// The difficulty level the problem was generated at, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<f64>,
    /// The verdict.
    pub verdict: Verdict,
}

/// Problem records loaded for grading, indexed by id.
pub struct ProblemSet {
    problems: Vec<(String, Box<dyn DynProblem>)>,
    by_id: HashMap<String, usize>,
}

impl ProblemSet {
    /// Reads JSONL problem records of the envs in `envs`. `file` names the source in errors.
    /// Blank lines are skipped; any other line that is not a record of an env in the set fails
    /// the whole read.
    pub fn from_jsonl(reader: impl BufRead, file: &str, envs: &EnvSet) -> Result<Self> {
        let mut set = ProblemSet {
            problems: Vec::new(),
            by_id: HashMap::new(),
        };
        for_each_line(reader, file, |line_no, line| {
            let err = |message: String| input_error(file, line_no, message);
            let header: RecordHeader = serde_json::from_str(line)
                .map_err(|e| err(format!("not a problem record: {e}")))?;
            let env = envs.find(&header.env).map_err(|e| err(e.to_string()))?;
            let problem = env.load_problem(line).map_err(|e| err(e.to_string()))?;
            if let Some(&first) = set.by_id.get(&header.id) {
                let first_line = first + 1;
                return Err(err(format!(
                    "duplicate problem id `{}` (first seen as record {first_line})",
                    header.id
                )));
            }
            set.by_id.insert(header.id, set.problems.len());
            set.problems.push((header.env, problem));
            Ok(())
        })?;
        Ok(set)
    }

    /// How many problems were loaded.
    pub fn len(&self) -> usize {
        self.problems.len()
    }

    /// Whether no problems were loaded.
    pub fn is_empty(&self) -> bool {
        self.problems.is_empty()
    }

    /// The env id and loaded problem at a position.
    pub fn get(&self, index: usize) -> Option<(&str, &dyn DynProblem)> {
        self.problems
            .get(index)
            .map(|(env, p)| (env.as_str(), p.as_ref()))
    }
}

/// A [`ResponseLine`] with its responses not yet decoded, so one undecodable response can be
/// graded `malformed_response` while the rest of the file is read.
#[derive(Deserialize)]
struct RawResponseLine {
    id: String,
    #[serde(default)]
    response: Option<Box<RawValue>>,
    #[serde(default)]
    responses: Option<Vec<Box<RawValue>>>,
}

/// One response as read: its text, or why it could not be decoded.
type ResponseText = std::result::Result<String, String>;

/// Responses read from a file, each tied to a loaded problem.
pub struct ResponseSet {
    items: Vec<(usize, u32, ResponseText)>,
}

impl ResponseSet {
    /// Reads JSONL [`ResponseLine`]s. Every id must name a problem in `problems`.
    ///
    /// A response that cannot be decoded is kept and later graded 0 as
    /// [`Reason::MalformedResponse`]: a lone surrogate escape (`\ud800`) in its string, or a line
    /// that is not valid UTF-8 or starts with a byte-order mark (every response on that line:
    /// its bytes are not the text the model wrote). The line must still yield its id and the
    /// shape of a response line; anything else fails the read with the file and line.
    pub fn from_jsonl(reader: impl BufRead, file: &str, problems: &ProblemSet) -> Result<Self> {
        let mut items = Vec::new();
        let mut per_problem: Vec<u32> = vec![0; problems.len()];
        for_each_raw_line(reader, file, |line_no, bytes| {
            let err = |message: String| input_error(file, line_no, message);
            let (bytes, bom) = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
                Some(rest) => (rest, true),
                None => (bytes, false),
            };
            let (text, valid_utf8) = match std::str::from_utf8(bytes) {
                Ok(text) => (Cow::Borrowed(text), true),
                Err(_) => (String::from_utf8_lossy(bytes), false),
            };
            let line = text.trim();
            if line.is_empty() {
                return Ok(());
            }
            let parsed: RawResponseLine =
                serde_json::from_str(line).map_err(|e| err(format!("not a response line: {e}")))?;
            let &problem = problems
                .by_id
                .get(&parsed.id)
                .ok_or_else(|| err(format!("response to unknown problem id `{}`", parsed.id)))?;
            let responses = match (parsed.response, parsed.responses) {
                (Some(one), None) => vec![one],
                (None, Some(many)) => many,
                _ => {
                    return Err(err(
                        "give exactly one of `response` (a string) or `responses` (a list)".into(),
                    ));
                }
            };
            for raw in responses {
                let text = decode_response(&raw, bom, valid_utf8).map_err(err)?;
                items.push((problem, per_problem[problem], text));
                per_problem[problem] += 1;
            }
            Ok(())
        })?;
        Ok(ResponseSet { items })
    }

    /// How many responses were read.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// For each response in order, the position of its problem in the [`ProblemSet`].
    pub fn problem_indices(&self) -> impl Iterator<Item = usize> + '_ {
        self.items.iter().map(|(problem, _, _)| *problem)
    }

    /// Whether no responses were read.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

/// One response's text, `Err` (a `malformed_response` to grade) when it cannot be decoded, or an
/// input error when it is not a string at all.
fn decode_response(
    raw: &RawValue,
    bom: bool,
    valid_utf8: bool,
) -> std::result::Result<ResponseText, String> {
    let json = raw.get();
    if !json.starts_with('"') {
        return Err(format!(
            "a response must be a JSON string, not `{}`",
            json.chars().take(24).collect::<String>()
        ));
    }
    Ok(if !valid_utf8 {
        Err("the response line is not valid UTF-8".to_owned())
    } else if bom {
        Err("the response line starts with a byte-order mark".to_owned())
    } else {
        serde_json::from_str::<String>(json)
            .map_err(|e| format!("the response string cannot be decoded: {e}"))
    })
}

/// Verifies every response (in parallel) and returns the verdicts in input order.
///
/// Responses to a problem whose env verifies in groups (one compile per group) go to it
/// together; every other response is verified on its own, spread over the threads.
pub fn grade(problems: &ProblemSet, responses: &ResponseSet) -> Vec<Graded> {
    let mut groups: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    let mut singles = Vec::new();
    for (i, (problem, _, _)) in responses.items.iter().enumerate() {
        if problems.problems[*problem].1.verifies_in_groups() {
            groups.entry(*problem).or_default().push(i);
        } else {
            singles.push(i);
        }
    }
    let graded = |i: usize, verdict: Verdict| {
        let (problem, sample, _) = &responses.items[i];
        let (env, p) = &problems.problems[*problem];
        Graded {
            id: p.id().to_owned(),
            sample: *sample,
            env: env.clone(),
            difficulty: p.difficulty(),
            level: p.level(),
            verdict,
        }
    };
    let malformed = |why: &str| Verdict::rejected(Reason::MalformedResponse, why.to_owned());
    let mut verdicts: Vec<(usize, Verdict)> = singles
        .par_iter()
        .map(|&i| {
            let (problem, _, response) = &responses.items[i];
            let verdict = match response {
                Ok(text) => problems.problems[*problem].1.verify(text),
                Err(why) => malformed(why),
            };
            (i, verdict)
        })
        .chain(groups.into_par_iter().flat_map_iter(|(problem, items)| {
            // Undecodable responses are graded apart; the rest of the group goes in together.
            let (ok, bad): (Vec<usize>, Vec<usize>) = items
                .into_iter()
                .partition(|&i| responses.items[i].2.is_ok());
            let texts: Vec<&str> = ok
                .iter()
                .filter_map(|&i| responses.items[i].2.as_deref().ok())
                .collect();
            let verdicts = problems.problems[problem].1.verify_group(&texts);
            let bad = bad.into_iter().map(|i| {
                let why = responses.items[i]
                    .2
                    .as_ref()
                    .err()
                    .map_or("", String::as_str);
                (i, malformed(why))
            });
            ok.into_iter().zip(verdicts).chain(bad).collect::<Vec<_>>()
        }))
        .collect();
    verdicts.sort_unstable_by_key(|(i, _)| *i);
    verdicts
        .into_iter()
        .map(|(i, verdict)| graded(i, verdict))
        .collect()
}

/// Aggregate figures over a set of graded responses.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Tally {
    /// Responses graded.
    pub responses: u64,
    /// Mean of `score`.
    pub mean_score: f64,
    /// Fraction with `correct`.
    pub accuracy: f64,
    /// Fraction with `format_ok`.
    pub format_ok: f64,
    /// Fraction whose step report says `cot_correct`, over responses that have a step report.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cot_accuracy: Option<f64>,
}

/// The summary `verigym verify` prints.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Summary {
    /// Every response.
    pub overall: Tally,
    /// Per env and intrinsic difficulty, in order.
    pub by_difficulty: Vec<Bucket>,
    /// Problems in the problems file that received no response.
    pub unanswered_problems: u64,
    /// Responses that could not be decoded (reason `malformed_response`), graded 0; they are
    /// counted in `overall` too.
    #[serde(default)]
    pub malformed_responses: u64,
}

/// The tally of one (env, difficulty).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Bucket {
    /// The env.
    pub env: String,
    /// The intrinsic difficulty.
    pub difficulty: u64,
    /// The figures.
    #[serde(flatten)]
    pub tally: Tally,
}

#[derive(Default)]
struct Counter {
    n: u64,
    score: f64,
    correct: u64,
    format_ok: u64,
    with_steps: u64,
    cot_correct: u64,
}

impl Counter {
    fn add(&mut self, v: &Verdict) {
        self.n += 1;
        self.score += v.score;
        self.correct += u64::from(v.correct);
        self.format_ok += u64::from(v.format_ok);
        if let Some(steps) = &v.steps {
            self.with_steps += 1;
            self.cot_correct += u64::from(steps.cot_correct);
        }
    }

    fn tally(&self) -> Tally {
        let frac = |k: u64, n: u64| if n == 0 { 0.0 } else { k as f64 / n as f64 };
        Tally {
            responses: self.n,
            mean_score: if self.n == 0 {
                0.0
            } else {
                self.score / self.n as f64
            },
            accuracy: frac(self.correct, self.n),
            format_ok: frac(self.format_ok, self.n),
            cot_accuracy: (self.with_steps > 0).then(|| frac(self.cot_correct, self.with_steps)),
        }
    }
}

/// Summarizes graded responses; `problems` supplies the count of unanswered problems.
pub fn summarize(problems: &ProblemSet, graded: &[Graded]) -> Summary {
    let mut overall = Counter::default();
    let mut buckets: BTreeMap<(&str, u64), Counter> = BTreeMap::new();
    let mut answered = vec![false; problems.len()];
    for g in graded {
        overall.add(&g.verdict);
        buckets
            .entry((g.env.as_str(), g.difficulty))
            .or_default()
            .add(&g.verdict);
        if let Some(&i) = problems.by_id.get(&g.id) {
            answered[i] = true;
        }
    }
    Summary {
        overall: overall.tally(),
        by_difficulty: buckets
            .into_iter()
            .map(|((env, difficulty), c)| Bucket {
                env: env.to_owned(),
                difficulty,
                tally: c.tally(),
            })
            .collect(),
        unanswered_problems: answered.iter().filter(|a| !**a).count() as u64,
        malformed_responses: graded
            .iter()
            .filter(|g| g.verdict.reason == Reason::MalformedResponse)
            .count() as u64,
    }
}

fn input_error(file: &str, line: usize, message: String) -> Error {
    Error::Input {
        file: file.to_owned(),
        line,
        message,
    }
}

/// The longest input line read, in bytes. A response line holding many samples of the longest
/// response fits ([`MAX_RESPONSE_BYTES`](verigym_core::MAX_RESPONSE_BYTES) each, JSON-escaped),
/// and a file with no newline at all (`/dev/zero`, a binary dropped in by mistake) is an error
/// at this size, not a read that grows until memory runs out.
pub const MAX_LINE_BYTES: usize = 128 << 20;

/// Calls `f` with each line's bytes (1-based number, without the newline); stops at the first
/// error, and at a line longer than [`MAX_LINE_BYTES`].
fn for_each_raw_line(
    mut reader: impl BufRead,
    file: &str,
    mut f: impl FnMut(usize, &[u8]) -> Result<()>,
) -> Result<()> {
    let mut buf = Vec::new();
    let mut line_no = 0;
    loop {
        buf.clear();
        let n = (&mut reader)
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut buf)
            .map_err(|e| input_error(file, line_no + 1, format!("cannot read: {e}")))?;
        if n == 0 {
            return Ok(());
        }
        line_no += 1;
        let line = match buf.strip_suffix(b"\n") {
            Some(line) => line,
            None if buf.len() > MAX_LINE_BYTES => {
                return Err(input_error(
                    file,
                    line_no,
                    format!("the line is longer than {MAX_LINE_BYTES} bytes, the most allowed"),
                ));
            }
            None => &buf,
        };
        f(line_no, line)?;
    }
}

/// Calls `f` with each non-blank line (1-based number, trimmed text); stops at the first error.
fn for_each_line(
    reader: impl BufRead,
    file: &str,
    mut f: impl FnMut(usize, &str) -> Result<()>,
) -> Result<()> {
    for_each_raw_line(reader, file, |line_no, bytes| {
        let text = std::str::from_utf8(bytes)
            .map_err(|e| input_error(file, line_no, format!("not valid UTF-8: {e}")))?;
        let text = text.trim();
        if text.is_empty() {
            return Ok(());
        }
        f(line_no, text)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems() -> (ProblemSet, Vec<(String, String)>) {
        let env = EnvSet::shipped().find("modarith").unwrap();
        let generator = env
            .generator(Some(2.0), &serde_json::Map::new(), 5)
            .unwrap();
        let mut text = Vec::new();
        let mut ids = Vec::new();
        for i in 0..3 {
            generator.write_jsonl(i, &mut text);
            let record = generator.record(i);
            ids.push((record.id, record.answer));
        }
        (
            ProblemSet::from_jsonl(&text[..], "p.jsonl", &EnvSet::shipped()).unwrap(),
            ids,
        )
    }

    #[test]
    fn an_undecodable_response_is_graded_and_the_batch_goes_on() {
        let (problems, ids) = problems();
        let line = |id: &str, response: &str| {
            format!(r#"{{"id":"{id}","response":"{response}"}}"#).into_bytes()
        };
        let good = |k: usize| line(&ids[k].0, &format!("<answer>{}</answer>", ids[k].1));
        let mut file: Vec<u8> = b"\xEF\xBB\xBF".to_vec();
        file.extend(good(0));
        file.push(b'\n');
        file.extend(good(1));
        file.push(b'\n');
        file.extend(line(&ids[1].0, r"<answer>\ud800</answer>"));
        file.push(b'\n');
        let mut invalid = line(&ids[2].0, "<answer>X</answer>");
        let x = invalid.iter().position(|&b| b == b'X').unwrap();
        invalid[x] = 0xFF;
        file.extend(invalid);
        file.push(b'\n');
        file.extend(
            format!(
                r#"{{"id":"{}","responses":["<answer>{}</answer>","\udc00 lone low"]}}"#,
                ids[2].0, ids[2].1
            )
            .into_bytes(),
        );
        file.push(b'\n');
        let responses = ResponseSet::from_jsonl(&file[..], "r.jsonl", &problems).unwrap();
        let graded = grade(&problems, &responses);
        let reasons: Vec<Reason> = graded.iter().map(|g| g.verdict.reason).collect();
        assert_eq!(
            reasons,
            [
                Reason::MalformedResponse, // the file's BOM
                Reason::Correct,
                Reason::MalformedResponse, // a lone surrogate
                Reason::MalformedResponse, // invalid UTF-8
                Reason::Correct,
                Reason::MalformedResponse,
            ]
        );
        assert!(
            graded
                .iter()
                .all(|g| g.verdict.correct == (g.verdict.score == 1.0))
        );
        let summary = summarize(&problems, &graded);
        assert_eq!(summary.malformed_responses, 4);
        assert_eq!(summary.overall.responses, 6);
    }

    #[test]
    fn broken_lines_still_fail_fast_with_their_line() {
        let (problems, ids) = problems();
        for (text, needle) in [
            (
                format!("{{\"id\":\"{}\",\"response\":5}}\n", ids[0].0),
                "line 1: a response must be a JSON string",
            ),
            ("{not json\n".to_owned(), "line 1: not a response line"),
            (
                "\n\u{feff}{\"id\":\"nope\",\"response\":\"x\"}\n".to_owned(),
                "line 2: response to unknown problem id",
            ),
        ] {
            let e = ResponseSet::from_jsonl(text.as_bytes(), "r.jsonl", &problems)
                .err()
                .unwrap()
                .to_string();
            assert!(e.contains(needle), "{e}");
        }
        // A problems file with a BOM is an input error, not a graded record.
        let mut bad = b"\xEF\xBB\xBF".to_vec();
        let env = EnvSet::shipped().find("modarith").unwrap();
        env.generator(None, &serde_json::Map::new(), 1)
            .unwrap()
            .write_jsonl(0, &mut bad);
        let e = ProblemSet::from_jsonl(&bad[..], "p.jsonl", &EnvSet::shipped())
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("p.jsonl") && e.contains("line 1"), "{e}");
    }
}
