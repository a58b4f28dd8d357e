import type { FlowTimings } from './driver';
import type { Summary } from './stats';

/** The phases of a flow the reports show, with their labels. */
export const PHASES: ReadonlyArray<readonly [Exclude<keyof FlowTimings, 'workflowId' | 'previewToCallback'>, string]> =
  [
    ['previewAck', 'preview ack'],
    ['payAck', 'pay ack'],
    ['decisionToCompleted', 'decision → COMPLETED callback'],
  ];

const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1));

// Wide enough for minutes in ms (a chaos run's slowest flows), so that columns never run together.
const WIDTH = 10;

/** The column heads above `percentiles`. */
export const PERCENTILE_HEADS = ['p50', 'p95', 'p99'].map((head) => head.padStart(WIDTH)).join('');

/** p50, p95 and p99 in ms, each WIDTH characters wide. */
export const percentiles = (summary: Summary) =>
  [summary.p50, summary.p95, summary.p99].map((value) => ms(value).padStart(WIDTH)).join('');
