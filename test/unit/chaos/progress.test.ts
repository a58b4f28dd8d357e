import type { DataSource } from 'typeorm';
import { startProgress } from '../../../scripts/chaos/progress';

/** The progress lines of the chaos runs: a phase's first line is never lost to a count in flight. */
describe('chaos progress', () => {
  it('says a new phase right after the line being counted when it began', async () => {
    let answer!: () => void;
    const dataSource = {
      query: () =>
        new Promise((resolve) => {
          answer = () => resolve([{ final: '1', all: '2' }]);
        }),
    } as unknown as DataSource;
    let phase = 'driving';
    const lines: string[] = [];
    const progress = startProgress(
      {
        dataSource,
        plan: { faultsApplied: 0, faultsPlanned: 1 },
        flows: { started: 2, ended: 1 },
        phase: () => phase,
        say: (line) => lines.push(line),
      },
      performance.now(),
    );
    progress.now();
    phase = 'settling';
    progress.now();
    answer();
    await new Promise((resolve) => setImmediate(resolve));
    answer();
    await new Promise((resolve) => setImmediate(resolve));
    progress.stop();
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^\d+ s, settling: 1\/2 orders final/);
  });
});
