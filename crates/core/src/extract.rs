//! The answer-extraction protocol shared by every env: where in a response the final answer is.
//!
//! The protocol, in order:
//! 1. A response longer than [`MAX_RESPONSE_BYTES`] is not read ([`Reason::ResponseTooLong`]).
//! 2. Thinking is removed. `<think>…</think>` blocks are dropped; an unclosed `<think>` drops
//!    everything after it; and a `</think>` with no `<think>` before it (the chat template opened
//!    the block) drops everything before it. What remains is the *visible* text.
//! 3. Final-answer markers are read from the visible text only: complete `<answer>…</answer>` tags
//!    (in any ASCII case, as are the think tags) and brace-counted `\boxed{…}`. An answer tag whose whole content is one
//!    `\boxed{…}` is unwrapped. A trailing unclosed `<answer>` or `\boxed{` (a truncated
//!    generation) is ignored; an `<answer>` opened twice before a close, or a `</answer>` with no
//!    opening, is [`Reason::MalformedAnswer`].
//! 4. The final answer is the last complete answer tag or, when there is none, the last `\boxed{}`.
//!    Each marker's content is normalised ([`crate::normalize::normalize_answer`]: Markdown,
//!    code and math wrappers, trailing punctuation), and every other marker in the visible text must
//!    agree with the final one after that, or the response is [`Reason::ConflictingAnswers`]: a
//!    model may not hedge by listing candidates. Markers agree when their normalised text is the
//!    same or, through [`extract_agreed_answer`], when the env judges every one of them right on
//!    its own (`\boxed{x = 8, y = 3}` beside `<answer>x=8, y=3</answer>`). So a hedge never
//!    scores: a response with one wrong candidate among its markers is refused whatever the final
//!    one says. More than [`MAX_JUDGED_CANDIDATES`] distinct candidates are refused unjudged.
//! 5. The answer is trimmed; an empty one is [`Reason::EmptyAnswer`]. With no marker at all the
//!    reason is [`Reason::NoAnswer`], or [`Reason::AnswerOnlyInThink`] when the thinking held one.
//!    There is never a fallback to "a number somewhere in the text".
//!
//! Every step is a forward scan, so extraction is linear in the response length.

use std::borrow::Cow;
use std::sync::LazyLock;

use memchr::memmem::{Finder, FinderRev};

use super::normalize::normalize_answer;
use super::verdict::{Reason, Verdict};

/// Responses longer than this many bytes are rejected unread (1 MiB: far beyond any real answer).
pub const MAX_RESPONSE_BYTES: usize = 1 << 20;

const THINK_OPEN: &str = "<think>";
const THINK_CLOSE: &str = "</think>";
const ANSWER_OPEN: &str = "<answer>";
const ANSWER_CLOSE: &str = "</answer>";
const BOXED_OPEN: &str = "\\boxed{";

// Prebuilt SIMD substring searchers: verification runs millions of times a second.
static FIND_THINK_OPEN: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(THINK_OPEN));
static FIND_THINK_CLOSE: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(THINK_CLOSE));
static FIND_ANSWER_OPEN: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(ANSWER_OPEN));
static FIND_ANSWER_CLOSE: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(ANSWER_CLOSE));
static FIND_BOXED_OPEN: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(BOXED_OPEN));
static RFIND_ANSWER_OPEN: LazyLock<FinderRev<'static>> =
    LazyLock::new(|| FinderRev::new(ANSWER_OPEN));

fn find(finder: &Finder<'_>, text: &str) -> Option<usize> {
    finder.find(text.as_bytes())
}

fn contains(finder: &Finder<'_>, text: &str) -> bool {
    finder.find(text.as_bytes()).is_some()
}

/// Why no answer could be read: a reason code and a message. Converts into a [`Verdict`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    /// The code.
    pub reason: Reason,
    /// The explanation.
    pub message: Cow<'static, str>,
}

impl From<Rejection> for Verdict {
    fn from(r: Rejection) -> Verdict {
        Verdict::rejected(r.reason, r.message)
    }
}

impl Rejection {
    /// A rejection with this reason and explanation.
    pub fn new(reason: Reason, message: impl Into<Cow<'static, str>>) -> Self {
        Rejection {
            reason,
            message: message.into(),
        }
    }
}

/// Reads the final answer out of a response, trimmed, or says why there is none.
///
/// A verifier can turn the rejection straight into its verdict with `Verdict::from`.
///
/// Markers whose normalised text differs are [`Reason::ConflictingAnswers`]; an env's verifier
/// uses [`extract_agreed_answer`] instead, so that the same answer written two ways agrees.
pub fn extract_answer(response: &str) -> Result<Cow<'_, str>, Rejection> {
    extract_with(response, None, normalize_answer)
}

