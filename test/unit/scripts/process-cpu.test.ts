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
  // A clock that says 4 s passed whatever the machine's load: the shares then depend on CPU time alone, which a busy
  // machine does not stretch as it stretches wall time.
  const fourSecondsApart = () => {
    let reads = 0;
    return () => (reads++ === 0 ? 0 : 4000);
  };

  it('gives a process its share of the machine over the measured time, and null where there is no process', () => {
    const usage = process.cpuUsage();
    const stop = measureCpu({ me: process.pid, absent: null }, 2, fourSecondsApart());
    // 0.3 s of CPU: the ticks' rounding (10 ms) and the reads of /proc stay small beside it.
    while (process.cpuUsage(usage).user < 300_000);
    const shares = stop();
    const used = process.cpuUsage(usage);
    expect(shares.me! * 8).toBeCloseTo((used.user + used.system) / 1e6, 1);
    expect(shares.me).toBeGreaterThan(0.3 / 8 - 0.01);
    expect(shares.absent).toBeNull();
  });

  it("counts this process alone for 'self', without the children it started and reaped", () => {
    const usage = process.cpuUsage();
    const stop = measureCpu({ self: 'self', tree: process.pid }, 2, fourSecondsApart());
    spawnSync(process.execPath, ['-e', 'while (process.cpuUsage().user < 400_000);']);
    const shares = stop();
    const own = process.cpuUsage(usage);
    expect(shares.self! * 8).toBeLessThanOrEqual((own.user + own.system) / 1e6);
    expect(shares.self! * 8).toBeLessThan(0.2);
    // The child's 0.4 s is in the tree, not in 'self'.
    expect((shares.tree! - shares.self!) * 8).toBeGreaterThan(0.35);
  });
});
