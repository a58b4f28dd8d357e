// A test-only bundle: the least a workflow of this service asks of Temporal.
import { condition, defineUpdate, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import { ORDER_STATUS } from '../../../src/temporal/search-attribute-keys';

export const setStatusUpdate = defineUpdate<string, [string]>('setStatus');

/** Waits for one `setStatus` update, shows the status as a search attribute, and ends with it. */
export async function statusWorkflow(): Promise<string> {
  let status: string | undefined;
  setHandler(setStatusUpdate, (next) => {
    upsertSearchAttributes([{ key: ORDER_STATUS, value: next }]);
    status = next;
    return next;
  });
  await condition(() => status !== undefined);
  return status!;
}
