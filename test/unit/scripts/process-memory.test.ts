import { parseResidentMiB, residentMiB } from '../../../scripts/bench/process-memory';

describe('parseResidentMiB', () => {
  it('reads VmRSS, in kB, as MiB', () => {
    const status = 'Name:\tnode\nVmPeak:\t 9999999 kB\nVmRSS:\t  262144 kB\nRssAnon:\t  200000 kB\n';
    expect(parseResidentMiB(status)).toBe(256);
  });

  it('is null for a process without resident memory (a kernel thread)', () => {
    expect(parseResidentMiB('Name:\tkthreadd\nState:\tS (sleeping)\n')).toBeNull();
  });
});

(process.platform === 'linux' ? describe : describe.skip)('residentMiB', () => {
  it("reads this process's own, close to what Node reports, and null for a process that does not exist", () => {
    const own = residentMiB(process.pid)!;
    expect(Math.abs(own - process.memoryUsage().rss / 2 ** 20)).toBeLessThan(own * 0.2);
    expect(residentMiB(2 ** 22 + 1)).toBeNull();
  });
});
