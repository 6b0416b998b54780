"""The CPU a second server node costs (run by scripts/node-cost, inside scripts/with-postgres).

For each round: one node, then two, each on a fresh database; prints the CPU seconds of the
nodes and of PostgreSQL per 1,000 moves, and the moves per second the clients measured.
"""

import glob
import os
import re
import socket
import subprocess
import sys
import time

BIN = os.environ["NODE_COST_BIN"]
GAMES = os.environ["NODE_COST_GAMES"]
ROUNDS = int(os.environ["NODE_COST_ROUNDS"])
ADMIN = os.environ["TABULEIRO_TEST_POSTGRES"]
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """User + system CPU time of process `pid` (0 once it is gone)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS


def postgres_pids():
    """Every PostgreSQL process on this machine (the throw-away cluster's)."""
    pids = []
    for path in glob.glob("/proc/[0-9]*/comm"):
        try:
            with open(path) as comm:
                if comm.read().strip() in ("postgres", "postmaster"):
                    pids.append(int(path.split("/")[2]))
        except OSError:
            pass
    return pids


def postgres_cpu():
    """CPU seconds of PostgreSQL: its processes, and the backends that ended (counted in
    their parent's children's time)."""
    total = 0.0
    for pid in postgres_pids():
        total += cpu_seconds(pid)
        try:
            with open(f"/proc/{pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            total += (int(fields[13]) + int(fields[14])) / TICKS
        except OSError:
            pass
    return total


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fresh_database(name):
    base = ADMIN.rsplit("/", 1)[0]
    psql = sorted(glob.glob("/usr/lib/postgresql/*/bin/psql"))[-1]
    for statement in (f"DROP DATABASE IF EXISTS {name}", f"CREATE DATABASE {name}"):
        quiet = dict(os.environ, PGOPTIONS="-c client_min_messages=warning")
        subprocess.run([psql, ADMIN, "-q", "-c", statement], check=True, env=quiet)
    return f"{base}/{name}"


def run(nodes, round_number):
    url = fresh_database(f"nodecost_{round_number}_{nodes}")
    servers = []
    for _ in range(nodes):
        addr = f"127.0.0.1:{free_port()}"
        process = subprocess.Popen(
            [BIN, "serve", "--addr", addr, "--database", url,
             "--creations-per-minute", "0", "--max-connections", "20000",
             "--max-connections-per-address", "20000", "--metrics-addr", "off"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = process.stdout.readline()
        if "serving" not in line and "working" not in line:
            sys.exit(f"a node did not start: {line}")
        servers.append((process, addr))
    def sample():
        return sum(cpu_seconds(p.pid) for p, _ in servers), postgres_cpu()

    whole = sample()
    command = [BIN, "bench-web", "--games", GAMES, "--phases"]
    for _, addr in servers:
        command += ["--server", addr]
    # The moves' CPU alone: sampled when every game has joined and when the last has ended
    # (bench-web says so as it happens); the whole run's, setting up the games included, too.
    bench = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    out, playing, spent = [], None, [0.0, 0.0]
    for line in bench.stdout:
        if line.strip() == "phase: playing":
            playing = sample()
        elif line.strip() == "phase: played" and playing is not None:
            played = sample()
            spent = [spent[0] + played[0] - playing[0], spent[1] + played[1] - playing[1]]
        out.append(line)
    if bench.wait() != 0 or playing is None:
        sys.exit(f"bench-web failed: {''.join(out)}")
    after = sample()
    for process, _ in servers:
        process.terminate()
        process.wait()
    found = re.search(r"(\d+) moves in ([\d.]+) s = (\d+) moves/s, (\d+) errors", "".join(out))
    if not found:
        sys.exit(f"no figures in bench-web's answer: {''.join(out)}")
    moves, rate, errors = int(found[1]), int(found[3]), int(found[4])
    per = 1000 / moves
    return {
        "servers": spent[0] * per,
        "postgres": spent[1] * per,
        "servers_whole": (after[0] - whole[0]) * per,
        "postgres_whole": (after[1] - whole[1]) * per,
        "rate": rate,
        "errors": errors,
    }


def main():
    print(f"{BIN}, {GAMES} games at once, {ROUNDS} rounds")
    print("CPU seconds per 1,000 moves while the games play, and (whole) over the whole run,")
    print("setting up the games and their connections included")
    print("round nodes  servers  postgres  servers(whole)  postgres(whole)  moves/s  errors")
    for r in range(1, ROUNDS + 1):
        for nodes in (1, 2):
            f = run(nodes, r)
            print(f"{r:5} {nodes:5}  {f['servers']:7.3f}  {f['postgres']:8.3f}  "
                  f"{f['servers_whole']:14.3f}  {f['postgres_whole']:15.3f}  "
                  f"{f['rate']:7}  {f['errors']:6}", flush=True)
            time.sleep(1)


main()
