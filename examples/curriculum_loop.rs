//! A training loop on the curriculum library API: ask for problems, answer them with a stand-in
//! model, verify, feed the raw accuracy back, and keep only informative groups (DAPO).
//!
//! Run with `cargo run --example curriculum_loop`.

use verigym::curriculum::{Curriculum, CurriculumConfig, DapoFilter, Target};
use verigym::registry;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut curriculum = Curriculum::new(CurriculumConfig {
        target: Target::Rate(0.5),
        ..CurriculumConfig::single("modarith", 42)
    })?;
    let env = registry::find("modarith")?;
    let mut filter = DapoFilter::new();
    for round in 0..50 {
        let batch = curriculum.next(16)?;
        for (i, record) in batch.iter().enumerate() {
            let problem = env.load_problem(&serde_json::to_string(record)?)?;
            // A stand-in model: of its 8 answers, fewer are right the longer the chain.
            let right = 10usize.saturating_sub(record.meta.difficulty as usize) + i % 2;
            let responses: Vec<String> = (0..8)
                .map(|j| match j < right {
                    true => format!("<answer>{}</answer>", record.answer),
                    false => "<answer>none</answer>".to_owned(),
                })
                .collect();
            let verdicts: Vec<_> = responses.iter().map(|r| problem.verify(r)).collect();
            let rewards: Vec<f64> = verdicts.iter().map(|v| v.score).collect();
            let correct: Vec<bool> = verdicts.iter().map(|v| v.correct).collect();
            // Only informative groups go to the optimizer; the curriculum sees every group.
            let _train_on_it = filter.keep(&correct);
            curriculum.record(&record.id, &rewards)?;
        }
        if round % 10 == 9 {
            let t = curriculum.telemetry();
            println!(
                "round {:>2}: level {:.2}, solve rate {:.3}, zero-variance {:.3}",
                round + 1,
                t.envs[0].level,
                t.solve_rate.unwrap_or(0.0),
                t.zero_variance_fraction.unwrap_or(0.0)
            );
        }
    }
    // The state is plain JSON: put it in the trainer's checkpoint.
    let state = serde_json::to_string(&curriculum.state())?;
    println!(
        "kept {} groups, dropped {}; state is {} bytes",
        filter.kept,
        filter.dropped(),
        state.len()
    );
    Ok(())
}
