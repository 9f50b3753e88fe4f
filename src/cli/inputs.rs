//! Reading a problems file and a responses file, shared by `verify` and `eval`.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use anyhow::{Context, Result};
use verigym::grade::{ProblemSet, ResponseSet};

/// Reads and checks both files completely; nothing has been written when this fails.
pub fn load(problems: &Path, responses: &Path) -> Result<(ProblemSet, ResponseSet)> {
    let problem_set = ProblemSet::from_jsonl(open(problems)?, &problems.display().to_string())?;
    let response_set = ResponseSet::from_jsonl(
        open(responses)?,
        &responses.display().to_string(),
        &problem_set,
    )?;
    Ok((problem_set, response_set))
}

fn open(path: &Path) -> Result<BufReader<File>> {
    let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    Ok(BufReader::with_capacity(1 << 16, file))
}
