//! Reading a problems file and a responses file, shared by `verify` and `eval`.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use verigym::grade::{ProblemSet, ResponseSet};
use verigym::registry::EnvSet;

/// The two input files of `verify` and `eval`, flattened into each command's arguments.
#[derive(clap::Args)]
pub struct Inputs {
    /// Problem records (JSONL), as written by `verigym generate`; `-` reads standard input.
    #[arg(long)]
    problems: PathBuf,
    /// Responses (JSONL): `{"id": ..., "response": "..."}` or `{"id": ..., "responses": [...]}`;
    /// several per problem for pass@k; `-` reads standard input.
    #[arg(long)]
    responses: PathBuf,
}

impl Inputs {
    /// Reads and checks both files completely; nothing has been written when this fails. Either
    /// (not both) may be `-`, standard input, so `verigym generate … | verigym verify
    /// --problems - …` works.
    pub fn load(&self) -> Result<(ProblemSet, ResponseSet)> {
        let (problems, responses) = (&self.problems, &self.responses);
        if is_stdin(problems) && is_stdin(responses) {
            bail!(
                "invalid value for `--problems` and `--responses`: both are `-`; allowed: standard \
                 input for one of them"
            );
        }
        let problem_set =
            ProblemSet::from_jsonl(open(problems)?, &name(problems), &EnvSet::shipped())?;
        if problem_set.is_empty() {
            bail!(
                "invalid value for `--problems`: {} holds no problem record; allowed: a JSONL file \
                 of records as `verigym generate` writes them",
                name(problems)
            );
        }
        let response_set =
            ResponseSet::from_jsonl(open(responses)?, &name(responses), &problem_set)?;
        if response_set.is_empty() {
            bail!(
                "invalid value for `--responses`: {} holds no response; allowed: JSONL lines \
                 `{{\"id\": ..., \"response\": \"...\"}}`",
                name(responses)
            );
        }
        Ok((problem_set, response_set))
    }
}

pub(super) fn is_stdin(path: &Path) -> bool {
    path == Path::new("-")
}

/// How a file is named in errors.
pub(super) fn name(path: &Path) -> String {
    if is_stdin(path) {
        "standard input".to_owned()
    } else {
        path.display().to_string()
    }
}

pub(super) fn open(path: &Path) -> Result<Box<dyn BufRead>> {
    if is_stdin(path) {
        return Ok(Box::new(io::stdin().lock()));
    }
    let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    Ok(Box::new(BufReader::with_capacity(1 << 16, file)))
}
