import { performance } from 'node:perf_hooks';
import type { Client } from '@temporalio/client';
import type { Flow } from '../shared/driver';
import { benchBareUpdate, benchBareWorkflow } from './bare.workflow';

export interface BareTarget {
  temporal: Client;
  taskQueue: string;
  runId: string;
}

/**
 * The bare yardstick (bare.workflow.ts) straight through the Temporal client: start, the
 * update (timed as the pay ack), then the workflow's result.
 */
export function bareFlow(target: BareTarget): Flow {
  return async (index) => {
    const workflowId = `bench-bare-${target.runId}-${index}`;
    const startSent = performance.now();
    const handle = await target.temporal.workflow.start(benchBareWorkflow, { workflowId, taskQueue: target.taskQueue });
    const previewAck = performance.now() - startSent;

    const updateSent = performance.now();
    await handle.executeUpdate(benchBareUpdate);
    const payAck = performance.now() - updateSent;
    await handle.result();
    return { workflowId, previewAck, payAck, decisionToCompleted: performance.now() - updateSent };
  };
}
