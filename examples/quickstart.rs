//! Generate, print and verify a few problems through the library API.
//! Run: `cargo run --example quickstart`

use verigym::envs::modarith::ModArith;
use verigym::{Env, Generator};

fn main() -> verigym::Result<()> {
    // Level 3 of 10 on the difficulty scale, no overrides, master seed 42.
    let generator = Generator::at_level(&ModArith, 3.0, &Default::default(), 42)?;
    for index in 0..3 {
        let problem = generator.problem(index);
        println!("--- {}\n{}\n", problem.id, problem.prompt);
        let right = format!("<think>...</think><answer>{}</answer>", problem.answer);
        let hedged = format!(
            "<answer>{0}</answer> or <answer>{0}1</answer>",
            problem.answer
        );
        for response in [right, hedged, "The answer is 42.".to_owned()] {
            let verdict = ModArith.verify(&problem.data, &response);
            println!(
                "score {} ({:?}: {})",
                verdict.score, verdict.reason, verdict.message
            );
        }
    }
    Ok(())
}
