import {
  allHandlersFinished,
  condition,
  patched,
  proxyActivities,
  proxyLocalActivities,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { createNotificationActivities } from '../../activities/notifications.activities';
import type { OrderActivities } from '../../activities/order.activities';
import type { OrderEvent, OrderStatus } from '../../src/orders/lifecycle';
import type { OrderWorkflowInput, PayoutResolution } from '../../src/orders/order-messages';
import { outcomeOf, type OrderOutcome, type RecordedBodies, type StepResult } from '../../src/orders/order-steps';
import { ORDER_STATUS, STATUS_SINCE } from '../../src/temporal/search-attribute-keys';
import { DATABASE_STEP, DELIVERY_ATTEMPT } from '../activity-options';
import { deliverInBackground } from '../notification-delivery.workflow';
import { OrderState } from './order-state';
import { LOCAL_CALLBACKS_PATCH, SEARCH_ATTRIBUTES_PATCH, STEP_DELIVERS_PATCH } from './patches';

/** The order's database steps, as local activities (activity-options.ts, DATABASE_STEP). */
export const db = proxyLocalActivities<OrderActivities>(DATABASE_STEP);

type NotificationActivities = ReturnType<typeof createNotificationActivities>;

/**
 * One delivery attempt from the order itself: the happy path costs no child workflow. A
 * workflow task ends only once its local activities have, and an update is answered, or
 * taken in, only as a task ends: so a callback is a local activity (no task of its own) only
 * where the order is closing on its own path (settled, expired, failed to prepare), and an
 * activity wherever a slow receiver would hold back an update's answer or the next update.
 */
const callbacks = proxyActivities<NotificationActivities>(DELIVERY_ATTEMPT);
const localCallbacks = proxyLocalActivities<NotificationActivities>(DELIVERY_ATTEMPT);

/**
 * The per-order machinery every step takes, as Temporal's samples give a workflow's handlers
 * one object (safe-message-handlers' ClusterManager): the order's state (OrderState), the
 * steps' counter, an operator's payout resolution and the callbacks in flight. It takes in what
 * a step wrote, keeping OrderStatus searchable, and sends the step's callbacks beside the
 * payment path, never in its way.
 */
export class OrderRun {
  readonly orderId: string;
  readonly state: OrderState;
  /** An operator's word on a payout whose outcome stayed unknown. */
  resolution: PayoutResolution | undefined;
  /** Whether StatusSince and PayerCurrency are kept (SEARCH_ATTRIBUTES_PATCH). */
  readonly searchable: boolean;
  private seq = 1;
  private readonly deliveries: Array<Promise<void>> = [];

  constructor(readonly input: OrderWorkflowInput) {
    this.orderId = input.orderId;
    this.state = new OrderState(input.orderId, input.initialStatus, new Date(input.expiresAtMs));
    this.searchable = patched(SEARCH_ATTRIBUTES_PATCH);
  }

  /** The next step's place in the order's history: the step is written once, however often its activity runs. */
  nextSeq(): number {
    return ++this.seq;
  }

  /** Takes in a step's outcome, keeping OrderStatus (and when it began) searchable. */
  record(outcome: Pick<OrderOutcome, 'status' | 'errorCode'>): void {
    if (!this.state.record(outcome)) return;
    const to = outcome.status;
    upsertSearchAttributes(
      this.searchable
        ? [
            { key: ORDER_STATUS, value: to },
            { key: STATUS_SINCE, value: new Date() },
          ]
        : [{ key: ORDER_STATUS, value: to }],
    );
  }

  /** Callbacks go out beside the payment path; `closing`: the order closes on its own path, no update waits. */
  notify(eventIds: string[], closing: boolean): void {
    for (const eventId of eventIds) {
      const delivery = closing && patched(LOCAL_CALLBACKS_PATCH) ? localCallbacks : callbacks;
      this.deliveries.push(delivery.deliverNotification(eventId).catch(() => deliverInBackground([eventId])));
    }
  }

  /** Whether a step closing the order on its own path is to deliver its callbacks itself. */
  delivering(closing: boolean): boolean {
    return closing && patched(STEP_DELIVERS_PATCH);
  }

  /**
   * A step's result, recorded now or (RecordedBodies) by the workflow's code before issue 23.
   * `delivered`: the step tried its callbacks itself; those not acknowledged go to their long retry.
   */
  applied(result: StepResult | RecordedBodies, closing: boolean, delivered = false): OrderOutcome {
    const outcome = outcomeOf(result);
    this.record(outcome);
    const undelivered = delivered ? ((result as StepResult).undelivered ?? []) : [];
    if (undelivered.length > 0) this.deliveries.push(deliverInBackground(undelivered));
    if (!delivered) this.notify(result.eventIds, closing);
    return outcome;
  }

  /** A step that moves no money (changeOrder), its callbacks delivered by the step where it closes the order. */
  async change(event: OrderEvent, notificationUrl: string | undefined, closing: boolean, requestId?: string) {
    const deliver = this.delivering(closing);
    const input = {
      orderId: this.orderId,
      seq: this.nextSeq(),
      event,
      ...(notificationUrl ? { notificationUrl } : {}),
      requestId,
      ...(deliver ? { deliver } : {}),
    };
    return this.applied(await db.changeOrder(input), closing, deliver);
  }

  /** No update or callback may be cut off by the workflow's end: handlers first, as they may still send some. */
  async finish(): Promise<OrderStatus> {
    await condition(allHandlersFinished);
    await Promise.all(this.deliveries);
    return this.state.status;
  }
}
