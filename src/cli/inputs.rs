//! Reading a problems file and a responses file, shared by `verify` and `eval`.

use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use verigym::grade::{ProblemSet, ResponseSet};
use verigym::registry::EnvSet;

/// The two input files of `verify` and `eval`, flattened into each command's arguments.
#[derive(clap::Args)]
pub struct Inputs {
    /// Problem records (JSONL), as written by `verigym generate`.
    #[arg(long)]
    problems: PathBuf,
    /// Responses (JSONL): `{"id": ..., "response": "..."}` or `{"id": ..., "responses": [...]}`;
    /// several per problem for pass@k.
    #[arg(long)]
    responses: PathBuf,
}

impl Inputs {
    /// Reads and checks both files completely; nothing has been written when this fails.
    pub fn load(&self) -> Result<(ProblemSet, ResponseSet)> {
        let (problems, responses) = (&self.problems, &self.responses);
        let problem_set = ProblemSet::from_jsonl(
            open(problems)?,
            &problems.display().to_string(),
            &EnvSet::shipped(),
        )?;
        let response_set = ResponseSet::from_jsonl(
            open(responses)?,
            &responses.display().to_string(),
            &problem_set,
        )?;
        Ok((problem_set, response_set))
    }
}

fn open(path: &Path) -> Result<BufReader<File>> {
    let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    Ok(BufReader::with_capacity(1 << 16, file))
}
