"""Writes otava-reference.json: series and the change points Apache Otava finds in them.

ChangePointsTest checks kafka-perf-gate's Java E-Divisive means against this file. Regenerate with
    python3 -m venv /tmp/otava && /tmp/otava/bin/pip install apache-otava==0.8.0
    /tmp/otava/bin/python otava-reference.py > otava-reference.json
The series are drawn with a fixed seed, so the file is the same on every run.
"""
import json
import random

from otava.analysis import compute_change_points


def noisy(rng, level, count, cv):
    return [level * (1 + rng.gauss(0, cv)) for _ in range(count)]


def main():
    rng = random.Random(20261125)
    cases = {
        "step-up-10pct-3-nights-back": noisy(rng, 7000, 27, 0.02) + noisy(rng, 7700, 3, 0.02),
        "step-down-8pct-mid": noisy(rng, 85000, 20, 0.03) + noisy(rng, 78200, 20, 0.03),
        "two-steps": noisy(rng, 1000, 15, 0.01) + noisy(rng, 1100, 15, 0.01) + noisy(rng, 1050, 15, 0.01),
        "aa-noise-3pct": noisy(rng, 5000, 40, 0.03),
        "aa-noise-5pct-long": noisy(rng, 480000, 80, 0.05),
        "long-with-late-step": noisy(rng, 1243, 90, 0.015) + noisy(rng, 1400, 10, 0.015),
        "constant": [1041.1] * 20,
        "short": [10.0, 11.0, 30.0],
    }
    out = []
    for name, series in cases.items():
        points, _ = compute_change_points(list(series))
        out.append({
            "name": name,
            "series": series,
            "changePoints": [{"index": int(p.index), "meanBefore": float(p.stats.mean_1), "meanAfter": float(p.stats.mean_2),
                              "pValue": float(p.stats.pvalue)} for p in points],
        })
    print(json.dumps({"otava": "0.8.0", "defaults": {"window": 50, "maxPValue": 0.001, "minMagnitude": 0.0}, "cases": out}, indent=1))


main()
