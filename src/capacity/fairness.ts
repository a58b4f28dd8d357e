import type { Priority } from '@temporalio/common';
import type { ClientLimits } from './client-limits';

/**
 * The Temporal priority a client's workflows start with, inherited by their activities and
 * children: the client as the fairness key, so that the matching service dispatches each
 * client's tasks in weighted round-robin and one client's backlog never stands in front of
 * another's, and the weight an operator set (1 unless set). Servers without fairness enabled
 * ignore it.
 */
export function fairnessOf(clientId: string, limits: ClientLimits): Priority {
  return {
    fairnessKey: clientId,
    ...(limits.fairnessWeight === null ? {} : { fairnessWeight: limits.fairnessWeight }),
  };
}
