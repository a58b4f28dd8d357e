import type { ChangeInput, OrderFacts, StepResult } from '../../src/orders/order-steps';
import { awaitsPayer, factsOf, paymentNotificationUrl, stepWriter, type OrderActivityDeps } from './step-writes';

/**
 * The steps that move no money, most of them closing the order (the payer's rejection, a
 * collector's cancel, an expiry, a merchant nobody knows, a decision that cannot be applied),
 * and the order as recorded, for a closing that found another step recorded at its seq.
 */
export function createClosingActivities(deps: Pick<OrderActivityDeps, 'env' | 'orders' | 'deliver'>) {
  const { env, orders } = deps;
  const write = stepWriter(deps);
  return {
    /** A step that moves no money: the user's rejection, a collector's cancel, expiry, a merchant nobody knows. */
    changeOrder: async ({
      orderId,
      seq,
      event,
      notificationUrl,
      requestId,
      deliver: delivering,
    }: ChangeInput): Promise<StepResult> =>
      write(
        { orderId, seq, event, patch: paymentNotificationUrl(env, notificationUrl), requestId },
        undefined,
        delivering === true,
      ),

    /** The order as the database has it, for a workflow that must take it up from there. */
    async orderFacts({ orderId }: { orderId: string }): Promise<{ facts: OrderFacts; awaitingPayer: boolean }> {
      const order = await orders.findById(orderId);
      return { facts: factsOf(order), awaitingPayer: awaitsPayer(order) };
    },
  };
}
