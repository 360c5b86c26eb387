"""The tests.  Importing the package keeps bytecode for the run where the shell writes none
(:mod:`tests.bytecode`): pytest imports it before ``tests/conftest.py``, whose first import,
Hypothesis, pytest rewrites as a plugin's (a hundred modules, 1.2 s of CPU, in the run's
first process before it starts the others), and would rewrite again at every run."""

from tests.bytecode import keep_bytecode

keep_bytecode()
