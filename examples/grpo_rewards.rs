//! A training-loop integration in miniature: a batch of prompts, a group of G sampled responses per
//! prompt, rewards from the verifier, GRPO advantages, and DAPO's filter of zero-variance groups.
//! The "model" is a stand-in that is right with some probability; swap in your sampler.
//! Run: `cargo run --example grpo_rewards`

use verigym::envs::modarith::ModArith;
use verigym::{Env, Generator, ProblemRng};

const GROUP: usize = 8;

fn main() -> verigym::Result<()> {
    let generator = Generator::at_level(&ModArith, 2.0, &Default::default(), 2026)?;
    let mut model = ProblemRng::from_test_seed(1);
    let (mut kept, mut dropped) = (0, 0);
    for index in 0..16 {
        let problem = generator.problem(index);
        let rewards: Vec<f64> = (0..GROUP)
            .map(|_| {
                // Stand-in sampler: right 40% of the time, otherwise off by one.
                let answer: u64 = problem.answer.parse().unwrap();
                let guess = if model.chance(2, 5) {
                    answer
                } else {
                    answer + 1
                };
                let response = format!("<think>…</think><answer>{guess}</answer>");
                ModArith.verify(&problem.data, &response).score
            })
            .collect();
        // DAPO dynamic sampling: a group with no variance has zero advantage everywhere.
        let correct = rewards.iter().filter(|&&r| r == 1.0).count();
        if correct == 0 || correct == GROUP {
            dropped += 1;
            continue;
        }
        kept += 1;
        let mean = rewards.iter().sum::<f64>() / GROUP as f64;
        let std = (rewards.iter().map(|r| (r - mean).powi(2)).sum::<f64>() / GROUP as f64).sqrt();
        let advantages: Vec<String> = rewards
            .iter()
            .map(|r| format!("{:+.2}", (r - mean) / std))
            .collect();
        println!(
            "{}: {correct}/{GROUP} right, advantages {}",
            problem.id,
            advantages.join(" ")
        );
    }
    println!("kept {kept} groups, dropped {dropped} with no signal");
    Ok(())
}
