import type { FlowTimings } from './driver';
import type { Summary } from './stats';

/** The phases of a flow the reports show, with their labels. */
export const PHASES: ReadonlyArray<readonly [keyof FlowTimings, string]> = [
  ['previewAck', 'preview ack'],
  ['payAck', 'pay ack'],
  ['decisionToCompleted', 'decision → COMPLETED callback'],
];

const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1));

/** p50, p95 and p99 in ms, each 8 characters wide. */
export const percentiles = (summary: Summary) => [summary.p50, summary.p95, summary.p99].map((value) => ms(value).padStart(8)).join('');
