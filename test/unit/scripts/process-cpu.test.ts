import { spawn, spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { childPids, measureCpu, parseProcStat, treeCpuSeconds } from '../../../scripts/shared/process-cpu';

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

(onLinux ? describe : describe.skip)('measureCpu', () => {
  it('gives a process its share of the machine over the measured time, and null where there is no process', () => {
    const started = performance.now();
    const usage = process.cpuUsage();
    const stop = measureCpu({ me: process.pid, absent: null }, 2);
    // 0.3 s of CPU however busy the machine is: the ticks' rounding stays small beside it.
    while (process.cpuUsage(usage).user < 300_000);
    const shares = stop();
    const used = process.cpuUsage(usage);
    const expected = (used.user + used.system) / 1e6 / (((performance.now() - started) / 1000) * 2);
    // /proc counts in clock ticks (10 ms): close to what Node itself counted, not equal.
    expect(Math.abs(shares.me! - expected)).toBeLessThan(0.05);
    expect(shares.me).toBeGreaterThan(0);
    expect(shares.absent).toBeNull();
  });

  it("counts this process alone for 'self', without the children it started and reaped", () => {
    const started = performance.now();
    const usage = process.cpuUsage();
    const stop = measureCpu({ self: 'self', tree: process.pid }, 2);
    spawnSync(process.execPath, ['-e', 'while (process.cpuUsage().user < 400_000);']);
    const shares = stop();
    const machineSeconds = ((performance.now() - started) / 1000) * 2;
    const own = process.cpuUsage(usage);
    expect(Math.abs(shares.self! * machineSeconds - (own.user + own.system) / 1e6)).toBeLessThan(0.05);
    // The child's 0.4 s is in the tree, not in 'self'.
    expect((shares.tree! - shares.self!) * machineSeconds).toBeGreaterThan(0.35);
  });
});
