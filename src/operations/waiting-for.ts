import type { WorkflowExecutionStatusName } from '@temporalio/client';
import { FINAL_STATUSES, type OrderPhase, type OrderStatus } from '../orders/lifecycle';
import { describePending, type PendingActivity } from './pending-activities';

/** What an order that is not done waits for. */
export const WAITING_FOR = [
  /** The payer's decision (POST /v2/payments). */
  'DECISION',
  /** An open amount (PUT /v2/payments/previews). */
  'AMOUNT',
  /** A client to scan a collection's QR. */
  'PAYER',
  /** The QR acquirer's answer about the merchant. */
  'MERCHANT',
  /** The rail's answer about the payout. */
  'PAYOUT_ANSWER',
  /** A person: an unconfirmed payout, or a workflow that ended with the order unfinished. */
  'OPERATOR',
  /** A receiver to acknowledge a callback. */
  'CALLBACK_DELIVERY',
  /** Its workflow to be started (by the reconciler). */
  'WORKFLOW_START',
  /** A worker: the workflow runs, but nobody answers for it. */
  'WORKER',
] as const;
export type WaitingFor = (typeof WAITING_FOR)[number];

/** Where the order's workflow stands, from describe and the phase query. */
export interface WorkflowSnapshot {
  status: WorkflowExecutionStatusName | 'NOT_FOUND';
  /** Null when the workflow is not running or no worker answered the query. */
  phase: OrderPhase | null;
  payoutUnconfirmed: boolean;
  pendingActivities: PendingActivity[];
}

export interface OrderState {
  status: OrderStatus;
  expiresAt: Date;
}

export interface Waiting {
  waitingFor: WaitingFor;
  detail: string;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * Pure: what an order waits for, from its row, its workflow and its callbacks not yet
 * acknowledged. The workflow's phase says it most precisely; without one (the workflow ended,
 * or no worker answered) the order's status and the workflow's own status decide.
 */
export function waitingFor(order: OrderState, workflow: WorkflowSnapshot, undeliveredCallbacks: number): Waiting {
  const final = FINAL_STATUSES.includes(order.status);
  const callbacks = {
    waitingFor: 'CALLBACK_DELIVERY',
    detail: `${plural(undeliveredCallbacks, 'callback')} not acknowledged; each is retried for 72 h`,
  } as const;
  if (workflow.status === 'NOT_FOUND') {
    return final
      ? callbacks
      : {
          waitingFor: 'WORKFLOW_START',
          detail: 'no workflow: the reconciler starts one for an order left without it over a minute',
        };
  }
  if (workflow.status !== 'RUNNING') {
    if (final) return callbacks;
    return {
      waitingFor: 'OPERATOR',
      detail: `the workflow is ${workflow.status} with the order still ${order.status}: nothing will move it`,
    };
  }
  if (workflow.payoutUnconfirmed || workflow.phase === 'PAYOUT_UNCONFIRMED') {
    return {
      waitingFor: 'OPERATOR',
      detail: "the payout's outcome is still unknown past PAYOUT_RETRY_WINDOW: settle it with orders:resolve",
    };
  }
  const running = workflow.pendingActivities.map(describePending).join(', ');
  const expiry = `; expires at ${order.expiresAt.toISOString()}`;
  switch (workflow.phase) {
    case null:
      return {
        waitingFor: 'WORKER',
        detail: 'the workflow is running but no worker answered its phase query: is a worker polling its task queue?',
      };
    case 'PREPARING':
      return {
        waitingFor: 'MERCHANT',
        detail: `the QR acquirer's answer about the merchant${running ? ` (${running})` : ''}`,
      };
    case 'AWAITING_PAYER':
    case 'CLAIMING':
      return { waitingFor: 'PAYER', detail: `a client to scan the collection's QR${expiry}` };
    case 'AWAITING_AMOUNT':
    case 'APPLYING_AMOUNT':
      return { waitingFor: 'AMOUNT', detail: `the amount (PUT /v2/payments/previews)${expiry}` };
    case 'AWAITING_DECISION':
    case 'DECIDING':
      return { waitingFor: 'DECISION', detail: `the payer's decision (POST /v2/payments)${expiry}` };
    case 'PAYING':
      return {
        waitingFor: 'PAYOUT_ANSWER',
        detail: running
          ? `the rail's answer about the payout: ${running}`
          : "the rail's answer about the payout: its outcome is unknown and the rail is asked again on a timer",
      };
    case 'CLOSING':
    case 'CLOSED':
      return undeliveredCallbacks > 0
        ? callbacks
        : {
            waitingFor: 'CALLBACK_DELIVERY',
            detail: "the final status is written; the workflow ends once its callbacks' first attempts are made",
          };
  }
}
