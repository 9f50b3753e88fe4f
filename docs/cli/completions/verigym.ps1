
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'verigym' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'verigym'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'verigym' {
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for generation and verification (default: one per core)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'How to show progress of long commands on stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the envs with their versions and params')
            [CompletionResult]::new('generate', 'generate', [CompletionResultType]::ParameterValue, 'Write problems as JSON lines')
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Verify responses against problems; verdicts as JSON lines, a summary on stderr')
            [CompletionResult]::new('eval', 'eval', [CompletionResultType]::ParameterValue, 'Benchmark figures: unbiased pass@k, CoT-pass@k, score and format, per env and level')
            [CompletionResult]::new('probe', 'probe', [CompletionResultType]::ParameterValue, 'Measure verifiers: TPR, FPR and Youden''s J on right answers in every allowed form, near misses and known hacks')
            [CompletionResult]::new('suite', 'suite', [CompletionResultType]::ParameterValue, 'Build or check frozen fixed-seed benchmark suites')
            [CompletionResult]::new('schema', 'schema', [CompletionResultType]::ParameterValue, 'Write the JSON Schemas of every record and params type')
            [CompletionResult]::new('gen-docs', 'gen-docs', [CompletionResultType]::ParameterValue, 'Write the shell completions (bash, zsh, fish, PowerShell) and man pages')
            [CompletionResult]::new('simulate', 'simulate', [CompletionResultType]::ParameterValue, 'Run a curriculum controller against a simulated learner and print a table')
            [CompletionResult]::new('curriculum', 'curriculum', [CompletionResultType]::ParameterValue, 'Serve a curriculum over stdin/stdout: batches of problems out, reward lines in')
            [CompletionResult]::new('episode', 'episode', [CompletionResultType]::ParameterValue, 'Multi-turn episodes: scripted agents through interactive envs, and re-judged transcripts')
            [CompletionResult]::new('play', 'play', [CompletionResultType]::ParameterValue, 'Play one episode in a terminal: an interactive env, or a single-turn env with feedback')
            [CompletionResult]::new('audit', 'audit', [CompletionResultType]::ParameterValue, 'Mutation-score audit of a mini-repo''s test suite (needs rustc)')
            [CompletionResult]::new('catalog', 'catalog', [CompletionResultType]::ParameterValue, 'Build a bug catalog for `repo_fix`: every mutant a mini repo''s strong suite, or a Cargo package''s own tests, kill cleanly (needs rustc; a package also cargo)')
            [CompletionResult]::new('fix-agent', 'fix-agent', [CompletionResultType]::ParameterValue, 'The naive random-edit fix agent on a mini-repo: how many declared fixes are fake (needs rustc)')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve rewards, problems and a shared curriculum over HTTP (see the README''s server section)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'verigym;list' {
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for generation and verification (default: one per core)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'How to show progress of long commands on stderr')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of a table')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'verigym;generate' {
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The env id (see `verigym list`), interactive envs'' included')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'The master seed')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'How many problems to write')
            [CompletionResult]::new('--count', '--count', [CompletionResultType]::ParameterName, 'How many problems to write')
            [CompletionResult]::new('--start', '--start', [CompletionResultType]::ParameterName, 'The index of the first problem; problem i is the same in any run that includes it')
            [CompletionResult]::new('--level', '--level', [CompletionResultType]::ParameterName, 'The level, from 0 (easiest) to 10, that the env maps to params (`--difficulty` is an alias)')
            [CompletionResult]::new('--difficulty', '--difficulty', [CompletionResultType]::ParameterName, 'The level, from 0 (easiest) to 10, that the env maps to params (`--difficulty` is an alias)')
            [CompletionResult]::new('--param', '--param', [CompletionResultType]::ParameterName, 'A param as NAME=VALUE, applied after --level (repeatable)')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Write to this file instead of stdout; it appears only when complete')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for generation and verification (default: one per core)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'How to show progress of long commands on stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'verigym;verify' {
            [CompletionResult]::new('--problems', '--problems', [CompletionResultType]::ParameterName, 'Problem records (JSONL), as written by `verigym generate`; `-` reads standard input')
            [CompletionResult]::new('--responses', '--responses', [CompletionResultType]::ParameterName, 'Responses (JSONL): `{"id": ..., "response": "..."}` or `{"id": ..., "responses": [...]}`; several per problem for pass@k; `-` reads standard input')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Write verdicts to this file instead of stdout; it appears only when complete')
            [CompletionResult]::new('--summary-json', '--summary-json', [CompletionResultType]::ParameterName, 'Also write the summary as JSON to this file')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for generation and verification (default: one per core)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'How to show progress of long commands on stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'verigym;eval' {
            [CompletionResult]::new('--problems', '--problems', [CompletionResultType]::ParameterName, 'Problem records (JSONL), as written by `verigym generate`; `-` reads standard input')
            [CompletionResult]::new('--responses', '--responses', [CompletionResultType]::ParameterName, 'Responses (JSONL): `{"id": ..., "response": "..."}` or `{"id": ..., "responses": [...]}`; several per problem for pass@k; `-` reads standard input')
            [CompletionResult]::new('--k', '--k', [CompletionResultType]::ParameterName, 'The k values of pass@k, comma-separated')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Also write the report as JSON to this file')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for generation and verification (default: one per core)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'How to show progress of long commands on stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'verigym;probe' {
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'Probe only this env (default: every registered env)')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Problems per env')
            [CompletionResult]::new('--count', '--count', [CompletionResultType]::ParameterName, 'Problems per env')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'The master seed of the probed problems')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Also write the reports as JSON to this file')
            [CompletionResult]::new('--param', '--param', [CompletionResultType]::ParameterName, 'A param of `--env`''s as NAME=VALUE, applied after each level (repeatable), such as `repo=crate:heck` to probe `repo_fix` on a shipped crate')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for generation and verification (default: one per core)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'How to show progress of long commands on stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'verigym;suite' {
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for generation and verification (default: one per core)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'How to show progress of long commands on stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('build', 'build', [CompletionResultType]::ParameterValue, 'Build a suite: one JSONL file per entry plus manifest.json')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Re-derive a built suite from its manifest and confirm every byte matches')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'verigym;suite;build' {
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'The directory to write into')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for generation and verification (default: one per core)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'How to show progress of long commands on stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'verigym;suite;check' {
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for generation and verification (default: one per core)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'How to show progress of long commands on stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'verigym;suite;help' {
            [CompletionResult]::new('build', 'build', [CompletionResultType]::ParameterValue, 'Build a suite: one JSONL file per entry plus manifest.json')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Re-derive a built suite from its manifest and confirm every byte matches')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'verigym;suite;help;build' {
            break
        }
        'verigym;suite;help;check' {
            break
        }
        'verigym;suite;help;help' {
            break
        }
        'verigym;schema' {
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'The directory to write into')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for generation and verification (default: one per core)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'How to show progress of long commands on stderr')
            [CompletionResult]::new('--check', '--check', [CompletionResultType]::ParameterName, 'Write nothing; fail if any file in --out differs from what would be written')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'verigym;gen-docs' {
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'The directory to write into')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for generation and verification (default: one per core)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'How to show progress of long commands on stderr')
            [CompletionResult]::new('--check', '--check', [CompletionResultType]::ParameterName, 'Write nothing; fail if any file in --out differs from what would be written')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'verigym;simulate' {
            [CompletionResult]::new('--controller', '--controller', [CompletionResultType]::ParameterName, 'The controller')
            [CompletionResult]::new('--learner', '--learner', [CompletionResultType]::ParameterName, 'The learner: irt (drifting item-response), world (modarith reasoning world), or one of the held-out shapes dip, cliff, regression, sharp_cliff, mild_dip and rise_fall')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'The seed of the curriculum and the learner (with --compare: the first of --seeds)')
            [CompletionResult]::new('--groups', '--groups', [CompletionResultType]::ParameterName, 'The budget, in groups')
            [CompletionResult]::new('--group-size', '--group-size', [CompletionResultType]::ParameterName, 'Answers per group (G)')
            [CompletionResult]::new('--batch', '--batch', [CompletionResultType]::ParameterName, 'Problems per batch')
            [CompletionResult]::new('--target', '--target', [CompletionResultType]::ParameterName, 'The target solve rate')
            [CompletionResult]::new('--irt-theta', '--irt-theta', [CompletionResultType]::ParameterName, 'Starting ability θ of the irt learner: it solves half the problems at level 5 + θ. The default, -3, puts that at level 2, where the target, reasoning_gym and ada_rft controllers start (rlve starts at 0, fixed sits at 5, uniform spans 0 to 10)')
            [CompletionResult]::new('--seeds', '--seeds', [CompletionResultType]::ParameterName, 'Seeds for --compare: seed, seed+1, …')
            [CompletionResult]::new('--preset', '--preset', [CompletionResultType]::ParameterName, 'Run one of the lecture demos instead')
            [CompletionResult]::new('--plot', '--plot', [CompletionResultType]::ParameterName, 'Also draw solve rate, level and skill over time to this SVG file. A plot shows one run, so it cannot be combined with --compare or --preset')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for generation and verification (default: one per core)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'How to show progress of long commands on stderr')
            [CompletionResult]::new('--compare', '--compare', [CompletionResultType]::ParameterName, 'Run every controller on every learner (irt, world and the held-out dip, cliff, regression, sharp_cliff, mild_dip and rise_fall) and print mean ± sd over --seeds seeds')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'verigym;curriculum' {
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'The curriculum config (TOML; schema in schemas/curriculum-config.schema.json)')
            [CompletionResult]::new('--state', '--state', [CompletionResultType]::ParameterName, 'Save the state here after every round, and resume from it when it exists. The file is locked (through `<state>.lock`) so a second process on it fails instead of overwriting')
            [CompletionResult]::new('--rounds', '--rounds', [CompletionResultType]::ParameterName, 'Stop after this many rounds of this run (default: until stdin ends). The acknowledgement''s `round` counts every round of the state, across resumes')
            [CompletionResult]::new('--batch', '--batch', [CompletionResultType]::ParameterName, 'Problems per round, instead of the config''s `batch`. A reward line `{"batch": N}` changes it for the rounds after the current one')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for generation and verification (default: one per core)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'How to show progress of long commands on stderr')
            [CompletionResult]::new('--telemetry', '--telemetry', [CompletionResultType]::ParameterName, 'Write a telemetry JSON line to stderr after every round')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'verigym;episode' {
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for generation and verification (default: one per core)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'How to show progress of long commands on stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Plays scripted agents through an interactive env''s episodes and writes their transcripts')
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Replays transcripts from their records and actions, and judges them again')
            [CompletionResult]::new('probe', 'probe', [CompletionResultType]::ParameterValue, 'Probes each interactive env as an attacker: the optimal agent must be paid, hostile agents never; prints TPR, FPR and Youden''s J per env')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'verigym;episode;run' {
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The env id: an interactive env, or any single-turn env for a feedback episode')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'The master seed')
            [CompletionResult]::new('--start', '--start', [CompletionResultType]::ParameterName, 'The index of the first problem')
            [CompletionResult]::new('--level', '--level', [CompletionResultType]::ParameterName, 'The level, from 0 (easiest) to 10')
            [CompletionResult]::new('--difficulty', '--difficulty', [CompletionResultType]::ParameterName, 'The level, from 0 (easiest) to 10')
            [CompletionResult]::new('--param', '--param', [CompletionResultType]::ParameterName, 'A param as NAME=VALUE, applied after --level (repeatable)')
            [CompletionResult]::new('--feedback-turns', '--feedback-turns', [CompletionResultType]::ParameterName, 'For a single-turn env: answers allowed, with feedback after each wrong one (1 to 16)')
            [CompletionResult]::new('--reward', '--reward', [CompletionResultType]::ParameterName, 'For a single-turn env: `solved`, `first_turn`, or `discounted:GAMMA` with GAMMA in (0, 1]')
            [CompletionResult]::new('--agentic-turns', '--agentic-turns', [CompletionResultType]::ParameterName, 'For an agentic episode: turns allowed, tool calls and the submission included (1 to 64; default 20). Implies --agentic')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Episodes to play')
            [CompletionResult]::new('--count', '--count', [CompletionResultType]::ParameterName, 'Episodes to play')
            [CompletionResult]::new('--agent', '--agent', [CompletionResultType]::ParameterName, 'The scripted agent: `optimal` (the env''s solver strategy, built without the hidden state) or `random` (random queries, then a random answer); for an agentic repo_fix episode, `reference` (applies the record''s own catalogued fix: a pipeline check, not a solver) or `lazy` (submits the crate unchanged)')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Write the transcripts (JSONL) to this file instead of stdout')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for generation and verification (default: one per core)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'How to show progress of long commands on stderr')
            [CompletionResult]::new('--agentic', '--agentic', [CompletionResultType]::ParameterName, 'For repo_fix: an agentic episode, working on the mini repo with tools (list_files, read_file, run_tests, replace_function) before submitting')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'verigym;episode;verify' {
            [CompletionResult]::new('--transcripts', '--transcripts', [CompletionResultType]::ParameterName, 'Transcripts (JSONL) as `episode run`, `play` or a trainer wrote them; `-` reads stdin')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Write the judgements (JSONL) to this file instead of stdout')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for generation and verification (default: one per core)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'How to show progress of long commands on stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'verigym;episode;probe' {
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Problems per level (levels 0, 5 and 10)')
            [CompletionResult]::new('--count', '--count', [CompletionResultType]::ParameterName, 'Problems per level (levels 0, 5 and 10)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'The master seed')
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'Probe this env only')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for generation and verification (default: one per core)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'How to show progress of long commands on stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'verigym;episode;help' {
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Plays scripted agents through an interactive env''s episodes and writes their transcripts')
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Replays transcripts from their records and actions, and judges them again')
            [CompletionResult]::new('probe', 'probe', [CompletionResultType]::ParameterValue, 'Probes each interactive env as an attacker: the optimal agent must be paid, hostile agents never; prints TPR, FPR and Youden''s J per env')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'verigym;episode;help;run' {
            break
        }
        'verigym;episode;help;verify' {
            break
        }
        'verigym;episode;help;probe' {
            break
        }
        'verigym;episode;help;help' {
            break
        }
        'verigym;play' {
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The env id: an interactive env, or any single-turn env for a feedback episode')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'The master seed')
            [CompletionResult]::new('--start', '--start', [CompletionResultType]::ParameterName, 'The index of the first problem')
            [CompletionResult]::new('--level', '--level', [CompletionResultType]::ParameterName, 'The level, from 0 (easiest) to 10')
            [CompletionResult]::new('--difficulty', '--difficulty', [CompletionResultType]::ParameterName, 'The level, from 0 (easiest) to 10')
            [CompletionResult]::new('--param', '--param', [CompletionResultType]::ParameterName, 'A param as NAME=VALUE, applied after --level (repeatable)')
            [CompletionResult]::new('--feedback-turns', '--feedback-turns', [CompletionResultType]::ParameterName, 'For a single-turn env: answers allowed, with feedback after each wrong one (1 to 16)')
            [CompletionResult]::new('--reward', '--reward', [CompletionResultType]::ParameterName, 'For a single-turn env: `solved`, `first_turn`, or `discounted:GAMMA` with GAMMA in (0, 1]')
            [CompletionResult]::new('--agentic-turns', '--agentic-turns', [CompletionResultType]::ParameterName, 'For an agentic episode: turns allowed, tool calls and the submission included (1 to 64; default 20). Implies --agentic')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Write the episode''s transcript (one JSON line) to this file when it ends')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for generation and verification (default: one per core)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'How to show progress of long commands on stderr')
            [CompletionResult]::new('--agentic', '--agentic', [CompletionResultType]::ParameterName, 'For repo_fix: an agentic episode, working on the mini repo with tools (list_files, read_file, run_tests, replace_function) before submitting')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'verigym;audit' {
            [CompletionResult]::new('--suite', '--suite', [CompletionResultType]::ParameterName, 'Mini repo: `strong`, `weak`, or the path of a suite file (a module body of `#[test]` fns). Crate: one integration test, by file (relative to the package) or target name')
            [CompletionResult]::new('-p', '-p', [CompletionResultType]::ParameterName, 'Crate: the workspace member to use')
            [CompletionResult]::new('--package', '--package', [CompletionResultType]::ParameterName, 'Crate: the workspace member to use')
            [CompletionResult]::new('--features', '--features', [CompletionResultType]::ParameterName, 'Crate: features to enable (comma- or space-separated, repeatable)')
            [CompletionResult]::new('--tests', '--tests', [CompletionResultType]::ParameterName, 'Crate: which tests count')
            [CompletionResult]::new('--test-filter', '--test-filter', [CompletionResultType]::ParameterName, 'Crate: only tests whose name contains this, as `cargo test FILTER`')
            [CompletionResult]::new('--target-dir', '--target-dir', [CompletionResultType]::ParameterName, 'Crate: cargo''s target directory (default: a temporary one; reuse one to keep built dependencies between runs)')
            [CompletionResult]::new('--opt-level', '--opt-level', [CompletionResultType]::ParameterName, 'Crate: the optimisation level the package itself is built at, 0 to 3 (its dependencies keep your profile). Default 1: the instrumentation is inlined there, so compute-heavy tests run faster than a plain debug `cargo test`; debug assertions and overflow checks stay on, and verdicts count steps, not time. 0 builds exactly the test profile''s code')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Also write the full report as JSON to this file (`-` for stdout, replacing the table)')
            [CompletionResult]::new('--equivalence-inputs', '--equivalence-inputs', [CompletionResultType]::ParameterName, 'Random inputs per function when checking survivors for equivalence (0: off)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of those inputs')
            [CompletionResult]::new('--fuel', '--fuel', [CompletionResultType]::ParameterName, 'Loop iterations plus calls each test may make before it counts as a timeout. Mini repo: the tank of every run (default 1 000 000). Crate: the ceiling (default 100 000 000); the baseline runs with it, and each mutant run with a tank sized from the baseline, 20 × the most fuel a test of that run used, at least 2 000 000, at most this; a run whose tank runs dry runs again with a tank 20 × larger (at most this) before it counts as a timeout')
            [CompletionResult]::new('--mutants-out', '--mutants-out', [CompletionResultType]::ParameterName, 'Also write cargo-mutants'' `mutants.out` layout (`outcomes.json`, `caught.txt`, `missed.txt`, `timeout.txt`, `unviable.txt`, `mutants.json`, `diff/`, `log/`) into this directory, mutant by mutant as results arrive; `outcomes.json` gets its `end_time` when the audit completes. A previous `mutants.out` there moves to `DIR.old`')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Only mutants in files matching this glob (relative to the mini repo or the package directory, as `src/foo/bar.rs`; `*`, `?`, `**`; a glob without `/` matches a file or directory name anywhere). Repeatable')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Leave out mutants in files matching this glob (as `--file`). Repeatable')
            [CompletionResult]::new('--function', '--function', [CompletionResultType]::ParameterName, 'Only mutants in functions (`name` or `Type::method`) this regex matches (unanchored)')
            [CompletionResult]::new('--in-diff', '--in-diff', [CompletionResultType]::ParameterName, 'Only mutants on lines this unified diff adds or changes, for pull requests. Paths are relative to the mini repo or the package directory (`git diff --relative` run there, or plain `git diff` when it is the repository root)')
            [CompletionResult]::new('--shard', '--shard', [CompletionResultType]::ParameterName, 'Run only shard K of N (0 <= K < N), round-robin over the selected mutants in source order (a crate''s files in module order), for a CI matrix: every shard must use the same filters, N and cargo flags. Only the shard''s mutants are built')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for generation and verification (default: one per core)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'How to show progress of long commands on stderr')
            [CompletionResult]::new('--all-features', '--all-features', [CompletionResultType]::ParameterName, 'Crate: enable every feature')
            [CompletionResult]::new('--no-default-features', '--no-default-features', [CompletionResultType]::ParameterName, 'Crate: do not enable the default features')
            [CompletionResult]::new('--full-matrix', '--full-matrix', [CompletionResultType]::ParameterName, 'Crate: run every test against every mutant (the full kill matrix, in cargo''s order) instead of only the tests that reach it, cheapest first, stopping at the first failure')
            [CompletionResult]::new('--diffs', '--diffs', [CompletionResultType]::ParameterName, 'Print each survivor''s diff under its line in the table (one line each without it; the diffs are always in the JSON report and in `--mutants-out DIR/diff/`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'verigym;catalog' {
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Mini repo: where to write the catalog (`-` for stdout) [default: <REPO>/bugs.json]. Crate (required): the catalog directory, which gets `catalog.json` and `source/`, the package''s copy the catalog was built from; it must be new, empty or a previous catalog (replaced), and outside the package')
            [CompletionResult]::new('--suite', '--suite', [CompletionResultType]::ParameterName, 'Crate: one integration test, by file (relative to the package) or target name')
            [CompletionResult]::new('-p', '-p', [CompletionResultType]::ParameterName, 'Crate: the workspace member to use')
            [CompletionResult]::new('--package', '--package', [CompletionResultType]::ParameterName, 'Crate: the workspace member to use')
            [CompletionResult]::new('--features', '--features', [CompletionResultType]::ParameterName, 'Crate: features to enable (comma- or space-separated, repeatable)')
            [CompletionResult]::new('--tests', '--tests', [CompletionResultType]::ParameterName, 'Crate: which tests count')
            [CompletionResult]::new('--test-filter', '--test-filter', [CompletionResultType]::ParameterName, 'Crate: only tests whose name contains this, as `cargo test FILTER`')
            [CompletionResult]::new('--target-dir', '--target-dir', [CompletionResultType]::ParameterName, 'Crate: cargo''s target directory (default: a temporary one; reuse one to keep built dependencies between runs)')
            [CompletionResult]::new('--opt-level', '--opt-level', [CompletionResultType]::ParameterName, 'Crate: the optimisation level the package itself is built at, 0 to 3 (its dependencies keep your profile). Default 1: the instrumentation is inlined there, so compute-heavy tests run faster than a plain debug `cargo test`; debug assertions and overflow checks stay on, and verdicts count steps, not time. 0 builds exactly the test profile''s code')
            [CompletionResult]::new('--fuel', '--fuel', [CompletionResultType]::ParameterName, 'Crate: loop iterations plus calls each test may make before it counts as a timeout, as `verigym audit --fuel` (default: the audit''s)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for generation and verification (default: one per core)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'How to show progress of long commands on stderr')
            [CompletionResult]::new('--all-features', '--all-features', [CompletionResultType]::ParameterName, 'Crate: enable every feature')
            [CompletionResult]::new('--no-default-features', '--no-default-features', [CompletionResultType]::ParameterName, 'Crate: do not enable the default features')
            [CompletionResult]::new('--hidden-only', '--hidden-only', [CompletionResultType]::ParameterName, 'Crate: REPO is an existing catalog directory; survey its hidden differential suite again and write its `hidden.json` (for a catalog made before the suite, or by another version)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'verigym;fix-agent' {
            [CompletionResult]::new('--verifier', '--verifier', [CompletionResultType]::ParameterName, 'The suite the agent runs after each edit to decide it is done: `weak` or `strong`')
            [CompletionResult]::new('--budget', '--budget', [CompletionResultType]::ParameterName, 'Edits the agent may try per task before it gives up (default: all of them)')
            [CompletionResult]::new('--simulate', '--simulate', [CompletionResultType]::ParameterName, 'Also sample the figure: this many seeded runs of the agent over every task (0: off)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the simulation''s edit orders')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Also write the full report as JSON to this file (`-` for stdout, replacing the table)')
            [CompletionResult]::new('--fuel', '--fuel', [CompletionResultType]::ParameterName, 'Loop iterations plus calls each test may make before it counts as a timeout')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for generation and verification (default: one per core)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'How to show progress of long commands on stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'verigym;serve' {
            [CompletionResult]::new('--addr', '--addr', [CompletionResultType]::ParameterName, 'Address to listen on. Loopback unless --allow-remote; port 0 picks a free port')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'A file holding the bearer token (at least 16 bytes) that every request but GET /health must carry as `Authorization: Bearer TOKEN`')
            [CompletionResult]::new('--store-size', '--store-size', [CompletionResultType]::ParameterName, 'Records kept for verification by id (an LRU); older ids answer 404')
            [CompletionResult]::new('--max-body', '--max-body', [CompletionResultType]::ParameterName, 'The largest request body, in bytes')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Seconds a request may take before it is answered 503')
            [CompletionResult]::new('--header-timeout', '--header-timeout', [CompletionResultType]::ParameterName, 'Seconds a client may take to send a request''s headers; also the longest gap allowed in a request body, which must average at least 16 KiB/s after that grace (408 otherwise)')
            [CompletionResult]::new('--drain-timeout', '--drain-timeout', [CompletionResultType]::ParameterName, 'Seconds shutdown waits for in-flight requests')
            [CompletionResult]::new('--compile-concurrency', '--compile-concurrency', [CompletionResultType]::ParameterName, 'repo_fix groups compiled at once')
            [CompletionResult]::new('--compile-queue', '--compile-queue', [CompletionResultType]::ParameterName, 'repo_fix groups that may wait for a compile; more are answered 503 with Retry-After')
            [CompletionResult]::new('--max-in-flight', '--max-in-flight', [CompletionResultType]::ParameterName, 'Requests handled at once; more wait')
            [CompletionResult]::new('--max-sessions', '--max-sessions', [CompletionResultType]::ParameterName, 'Episodes live at once (HTTP and websocket, under /openenv); more are answered 503')
            [CompletionResult]::new('--max-agentic-sessions', '--max-agentic-sessions', [CompletionResultType]::ParameterName, 'Agentic repo_fix episodes live at once, within --max-sessions; more are answered 503. Each may hold a build dir on disk (6.7 MB for a mini repo''s `run_tests`)')
            [CompletionResult]::new('--session-idle', '--session-idle', [CompletionResultType]::ParameterName, 'Seconds an episode may sit without a step before it expires (then 410)')
            [CompletionResult]::new('--episode-env', '--episode-env', [CompletionResultType]::ParameterName, 'The env an episode reset names no `env` or `record` for: interactive, or any env for a feedback episode')
            [CompletionResult]::new('--curriculum', '--curriculum', [CompletionResultType]::ParameterName, 'Serve one shared curriculum from this config (TOML, as for `verigym curriculum`)')
            [CompletionResult]::new('--state-dir', '--state-dir', [CompletionResultType]::ParameterName, 'Directory of the curriculum''s state snapshot and journal; restored at start')
            [CompletionResult]::new('--save-interval', '--save-interval', [CompletionResultType]::ParameterName, 'Seconds between curriculum state snapshots (also saved at shutdown)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for generation and verification (default: one per core)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'How to show progress of long commands on stderr')
            [CompletionResult]::new('--allow-remote', '--allow-remote', [CompletionResultType]::ParameterName, 'Allow a non-loopback --addr; requires --token-file')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'verigym;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the envs with their versions and params')
            [CompletionResult]::new('generate', 'generate', [CompletionResultType]::ParameterValue, 'Write problems as JSON lines')
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Verify responses against problems; verdicts as JSON lines, a summary on stderr')
            [CompletionResult]::new('eval', 'eval', [CompletionResultType]::ParameterValue, 'Benchmark figures: unbiased pass@k, CoT-pass@k, score and format, per env and level')
            [CompletionResult]::new('probe', 'probe', [CompletionResultType]::ParameterValue, 'Measure verifiers: TPR, FPR and Youden''s J on right answers in every allowed form, near misses and known hacks')
            [CompletionResult]::new('suite', 'suite', [CompletionResultType]::ParameterValue, 'Build or check frozen fixed-seed benchmark suites')
            [CompletionResult]::new('schema', 'schema', [CompletionResultType]::ParameterValue, 'Write the JSON Schemas of every record and params type')
            [CompletionResult]::new('gen-docs', 'gen-docs', [CompletionResultType]::ParameterValue, 'Write the shell completions (bash, zsh, fish, PowerShell) and man pages')
            [CompletionResult]::new('simulate', 'simulate', [CompletionResultType]::ParameterValue, 'Run a curriculum controller against a simulated learner and print a table')
            [CompletionResult]::new('curriculum', 'curriculum', [CompletionResultType]::ParameterValue, 'Serve a curriculum over stdin/stdout: batches of problems out, reward lines in')
            [CompletionResult]::new('episode', 'episode', [CompletionResultType]::ParameterValue, 'Multi-turn episodes: scripted agents through interactive envs, and re-judged transcripts')
            [CompletionResult]::new('play', 'play', [CompletionResultType]::ParameterValue, 'Play one episode in a terminal: an interactive env, or a single-turn env with feedback')
            [CompletionResult]::new('audit', 'audit', [CompletionResultType]::ParameterValue, 'Mutation-score audit of a mini-repo''s test suite (needs rustc)')
            [CompletionResult]::new('catalog', 'catalog', [CompletionResultType]::ParameterValue, 'Build a bug catalog for `repo_fix`: every mutant a mini repo''s strong suite, or a Cargo package''s own tests, kill cleanly (needs rustc; a package also cargo)')
            [CompletionResult]::new('fix-agent', 'fix-agent', [CompletionResultType]::ParameterValue, 'The naive random-edit fix agent on a mini-repo: how many declared fixes are fake (needs rustc)')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve rewards, problems and a shared curriculum over HTTP (see the README''s server section)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'verigym;help;list' {
            break
        }
        'verigym;help;generate' {
            break
        }
        'verigym;help;verify' {
            break
        }
        'verigym;help;eval' {
            break
        }
        'verigym;help;probe' {
            break
        }
        'verigym;help;suite' {
            [CompletionResult]::new('build', 'build', [CompletionResultType]::ParameterValue, 'Build a suite: one JSONL file per entry plus manifest.json')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Re-derive a built suite from its manifest and confirm every byte matches')
            break
        }
        'verigym;help;suite;build' {
            break
        }
        'verigym;help;suite;check' {
            break
        }
        'verigym;help;schema' {
            break
        }
        'verigym;help;gen-docs' {
            break
        }
        'verigym;help;simulate' {
            break
        }
        'verigym;help;curriculum' {
            break
        }
        'verigym;help;episode' {
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Plays scripted agents through an interactive env''s episodes and writes their transcripts')
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Replays transcripts from their records and actions, and judges them again')
            [CompletionResult]::new('probe', 'probe', [CompletionResultType]::ParameterValue, 'Probes each interactive env as an attacker: the optimal agent must be paid, hostile agents never; prints TPR, FPR and Youden''s J per env')
            break
        }
        'verigym;help;episode;run' {
            break
        }
        'verigym;help;episode;verify' {
            break
        }
        'verigym;help;episode;probe' {
            break
        }
        'verigym;help;play' {
            break
        }
        'verigym;help;audit' {
            break
        }
        'verigym;help;catalog' {
            break
        }
        'verigym;help;fix-agent' {
            break
        }
        'verigym;help;serve' {
            break
        }
        'verigym;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