/// [`extract_answer`], except that markers whose text differs still agree when `verify` judges
/// each of them right on its own.
///
/// `verify` is the env's own verifier: it is called with a response holding one candidate as
/// `<answer>…</answer>`, only when the markers' texts differ, at most once per distinct
/// candidate and at most [`MAX_JUDGED_CANDIDATES`] times. Such a one-marker response has nothing
/// to disagree with, so a verifier that calls this function from inside `verify` recurses once at
/// most. The answer returned is the final marker's, as for [`extract_answer`].
pub fn extract_agreed_answer(
    response: &str,
    verify: impl Fn(&str) -> Verdict,
) -> Result<Cow<'_, str>, Rejection> {
    let right_alone =
        |candidate: &str| verify(&format!("{ANSWER_OPEN}{candidate}{ANSWER_CLOSE}")).correct;
    extract_with(response, Some(&right_alone), normalize_answer)
}

/// [`extract_agreed_answer`] with the env's own normalisation in place of
/// [`normalize_answer`]: for an answer grammar in which the shared rules would change meaning (a
/// regular expression, where `$`, a trailing `.` and `\{` are operators). Steps 1 to 3 and 5
/// of the protocol are unchanged; markers agree when `normalize` gives them the same text, or
/// when `verify` judges each right alone. `normalize` must remove presentation only, and return
/// a trimmed answer.
pub fn extract_agreed_answer_with(
    response: &str,
    normalize: Normalizer,
    verify: impl Fn(&str) -> Verdict,
) -> Result<Cow<'_, str>, Rejection> {
    let right_alone =
        |candidate: &str| verify(&format!("{ANSWER_OPEN}{candidate}{ANSWER_CLOSE}")).correct;
    extract_with(response, Some(&right_alone), normalize)
}

/// How a marker's content is normalised before candidates are compared and returned.
pub type Normalizer = for<'a> fn(&'a str) -> Cow<'a, str>;

/// At most this many distinct candidates are judged one by one; a response with more is
/// [`Reason::ConflictingAnswers`] without judging any (a bound on the work a response can cause).
pub const MAX_JUDGED_CANDIDATES: usize = 8;

/// Whether a candidate answer, alone, is right: the judge of markers whose text differs.
type Judge<'j> = &'j dyn Fn(&str) -> bool;

fn extract_with<'r>(
    response: &'r str,
    judge: Option<Judge<'_>>,
    normalize: Normalizer,
) -> Result<Cow<'r, str>, Rejection> {
    check_length(response)?;
    match lowercase_tags(response) {
        Cow::Borrowed(response) => extract_canonical(response, judge, normalize),
        Cow::Owned(response) => {
            extract_canonical(&response, judge, normalize).map(|a| Cow::Owned(a.into_owned()))
        }
    }
}

/// [`extract_with`] on a response whose tags are already lowercase.
fn extract_canonical<'r>(
    response: &'r str,
    judge: Option<Judge<'_>>,
    normalize: Normalizer,
) -> Result<Cow<'r, str>, Rejection> {
    let (visible, thoughts) = split_thinking(response);
    match &visible {
        Cow::Borrowed(text) => find_final(text, judge, normalize),
        Cow::Owned(text) => find_final(text, judge, normalize).map(|s| Cow::Owned(s.into_owned())),
    }
    .map_err(|failure| {
        let thought_has_marker = thoughts.iter().any(|&(a, b)| {
            contains(&FIND_ANSWER_OPEN, &response[a..b])
                || contains(&FIND_BOXED_OPEN, &response[a..b])
        });
        failure.into_rejection(thought_has_marker)
    })
}

/// Reads the last complete fenced code block of language `lang` (a line "```lang" to a line
/// "```") from the visible text: the answer protocol of envs whose answer is code.
///
/// Steps 1 and 2 of the protocol apply as for [`extract_answer`]. The last block wins, as a reply
/// that shows the buggy code before the fix would have it; a trailing unclosed block (a truncated
/// generation) is ignored. An empty block is [`Reason::EmptyAnswer`].
pub fn extract_code_block<'r>(response: &'r str, lang: &str) -> Result<Cow<'r, str>, Rejection> {
    check_length(response)?;
    match lowercase_tags(response) {
        Cow::Borrowed(response) => code_block_canonical(response, lang),
        Cow::Owned(response) => {
            code_block_canonical(&response, lang).map(|c| Cow::Owned(c.into_owned()))
        }
    }
}

