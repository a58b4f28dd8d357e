import { userInfo } from 'node:os';
import { ApplicationFailure, WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import type { UpdateDefinition } from '@temporalio/common';
import type { Env } from '../config/env';
import { CommandFailure, UsageError } from './command';
import { withTemporal } from './temporal-client';

/** The options every resolve command shares: the outcome, why, and who. */
export function resolutionOf<O extends string>(
  options: { outcome?: string; reason?: string; operator?: string },
  outcomes: readonly O[],
) {
  const outcome = outcomes.find((candidate) => candidate === options.outcome);
  if (!outcome) throw new UsageError(`--outcome must be ${outcomes.join(' or ')}`);
  const reason = options.reason?.trim();
  if (!reason) throw new UsageError('--reason is required: say how you know');
  return { outcome, reason, operator: options.operator?.trim() || userInfo().username };
}

/**
 * Sends an operator's decision to a workflow as an update, so that it, who took it and why are
 * part of the workflow's history. A workflow that is gone, or that refuses (nothing to resolve),
 * is a CommandFailure with the reason.
 */
export function sendOperatorUpdate<R, A>(
  env: Env,
  workflowId: string,
  update: UpdateDefinition<R, [A]>,
  arg: A,
): Promise<R> {
  return withTemporal(env, async (client) => {
    try {
      return await client.workflow.getHandle(workflowId).executeUpdate(update, { args: [arg] });
    } catch (error) {
      if (error instanceof WorkflowNotFoundError)
        throw new CommandFailure(`${workflowId} is not running: nothing to resolve`);
      if (error instanceof WorkflowUpdateFailedError && error.cause instanceof ApplicationFailure) {
        throw new CommandFailure(`${workflowId}: nothing to resolve (${error.cause.message})`);
      }
      throw error;
    }
  });
}
