# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_verigym_global_optspecs
    string join \n threads= progress= h/help V/version
end

function __fish_verigym_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_verigym_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_verigym_using_subcommand
    set -l cmd (__fish_verigym_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c verigym -n "__fish_verigym_needs_command" -l threads -d 'Worker threads for generation and verification (default: one per core)' -r
complete -c verigym -n "__fish_verigym_needs_command" -l progress -d 'How to show progress of long commands on stderr' -r -f -a "auto\t'A bar when stderr is a terminal, plain lines otherwise'
bar\t'A bar'
lines\t'Plain lines'
off\t'Nothing'"
complete -c verigym -n "__fish_verigym_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c verigym -n "__fish_verigym_needs_command" -s V -l version -d 'Print version'
complete -c verigym -n "__fish_verigym_needs_command" -f -a "list" -d 'List the envs with their versions and params'
complete -c verigym -n "__fish_verigym_needs_command" -f -a "generate" -d 'Write problems as JSON lines'
complete -c verigym -n "__fish_verigym_needs_command" -f -a "verify" -d 'Verify responses against problems; verdicts as JSON lines, a summary on stderr'
complete -c verigym -n "__fish_verigym_needs_command" -f -a "eval" -d 'Benchmark figures: unbiased pass@k, CoT-pass@k, score and format, per env and level'
complete -c verigym -n "__fish_verigym_needs_command" -f -a "probe" -d 'Measure verifiers: TPR, FPR and Youden\'s J on right answers in every allowed form, near misses and known hacks'
complete -c verigym -n "__fish_verigym_needs_command" -f -a "suite" -d 'Build or check frozen fixed-seed benchmark suites'
complete -c verigym -n "__fish_verigym_needs_command" -f -a "schema" -d 'Write the JSON Schemas of every record and params type'
complete -c verigym -n "__fish_verigym_needs_command" -f -a "gen-docs" -d 'Write the shell completions (bash, zsh, fish, PowerShell) and man pages'
complete -c verigym -n "__fish_verigym_needs_command" -f -a "simulate" -d 'Run a curriculum controller against a simulated learner and print a table'
complete -c verigym -n "__fish_verigym_needs_command" -f -a "curriculum" -d 'Serve a curriculum over stdin/stdout: batches of problems out, reward lines in'
complete -c verigym -n "__fish_verigym_needs_command" -f -a "episode" -d 'Multi-turn episodes: scripted agents through interactive envs, and re-judged transcripts'
complete -c verigym -n "__fish_verigym_needs_command" -f -a "play" -d 'Play one episode in a terminal: an interactive env, or a single-turn env with feedback'
complete -c verigym -n "__fish_verigym_needs_command" -f -a "audit" -d 'Mutation-score audit of a mini-repo\'s test suite (needs rustc)'
complete -c verigym -n "__fish_verigym_needs_command" -f -a "catalog" -d 'Build a bug catalog for `repo_fix`: every mutant a mini repo\'s strong suite, or a Cargo package\'s own tests, kill cleanly (needs rustc; a package also cargo)'
complete -c verigym -n "__fish_verigym_needs_command" -f -a "fix-agent" -d 'The naive random-edit fix agent on a mini-repo: how many declared fixes are fake (needs rustc)'
complete -c verigym -n "__fish_verigym_needs_command" -f -a "serve" -d 'Serve rewards, problems and a shared curriculum over HTTP (see the README\'s server section)'
complete -c verigym -n "__fish_verigym_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c verigym -n "__fish_verigym_using_subcommand list" -l threads -d 'Worker threads for generation and verification (default: one per core)' -r
complete -c verigym -n "__fish_verigym_using_subcommand list" -l progress -d 'How to show progress of long commands on stderr' -r -f -a "auto\t'A bar when stderr is a terminal, plain lines otherwise'
bar\t'A bar'
lines\t'Plain lines'
off\t'Nothing'"
complete -c verigym -n "__fish_verigym_using_subcommand list" -l json -d 'Print JSON instead of a table'
complete -c verigym -n "__fish_verigym_using_subcommand list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c verigym -n "__fish_verigym_using_subcommand generate" -l env -d 'The env id (see `verigym list`), interactive envs\' included' -r
complete -c verigym -n "__fish_verigym_using_subcommand generate" -l seed -d 'The master seed' -r
complete -c verigym -n "__fish_verigym_using_subcommand generate" -s n -l count -d 'How many problems to write' -r
complete -c verigym -n "__fish_verigym_using_subcommand generate" -l start -d 'The index of the first problem; problem i is the same in any run that includes it' -r
complete -c verigym -n "__fish_verigym_using_subcommand generate" -l level -l difficulty -d 'The level, from 0 (easiest) to 10, that the env maps to params (`--difficulty` is an alias)' -r
complete -c verigym -n "__fish_verigym_using_subcommand generate" -l param -d 'A param as NAME=VALUE, applied after --level (repeatable)' -r
complete -c verigym -n "__fish_verigym_using_subcommand generate" -l out -d 'Write to this file instead of stdout; it appears only when complete' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand generate" -l threads -d 'Worker threads for generation and verification (default: one per core)' -r
complete -c verigym -n "__fish_verigym_using_subcommand generate" -l progress -d 'How to show progress of long commands on stderr' -r -f -a "auto\t'A bar when stderr is a terminal, plain lines otherwise'
bar\t'A bar'
lines\t'Plain lines'
off\t'Nothing'"
complete -c verigym -n "__fish_verigym_using_subcommand generate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c verigym -n "__fish_verigym_using_subcommand verify" -l problems -d 'Problem records (JSONL), as written by `verigym generate`; `-` reads standard input' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand verify" -l responses -d 'Responses (JSONL): `{"id": ..., "response": "..."}` or `{"id": ..., "responses": [...]}`; several per problem for pass@k; `-` reads standard input' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand verify" -l out -d 'Write verdicts to this file instead of stdout; it appears only when complete' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand verify" -l summary-json -d 'Also write the summary as JSON to this file' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand verify" -l threads -d 'Worker threads for generation and verification (default: one per core)' -r
complete -c verigym -n "__fish_verigym_using_subcommand verify" -l progress -d 'How to show progress of long commands on stderr' -r -f -a "auto\t'A bar when stderr is a terminal, plain lines otherwise'
bar\t'A bar'
lines\t'Plain lines'
off\t'Nothing'"
complete -c verigym -n "__fish_verigym_using_subcommand verify" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c verigym -n "__fish_verigym_using_subcommand eval" -l problems -d 'Problem records (JSONL), as written by `verigym generate`; `-` reads standard input' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand eval" -l responses -d 'Responses (JSONL): `{"id": ..., "response": "..."}` or `{"id": ..., "responses": [...]}`; several per problem for pass@k; `-` reads standard input' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand eval" -l k -d 'The k values of pass@k, comma-separated' -r
complete -c verigym -n "__fish_verigym_using_subcommand eval" -l json -d 'Also write the report as JSON to this file' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand eval" -l threads -d 'Worker threads for generation and verification (default: one per core)' -r
complete -c verigym -n "__fish_verigym_using_subcommand eval" -l progress -d 'How to show progress of long commands on stderr' -r -f -a "auto\t'A bar when stderr is a terminal, plain lines otherwise'
bar\t'A bar'
lines\t'Plain lines'
off\t'Nothing'"
complete -c verigym -n "__fish_verigym_using_subcommand eval" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c verigym -n "__fish_verigym_using_subcommand probe" -l env -d 'Probe only this env (default: every registered env)' -r
complete -c verigym -n "__fish_verigym_using_subcommand probe" -s n -l count -d 'Problems per env' -r
complete -c verigym -n "__fish_verigym_using_subcommand probe" -l seed -d 'The master seed of the probed problems' -r
complete -c verigym -n "__fish_verigym_using_subcommand probe" -l json -d 'Also write the reports as JSON to this file' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand probe" -l param -d 'A param of `--env`\'s as NAME=VALUE, applied after each level (repeatable), such as `repo=crate:heck` to probe `repo_fix` on a shipped crate' -r
complete -c verigym -n "__fish_verigym_using_subcommand probe" -l threads -d 'Worker threads for generation and verification (default: one per core)' -r
complete -c verigym -n "__fish_verigym_using_subcommand probe" -l progress -d 'How to show progress of long commands on stderr' -r -f -a "auto\t'A bar when stderr is a terminal, plain lines otherwise'
bar\t'A bar'
lines\t'Plain lines'
off\t'Nothing'"
complete -c verigym -n "__fish_verigym_using_subcommand probe" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c verigym -n "__fish_verigym_using_subcommand suite; and not __fish_seen_subcommand_from build check help" -l threads -d 'Worker threads for generation and verification (default: one per core)' -r
complete -c verigym -n "__fish_verigym_using_subcommand suite; and not __fish_seen_subcommand_from build check help" -l progress -d 'How to show progress of long commands on stderr' -r -f -a "auto\t'A bar when stderr is a terminal, plain lines otherwise'
bar\t'A bar'
lines\t'Plain lines'
off\t'Nothing'"
complete -c verigym -n "__fish_verigym_using_subcommand suite; and not __fish_seen_subcommand_from build check help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c verigym -n "__fish_verigym_using_subcommand suite; and not __fish_seen_subcommand_from build check help" -f -a "build" -d 'Build a suite: one JSONL file per entry plus manifest.json'
complete -c verigym -n "__fish_verigym_using_subcommand suite; and not __fish_seen_subcommand_from build check help" -f -a "check" -d 'Re-derive a built suite from its manifest and confirm every byte matches'
complete -c verigym -n "__fish_verigym_using_subcommand suite; and not __fish_seen_subcommand_from build check help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c verigym -n "__fish_verigym_using_subcommand suite; and __fish_seen_subcommand_from build" -l out -d 'The directory to write into' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand suite; and __fish_seen_subcommand_from build" -l threads -d 'Worker threads for generation and verification (default: one per core)' -r
complete -c verigym -n "__fish_verigym_using_subcommand suite; and __fish_seen_subcommand_from build" -l progress -d 'How to show progress of long commands on stderr' -r -f -a "auto\t'A bar when stderr is a terminal, plain lines otherwise'
bar\t'A bar'
lines\t'Plain lines'
off\t'Nothing'"
complete -c verigym -n "__fish_verigym_using_subcommand suite; and __fish_seen_subcommand_from build" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c verigym -n "__fish_verigym_using_subcommand suite; and __fish_seen_subcommand_from check" -l threads -d 'Worker threads for generation and verification (default: one per core)' -r
complete -c verigym -n "__fish_verigym_using_subcommand suite; and __fish_seen_subcommand_from check" -l progress -d 'How to show progress of long commands on stderr' -r -f -a "auto\t'A bar when stderr is a terminal, plain lines otherwise'
bar\t'A bar'
lines\t'Plain lines'
off\t'Nothing'"
complete -c verigym -n "__fish_verigym_using_subcommand suite; and __fish_seen_subcommand_from check" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c verigym -n "__fish_verigym_using_subcommand suite; and __fish_seen_subcommand_from help" -f -a "build" -d 'Build a suite: one JSONL file per entry plus manifest.json'
complete -c verigym -n "__fish_verigym_using_subcommand suite; and __fish_seen_subcommand_from help" -f -a "check" -d 'Re-derive a built suite from its manifest and confirm every byte matches'
complete -c verigym -n "__fish_verigym_using_subcommand suite; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c verigym -n "__fish_verigym_using_subcommand schema" -l out -d 'The directory to write into' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand schema" -l threads -d 'Worker threads for generation and verification (default: one per core)' -r
complete -c verigym -n "__fish_verigym_using_subcommand schema" -l progress -d 'How to show progress of long commands on stderr' -r -f -a "auto\t'A bar when stderr is a terminal, plain lines otherwise'
bar\t'A bar'
lines\t'Plain lines'
off\t'Nothing'"
complete -c verigym -n "__fish_verigym_using_subcommand schema" -l check -d 'Write nothing; fail if any file in --out differs from what would be written'
complete -c verigym -n "__fish_verigym_using_subcommand schema" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c verigym -n "__fish_verigym_using_subcommand gen-docs" -l out -d 'The directory to write into' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand gen-docs" -l threads -d 'Worker threads for generation and verification (default: one per core)' -r
complete -c verigym -n "__fish_verigym_using_subcommand gen-docs" -l progress -d 'How to show progress of long commands on stderr' -r -f -a "auto\t'A bar when stderr is a terminal, plain lines otherwise'
bar\t'A bar'
lines\t'Plain lines'
off\t'Nothing'"
complete -c verigym -n "__fish_verigym_using_subcommand gen-docs" -l check -d 'Write nothing; fail if any file in --out differs from what would be written'
complete -c verigym -n "__fish_verigym_using_subcommand gen-docs" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c verigym -n "__fish_verigym_using_subcommand simulate" -l controller -d 'The controller' -r -f -a "target\t''
fixed\t''
uniform\t''
reasoning_gym\t''
rlve\t''
ada_rft\t''"
complete -c verigym -n "__fish_verigym_using_subcommand simulate" -l learner -d 'The learner: irt (drifting item-response), world (modarith reasoning world), or one of the held-out shapes dip, cliff, regression, sharp_cliff, mild_dip and rise_fall' -r -f -a "irt\t''
world\t''
dip\t''
cliff\t''
regression\t''
sharp_cliff\t''
mild_dip\t''
rise_fall\t''"
complete -c verigym -n "__fish_verigym_using_subcommand simulate" -l seed -d 'The seed of the curriculum and the learner (with --compare: the first of --seeds)' -r
complete -c verigym -n "__fish_verigym_using_subcommand simulate" -l groups -d 'The budget, in groups' -r
complete -c verigym -n "__fish_verigym_using_subcommand simulate" -l group-size -d 'Answers per group (G)' -r
complete -c verigym -n "__fish_verigym_using_subcommand simulate" -l batch -d 'Problems per batch' -r
complete -c verigym -n "__fish_verigym_using_subcommand simulate" -l target -d 'The target solve rate' -r
complete -c verigym -n "__fish_verigym_using_subcommand simulate" -l irt-theta -d 'Starting ability θ of the irt learner: it solves half the problems at level 5 + θ. The default, -3, puts that at level 2, where the target, reasoning_gym and ada_rft controllers start (rlve starts at 0, fixed sits at 5, uniform spans 0 to 10)' -r
complete -c verigym -n "__fish_verigym_using_subcommand simulate" -l seeds -d 'Seeds for --compare: seed, seed+1, …' -r
complete -c verigym -n "__fish_verigym_using_subcommand simulate" -l preset -d 'Run one of the lecture demos instead' -r -f -a "no-signal\t''
wasted\t''
filter\t''
format-hack\t''"
complete -c verigym -n "__fish_verigym_using_subcommand simulate" -l plot -d 'Also draw solve rate, level and skill over time to this SVG file. A plot shows one run, so it cannot be combined with --compare or --preset' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand simulate" -l threads -d 'Worker threads for generation and verification (default: one per core)' -r
complete -c verigym -n "__fish_verigym_using_subcommand simulate" -l progress -d 'How to show progress of long commands on stderr' -r -f -a "auto\t'A bar when stderr is a terminal, plain lines otherwise'
bar\t'A bar'
lines\t'Plain lines'
off\t'Nothing'"
complete -c verigym -n "__fish_verigym_using_subcommand simulate" -l compare -d 'Run every controller on every learner (irt, world and the held-out dip, cliff, regression, sharp_cliff, mild_dip and rise_fall) and print mean ± sd over --seeds seeds'
complete -c verigym -n "__fish_verigym_using_subcommand simulate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c verigym -n "__fish_verigym_using_subcommand curriculum" -l config -d 'The curriculum config (TOML; schema in schemas/curriculum-config.schema.json)' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand curriculum" -l state -d 'Save the state here after every round, and resume from it when it exists. The file is locked (through `<state>.lock`) so a second process on it fails instead of overwriting' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand curriculum" -l rounds -d 'Stop after this many rounds of this run (default: until stdin ends). The acknowledgement\'s `round` counts every round of the state, across resumes' -r
complete -c verigym -n "__fish_verigym_using_subcommand curriculum" -l batch -d 'Problems per round, instead of the config\'s `batch`. A reward line `{"batch": N}` changes it for the rounds after the current one' -r
complete -c verigym -n "__fish_verigym_using_subcommand curriculum" -l threads -d 'Worker threads for generation and verification (default: one per core)' -r
complete -c verigym -n "__fish_verigym_using_subcommand curriculum" -l progress -d 'How to show progress of long commands on stderr' -r -f -a "auto\t'A bar when stderr is a terminal, plain lines otherwise'
bar\t'A bar'
lines\t'Plain lines'
off\t'Nothing'"
complete -c verigym -n "__fish_verigym_using_subcommand curriculum" -l telemetry -d 'Write a telemetry JSON line to stderr after every round'
complete -c verigym -n "__fish_verigym_using_subcommand curriculum" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c verigym -n "__fish_verigym_using_subcommand episode; and not __fish_seen_subcommand_from run verify probe help" -l threads -d 'Worker threads for generation and verification (default: one per core)' -r
complete -c verigym -n "__fish_verigym_using_subcommand episode; and not __fish_seen_subcommand_from run verify probe help" -l progress -d 'How to show progress of long commands on stderr' -r -f -a "auto\t'A bar when stderr is a terminal, plain lines otherwise'
bar\t'A bar'
lines\t'Plain lines'
off\t'Nothing'"
complete -c verigym -n "__fish_verigym_using_subcommand episode; and not __fish_seen_subcommand_from run verify probe help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c verigym -n "__fish_verigym_using_subcommand episode; and not __fish_seen_subcommand_from run verify probe help" -f -a "run" -d 'Plays scripted agents through an interactive env\'s episodes and writes their transcripts'
complete -c verigym -n "__fish_verigym_using_subcommand episode; and not __fish_seen_subcommand_from run verify probe help" -f -a "verify" -d 'Replays transcripts from their records and actions, and judges them again'
complete -c verigym -n "__fish_verigym_using_subcommand episode; and not __fish_seen_subcommand_from run verify probe help" -f -a "probe" -d 'Probes each interactive env as an attacker: the optimal agent must be paid, hostile agents never; prints TPR, FPR and Youden\'s J per env'
complete -c verigym -n "__fish_verigym_using_subcommand episode; and not __fish_seen_subcommand_from run verify probe help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from run" -l env -d 'The env id: an interactive env, or any single-turn env for a feedback episode' -r
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from run" -l seed -d 'The master seed' -r
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from run" -l start -d 'The index of the first problem' -r
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from run" -l level -l difficulty -d 'The level, from 0 (easiest) to 10' -r
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from run" -l param -d 'A param as NAME=VALUE, applied after --level (repeatable)' -r
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from run" -l feedback-turns -d 'For a single-turn env: answers allowed, with feedback after each wrong one (1 to 16)' -r
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from run" -l reward -d 'For a single-turn env: `solved`, `first_turn`, or `discounted:GAMMA` with GAMMA in (0, 1]' -r
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from run" -l agentic-turns -d 'For an agentic episode: turns allowed, tool calls and the submission included (1 to 64; default 20). Implies --agentic' -r
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from run" -s n -l count -d 'Episodes to play' -r
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from run" -l agent -d 'The scripted agent: `optimal` (the env\'s solver strategy, built without the hidden state) or `random` (random queries, then a random answer); for an agentic repo_fix episode, `reference` (applies the record\'s own catalogued fix: a pipeline check, not a solver) or `lazy` (submits the crate unchanged)' -r -f -a "optimal\t''
random\t''
reference\t''
lazy\t''"
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from run" -l out -d 'Write the transcripts (JSONL) to this file instead of stdout' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from run" -l threads -d 'Worker threads for generation and verification (default: one per core)' -r
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from run" -l progress -d 'How to show progress of long commands on stderr' -r -f -a "auto\t'A bar when stderr is a terminal, plain lines otherwise'
bar\t'A bar'
lines\t'Plain lines'
off\t'Nothing'"
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from run" -l agentic -d 'For repo_fix: an agentic episode, working on the mini repo with tools (list_files, read_file, run_tests, replace_function) before submitting'
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from run" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from verify" -l transcripts -d 'Transcripts (JSONL) as `episode run`, `play` or a trainer wrote them; `-` reads stdin' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from verify" -l out -d 'Write the judgements (JSONL) to this file instead of stdout' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from verify" -l threads -d 'Worker threads for generation and verification (default: one per core)' -r
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from verify" -l progress -d 'How to show progress of long commands on stderr' -r -f -a "auto\t'A bar when stderr is a terminal, plain lines otherwise'
bar\t'A bar'
lines\t'Plain lines'
off\t'Nothing'"
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from verify" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from probe" -s n -l count -d 'Problems per level (levels 0, 5 and 10)' -r
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from probe" -l seed -d 'The master seed' -r
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from probe" -l env -d 'Probe this env only' -r
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from probe" -l threads -d 'Worker threads for generation and verification (default: one per core)' -r
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from probe" -l progress -d 'How to show progress of long commands on stderr' -r -f -a "auto\t'A bar when stderr is a terminal, plain lines otherwise'
bar\t'A bar'
lines\t'Plain lines'
off\t'Nothing'"
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from probe" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from help" -f -a "run" -d 'Plays scripted agents through an interactive env\'s episodes and writes their transcripts'
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from help" -f -a "verify" -d 'Replays transcripts from their records and actions, and judges them again'
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from help" -f -a "probe" -d 'Probes each interactive env as an attacker: the optimal agent must be paid, hostile agents never; prints TPR, FPR and Youden\'s J per env'
complete -c verigym -n "__fish_verigym_using_subcommand episode; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c verigym -n "__fish_verigym_using_subcommand play" -l env -d 'The env id: an interactive env, or any single-turn env for a feedback episode' -r
complete -c verigym -n "__fish_verigym_using_subcommand play" -l seed -d 'The master seed' -r
complete -c verigym -n "__fish_verigym_using_subcommand play" -l start -d 'The index of the first problem' -r
complete -c verigym -n "__fish_verigym_using_subcommand play" -l level -l difficulty -d 'The level, from 0 (easiest) to 10' -r
complete -c verigym -n "__fish_verigym_using_subcommand play" -l param -d 'A param as NAME=VALUE, applied after --level (repeatable)' -r
complete -c verigym -n "__fish_verigym_using_subcommand play" -l feedback-turns -d 'For a single-turn env: answers allowed, with feedback after each wrong one (1 to 16)' -r
complete -c verigym -n "__fish_verigym_using_subcommand play" -l reward -d 'For a single-turn env: `solved`, `first_turn`, or `discounted:GAMMA` with GAMMA in (0, 1]' -r
complete -c verigym -n "__fish_verigym_using_subcommand play" -l agentic-turns -d 'For an agentic episode: turns allowed, tool calls and the submission included (1 to 64; default 20). Implies --agentic' -r
complete -c verigym -n "__fish_verigym_using_subcommand play" -l out -d 'Write the episode\'s transcript (one JSON line) to this file when it ends' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand play" -l threads -d 'Worker threads for generation and verification (default: one per core)' -r
complete -c verigym -n "__fish_verigym_using_subcommand play" -l progress -d 'How to show progress of long commands on stderr' -r -f -a "auto\t'A bar when stderr is a terminal, plain lines otherwise'
bar\t'A bar'
lines\t'Plain lines'
off\t'Nothing'"
complete -c verigym -n "__fish_verigym_using_subcommand play" -l agentic -d 'For repo_fix: an agentic episode, working on the mini repo with tools (list_files, read_file, run_tests, replace_function) before submitting'
complete -c verigym -n "__fish_verigym_using_subcommand play" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c verigym -n "__fish_verigym_using_subcommand audit" -l suite -d 'Mini repo: `strong`, `weak`, or the path of a suite file (a module body of `#[test]` fns). Crate: one integration test, by file (relative to the package) or target name' -r
complete -c verigym -n "__fish_verigym_using_subcommand audit" -s p -l package -d 'Crate: the workspace member to use' -r
complete -c verigym -n "__fish_verigym_using_subcommand audit" -l features -d 'Crate: features to enable (comma- or space-separated, repeatable)' -r
complete -c verigym -n "__fish_verigym_using_subcommand audit" -l tests -d 'Crate: which tests count' -r -f -a "unit\t''
integration\t''
all\t''"
complete -c verigym -n "__fish_verigym_using_subcommand audit" -l test-filter -d 'Crate: only tests whose name contains this, as `cargo test FILTER`' -r
complete -c verigym -n "__fish_verigym_using_subcommand audit" -l target-dir -d 'Crate: cargo\'s target directory (default: a temporary one; reuse one to keep built dependencies between runs)' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand audit" -l opt-level -d 'Crate: the optimisation level the package itself is built at, 0 to 3 (its dependencies keep your profile). Default 1: the instrumentation is inlined there, so compute-heavy tests run faster than a plain debug `cargo test`; debug assertions and overflow checks stay on, and verdicts count steps, not time. 0 builds exactly the test profile\'s code' -r
complete -c verigym -n "__fish_verigym_using_subcommand audit" -l json -d 'Also write the full report as JSON to this file (`-` for stdout, replacing the table)' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand audit" -l equivalence-inputs -d 'Random inputs per function when checking survivors for equivalence (0: off)' -r
complete -c verigym -n "__fish_verigym_using_subcommand audit" -l seed -d 'Seed of those inputs' -r
complete -c verigym -n "__fish_verigym_using_subcommand audit" -l fuel -d 'Loop iterations plus calls each test may make before it counts as a timeout. Mini repo: the tank of every run (default 1 000 000). Crate: the ceiling (default 100 000 000); the baseline runs with it, and each mutant run with a tank sized from the baseline, 20 × the most fuel a test of that run used, at least 2 000 000, at most this; a run whose tank runs dry runs again with a tank 20 × larger (at most this) before it counts as a timeout' -r
complete -c verigym -n "__fish_verigym_using_subcommand audit" -l mutants-out -d 'Also write cargo-mutants\' `mutants.out` layout (`outcomes.json`, `caught.txt`, `missed.txt`, `timeout.txt`, `unviable.txt`, `mutants.json`, `diff/`, `log/`) into this directory, mutant by mutant as results arrive; `outcomes.json` gets its `end_time` when the audit completes. A previous `mutants.out` there moves to `DIR.old`' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand audit" -l file -d 'Only mutants in files matching this glob (relative to the mini repo or the package directory, as `src/foo/bar.rs`; `*`, `?`, `**`; a glob without `/` matches a file or directory name anywhere). Repeatable' -r
complete -c verigym -n "__fish_verigym_using_subcommand audit" -l exclude -d 'Leave out mutants in files matching this glob (as `--file`). Repeatable' -r
complete -c verigym -n "__fish_verigym_using_subcommand audit" -l function -d 'Only mutants in functions (`name` or `Type::method`) this regex matches (unanchored)' -r
complete -c verigym -n "__fish_verigym_using_subcommand audit" -l in-diff -d 'Only mutants on lines this unified diff adds or changes, for pull requests. Paths are relative to the mini repo or the package directory (`git diff --relative` run there, or plain `git diff` when it is the repository root)' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand audit" -l shard -d 'Run only shard K of N (0 <= K < N), round-robin over the selected mutants in source order (a crate\'s files in module order), for a CI matrix: every shard must use the same filters, N and cargo flags. Only the shard\'s mutants are built' -r
complete -c verigym -n "__fish_verigym_using_subcommand audit" -l threads -d 'Worker threads for generation and verification (default: one per core)' -r
complete -c verigym -n "__fish_verigym_using_subcommand audit" -l progress -d 'How to show progress of long commands on stderr' -r -f -a "auto\t'A bar when stderr is a terminal, plain lines otherwise'
bar\t'A bar'
lines\t'Plain lines'
off\t'Nothing'"
complete -c verigym -n "__fish_verigym_using_subcommand audit" -l all-features -d 'Crate: enable every feature'
complete -c verigym -n "__fish_verigym_using_subcommand audit" -l no-default-features -d 'Crate: do not enable the default features'
complete -c verigym -n "__fish_verigym_using_subcommand audit" -l full-matrix -d 'Crate: run every test against every mutant (the full kill matrix, in cargo\'s order) instead of only the tests that reach it, cheapest first, stopping at the first failure'
complete -c verigym -n "__fish_verigym_using_subcommand audit" -l diffs -d 'Print each survivor\'s diff under its line in the table (one line each without it; the diffs are always in the JSON report and in `--mutants-out DIR/diff/`)'
complete -c verigym -n "__fish_verigym_using_subcommand audit" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c verigym -n "__fish_verigym_using_subcommand catalog" -l out -d 'Mini repo: where to write the catalog (`-` for stdout) [default: <REPO>/bugs.json]. Crate (required): the catalog directory, which gets `catalog.json` and `source/`, the package\'s copy the catalog was built from; it must be new, empty or a previous catalog (replaced), and outside the package' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand catalog" -l suite -d 'Crate: one integration test, by file (relative to the package) or target name' -r
complete -c verigym -n "__fish_verigym_using_subcommand catalog" -s p -l package -d 'Crate: the workspace member to use' -r
complete -c verigym -n "__fish_verigym_using_subcommand catalog" -l features -d 'Crate: features to enable (comma- or space-separated, repeatable)' -r
complete -c verigym -n "__fish_verigym_using_subcommand catalog" -l tests -d 'Crate: which tests count' -r -f -a "unit\t''
integration\t''
all\t''"
complete -c verigym -n "__fish_verigym_using_subcommand catalog" -l test-filter -d 'Crate: only tests whose name contains this, as `cargo test FILTER`' -r
complete -c verigym -n "__fish_verigym_using_subcommand catalog" -l target-dir -d 'Crate: cargo\'s target directory (default: a temporary one; reuse one to keep built dependencies between runs)' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand catalog" -l opt-level -d 'Crate: the optimisation level the package itself is built at, 0 to 3 (its dependencies keep your profile). Default 1: the instrumentation is inlined there, so compute-heavy tests run faster than a plain debug `cargo test`; debug assertions and overflow checks stay on, and verdicts count steps, not time. 0 builds exactly the test profile\'s code' -r
complete -c verigym -n "__fish_verigym_using_subcommand catalog" -l fuel -d 'Crate: loop iterations plus calls each test may make before it counts as a timeout, as `verigym audit --fuel` (default: the audit\'s)' -r
complete -c verigym -n "__fish_verigym_using_subcommand catalog" -l threads -d 'Worker threads for generation and verification (default: one per core)' -r
complete -c verigym -n "__fish_verigym_using_subcommand catalog" -l progress -d 'How to show progress of long commands on stderr' -r -f -a "auto\t'A bar when stderr is a terminal, plain lines otherwise'
bar\t'A bar'
lines\t'Plain lines'
off\t'Nothing'"
complete -c verigym -n "__fish_verigym_using_subcommand catalog" -l all-features -d 'Crate: enable every feature'
complete -c verigym -n "__fish_verigym_using_subcommand catalog" -l no-default-features -d 'Crate: do not enable the default features'
complete -c verigym -n "__fish_verigym_using_subcommand catalog" -l hidden-only -d 'Crate: REPO is an existing catalog directory; survey its hidden differential suite again and write its `hidden.json` (for a catalog made before the suite, or by another version)'
complete -c verigym -n "__fish_verigym_using_subcommand catalog" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c verigym -n "__fish_verigym_using_subcommand fix-agent" -l verifier -d 'The suite the agent runs after each edit to decide it is done: `weak` or `strong`' -r
complete -c verigym -n "__fish_verigym_using_subcommand fix-agent" -l budget -d 'Edits the agent may try per task before it gives up (default: all of them)' -r
complete -c verigym -n "__fish_verigym_using_subcommand fix-agent" -l simulate -d 'Also sample the figure: this many seeded runs of the agent over every task (0: off)' -r
complete -c verigym -n "__fish_verigym_using_subcommand fix-agent" -l seed -d 'Seed of the simulation\'s edit orders' -r
complete -c verigym -n "__fish_verigym_using_subcommand fix-agent" -l json -d 'Also write the full report as JSON to this file (`-` for stdout, replacing the table)' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand fix-agent" -l fuel -d 'Loop iterations plus calls each test may make before it counts as a timeout' -r
complete -c verigym -n "__fish_verigym_using_subcommand fix-agent" -l threads -d 'Worker threads for generation and verification (default: one per core)' -r
complete -c verigym -n "__fish_verigym_using_subcommand fix-agent" -l progress -d 'How to show progress of long commands on stderr' -r -f -a "auto\t'A bar when stderr is a terminal, plain lines otherwise'
bar\t'A bar'
lines\t'Plain lines'
off\t'Nothing'"
complete -c verigym -n "__fish_verigym_using_subcommand fix-agent" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c verigym -n "__fish_verigym_using_subcommand serve" -l addr -d 'Address to listen on. Loopback unless --allow-remote; port 0 picks a free port' -r
complete -c verigym -n "__fish_verigym_using_subcommand serve" -l token-file -d 'A file holding the bearer token (at least 16 bytes) that every request but GET /health must carry as `Authorization: Bearer TOKEN`' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand serve" -l store-size -d 'Records kept for verification by id (an LRU); older ids answer 404' -r
complete -c verigym -n "__fish_verigym_using_subcommand serve" -l max-body -d 'The largest request body, in bytes' -r
complete -c verigym -n "__fish_verigym_using_subcommand serve" -l request-timeout -d 'Seconds a request may take before it is answered 503' -r
complete -c verigym -n "__fish_verigym_using_subcommand serve" -l header-timeout -d 'Seconds a client may take to send a request\'s headers; also the longest gap allowed in a request body, which must average at least 16 KiB/s after that grace (408 otherwise)' -r
complete -c verigym -n "__fish_verigym_using_subcommand serve" -l drain-timeout -d 'Seconds shutdown waits for in-flight requests' -r
complete -c verigym -n "__fish_verigym_using_subcommand serve" -l compile-concurrency -d 'repo_fix groups compiled at once' -r
complete -c verigym -n "__fish_verigym_using_subcommand serve" -l compile-queue -d 'repo_fix groups that may wait for a compile; more are answered 503 with Retry-After' -r
complete -c verigym -n "__fish_verigym_using_subcommand serve" -l max-in-flight -d 'Requests handled at once; more wait' -r
complete -c verigym -n "__fish_verigym_using_subcommand serve" -l max-sessions -d 'Episodes live at once (HTTP and websocket, under /openenv); more are answered 503' -r
complete -c verigym -n "__fish_verigym_using_subcommand serve" -l max-agentic-sessions -d 'Agentic repo_fix episodes live at once, within --max-sessions; more are answered 503. Each may hold a build dir on disk (6.7 MB for a mini repo\'s `run_tests`)' -r
complete -c verigym -n "__fish_verigym_using_subcommand serve" -l session-idle -d 'Seconds an episode may sit without a step before it expires (then 410)' -r
complete -c verigym -n "__fish_verigym_using_subcommand serve" -l episode-env -d 'The env an episode reset names no `env` or `record` for: interactive, or any env for a feedback episode' -r
complete -c verigym -n "__fish_verigym_using_subcommand serve" -l curriculum -d 'Serve one shared curriculum from this config (TOML, as for `verigym curriculum`)' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand serve" -l state-dir -d 'Directory of the curriculum\'s state snapshot and journal; restored at start' -r -F
complete -c verigym -n "__fish_verigym_using_subcommand serve" -l save-interval -d 'Seconds between curriculum state snapshots (also saved at shutdown)' -r
complete -c verigym -n "__fish_verigym_using_subcommand serve" -l threads -d 'Worker threads for generation and verification (default: one per core)' -r
complete -c verigym -n "__fish_verigym_using_subcommand serve" -l progress -d 'How to show progress of long commands on stderr' -r -f -a "auto\t'A bar when stderr is a terminal, plain lines otherwise'
bar\t'A bar'
lines\t'Plain lines'
off\t'Nothing'"
complete -c verigym -n "__fish_verigym_using_subcommand serve" -l allow-remote -d 'Allow a non-loopback --addr; requires --token-file'
complete -c verigym -n "__fish_verigym_using_subcommand serve" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c verigym -n "__fish_verigym_using_subcommand help; and not __fish_seen_subcommand_from list generate verify eval probe suite schema gen-docs simulate curriculum episode play audit catalog fix-agent serve help" -f -a "list" -d 'List the envs with their versions and params'
complete -c verigym -n "__fish_verigym_using_subcommand help; and not __fish_seen_subcommand_from list generate verify eval probe suite schema gen-docs simulate curriculum episode play audit catalog fix-agent serve help" -f -a "generate" -d 'Write problems as JSON lines'
complete -c verigym -n "__fish_verigym_using_subcommand help; and not __fish_seen_subcommand_from list generate verify eval probe suite schema gen-docs simulate curriculum episode play audit catalog fix-agent serve help" -f -a "verify" -d 'Verify responses against problems; verdicts as JSON lines, a summary on stderr'
complete -c verigym -n "__fish_verigym_using_subcommand help; and not __fish_seen_subcommand_from list generate verify eval probe suite schema gen-docs simulate curriculum episode play audit catalog fix-agent serve help" -f -a "eval" -d 'Benchmark figures: unbiased pass@k, CoT-pass@k, score and format, per env and level'
complete -c verigym -n "__fish_verigym_using_subcommand help; and not __fish_seen_subcommand_from list generate verify eval probe suite schema gen-docs simulate curriculum episode play audit catalog fix-agent serve help" -f -a "probe" -d 'Measure verifiers: TPR, FPR and Youden\'s J on right answers in every allowed form, near misses and known hacks'
complete -c verigym -n "__fish_verigym_using_subcommand help; and not __fish_seen_subcommand_from list generate verify eval probe suite schema gen-docs simulate curriculum episode play audit catalog fix-agent serve help" -f -a "suite" -d 'Build or check frozen fixed-seed benchmark suites'
complete -c verigym -n "__fish_verigym_using_subcommand help; and not __fish_seen_subcommand_from list generate verify eval probe suite schema gen-docs simulate curriculum episode play audit catalog fix-agent serve help" -f -a "schema" -d 'Write the JSON Schemas of every record and params type'
complete -c verigym -n "__fish_verigym_using_subcommand help; and not __fish_seen_subcommand_from list generate verify eval probe suite schema gen-docs simulate curriculum episode play audit catalog fix-agent serve help" -f -a "gen-docs" -d 'Write the shell completions (bash, zsh, fish, PowerShell) and man pages'
complete -c verigym -n "__fish_verigym_using_subcommand help; and not __fish_seen_subcommand_from list generate verify eval probe suite schema gen-docs simulate curriculum episode play audit catalog fix-agent serve help" -f -a "simulate" -d 'Run a curriculum controller against a simulated learner and print a table'
complete -c verigym -n "__fish_verigym_using_subcommand help; and not __fish_seen_subcommand_from list generate verify eval probe suite schema gen-docs simulate curriculum episode play audit catalog fix-agent serve help" -f -a "curriculum" -d 'Serve a curriculum over stdin/stdout: batches of problems out, reward lines in'
complete -c verigym -n "__fish_verigym_using_subcommand help; and not __fish_seen_subcommand_from list generate verify eval probe suite schema gen-docs simulate curriculum episode play audit catalog fix-agent serve help" -f -a "episode" -d 'Multi-turn episodes: scripted agents through interactive envs, and re-judged transcripts'
complete -c verigym -n "__fish_verigym_using_subcommand help; and not __fish_seen_subcommand_from list generate verify eval probe suite schema gen-docs simulate curriculum episode play audit catalog fix-agent serve help" -f -a "play" -d 'Play one episode in a terminal: an interactive env, or a single-turn env with feedback'
complete -c verigym -n "__fish_verigym_using_subcommand help; and not __fish_seen_subcommand_from list generate verify eval probe suite schema gen-docs simulate curriculum episode play audit catalog fix-agent serve help" -f -a "audit" -d 'Mutation-score audit of a mini-repo\'s test suite (needs rustc)'
complete -c verigym -n "__fish_verigym_using_subcommand help; and not __fish_seen_subcommand_from list generate verify eval probe suite schema gen-docs simulate curriculum episode play audit catalog fix-agent serve help" -f -a "catalog" -d 'Build a bug catalog for `repo_fix`: every mutant a mini repo\'s strong suite, or a Cargo package\'s own tests, kill cleanly (needs rustc; a package also cargo)'
complete -c verigym -n "__fish_verigym_using_subcommand help; and not __fish_seen_subcommand_from list generate verify eval probe suite schema gen-docs simulate curriculum episode play audit catalog fix-agent serve help" -f -a "fix-agent" -d 'The naive random-edit fix agent on a mini-repo: how many declared fixes are fake (needs rustc)'
complete -c verigym -n "__fish_verigym_using_subcommand help; and not __fish_seen_subcommand_from list generate verify eval probe suite schema gen-docs simulate curriculum episode play audit catalog fix-agent serve help" -f -a "serve" -d 'Serve rewards, problems and a shared curriculum over HTTP (see the README\'s server section)'
complete -c verigym -n "__fish_verigym_using_subcommand help; and not __fish_seen_subcommand_from list generate verify eval probe suite schema gen-docs simulate curriculum episode play audit catalog fix-agent serve help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c verigym -n "__fish_verigym_using_subcommand help; and __fish_seen_subcommand_from suite" -f -a "build" -d 'Build a suite: one JSONL file per entry plus manifest.json'
complete -c verigym -n "__fish_verigym_using_subcommand help; and __fish_seen_subcommand_from suite" -f -a "check" -d 'Re-derive a built suite from its manifest and confirm every byte matches'
complete -c verigym -n "__fish_verigym_using_subcommand help; and __fish_seen_subcommand_from episode" -f -a "run" -d 'Plays scripted agents through an interactive env\'s episodes and writes their transcripts'
complete -c verigym -n "__fish_verigym_using_subcommand help; and __fish_seen_subcommand_from episode" -f -a "verify" -d 'Replays transcripts from their records and actions, and judges them again'
complete -c verigym -n "__fish_verigym_using_subcommand help; and __fish_seen_subcommand_from episode" -f -a "probe" -d 'Probes each interactive env as an attacker: the optimal agent must be paid, hostile agents never; prints TPR, FPR and Youden\'s J per env'