/// [`extract_code_block`] on a response whose tags are already lowercase.
fn code_block_canonical<'r>(response: &'r str, lang: &str) -> Result<Cow<'r, str>, Rejection> {
    let (visible, thoughts) = split_thinking(response);
    let found = match &visible {
        Cow::Borrowed(text) => last_code_block(text, lang).map(Cow::Borrowed),
        Cow::Owned(text) => last_code_block(text, lang).map(|s| Cow::Owned(s.to_owned())),
    };
    match found {
        Some(code) if code.trim().is_empty() => Err(Rejection::new(
            Reason::EmptyAnswer,
            format!("the last ```{lang} block is empty"),
        )),
        Some(code) => Ok(code),
        None if thoughts
            .iter()
            .any(|&(a, b)| last_code_block(&response[a..b], lang).is_some()) =>
        {
            Err(Rejection::new(
                Reason::AnswerOnlyInThink,
                format!("the only ```{lang} block is inside a think block"),
            ))
        }
        None => Err(Rejection::new(
            Reason::NoAnswer,
            format!("no complete ```{lang} code block outside think blocks"),
        )),
    }
}

/// Other names of a fence language, as people write them: ```` ```rs ```` is a Rust block.
const LANGUAGE_ALIASES: [(&str, &[&str]); 4] = [
    ("rust", &["rs"]),
    ("python", &["py", "python3"]),
    ("text", &["txt", "plaintext"]),
    ("javascript", &["js"]),
];

/// Whether a fence's info string names `lang`: its first word, in any ASCII case, is `lang` or one
/// of its aliases (```` ```Rust ````, ```` ```RS ````, ```` ```rust,ignore ````).
pub fn fence_is(info: &str, lang: &str) -> bool {
    let word = info
        .trim()
        .split(|c: char| c.is_whitespace() || c == ',' || c == '{')
        .next()
        .unwrap_or("");
    word.eq_ignore_ascii_case(lang)
        || LANGUAGE_ALIASES.iter().any(|(name, aliases)| {
            name.eq_ignore_ascii_case(lang)
                && aliases.iter().any(|alias| word.eq_ignore_ascii_case(alias))
        })
}

/// The content of the last complete "```lang" … "```" block in `text`, by lines.
fn last_code_block<'t>(text: &'t str, lang: &str) -> Option<&'t str> {
    code_blocks_in(text, lang).pop()
}

/// The content of every complete "```lang" … "```" block in `text`, in order, by lines.
fn code_blocks_in<'t>(text: &'t str, lang: &str) -> Vec<&'t str> {
    let mut blocks = Vec::new();
    let mut open: Option<usize> = None;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let start = at;
        at += line.len();
        let fence = line.trim();
        match open {
            None if fence.strip_prefix("```").is_some_and(|l| fence_is(l, lang)) => {
                open = Some(at);
            }
            Some(body) if fence == "```" => {
                blocks.push(&text[body..start]);
                open = None;
            }
            _ => {}
        }
    }
    blocks
}

/// Every complete code block of language `lang` outside think blocks, in order, the last being
/// [`extract_code_block`]'s: for an env whose answer may be spread over blocks (one per file).
pub fn code_blocks(response: &str, lang: &str) -> Vec<String> {
    let response = lowercase_tags(response);
    let (visible, _) = split_thinking(&response);
    code_blocks_in(&visible, lang)
        .into_iter()
        .map(str::to_owned)
        .collect()
}

/// The protocol's tags, which are matched in any ASCII case.
const TAGS: [&str; 4] = [ANSWER_OPEN, ANSWER_CLOSE, THINK_OPEN, THINK_CLOSE];

/// The response with every protocol tag written in another case (`<Answer>`, `</THINK>`)
/// lowercased in place, so the rest of the protocol can match tags exactly. Lowercasing ASCII keeps
/// every byte offset, and a response whose tags are all lowercase already is not copied.
pub fn lowercase_tags(response: &str) -> Cow<'_, str> {
    let bytes = response.as_bytes();
    let is_variant = |at: usize| {
        TAGS.iter().find(|tag| {
            bytes
                .get(at..at + tag.len())
                .is_some_and(|b| b.eq_ignore_ascii_case(tag.as_bytes()) && b != tag.as_bytes())
        })
    };
    let Some(first) = memchr::memchr_iter(b'<', bytes).find(|&at| is_variant(at).is_some()) else {
        return Cow::Borrowed(response);
    };
    let mut owned = bytes.to_vec();
    for at in memchr::memchr_iter(b'<', &bytes[first..]).map(|at| first + at) {
        if let Some(tag) = is_variant(at) {
            owned[at..at + tag.len()].make_ascii_lowercase();
        }
    }
    Cow::Owned(String::from_utf8(owned).expect("lowercasing ASCII keeps UTF-8 valid"))
}

/// Step 1 of the protocol: a response over the cap is not read.
fn check_length(response: &str) -> Result<(), Rejection> {
    if response.len() > MAX_RESPONSE_BYTES {
        return Err(Rejection::new(
            Reason::ResponseTooLong,
            format!(
                "response is {} bytes; the limit is {MAX_RESPONSE_BYTES}",
                response.len()
            ),
        ));
    }
    Ok(())
}

