#!/usr/bin/env python3
"""sudoku_rs.distributed on this machine: speed-up, overhead, shard sizes and per-puzzle costs.

    python crates/sudoku-py/bench/dask_jobs.py [--puzzles N] [--runs R] [--json FILE]

Run with the Python that has sudoku_rs and its [dask] extra installed (target/py-venv/bin/python
after `cargo xtask python`). It measures, every answer checked against the plain batch call:

1. A rating job of N puzzles (generated, minimal, seed 2026; 100,000 by default), R times:
   the plain batch call `sudoku_rs.rate(puzzles, threads=T)` and `distributed.rate` on a
   LocalCluster of T single-thread worker processes, for T = 1 and 2, the four one after the
   other in each run (their order turned round from one run to the next), and the 2-worker
   job reading the same puzzles from a file. The clusters are started before (their start is
   timed apart) and warmed with a small job. Medians of wall time, and of CPU time (user and
   system, of this process and of the workers' processes: what the machine's other load
   changes little).
2. Shard sizes: the 2-worker job and the 2-thread batch call on the first S puzzles (20,000)
   for each shard size, R times.
3. Per-puzzle costs on one thread, in CPU time: generating a minimal puzzle, its row (solution
   and rating), rating the public sets where ../shared/benchdata-public is present, and mining
   candidates for ER 9.0 and above; then the rate of such hits among M candidates (100,000) of
   a 2-worker mine job.
"""

import argparse
import json
import os
import resource
import pathlib
import statistics
import sys
import tempfile
import time

import sudoku_rs
from dask.distributed import Client, LocalCluster
from sudoku_rs import distributed, jobs

ROOT = pathlib.Path(__file__).resolve().parents[3]
PUBLIC = pathlib.Path(
    os.environ.get("SUDOKU_PUBLIC_DATA", ROOT.parent / "shared" / "benchdata-public")
)


def timed(call):
    start = time.perf_counter()
    result = call()
    return time.perf_counter() - start, result


def own_cpu():
    """CPU seconds (user and system) of this process, all its threads."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def workers_cpu(client):
    """CPU seconds (user and system) of a cluster's worker processes so far."""
    if client is None:
        return 0.0
    usage = client.run(lambda: resource.getrusage(resource.RUSAGE_SELF))
    return sum(u.ru_utime + u.ru_stime for u in usage.values())


def measured(call, client=None):
    """Wall seconds, CPU seconds (this process and the workers') and the result of a call."""
    cpu = own_cpu() + workers_cpu(client)
    wall, result = timed(call)
    return wall, own_cpu() + workers_cpu(client) - cpu, result


def cpu_cost(call):
    """CPU seconds of a call in this process, and its result."""
    cpu = own_cpu()
    result = call()
    return own_cpu() - cpu, result


def check(got, want, what):
    if got != want:
        sys.exit(f"{what}: the answers differ from the plain batch call's")


