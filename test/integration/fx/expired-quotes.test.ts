import { randomUUID } from 'node:crypto';
import { FxService } from '../../../src/fx/fx.service';
import { PaymentStack, startPaymentStack } from '../../support/payment-stack';

/**
 * Every preview and rate request writes a quote, and only those locked to an order are kept:
 * the worker's reconciler, run every minute by its schedule, deletes the ones that expired
 * unused an hour ago, batch by batch.
 */
describe('the sweep of expired FX quotes', () => {
  let stack: PaymentStack;

  beforeAll(async () => {
    stack = await startPaymentStack();
  });
  afterAll(() => stack.close());

  /** A quote of `clientId`'s that expired `expiredMinutesAgo` minutes ago (negative: still valid), locked to `orderId` if given. */
  async function quote(clientId: string, expiredMinutesAgo: number, orderId: string | null = null): Promise<string> {
    const id = randomUUID();
    await stack.api.dataSource.query(
      `INSERT INTO fx_quotes (id, client_id, base, target, mid_rate, rate, spread_bps, quoted_at, expires_at, order_id)
       VALUES ($1, $2, 'BRL', 'USD', 0.18, 0.19, 150, now() - make_interval(mins => $3 + 10), now() - make_interval(mins => $3), $4)`,
      [id, clientId, expiredMinutesAgo, orderId],
    );
    return id;
  }
  const remaining = async (ids: string[]) =>
    (await stack.api.dataSource.query<Array<{ id: string }>>('SELECT id FROM fx_quotes WHERE id = ANY($1)', [ids]))
      .map((row) => row.id)
      .sort();

  it('deletes the quotes that expired unused over an hour ago, and keeps those locked to an order, the recently expired and the valid', async () => {
    const { clientId } = await stack.newPayer();
    const stale = [await quote(clientId, 120), await quote(clientId, 61)];
    const kept = [await quote(clientId, 24 * 60, randomUUID()), await quote(clientId, 30), await quote(clientId, -5)];

    await stack.temporal.workflow.execute('orderReconcilerWorkflow', {
      taskQueue: stack.taskQueue,
      workflowId: `reconcile-${randomUUID()}`,
      args: [{ graceMs: 0, clientId }],
    });

    expect(await remaining([...stale, ...kept])).toEqual([...kept].sort());
  });

  it('deletes at most a batch at a time', async () => {
    const { clientId } = await stack.newPayer();
    const stale = await Promise.all(Array.from({ length: 5 }, () => quote(clientId, 90)));
    const locked = await quote(clientId, 90, randomUUID());
    const fx = stack.api.app.get(FxService);

    // Another suite's reconciler may sweep beside this one: a batch deletes at most its size, whoever deletes the rest.
    expect(await fx.deleteExpiredQuotes(2)).toBeLessThanOrEqual(2);
    while ((await fx.deleteExpiredQuotes(2)) > 0);
    expect(await remaining([...stale, locked])).toEqual([locked]);
  });
});