/// Returns the visible text and the removed thinking, as spans of `response`.
///
/// Whether the thinking held an answer marker is only asked when no answer is found, so the
/// common path never scans the thinking twice.
fn split_thinking(response: &str) -> (Cow<'_, str>, Vec<Span>) {
    let mut visible = Visible::default();
    let mut thoughts: Vec<Span> = Vec::new();
    let mut at = 0;
    // The first block, as (open, close), when the searches below already found it.
    let mut first: Option<(usize, usize)> = None;
    if let Some(close) = find(&FIND_THINK_CLOSE, response) {
        match find(&FIND_THINK_OPEN, &response[..close]) {
            // A close with no open before it: the template opened the block in the prompt.
            None => {
                thoughts.push((0, close));
                at = close + THINK_CLOSE.len();
            }
            // Else the first open opens the first block and the first close closes it (a close
            // cannot start inside `<think>`), so the think block is not scanned a second time.
            Some(open) => first = Some((open, close)),
        }
    }
    loop {
        let (open, close) = match first.take() {
            Some((open, close)) => (open, Some(close)),
            None => {
                let Some(open) = find(&FIND_THINK_OPEN, &response[at..]).map(|o| at + o) else {
                    visible.push(response, at, response.len());
                    break;
                };
                let inner = open + THINK_OPEN.len();
                let close = find(&FIND_THINK_CLOSE, &response[inner..]).map(|c| inner + c);
                (open, close)
            }
        };
        visible.push(response, at, open);
        let inner = open + THINK_OPEN.len();
        match close {
            None => {
                thoughts.push((inner, response.len()));
                break;
            }
            Some(close) => {
                thoughts.push((inner, close));
                at = close + THINK_CLOSE.len();
            }
        }
    }
    (visible.finish(response), thoughts)
}

/// The visible text, borrowed while it is one contiguous piece of the response.
#[derive(Default)]
struct Visible {
    first: Option<Span>,
    joined: Option<String>,
}

impl Visible {
    fn push(&mut self, response: &str, start: usize, end: usize) {
        if start == end {
            return;
        }
        match (&mut self.joined, self.first) {
            (Some(joined), _) => joined.push_str(&response[start..end]),
            (None, None) => self.first = Some((start, end)),
            (None, Some((a, b))) => {
                let mut joined = String::with_capacity(response.len());
                joined.push_str(&response[a..b]);
                joined.push_str(&response[start..end]);
                self.joined = Some(joined);
            }
        }
    }

    fn finish(self, response: &str) -> Cow<'_, str> {
        match (self.joined, self.first) {
            (Some(joined), _) => Cow::Owned(joined),
            (None, Some((a, b))) => Cow::Borrowed(&response[a..b]),
            (None, None) => Cow::Borrowed(""),
        }
    }
}

enum Failure {
    None,
    Empty,
    Conflicting(String, String),
    Malformed(&'static str),
}

impl Failure {
    fn into_rejection(self, thought_has_marker: bool) -> Rejection {
        match self {
            Failure::None if thought_has_marker => Rejection::new(
                Reason::AnswerOnlyInThink,
                "the only final answer is inside a think block",
            ),
            Failure::None => Rejection::new(
                Reason::NoAnswer,
                "no <answer>…</answer> or \\boxed{…} outside think blocks",
            ),
            Failure::Empty => Rejection::new(Reason::EmptyAnswer, "the final answer is empty"),
            Failure::Conflicting(a, b) => Rejection::new(
                Reason::ConflictingAnswers,
                format!(
                    "final-answer markers disagree: {} vs {}",
                    preview(&a),
                    preview(&b)
                ),
            ),
            Failure::Malformed(what) => Rejection::new(Reason::MalformedAnswer, what),
        }
    }
}

fn preview(s: &str) -> String {
    const MAX: usize = 40;
    if s.len() <= MAX {
        return format!("{s:?}");
    }
    let mut end = MAX;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{:?}…", &s[..end])
}

/// Finds the final answer in visible text (steps 3 to 5 of the protocol).
///
/// The markers' distinct normalised texts are kept (a few at most); when there is more than one,
/// `judge` decides whether they agree.
fn find_final<'t>(
    text: &'t str,
    judge: Option<Judge<'_>>,
    normalize: Normalizer,
) -> Result<Cow<'t, str>, Failure> {
    let has_boxes = contains(&FIND_BOXED_OPEN, text);
    let mut tags: Vec<Span> = Vec::new();
    let mut candidates = Candidates::new(normalize);
    for_each_answer_tag(text, |(open, close)| {
        if has_boxes {
            tags.push((open, close));
        }
        candidates.add(unwrap_boxed(text[open..close].trim()));
        Ok(())
    })?;
    let final_tag = candidates.last.take();
    if has_boxes {
        // Both lists are in text order, so one cursor over the tags tells whether a box starts
        // inside one: linear however many of each there are.
        let mut tag = tags.iter().peekable();
        for (start, end) in outermost_boxes(text) {
            while tag.next_if(|&&(_, close)| close <= start).is_some() {}
            let inside_a_tag = tag.peek().is_some_and(|&&(open, _)| open <= start);
            if !inside_a_tag {
                candidates.add(text[start..end].trim());
            }
        }
    }
    // The final answer is the last tag's or, with no tag, the last box's.
    let Some(answer) = final_tag.or(candidates.last) else {
        return Err(Failure::None);
    };
    match candidates.distinct.as_slice() {
        [_] => {}
        [first, second, ..] => {
            let agree = candidates.distinct.len() <= MAX_JUDGED_CANDIDATES
                && judge.is_some_and(|right| candidates.distinct.iter().all(|c| right(c)));
            if !agree {
                return Err(Failure::Conflicting(
                    first.clone().into_owned(),
                    second.clone().into_owned(),
                ));
            }
        }
        [] => unreachable!("a final answer was found, so a candidate was added"),
    }
    if answer.is_empty() {
        return Err(Failure::Empty);
    }
    Ok(answer)
}

