"""Episodes: multi-turn problems with the reward at the end, and TRL's ``environment_factory``.

An :class:`Episode` is the library's state machine over one record: ``step(action)`` returns the
observation, the reward (0 until the last step) and ``done``; the final verdict uses the same
answer protocol as every single-turn env. Interactive envs (``interactive_envs()``) are solved by
asking (``<query>…</query>``) before answering; every other env plays as a feedback episode
(answer, hear the verdict's reason, try again).

With TRL (``GRPOTrainer(environment_factory=...)``)::

    from verigym.episodes import VerigymEnv, episode_dataset
    from trl import GRPOConfig, GRPOTrainer

    trainer = GRPOTrainer(
        model=model,
        args=GRPOConfig(...),
        train_dataset=episode_dataset("counterfeit_coin", 512, level=3),
        environment_factory=VerigymEnv,
    )

Each rollout gets its own ``VerigymEnv``; TRL calls ``reset(**row)`` with the dataset row (whose
``record`` column names the problem), exposes ``query`` and ``answer`` as tools, and reads the
episode's reward from ``get_reward()``.

With a curriculum whose envs have an ``episode`` schedule (``{"id": "zebra", "episode":
{"feedback": {"max_turns": [4, 1]}}}``: 4 answers at level 0, 1 at level 10), the rows are drawn
as TRL reads them, each with the turn budget its level gives, and ``curriculum_feedback`` hands
each group's episode rewards back, so the controller steers the level and the budget together::

    cur = verigym.Curriculum({"seed": 0, "target": 0.5, "envs": [...]})
    trainer = GRPOTrainer(
        model=model,
        args=GRPOConfig(...),
        train_dataset=curriculum_episode_dataset(cur, 100_000),
        environment_factory=VerigymEnv,
        reward_funcs=curriculum_feedback(cur),
    )

Agentic ``repo_fix`` episodes (``Episode(record, agentic={"max_turns": 20})``) have their own
adapter, :class:`VerigymRepoEnv`, whose tools are ``list_files``, ``read_file``, ``run_tests``,
``replace_function`` and ``submit``: ``environment_factory=VerigymRepoEnv`` with
``episode_dataset("repo_fix", n, agentic={"max_turns": 20})``.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Optional

from ._native import Curriculum, Episode, Record, episode_records, interactive_envs, rejudge
from ._served import CurriculumDataset

if TYPE_CHECKING:
    import datasets

__all__ = [
    "CurriculumFeedback",
    "Episode",
    "VerigymEnv",
    "VerigymRepoEnv",
    "curriculum_episode_dataset",
    "curriculum_feedback",
    "episode_dataset",
    "episode_records",
    "interactive_envs",
    "rejudge",
]

_TOOLS_NOTE = (
    "\n\nUse the tools: `query` to ask one question (interactive problems), `answer` to give "
    "your final answer."
)


_REPO_TOOLS_NOTE = (
    "\n\nUse the tools: `list_files` and `read_file` to look at the crate, `run_tests` to run its "
    "visible tests, `replace_function` to replace one function of src/lib.rs, and `submit` when "
    "it is fixed."
)


def episode_dataset(
    env: str,
    n: int,
    *,
    seed: int = 0,
    start: int = 0,
    level: Optional[float] = None,
    params: Optional[dict] = None,
    feedback: Optional[dict] = None,
    agentic: Optional[dict] = None,
):
    """A ``datasets.Dataset`` of ``n`` episodes for TRL: a conversational ``prompt`` (the record's
    prompt and a note on the tools), the ``record`` as JSON text, and the ``feedback`` options as
    JSON text (``"null"`` for interactive envs). Env params go in ``params``, never as keywords,
    so no param name can collide with an argument.

    For ``repo_fix`` the episodes are agentic (for :class:`VerigymRepoEnv`): ``agentic`` (default
    ``{}``, the library's defaults) goes in an ``agentic`` column and the note names the repo
    tools."""
    import datasets

    repo = env == "repo_fix"
    if agentic is not None and not repo:
        raise ValueError(
            f"invalid value for `agentic`: the env is {env}; allowed: only with repo_fix"
        )
    records = episode_records(env, n, seed=seed, start=start, level=level, params=params)
    note = _REPO_TOOLS_NOTE if repo else _TOOLS_NOTE
    prompts = [[{"role": "user", "content": json.loads(r)["prompt"] + note}] for r in records]
    columns = {
        "prompt": prompts,
        "record": records,
        "feedback": [json.dumps(feedback)] * len(records),
    }
    if repo:
        columns["agentic"] = [json.dumps(agentic if agentic is not None else {})] * len(records)
    return datasets.Dataset.from_dict(columns)


def curriculum_episode_dataset(
    curriculum: Curriculum, size: int, *, cache: int = 8192
) -> "datasets.Dataset":
    """A curriculum's problems as TRL episode rows for :class:`VerigymEnv`, drawn when TRL
    first reads each row (as ``verigym.trl.curriculum_dataset``, whose notes on ``size``,
    ``cache`` and the settings it refuses hold here too). Columns: ``prompt`` (the record's prompt
    and the note on the tools), ``record``, ``feedback`` (JSON text: the options the env's
    ``episode`` schedule gives at the problem's level; ``{"max_turns": 1}``, a single answer,
    for an env without a schedule; ``"null"`` for an interactive env, which has its own budget),
    ``id``, ``env`` and ``difficulty``. Pass ``curriculum_feedback(curriculum)`` in
    ``reward_funcs`` so the episodes' rewards reach the curriculum."""
    from .trl import _drawn

    interactive = set(interactive_envs())

    def row(record: Record) -> dict[str, Any]:
        options = curriculum.episode_options(record.id)
        env = record["env"]
        if options is None and env not in interactive:
            options = {"max_turns": 1}
        return {
            "prompt": [{"role": "user", "content": record.prompt + _TOOLS_NOTE}],
            "record": record.line,
            "feedback": json.dumps(options),
            "id": record.id,
            "env": env,
            "difficulty": record["meta"]["difficulty"],
        }

    return _drawn(CurriculumDataset(curriculum, size, row=row, cache=cache))


class CurriculumFeedback:
    """A ``GRPOTrainer`` reward function that scores nothing itself: it hands each problem's
    episode rewards (every rollout's ``get_reward()``, 0 for an episode never finished) to the
    curriculum, one ``record`` per problem, and returns ``None`` for every rollout, so the
    environment's own reward is the only one training sees and none is counted twice. TRL passes
    it the rollouts' ``environments`` and the dataset's ``id`` column
    (``curriculum_episode_dataset``)."""

    __name__ = "verigym_curriculum"

    def __init__(self, curriculum: Curriculum):
        self.curriculum = curriculum

    def __call__(
        self,
        completions: Optional[list[Any]] = None,
        environments: Optional[list[Any]] = None,
        id: Optional[list[str]] = None,
        **_: Any,
    ) -> list[None]:
        if environments is None:
            raise TypeError(
                "verigym curriculum_feedback: TRL passes `environments` only with "
                "environment_factory=VerigymEnv; for single-turn training use "
                "verigym.trl.reward(curriculum=...)"
            )
        if id is None:
            raise KeyError(
                "verigym curriculum_feedback: no `id` column among the dataset columns; build "
                "the dataset with verigym.episodes.curriculum_episode_dataset"
            )
        if len(id) != len(environments):
            raise ValueError(
                f"verigym curriculum_feedback: {len(id)} ids for {len(environments)} environments"
            )
        groups: dict[str, list[float]] = {}
        for problem_id, environment in zip(id, environments):
            groups.setdefault(problem_id, []).append(environment.get_reward())
        for problem_id, rewards in groups.items():
            self.curriculum.record(problem_id, rewards)
        return [None] * len(environments)


def curriculum_feedback(curriculum: Curriculum) -> CurriculumFeedback:
    """A ``GRPOTrainer`` reward function that feeds episode rewards to ``curriculum``; see
    :class:`CurriculumFeedback`."""
    return CurriculumFeedback(curriculum)


def _tagged(text: str, tag: str) -> str:
    """The tool argument as one turn: wrapped in ``tag`` unless it already carries tags."""
    if "<" + tag in text.lower() or "\\boxed" in text or "```" in text:
        return text
    return f"<{tag}>{text}</{tag}>"


class _EpisodeEnv:
    """What the TRL adapters share: the episode, one turn per tool call, and the reward (0 while
    the episode is unfinished, so a rollout that never ends it earns nothing). Only private
    methods here, since TRL offers every public one as a tool."""

    def __init__(self) -> None:
        self._episode: Optional[Episode] = None

    def _act(self, turn: str) -> str:
        if self._episode is None:
            return "No episode: reset first."
        if self._episode.done:
            return "The episode is over."
        return self._episode.step(turn)["observation"]

    def get_reward(self) -> float:
        if self._episode is None:
            return 0.0
        return self._episode.reward or 0.0


class VerigymEnv(_EpisodeEnv):
    """A verigym episode for TRL's ``environment_factory``: ``reset`` opens the row's record,
    the ``query`` and ``answer`` tools act, ``get_reward`` is the episode's reward (0 while it is
    unfinished, so a rollout that never answers earns nothing)."""

    def reset(self, record: Any = None, feedback: Any = None, **_: Any) -> Optional[str]:
        if record is None:
            raise ValueError(
                "VerigymEnv.reset needs the row's `record` column (use verigym.episodes.episode_dataset)"
            )
        if isinstance(feedback, str):
            feedback = json.loads(feedback)
        self._episode = Episode(record, feedback=feedback)
        # The dataset's prompt already holds the problem.
        return None

    def query(self, question: str) -> str:
        """Ask the environment one question about the hidden state, in the form the problem gives.

        Args:
            question: The question, for example `1 2 vs 3 4` or `color = red`.
        """
        return self._act(_tagged(question, "query"))

    def answer(self, answer: str) -> str:
        """Give a final answer, in the form the problem asks for.

        Args:
            answer: The answer, for example `7`.
        """
        return self._act(_tagged(answer, "answer"))

    def _transcript(self) -> Optional[dict]:
        """The episode's transcript (for logging; ``verigym episode verify`` re-judges it)."""
        return None if self._episode is None else self._episode.transcript()


def _fenced(code: str) -> str:
    """Code as the tool grammar takes it: in a ```rust fence, unless it already has one."""
    if "```" in code:
        return code
    return "```rust\n" + code.rstrip() + "\n```"


class VerigymRepoEnv(_EpisodeEnv):
    """An agentic ``repo_fix`` episode for TRL's ``environment_factory``. Each public method but
    ``reset`` and ``get_reward`` is a tool; each call is one turn of the episode, and the reward is
    the hidden suite's verdict on the submitted crate (0 until ``submit``, or until the turns run
    out and the crate as it stands is submitted)."""

    def reset(self, record: Any = None, agentic: Any = None, **_: Any) -> Optional[str]:
        if record is None:
            raise ValueError(
                "VerigymRepoEnv.reset needs the row's `record` column "
                "(use verigym.episodes.episode_dataset(\"repo_fix\", ...))"
            )
        if isinstance(agentic, str):
            agentic = json.loads(agentic)
        self._episode = Episode(record, agentic=agentic if agentic is not None else {})
        return None

    def list_files(self) -> str:
        """List the files of the crate that you may read.

        Returns:
            The paths, one per line.
        """
        return self._act("<query>list_files</query>")

    def read_file(self, path: str) -> str:
        """Read one file of the crate as it stands, your replacements included.

        Args:
            path: A path as `list_files` lists it, for example `src/lib.rs`.

        Returns:
            The file's text.
        """
        return self._act(f"<query>read_file {path}</query>")

    def run_tests(self) -> str:
        """Build the crate as it stands and run its visible tests (the hidden suite is stronger).

        Returns:
            Each test's outcome with its failure message, or why the crate did not build.
        """
        return self._act("<query>run_tests</query>")

    def replace_function(self, code: str) -> str:
        """Replace one function of src/lib.rs with a new version of it.

        Args:
            code: The whole function, signature included; a method goes inside its `impl` block.

        Returns:
            Which function was replaced, or why the replacement was refused.
        """
        return self._act(f"<query>replace_function\n{_fenced(code)}\n</query>")

    def submit(self) -> str:
        """Submit the crate as it stands: the hidden suite judges it and the episode ends.

        Returns:
            The verdict's reason.
        """
        return self._act("<answer>submit</answer>")
