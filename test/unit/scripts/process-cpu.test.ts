import { spawn, spawnSync } from 'node:child_process';
import {
  childPids,
  measureCpu,
  ownCpuSeconds,
  parseProcStat,
  treeCpuSeconds,
} from '../../../scripts/shared/process-cpu';

const onLinux = process.platform === 'linux';

describe('parseProcStat', () => {
  it('counts fields from the last parenthesis, so a command name with spaces and parentheses does not shift them', () => {
    const line = '4242 (odd) name (x)) S 17 4242 4242 0 -1 4194560 500 0 0 0 120 30 7 3 20 0 9 0 1000 1 1 0';
    expect(parseProcStat(line)).toEqual({ ppid: 17, ownTicks: 150, reapedChildrenTicks: 10 });
  });
});

(onLinux ? describe : describe.skip)('treeCpuSeconds', () => {
  it('includes the CPU of children that ran and exited', () => {
    const before = treeCpuSeconds(process.pid)!;
    // A child that burns 0.4 s of CPU however busy the machine is, reaped by this process.
    spawnSync(process.execPath, ['-e', 'while (process.cpuUsage().user < 400_000);']);
    const after = treeCpuSeconds(process.pid)!;
    expect(after - before).toBeGreaterThan(0.35);
  });

  it('is null for a process that does not exist', () => {
    expect(treeCpuSeconds(2 ** 22 + 1)).toBeNull();
  });
});

(onLinux ? describe : describe.skip)('childPids', () => {
  it('lists the processes a parent started', async () => {
    const child = spawn('sleep', ['5']);
    try {
      expect(childPids(process.pid)).toContain(child.pid);
    } finally {
      child.kill();
    }
  });
});

(onLinux ? describe : describe.skip)('ownCpuSeconds', () => {
  it("reads each process's own CPU, without its children's, and leaves out one that is gone", () => {
    const usage = process.cpuUsage();
    const before = ownCpuSeconds([process.pid]).get(process.pid)!;
    spawnSync(process.execPath, ['-e', 'while (process.cpuUsage().user < 300_000);']);
    while (process.cpuUsage(usage).user < 200_000);
    const after = ownCpuSeconds([process.pid, 2 ** 22 + 1]);
    const own = process.cpuUsage(usage);
    // /proc counts in clock ticks (10 ms): close to what Node itself counted, and without the child's 0.3 s.
    expect(Math.abs(after.get(process.pid)! - before - (own.user + own.system) / 1e6)).toBeLessThan(0.05);
    expect(after.has(2 ** 22 + 1)).toBe(false);
  });
});

(onLinux ? describe : describe.skip)('measureCpu', () => {
  it('gives the CPU seconds a process tree used over the measured time, and null where there is no process', () => {
    const usage = process.cpuUsage();
    const stop = measureCpu({ me: process.pid, absent: null });
    // 0.3 s of CPU however busy the machine is: the ticks' rounding stays small beside it.
    while (process.cpuUsage(usage).user < 300_000);
    const seconds = stop();
    const used = process.cpuUsage(usage);
    expect(Math.abs(seconds.me! - (used.user + used.system) / 1e6)).toBeLessThan(0.05);
    expect(seconds.me).toBeGreaterThan(0.25);
    expect(seconds.absent).toBeNull();
  });

  it("counts this process alone for 'self', without the children it started and reaped", () => {
    const usage = process.cpuUsage();
    const stop = measureCpu({ self: 'self', tree: process.pid });
    spawnSync(process.execPath, ['-e', 'while (process.cpuUsage().user < 400_000);']);
    const seconds = stop();
    const own = process.cpuUsage(usage);
    expect(Math.abs(seconds.self! - (own.user + own.system) / 1e6)).toBeLessThan(0.05);
    // The child's 0.4 s is in the tree, not in 'self'.
    expect(seconds.tree! - seconds.self!).toBeGreaterThan(0.35);
  });
});
