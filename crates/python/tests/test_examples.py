"""The Python examples run as a user runs them (small budgets): the random player against
`hard` in every game, and the Quantik self-play learner, whose learnt player must beat random
more often than the untrained one."""

import os
import re
import subprocess
import sys

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples", "python")


def run(script, *args):
    out = subprocess.run([sys.executable, os.path.join(EXAMPLES, script), *args], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_random_against_hard_in_every_game():
    out = run("random_vs_hard.py", "--games", "2", "--think-ms", "10")
    rows = re.findall(r"^(\S.*?)\s+(\d+) – (\d+) – (\d+)$", out, re.M)
    assert len(rows) == 5, out
    assert sum(int(won) for _, won, _, _ in rows) >= 8, out


def test_the_quantik_learner_learns():
    out = run("quantik_selfplay.py", "--games", "3000", "--eval", "400", "--seed", "1")
    before, after = (float(x) for x in re.findall(r"([\d.]+)%", out))
    assert after > before + 5, out