def public_lines(name, limit):
    path = PUBLIC / name
    if not path.is_file():
        return None
    lines = []
    with open(path, encoding="utf-8") as file:
        for line in file:
            if line.strip() and not line.startswith("#"):
                lines.append(line.rstrip("\n"))
                if len(lines) == limit:
                    break
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--shard-size", type=int, default=1000)
    parser.add_argument("--sweep", default="10,100,1000,5000", help="shard sizes to compare")
    parser.add_argument("--sweep-puzzles", type=int, default=20_000)
    parser.add_argument("--mine-candidates", type=int, default=100_000)
    parser.add_argument("--parts", default="rating,sweep,costs,mine", help="what to measure")
    parser.add_argument("--json", type=pathlib.Path, help="write the figures here too")
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    figures = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "cores": os.cpu_count()}

    if "rating" not in parts:
        args.puzzles = args.sweep_puzzles if "sweep" in parts else 10
    seconds, puzzles = timed(lambda: sudoku_rs.generate(args.puzzles, seed=2026))
    print(f"{args.puzzles} puzzles generated in {seconds:.1f} s (every core)", flush=True)
    folder = tempfile.mkdtemp(prefix="sudoku-bench-")
    source = os.path.join(folder, "puzzles.txt")
    with open(source, "w") as file:
        file.write("\n".join(puzzles) + "\n")

    clusters = {}
    for workers in (1, 2):
        start, cluster = timed(
            lambda: LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=None)
        )
        client = Client(cluster)
        warm, _ = timed(lambda: distributed.rate(puzzles[:10], client=client, shard_size=5))
        clusters[workers] = (cluster, client)
        figures[f"start_{workers}"] = start
        print(
            f"LocalCluster of {workers}: started in {start:.2f} s, first job {warm:.2f} s",
            flush=True,
        )

    want = sudoku_rs.rate(puzzles)
    size = args.shard_size
    one, two = clusters[1][1], clusters[2][1]
    cases = {
        "batch, 1 thread": (lambda: sudoku_rs.rate(puzzles, threads=1), None),
        "distributed, 1 worker": (
            lambda: distributed.rate(puzzles, client=one, shard_size=size),
            one,
        ),
        "batch, 2 threads": (lambda: sudoku_rs.rate(puzzles, threads=2), None),
        "distributed, 2 workers": (
            lambda: distributed.rate(puzzles, client=two, shard_size=size),
            two,
        ),
        "distributed, 2 workers, from a file": (
            lambda: distributed.rate(source, client=two, shard_size=size),
            two,
        ),
    }
    if "rating" in parts:
        times, cpus = compare("run", cases, want, args.runs)
        figures["rating"] = medians(times)
        figures["rating_cpu"] = medians(cpus)
        figures["rating_runs"] = times

    sweep = puzzles[: args.sweep_puzzles]
    sizes = [int(s) for s in args.sweep.split(",")]
    sweep_cases = {"batch, 2 threads": (lambda: sudoku_rs.rate(sweep, threads=2), None)}
    for shard_size in sizes:
        sweep_cases[f"shard size {shard_size}"] = (
            lambda s=shard_size: distributed.rate(sweep, client=two, shard_size=s),
            two,
        )
    if "sweep" in parts:
        times, cpus = compare("sweep run", sweep_cases, want[: args.sweep_puzzles], args.runs)
        figures["sweep"] = medians(times)
        figures["sweep_cpu"] = medians(cpus)

    if "costs" in parts:
        figures["costs_ms"] = measure_costs()
    if "mine" in parts:
        seconds, hits = timed(
            lambda: distributed.mine(
                10**9, 11, se=(9.0, None), client=two, max_candidates=args.mine_candidates
            )
        )
        figures["mine"] = {
            "candidates": args.mine_candidates,
            "hits": len(hits),
            "seconds": seconds,
        }
        found = f"{len(hits)} hits of ER >= 9.0 in {args.mine_candidates} candidates"
        print(f"mine: {found}, {seconds:.1f} s")

    for cluster, client in clusters.values():
        client.close()
        cluster.close()
    print(json.dumps(figures, indent=2))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")


def compare(what, cases, want, runs):
    """Runs each case (name: (call, client)) `runs` times, in turned-round order from one run
    to the next, checking its answers: the wall and CPU seconds of each."""
    times = {name: [] for name in cases}
    cpus = {name: [] for name in cases}
    for run in range(runs):
        order = list(cases) if run % 2 == 0 else list(reversed(cases))
        for name in order:
            call, client = cases[name]
            seconds, cpu, got = measured(call, client)
            check(got, want, name)
            times[name].append(seconds)
            cpus[name].append(cpu)
            print(f"{what} {run + 1}: {name}: {seconds:.2f} s, {cpu:.2f} s CPU", flush=True)
    return times, cpus


def medians(values):
    return {name: statistics.median(runs) for name, runs in values.items()}


def measure_costs():
    """CPU milliseconds per puzzle of each kind of work, on one thread."""
    costs = {}
    sample = 2000
    seconds, made = cpu_cost(lambda: sudoku_rs.generate(sample, seed=7, threads=1))
    costs["generate a minimal puzzle"] = seconds / sample
    job = jobs.GenerateJob.make(sample, 7, shard_size=sample)
    seconds, rows = cpu_cost(lambda: jobs.rows(job, 0))
    check([row["puzzle"] for row in rows], made, "generate rows")
    costs["generate a puzzle's row (solution, rating)"] = seconds / sample
    rated = sudoku_rs.generate(sample, seed=2026)
    seconds, _ = cpu_cost(lambda: sudoku_rs.rate(rated, threads=1))
    costs["rate a generated minimal puzzle"] = seconds / sample
    for name, limit in (
        ("17_clue.txt", 5000),
        ("kaggle_first20k.txt", 5000),
        ("magictour_top1465.txt", 1465),
    ):
        lines = public_lines(name, limit)
        if lines is not None:
            seconds, _ = cpu_cost(lambda: sudoku_rs.rate(lines, threads=1))
            costs[f"rate {name} (first {len(lines)})"] = seconds / len(lines)
    mine_job = jobs.MineJob.make(10**9, (9.0, None), 11, shard_size=sample)
    seconds, _ = cpu_cost(lambda: jobs.answers(mine_job, 0))
    costs["mine a candidate for ER >= 9.0"] = seconds / sample
    for name, value in costs.items():
        print(f"cost: {name}: {value * 1000:.3f} ms CPU", flush=True)
    return {name: value * 1000 for name, value in costs.items()}


if __name__ == "__main__":
    main()
