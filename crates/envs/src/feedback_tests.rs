//! Shared checks for every env's feedback: that it reads only the public part of a record (a
//! blinded copy, hidden fields replaced, says the same to every response), that it speaks only
//! of wrong answers, and that it never panics.

use serde_json::Map;
use verigym_core::env::{Env, Generator};
use verigym_core::verdict::Reason;

/// Problems of `env` across the level range: (data, reference answer).
pub fn problems<E: Env>(env: &E) -> Vec<(E::Data, String)> {
    let mut out = Vec::new();
    for level in [0.0, 3.0, 6.0, 10.0] {
        let generator = Generator::at_level(env, level, &Map::new(), 11).expect("a valid level");
        for index in 0..6 {
            let p = generator.problem(index);
            out.push((p.data, p.answer));
        }
    }
    out
}

/// `answer` in answer tags.
pub fn tagged(answer: &str) -> String {
    format!("<answer>{answer}</answer>")
}

/// Near misses of a reference answer, tagged: each character position replaced by a few others
/// (digits, a letter, a separator), a few deletions, and each role word swapped for the other
/// (`knight`, `knave`), at most about 400 in all.
pub fn mutations(answer: &str) -> Vec<String> {
    let chars: Vec<char> = answer.chars().collect();
    let step = (chars.len() / 60).max(1);
    let mut out = vec![tagged(answer)];
    for (word, other) in [("knight", "knave"), ("knave", "knight")] {
        for (at, _) in answer.match_indices(word) {
            let swapped = format!("{}{other}{}", &answer[..at], &answer[at + word.len()..]);
            out.push(tagged(&swapped));
        }
    }
    for i in (0..chars.len()).step_by(step) {
        for with in ['0', '1', '2', '5', '9', 'A', 'R', ','] {
            if chars[i] != with {
                let mut c = chars.clone();
                c[i] = with;
                out.push(tagged(&c.iter().collect::<String>()));
            }
        }
        let mut c = chars.clone();
        c.remove(i);
        out.push(tagged(&c.iter().collect::<String>()));
    }
    out
}

/// For every problem and every near miss judged wrong: the feedback on the record equals the
/// feedback on a copy `blind` made with its hidden fields replaced, and some near misses do get
/// a sentence (so the check is not vacuous). Returns every sentence said.
pub fn assert_public_only<E: Env>(env: &E, blind: impl Fn(&mut E::Data)) -> Vec<String> {
    assert_public_only_on(env, blind, |_, answer| mutations(answer))
}

/// [`assert_public_only`] over the near misses `near` makes of each problem's (data, reference),
/// for an env whose character-level mutations are all unparsable (every wrong answer must be
/// built from whole values).
pub fn assert_public_only_on<E: Env>(
    env: &E,
    blind: impl Fn(&mut E::Data),
    near: impl Fn(&E::Data, &str) -> Vec<String>,
) -> Vec<String> {
    let mut said = Vec::new();
    for (data, answer) in problems(env) {
        let mut blinded = data.clone();
        blind(&mut blinded);
        assert_ne!(blinded, data, "{}: blinding changed nothing", E::ID);
        for response in near(&data, &answer) {
            let here = env.feedback(&data, &response);
            // The hook speaks only of wrong answers; elsewhere only its not panicking counts.
            if env.verify(&data, &response).reason != Reason::WrongAnswer {
                continue;
            }
            assert_eq!(
                here,
                env.feedback(&blinded, &response),
                "{}: the feedback on {response:?} reads a hidden field",
                E::ID
            );
            said.extend(here);
        }
    }
    assert!(!said.is_empty(), "{}: no near miss got a sentence", E::ID);
    said
}
