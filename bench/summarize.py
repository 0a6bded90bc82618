#!/usr/bin/env python3
"""Prints the latest figure of every bench case as a markdown table, from `bench --csv` files.

Usage: python3 bench/summarize.py [--legend] RUN.csv[:case,case...] [RUN.csv ...]

Give the CSVs oldest first: a row of a later file replaces the same case on the same backend
from an earlier one (within one file, the last such row wins), so the table holds each case's
most recent measurement. `RUN.csv:copy,minilm_b8` takes only those cases from that file. The
`run` column names the file each row came from (its name without the device prefix and
`.csv`), so every figure can be traced to its session in `bench/results/` and to the command
BENCHMARKS.md gives for it. Figures are printed to the precision `bench` prints them (device
time to 0.1 us, rates and ratios to 0.01, % copy whole, rounded from the CSV's own digits,
which `bench` wrote to 3-4 decimals; a value whose digits sit exactly half-way is printed as the
CSV has it); nothing else is computed from them.
`--legend` adds what each case measures (the CSV's `what` column). Python standard library only.
"""

import csv
import decimal
import os
import sys


def label(path):
    """The run's name: `h200-2026-12-04-twentythird.csv` -> `2026-12-04-twentythird`."""
    stem = os.path.basename(path)
    if stem.endswith(".csv"):
        stem = stem[: -len(".csv")]
    head, _, rest = stem.partition("-")
    return rest if rest[:2].isdigit() else stem


def fixed(text, places):
    """`text` (a CSV number, possibly empty) to `places` decimals, or `-` where empty."""
    if text is None or text.strip() == "":
        return "-"
    # Rounded from the CSV's decimal digits, not through a binary float. Where those digits sit
    # exactly half-way (`0.8250` to 2 places), the CSV cannot say which way `bench` rounded its
    # unrounded value, so the digits are printed as they are.
    value = decimal.Decimal(text.strip())
    step = decimal.Decimal(1).scaleb(-places)
    down = value.quantize(step, rounding=decimal.ROUND_DOWN)
    if abs(value - down) * 2 == step:
        return text.strip()
    return str(value.quantize(step, rounding=decimal.ROUND_HALF_EVEN))


def load(arguments):
    """Rows keyed by (case, backend), later files replacing earlier ones; first-seen order."""
    latest = {}
    order = []
    for argument in arguments:
        path, _, only = argument.partition(":")
        wanted = set(filter(None, only.split(","))) if only else None
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                if wanted is not None and row["case"] not in wanted:
                    continue
                key = (row["case"], row["backend"])
                if key not in latest:
                    order.append(key)
                row["run"] = label(path)
                latest[key] = row
    return [latest[key] for key in order]


def table(rows):
    head = ["case", "on", "device us", "rate", "unit", "% copy", "x eager", "x graph", "x comp.", "variant", "run"]
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    for r in rows:
        cells = [
            r["case"],
            r["backend"],
            fixed(r["device_us"], 1),
            fixed(r["rate"], 2),
            r["unit"],
            fixed(r["pct_copy"], 0),
            fixed(r["vs_torch_eager"], 2),
            fixed(r["vs_torch_graph"], 2),
            fixed(r["vs_torch_compiled"], 2),
            r["variant"],
            r["run"],
        ]
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(lines)


def legend(rows):
    seen = {}
    for r in rows:
        seen.setdefault(r["case"], r["what"])
    return "\n".join(f"- `{case}`: {what}" for case, what in seen.items())


def main(argv):
    show_legend = "--legend" in argv
    files = [a for a in argv if a != "--legend"]
    if not files or any(a.startswith("-") for a in files):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    rows = load(files)
    print(table(rows))
    if show_legend:
        print()
        print(legend(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
