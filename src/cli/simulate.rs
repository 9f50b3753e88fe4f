//! `verigym simulate`: a controller against a simulated learner, as a table (and an SVG plot).

use std::path::PathBuf;

use anyhow::{Context, Result, anyhow};
use verigym::curriculum::sim::{
    IrtParams, LearnerConfig, SimConfig, compare, paired, plot, presets::Preset, simulate, table,
};
use verigym::curriculum::{ControllerConfig, Target};

use super::OutputError;
use clap::builder::PossibleValuesParser;

#[derive(clap::Args)]
pub struct Args {
    /// The controller.
    #[arg(long, default_value = "target", value_parser = PossibleValuesParser::new(
        ControllerConfig::all().iter().map(|c| c.name()).collect::<Vec<_>>()))]
    controller: String,
    /// The learner: irt (drifting item-response), world (modarith reasoning world), or one of the
    /// held-out shapes dip, cliff, regression, sharp_cliff, mild_dip and rise_fall.
    #[arg(long, default_value = "irt", value_parser = PossibleValuesParser::new(LearnerConfig::NAMES))]
    learner: String,
    /// The seed of the curriculum and the learner (with --compare: the first of --seeds).
    #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
    seed: u64,
    /// The budget, in groups.
    #[arg(long, default_value_t = 3000, allow_hyphen_values = true, value_parser = clap::value_parser!(u64).range(1..))]
    groups: u64,
    /// Answers per group (G).
    #[arg(long, default_value_t = 8, allow_hyphen_values = true, value_parser = clap::value_parser!(u32).range(1..))]
    group_size: u32,
    /// Problems per batch.
    #[arg(long, default_value_t = 16, allow_hyphen_values = true, value_parser = clap::value_parser!(u32).range(1..))]
    batch: u32,
    /// The target solve rate.
    #[arg(long, default_value_t = 0.5, allow_hyphen_values = true)]
    target: f64,
    /// Starting ability θ of the irt learner: it solves half the problems at level 5 + θ. The
    /// default, -3, puts that at level 2, where the target, reasoning_gym and ada_rft
    /// controllers start (rlve starts at 0, fixed sits at 5, uniform spans 0 to 10).
    #[arg(long, allow_hyphen_values = true)]
    irt_theta: Option<f64>,
    /// Run every controller on every learner (irt, world and the held-out dip, cliff, regression,
    /// sharp_cliff, mild_dip and rise_fall) and print mean ± sd over --seeds seeds.
    #[arg(long)]
    compare: bool,
    /// Seeds for --compare: seed, seed+1, …
    #[arg(long, default_value_t = 5, allow_hyphen_values = true, value_parser = clap::value_parser!(u64).range(1..))]
    seeds: u64,
    /// Run one of the lecture demos instead.
    #[arg(long, value_parser = PossibleValuesParser::new(Preset::ALL.map(Preset::name)))]
    preset: Option<String>,
    /// Also draw solve rate, level and skill over time to this SVG file. A plot shows one run,
    /// so it cannot be combined with --compare or --preset.
    #[arg(long, conflicts_with_all = ["compare", "preset"])]
    plot: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<()> {
    if let Some(name) = &args.preset {
        let preset = Preset::by_name(name).ok_or_else(|| {
            let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
            anyhow!("unknown preset `{name}`; known: {}", names.join(", "))
        })?;
        return print(&preset.run(args.seed)?);
    }
    let learner = LearnerConfig::by_name(&args.learner).ok_or_else(|| {
        anyhow!(
            "unknown learner `{}`; known: {}",
            args.learner,
            LearnerConfig::NAMES.join(", ")
        )
    })?;
    let with_theta = |learner: LearnerConfig| match (learner, args.irt_theta) {
        (LearnerConfig::Irt(p), Some(theta)) => LearnerConfig::Irt(IrtParams { theta, ..p }),
        (other, _) => other,
    };
    let learner = with_theta(learner);
    let controller = ControllerConfig::by_name(&args.controller).ok_or_else(|| {
        let names: Vec<&str> = ControllerConfig::all().iter().map(|c| c.name()).collect();
        anyhow!(
            "unknown controller `{}`; known: {}",
            args.controller,
            names.join(", ")
        )
    })?;
    let base = SimConfig {
        controller,
        learner,
        target: Target::Rate(args.target),
        seed: args.seed,
        groups: args.groups,
        group_size: args.group_size,
        batch: args.batch,
        ..SimConfig::default()
    };
    if args.compare {
        let seeds: Vec<u64> = (0..args.seeds).map(|i| args.seed + i).collect();
        // --irt-theta moves the smooth learner only: the held-out shapes are defined by theirs.
        let learners: Vec<LearnerConfig> = LearnerConfig::NAMES
            .iter()
            .map(|name| {
                let learner = LearnerConfig::by_name(name).expect("known");
                if *name == "irt" {
                    with_theta(learner)
                } else {
                    learner
                }
            })
            .collect();
        let rows = compare(&ControllerConfig::all(), &learners, &seeds, &base)?;
        return print(&format!("{}\n{}", table(&rows), paired(&rows, "target")));
    }
    let report = simulate(&base)?;
    if let Some(path) = &args.plot {
        std::fs::write(path, plot::svg(&report))
            .with_context(|| format!("writing {}", path.display()))?;
    }
    print(&table(std::slice::from_ref(&report.summary)))?;
    Ok(())
}

fn print(text: &str) -> Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes()).map_err(OutputError)?;
    Ok(())
}