/// The markers' normalised contents: the distinct ones in order of appearance (one more than can
/// be judged at most, which is enough to refuse), and the last one seen.
struct Candidates<'t> {
    distinct: Vec<Cow<'t, str>>,
    last: Option<Cow<'t, str>>,
    normalize: Normalizer,
}

impl<'t> Candidates<'t> {
    fn new(normalize: Normalizer) -> Self {
        Candidates {
            distinct: Vec::new(),
            last: None,
            normalize,
        }
    }

    fn add(&mut self, content: &'t str) {
        let candidate = (self.normalize)(content);
        if self.distinct.len() <= MAX_JUDGED_CANDIDATES && !self.distinct.contains(&candidate) {
            self.distinct.push(candidate.clone());
        }
        self.last = Some(candidate);
    }
}

/// Calls `f` with the content span of each complete `<answer>…</answer>`, in order.
fn for_each_answer_tag(
    text: &str,
    mut f: impl FnMut(Span) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let mut cursor = 0;
    while let Some(rel_close) = find(&FIND_ANSWER_CLOSE, &text[cursor..]) {
        let close = cursor + rel_close;
        let region = &text[cursor..close];
        let Some(rel_open) = RFIND_ANSWER_OPEN.rfind(region.as_bytes()) else {
            return Err(Failure::Malformed("a </answer> with no <answer> before it"));
        };
        if contains(&FIND_ANSWER_OPEN, &region[..rel_open]) {
            return Err(Failure::Malformed("<answer> opened twice before </answer>"));
        }
        f((cursor + rel_open + ANSWER_OPEN.len(), close))?;
        cursor = close + ANSWER_CLOSE.len();
    }
    Ok(())
}

/// A byte range `start..end` of the text.
type Span = (usize, usize);

/// Content spans of complete `\boxed{…}` groups that are not inside another one, in order.
fn outermost_boxes(text: &str) -> Vec<Span> {
    let (spans, unclosed) = scan_braces(text, &[]);
    if unclosed.iter().any(|&(_, boxed)| boxed) {
        // A `\boxed{` never closed (a truncation) swallowed the boxes nested in it. Scan once more
        // with the unclosed braces read as plain text: still linear, one extra pass.
        let skip: Vec<usize> = unclosed.iter().map(|&(open, _)| open).collect();
        return scan_braces(text, &skip).0;
    }
    spans
}

/// One pass with a stack of open braces, so nesting costs linear time. Braces at the byte
/// positions in `skip` (ascending) are plain text. Returns the outermost closed boxes' content
/// spans and the braces left open at the end, as (position, opened by `\boxed`).
fn scan_braces(text: &str, skip: &[usize]) -> (Vec<Span>, Vec<(usize, bool)>) {
    let mut spans = Vec::new();
    let mut stack: Vec<(usize, bool)> = Vec::new();
    let mut open_boxes = 0usize;
    let mut skip = skip.iter().peekable();
    for (i, b) in text.bytes().enumerate() {
        if skip.next_if_eq(&&i).is_some() {
            continue;
        }
        match b {
            b'{' => {
                let boxed = text[..=i].ends_with(BOXED_OPEN);
                open_boxes += usize::from(boxed);
                stack.push((i, boxed));
            }
            b'}' => {
                if let Some((open, true)) = stack.pop() {
                    open_boxes -= 1;
                    if open_boxes == 0 {
                        spans.push((open + 1, i));
                    }
                }
            }
            _ => {}
        }
    }
    (spans, stack)
}

