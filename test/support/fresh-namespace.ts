import { Connection } from '@temporalio/client';
import { msToTs } from '@temporalio/common/lib/time';
import { until } from './until';

/**
 * Registers `namespace` on the test Temporal (TEMPORAL_ADDRESS) and waits until its frontend
 * serves it (once its namespace registry has refreshed): a namespace of the test's own, without
 * the order search attributes that the shared one has.
 */
export async function freshNamespace(namespace: string): Promise<Connection> {
  const connection = await Connection.connect({ address: process.env.TEMPORAL_ADDRESS! });
  await connection.workflowService.registerNamespace({ namespace, workflowExecutionRetentionPeriod: msToTs('1 day') });
  const served = () =>
    connection.workflowService.listWorkflowExecutions({ namespace, pageSize: 1 }).then(
      () => true,
      () => false,
    );
  await until(`namespace ${namespace} to be served`, served, { timeoutMs: 60_000, intervalMs: 500 });
  return connection;
}
