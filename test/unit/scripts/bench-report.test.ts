import { MeasuredRun, totalCpuMsPerFlow } from '../../../scripts/bench/report';

const run = (cpuShare: MeasuredRun['cpuShare']) => ({ wallMs: 10_000, completed: 100, cpuShare }) as MeasuredRun;

describe('totalCpuMsPerFlow', () => {
  it('adds up every measured process: a share of the cores over the run, per completed flow', () => {
    // 2 cores × 10 s = 20 s of machine; 30 % + 10 % + 50 % of it over 100 flows.
    expect(totalCpuMsPerFlow(run({ temporalServer: 0.3, postgres: 0.1, bench: 0.5 }), 2)).toBeCloseTo(180);
  });

  it('is null when a process was not measured, rather than a total that leaves it out', () => {
    expect(totalCpuMsPerFlow(run({ temporalServer: null, postgres: 0.1, bench: 0.5 }), 2)).toBeNull();
  });
});