/// `\boxed{x}` → `x` when the box spans the whole string; anything else unchanged.
fn unwrap_boxed(content: &str) -> &str {
    if let Some(inner) = content.strip_prefix(BOXED_OPEN)
        && matching_close(inner) == Some(inner.len().wrapping_sub(1))
    {
        return inner[..inner.len() - 1].trim();
    }
    content
}

/// The index of the `}` that closes a group opened just before `inner`, if it closes.
fn matching_close(inner: &str) -> Option<usize> {
    let mut depth = 1usize;
    for (i, b) in inner.bytes().enumerate() {
        match b {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod reference;

#[cfg(test)]
mod tests {
    use super::*;

    /// Every visible block in order, none from a think block nor an unclosed one, the last being
    /// the one [`extract_code_block`] reads.
    #[test]
    fn code_blocks_are_the_visible_complete_ones_in_order() {
        let r = "<THINK>```rust\nfn t() {}\n```</think>\n```rust\nfn a() {}\n```\ntext\n```py\nx\n```\n```Rust\nfn b() {}\n```\n```rust\nfn cut() {";
        assert_eq!(code_blocks(r, "rust"), ["fn a() {}\n", "fn b() {}\n"]);
        assert_eq!(extract_code_block(r, "rust").unwrap(), "fn b() {}\n");
    }

    fn answer(response: &str) -> Result<String, Reason> {
        extract_answer(response)
            .map(|a| a.into_owned())
            .map_err(|v| v.reason)
    }

    #[test]
    fn plain_tag() {
        assert_eq!(answer("so <answer> 17 </answer>"), Ok("17".into()));
    }

    #[test]
    fn boxed_alone_and_nested_braces() {
        assert_eq!(
            answer(r"thus \boxed{\frac{1}{2}}."),
            Ok(r"\frac{1}{2}".into())
        );
        assert_eq!(answer(r"<answer>\boxed{17}</answer>"), Ok("17".into()));
    }

    #[test]
    fn last_complete_tag_counts_and_truncated_tail_is_ignored() {
        assert_eq!(
            answer("<answer>17</answer> done <answer>1"),
            Ok("17".into())
        );
        assert_eq!(answer(r"\boxed{5} then \boxed{5"), Ok("5".into()));
    }

    #[test]
    fn repeated_identical_answers_are_fine() {
        assert_eq!(
            answer("<answer>17</answer><answer> 17</answer>"),
            Ok("17".into())
        );
        assert_eq!(answer(r"\boxed{17} <answer>17</answer>"), Ok("17".into()));
    }

    #[test]
    fn hack_duplicated_tags_with_different_values() {
        assert_eq!(
            answer("<answer>16</answer><answer>17</answer>"),
            Err(Reason::ConflictingAnswers)
        );
        assert_eq!(
            answer(r"\boxed{16} and \boxed{17}"),
            Err(Reason::ConflictingAnswers)
        );
        assert_eq!(
            answer(r"\boxed{18} <answer>17</answer>"),
            Err(Reason::ConflictingAnswers)
        );
    }

    /// A verifier for tests: right when the answer, without spaces, is `x=8,y=3` or `8,3`.
    fn judged(response: &str, calls: &std::cell::Cell<usize>) -> Result<String, Reason> {
        fn verify(response: &str, calls: &std::cell::Cell<usize>) -> Verdict {
            calls.set(calls.get() + 1);
            match extract_agreed_answer(response, |r| verify(r, calls)) {
                Ok(a) if matches!(a.replace(' ', "").as_str(), "x=8,y=3" | "8,3") => {
                    Verdict::correct()
                }
                Ok(_) => Verdict::wrong("wrong"),
                Err(rejection) => rejection.into(),
            }
        }
        extract_agreed_answer(response, |r| verify(r, calls))
            .map(|a| a.into_owned())
            .map_err(|v| v.reason)
    }

    #[test]
    fn markers_written_differently_agree_when_each_is_right_alone() {
        let calls = std::cell::Cell::new(0);
        assert_eq!(
            judged(
                r"So $\boxed{x = 8, y = 3}$. <answer>x=8, y=3</answer>",
                &calls
            ),
            Ok("x=8, y=3".into()),
            "the final marker's text is the answer"
        );
        assert_eq!(calls.get(), 2, "each distinct candidate judged once");
        // Without a verifier the same response is a conflict, as before.
        assert_eq!(
            answer(r"\boxed{x = 8, y = 3} <answer>x=8, y=3</answer>"),
            Err(Reason::ConflictingAnswers)
        );
    }

    #[test]
    fn hack_a_wrong_candidate_beside_a_right_one_is_refused_whichever_is_final() {
        let calls = std::cell::Cell::new(0);
        for response in [
            r"\boxed{x = 8, y = 4} <answer>x=8, y=3</answer>",
            r"<answer>x=8, y=3</answer> \boxed{x = 8, y = 4}",
            r"<answer>8, 3</answer><answer>x=8, y=3</answer><answer>9, 3</answer>",
            r"\boxed{} <answer>8, 3</answer>",
            r"\boxed{8, 3} and \boxed{x=8, y=3} and \boxed{8, 4}",
        ] {
            assert_eq!(
                judged(response, &calls),
                Err(Reason::ConflictingAnswers),
                "{response}"
            );
        }
    }

    #[test]
    fn hack_many_distinct_candidates_are_refused_unjudged() {
        let calls = std::cell::Cell::new(0);
        let many: String = [
            "8,3", "8, 3", "8 ,3", " 8,3", "x=8,y=3", "x=8, y=3", "x= 8,y=3",
        ]
        .iter()
        .chain(&["x =8,y=3", "x=8 ,y=3", "x=8,y =3"])
        .map(|a| format!("<answer>{a}</answer>"))
        .collect();
        assert_eq!(judged(&many, &calls), Err(Reason::ConflictingAnswers));
        assert_eq!(
            calls.get(),
            0,
            "beyond MAX_JUDGED_CANDIDATES nothing is judged"
        );
    }

    #[test]
    fn boxes_between_and_inside_tags_are_told_apart() {
        assert_eq!(
            answer(r"<answer>1</answer> \boxed{2} <answer>\boxed{1}</answer>"),
            Err(Reason::ConflictingAnswers),
            "the box between the tags is a marker of its own"
        );
        assert_eq!(
            answer(r"<answer>\boxed{1}</answer> x <answer>1 \boxed{1}</answer> \boxed{1}"),
            Err(Reason::ConflictingAnswers),
            "a box inside the second tag is part of it, so the tags differ"
        );
        assert_eq!(
            answer(r"\boxed{1} <answer>\boxed{1}</answer> \boxed{1} <answer>1</answer>"),
            Ok("1".into())
        );
    }

    #[test]
    fn hack_answer_only_in_think() {
        assert_eq!(
            answer("<think><answer>17</answer></think>"),
            Err(Reason::AnswerOnlyInThink)
        );
        assert_eq!(answer("<think>\\boxed{17}"), Err(Reason::AnswerOnlyInThink));
        assert_eq!(
            answer("<answer>17</answer></think>no answer here"),
            Err(Reason::AnswerOnlyInThink)
        );
    }

    #[test]
    fn unclosed_think_hides_everything_after_it() {
        assert_eq!(
            answer("<answer>3</answer><think>x<answer>4</answer>"),
            Ok("3".into())
        );
        assert_eq!(answer("<think>x</think><answer>4</answer>"), Ok("4".into()));
        assert_eq!(
            answer("reasoning</think>\n<answer>4</answer>"),
            Ok("4".into())
        );
    }

    #[test]
    fn hack_empty_and_format_without_content() {
        assert_eq!(answer("<answer></answer>"), Err(Reason::EmptyAnswer));
        assert_eq!(answer("<answer>  \n </answer>"), Err(Reason::EmptyAnswer));
        assert_eq!(answer(r"\boxed{}"), Err(Reason::EmptyAnswer));
        assert_eq!(
            answer("<think></think><answer></answer>"),
            Err(Reason::EmptyAnswer)
        );
        assert_eq!(answer("<think></think>"), Err(Reason::NoAnswer));
    }

    #[test]
    fn no_fallback_to_bare_numbers() {
        assert_eq!(answer("The answer is 17."), Err(Reason::NoAnswer));
        assert_eq!(answer(""), Err(Reason::NoAnswer));
    }

    #[test]
    fn malformed_nesting() {
        assert_eq!(
            answer("<answer><answer>17</answer></answer>"),
            Err(Reason::MalformedAnswer)
        );
        assert_eq!(answer("17</answer>"), Err(Reason::MalformedAnswer));
    }

    #[test]
    fn tags_match_in_any_case() {
        assert_eq!(answer("<ANSWER>17</ANSWER>"), Ok("17".into()));
        assert_eq!(answer("<Answer>17</Answer>"), Ok("17".into()));
        assert_eq!(
            answer("<THINK><answer>16</answer></Think><Answer>17</answer>"),
            Ok("17".into())
        );
        // Case does not hide a second, different answer, nor an answer in thinking.
        assert_eq!(
            answer("<answer>16</answer><ANSWER>17</ANSWER>"),
            Err(Reason::ConflictingAnswers)
        );
        assert_eq!(
            answer("<Think><ANSWER>17</ANSWER>"),
            Err(Reason::AnswerOnlyInThink)
        );
        assert_eq!(
            answer("<ANSWER><answer>17</answer></ANSWER>"),
            Err(Reason::MalformedAnswer)
        );
    }

    #[test]
    fn markers_agree_after_normalisation() {
        assert_eq!(answer("<answer>**17**.</answer>"), Ok("17".into()));
        assert_eq!(answer(r"\boxed{17} <answer>`17`</answer>"), Ok("17".into()));
        assert_eq!(
            answer("<answer>**17**</answer><answer>**18**</answer>"),
            Err(Reason::ConflictingAnswers)
        );
        // Markup around nothing is still nothing.
        assert_eq!(answer("<answer>**  **</answer>"), Err(Reason::EmptyAnswer));
        assert_eq!(answer("<answer>``</answer>"), Err(Reason::EmptyAnswer));
        assert_eq!(answer("<answer>.</answer>"), Err(Reason::EmptyAnswer));
    }

    #[test]
    fn hack_several_candidates_in_one_tag_reaches_the_env_unchanged() {
        // Extraction passes it through; the env's parser rejects it as not a single value.
        assert_eq!(answer("<answer>17 or 18</answer>"), Ok("17 or 18".into()));
    }

    #[test]
    fn too_long_is_rejected_unread() {
        let huge = "x".repeat(MAX_RESPONSE_BYTES + 1);
        assert_eq!(answer(&huge), Err(Reason::ResponseTooLong));
    }

    #[test]
    fn think_between_answer_tags_is_removed() {
        assert_eq!(
            answer("<answer>1<think>zzz</think>7</answer>"),
            Ok("17".into())
        );
    }

    #[test]
    fn boxed_inside_unclosed_box_still_counts() {
        assert_eq!(answer(r"\boxed{ oops \boxed{9}"), Ok("9".into()));
    }

    #[test]
    fn adversarial_nesting_is_linear_and_panic_free() {
        let deep = format!("{}{}", r"\boxed{".repeat(50_000), "}".repeat(10));
        assert!(answer(&deep).is_ok());
        let opens = "<answer>".repeat(100_000);
        assert_eq!(answer(&opens), Err(Reason::NoAnswer));
        let closes = "</answer>".repeat(100_000);
        assert_eq!(answer(&closes), Err(Reason::MalformedAnswer));
    }
}

#[cfg(test)]
mod code_block_tests {
    use super::*;

    fn code(r: &str) -> Result<String, Reason> {
        extract_code_block(r, "rust")
            .map(|c| c.into_owned())
            .map_err(|e| e.reason)
    }

    #[test]
    fn the_last_complete_rust_block_wins() {
        let r = "Buggy:\n```rust\nfn a() {}\n```\nFixed:\n```rust\nfn b() {}\n```\n";
        assert_eq!(code(r).unwrap(), "fn b() {}\n");
        // Other languages and unlabelled fences are not the answer.
        let r = "```rust\nfn a() {}\n```\n```python\nx = 1\n```\n```\nplain\n```";
        assert_eq!(code(r).unwrap(), "fn a() {}\n");
        // A trailing unclosed block (truncation) is ignored.
        let r = "```rust\nfn a() {}\n```\n```rust\nfn b(";
        assert_eq!(code(r).unwrap(), "fn a() {}\n");
    }

    #[test]
    fn fence_languages_match_in_any_case_and_by_alias() {
        for fence in [
            "rust",
            "rs",
            "Rust",
            "RUST",
            "RS",
            "rust,ignore",
            "rust title=\"fix\"",
        ] {
            let r = format!("```{fence}\nfn a() {{}}\n```");
            assert_eq!(code(&r).unwrap(), "fn a() {}\n", "{fence}");
        }
        for fence in ["", "rusty", "r", "python", "text", "rust-lang"] {
            let r = format!("```{fence}\nfn a() {{}}\n```");
            assert_eq!(code(&r), Err(Reason::NoAnswer), "{fence}");
        }
        // Think tags in any case still hide a block.
        assert_eq!(
            code("<THINK>```rust\nfn a() {}\n```</THINK>done"),
            Err(Reason::AnswerOnlyInThink)
        );
    }

    #[test]
    fn thinking_and_missing_blocks_are_rejected_with_their_reason() {
        assert_eq!(code("no code"), Err(Reason::NoAnswer));
        assert_eq!(
            code("<think>```rust\nfn a() {}\n```</think>done"),
            Err(Reason::AnswerOnlyInThink)
        );
        assert_eq!(code("```rust\n  \n```"), Err(Reason::EmptyAnswer));
        let huge = "x".repeat(MAX_RESPONSE_BYTES + 1);
        assert_eq!(code(&huge), Err(Reason::ResponseTooLong));
        assert_eq!(
            code("<think>```rust\nfn a() {}\n```</think>```rust\nfn b() {}\n```").unwrap(),
            "fn b() {}\n"
        );
    }
}
