import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** One process's line in /proc/<pid>/stat, the parts the bench needs. */
export interface ProcStat {
  ppid: number;
  /** utime + stime: its own CPU, all threads. */
  ownTicks: number;
  /** cutime + cstime: its children's, once it has reaped them. */
  reapedChildrenTicks: number;
}

/**
 * Reads /proc/<pid>/stat. The command name (field 2) may hold spaces and parentheses, so the
 * fields are counted from its last `)`: ppid is field 4, utime…cstime fields 14–17.
 */
export function parseProcStat(line: string): ProcStat {
  const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
  const field = (n: number) => Number(fields[n - 3]);
  return { ppid: field(4), ownTicks: field(14) + field(15), reapedChildrenTicks: field(16) + field(17) };
}

/**
 * CPU seconds used so far by `pid`, its children (living, or exited and reaped) and theirs.
 * For PostgreSQL that is the postmaster with every backend; for a Go server, all its threads.
 * null when /proc or the process is not there.
 */
export function treeCpuSeconds(pid: number): number | null {
  const all = readAllStats();
  if (!all.has(pid)) return null;
  let ticks = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const current = pending.pop()!;
    const stat = all.get(current)!;
    ticks += stat.ownTicks + stat.reapedChildrenTicks;
    for (const [child, childStat] of all) if (childStat.ppid === current) pending.push(child);
  }
  return ticks / clockTicksPerSecond();
}

/** This process's own CPU seconds, all its threads, without its children (the servers it started). */
function selfCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** The processes whose parent is `pid`. */
export function childPids(pid: number): number[] {
  return [...readAllStats()].filter(([, stat]) => stat.ppid === pid).map(([child]) => child);
}

function readAllStats(): Map<number, ProcStat> {
  const stats = new Map<number, ProcStat>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return stats;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      stats.set(Number(entry), parseProcStat(readFileSync(`/proc/${entry}/stat`, 'utf8')));
    } catch {
      // Exited between the listing and the read.
    }
  }
  return stats;
}

let ticksPerSecond: number | undefined;
function clockTicksPerSecond(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** The CPU seconds each process in `pids` has used so far, itself alone (no children): PostgreSQL's backends one by one. */
export function ownCpuSeconds(pids: readonly number[]): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const pid of pids) {
    try {
      seconds.set(pid, parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8')).ownTicks / clockTicksPerSecond());
    } catch {
      // Exited meanwhile: its CPU is its parent's now (reaped).
    }
  }
  return seconds;
}

/**
 * Starts measuring the CPU of each process tree in `pids` ('self': this process alone); the
 * returned function gives the CPU seconds each one used since, or null where there is no
 * process to read.
 */
export function measureCpu<K extends string>(pids: Record<K, number | 'self' | null>): () => Record<K, number | null> {
  const seconds = (pid: number | 'self' | null) =>
    pid === null ? null : pid === 'self' ? selfCpuSeconds() : treeCpuSeconds(pid);
  const read = () =>
    Object.fromEntries(Object.entries<number | 'self' | null>(pids).map(([key, pid]) => [key, seconds(pid)])) as Record<
      K,
      number | null
    >;
  const before = read();
  return () => {
    const after = read();
    return Object.fromEntries(
      Object.keys(pids).map((key) => {
        const [from, to] = [before[key as K], after[key as K]];
        return [key, from === null || to === null ? null : to - from];
      }),
    ) as Record<K, number | null>;
  };
}
