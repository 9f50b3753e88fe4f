"""The ``verifiers`` taskset id for verigym: ``vf-eval verigym-verifiers ...``.

``verifiers`` 0.4 resolves a taskset id to one top-level module (``my-env`` imports ``my_env``,
after trying ``verifiers.v1.tasksets.my_env``), so a dotted id such as ``verigym.verifiers``
cannot name a submodule. This package is that module: it re-exports ``verigym.verifiers``.
"""

from verigym.verifiers import *  # noqa: F403
from verigym.verifiers import __all__  # noqa: F401
