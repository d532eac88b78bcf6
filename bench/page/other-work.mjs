// How much of the machine other work took while the benchmark ran. The load average cannot say:
// it counts the benchmark's own processes too, and on 2 CPUs its last parts (Lighthouse, 10,000
// moves, Figure 2's two models training side by side) hold the 1-minute load near 3 by
// themselves. So during each part the machine's CPU time (/proc/stat: every CPU's busy and idle
// time, steal included where the host reports it) is set against the benchmark's own: this
// process and every process descended from it when first seen (the browsers and all their
// helpers, which live on after their browser exits: Chromium's zygote and renderers are not
// waited for by it, so their time never reaches this process's children's count). Each process's
// time is read every SAMPLE_MS; what one of ours does after its last reading, or in a life
// shorter than that, is counted as other work, which errs towards flagging. Linux only:
// elsewhere, null.
import fs from 'node:fs';

// An average of more than this many CPUs taken by other work during a part makes the run
// unreliable: a quarter of these 2-CPU machines, shared with the browser under test. (An idle
// machine reads 0.03–0.13: kernel threads, and our processes' last quarter second.)
export const MAX_OTHER_CPUS = 0.5;
const SAMPLE_MS = 250;

// {busy, total}: clock ticks summed over every CPU since boot, and the number of CPUs.
function machineTicks() {
  const lines = fs.readFileSync('/proc/stat', 'utf8').split('\n');
  // cpu user nice system idle iowait irq softirq steal guest guest_nice (guest time is already
  // counted in user and nice)
  const [user, nice, system, idle, iowait, irq, softirq, steal = 0] = lines[0].trim().split(/\s+/).slice(1).map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait, cpus: lines.filter((l) => /^cpu\d/.test(l)).length };
}

// Every process now: key (pid and start time, as pids are reused) → {pid, ppid, ticks}, ticks
// its own user and system time (fields 14 and 15 of /proc/<pid>/stat; the name in field 2 may
// hold spaces, so fields are counted after its ')'). A process gone while being read is skipped.
function processes() {
  const found = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    found.set(`${name}:${fields[19]}`, { pid: Number(name), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
  }
  return found;
}

// Starts watching. Returns {stop() → {otherCpus, ownCpus}: the average number of CPUs other work
// and the benchmark's own processes kept busy since, two decimals each; null where /proc cannot
// be read}.
export function watchOtherWork() {
  let machineAtStart;
  try {
    machineAtStart = machineTicks();
  } catch {
    return { stop: () => null };
  }
  const ours = new Set(); // keys
  const atStart = new Map(); // key → ticks when first seen (0 for a process born since)
  const latest = new Map();  // key → ticks at its last reading, for the processes that are ours
  let first = true;
  const sample = () => {
    const now = processes();
    const keyOf = new Map([...now].map(([key, { pid }]) => [pid, key]));
    if (first) ours.add(keyOf.get(process.pid));
    // Ours: this process, and any process whose parent is ours when it is first seen.
    for (let grew = true; grew;) {
      grew = false;
      for (const [key, { ppid }] of now) {
        if (!ours.has(key) && ours.has(keyOf.get(ppid))) {
          ours.add(key);
          grew = true;
        }
      }
    }
    for (const [key, { ticks }] of now) {
      if (!atStart.has(key)) atStart.set(key, first ? ticks : 0);
      if (ours.has(key)) latest.set(key, ticks);
    }
    first = false;
  };
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  timer.unref(); // a watch never keeps the process alive (a part that threw is not stopped)
  return {
    stop() {
      clearInterval(timer);
      sample();
      const machine = machineTicks();
      const total = machine.total - machineAtStart.total;
      if (total <= 0) return null;
      let own = 0;
      for (const [key, ticks] of latest) own += ticks - atStart.get(key);
      const other = Math.max(0, machine.busy - machineAtStart.busy - own);
      const cpus = (ticks) => Math.round((ticks / total) * machine.cpus * 100) / 100;
      return { otherCpus: cpus(other), ownCpus: cpus(own) };
    },
  };
}
