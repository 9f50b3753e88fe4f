//! Fuzz target: the answer-extraction protocol and every registered verifier, on arbitrary bytes.
//! Invariants: no panic, a verdict always has a reason, and `correct` implies a valid format.
#![no_main]

use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use verigym::{DynProblem, extract_answer, registry};

static PROBLEMS: LazyLock<Vec<Box<dyn DynProblem>>> = LazyLock::new(|| {
    registry::envs()
        .iter()
        .map(|env| {
            let record = env
                .generator(None, &Default::default(), 1)
                .unwrap()
                .record(0);
            env.load_problem(&serde_json::to_string(&record).unwrap())
                .unwrap()
        })
        .collect()
});

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(answer) = extract_answer(text) {
        assert!(!answer.trim().is_empty());
    }
    for problem in PROBLEMS.iter() {
        let verdict = problem.verify(text);
        assert!(!verdict.message.is_empty());
        assert!(!verdict.correct || verdict.format_ok);
    }
});
