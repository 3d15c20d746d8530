"""What /proc says about a running process, for the window benchmarks: its memory (smaps_rollup, status), its CPU
time, and the processes under it (an app started through a wrapper such as dbus-run-session is its grandchild)."""
import os

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def smaps_rollup_mib(pid):
    """/proc/PID/smaps_rollup's fields in MiB ("Rss", "Pss", "Private_Dirty", "Anonymous", …)."""
    fields = {}
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            parts = line.split()
            if len(parts) == 3 and parts[2] == "kB":
                fields[parts[0].rstrip(":")] = int(parts[1]) / 1024
    return fields


def status_mib(pid, *names):
    """Fields of /proc/PID/status given in kB ("VmRSS", "VmHWM", …), in MiB."""
    wanted, found = set(names), {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in wanted:
                found[key] = int(value.split()[0]) / 1024
    return found


def cpu_seconds(pid):
    """User + system CPU seconds of `pid` so far, with those of its children it has waited for."""
    with open(f"/proc/{pid}/stat") as f:
        # The command name may hold spaces and parentheses: the fields start after its last ")".
        fields = f.read().rsplit(")", 1)[1].split()
    return sum(int(fields[i]) for i in (11, 12, 13, 14)) / CLOCK_TICKS


def children(pid):
    """The direct children of `pid` (every thread's list: a child belongs to the thread that forked it)."""
    found = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                found += [int(child) for child in f.read().split()]
    except FileNotFoundError:
        pass
    return found


def descendant_named(pid, name):
    """The first process under `pid` (or `pid` itself) whose command name (/proc/PID/comm) is `name`, or None."""
    queue = [pid]
    while queue:
        current = queue.pop(0)
        try:
            with open(f"/proc/{current}/comm") as f:
                if f.read().strip() == name[:15]:
                    return current
        except FileNotFoundError:
            continue
        queue += children(current)
    return None
