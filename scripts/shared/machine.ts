import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  /** 1-minute load average; well above the core count means someone else was busy too. */
  loadBefore: number;
  loadAfter?: number;
}

export function machine(): Machine {
  return {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: availableParallelism(),
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadBefore: loadavg()[0]!,
  };
}

/** One line for a report's header. */
export function describeMachine(m: Machine): string {
  return `${m.cores} × ${m.cpu}, ${m.memoryGiB} GiB, Node ${m.node}, load ${m.loadBefore.toFixed(2)} → ${m.loadAfter?.toFixed(2) ?? '?'}`;
}
