import { randomUUID } from 'node:crypto';
import { Command, CommandFailure, UsageError } from '../../../src/cli/command';
import { ordersStuck } from '../../../src/cli/orders-stuck.command';
import { ordersTimeline } from '../../../src/cli/orders-timeline.command';
import { Env, loadEnv } from '../../../src/config/env';
import { orderWorkflowId } from '../../../src/orders/order-workflow-start';
import {
  CLIENT_ID,
  COUNTRY,
  ORDER_FLOW,
  ORDER_STATUS,
  PAYER_CURRENCY,
  STATUS_SINCE,
} from '../../../src/temporal/search-attribute-keys';
import { orderPhaseQuery } from '../../../src/orders/order-messages';
import { CallbackReceiver, startCallbackReceiver } from '../../support/callback-receiver';
import { PaymentStack, startPaymentStack } from '../../support/payment-stack';
import { payer, pixQr } from '../../support/qr-fixtures';
import { until } from '../../support/until';

/**
 * The operators' commands on real orders: stuck ones (a decision that never came while its
 * callback fails, a payout the rail never answers, a workflow terminated under an open order)
 * and one order's whole story, read from PostgreSQL and the Temporal dev server.
 */
describe('operator commands on real orders', () => {
  let stack: PaymentStack;
  let env: Env;

  beforeAll(async () => {
    stack = await startPaymentStack({ RAILS_TIMEOUT_MS: '800' });
    env = loadEnv({ ...process.env, TEMPORAL_TASK_QUEUE: stack.taskQueue });
  });
  afterAll(async () => {
    await stack.close();
  });

  async function run(command: Command, ...args: string[]): Promise<string> {
    const lines: string[] = [];
    await command.run({ dataSource: stack.api.dataSource, env, args, out: (text) => lines.push(text) });
    return lines.join('\n');
  }

  type Payer = Awaited<ReturnType<PaymentStack['newPayer']>>;

  /** Previews `qr` with callbacks to `receiver` and returns the order id its first preview callback names. */
  async function preview(client: Payer, qr: string, receiver: CallbackReceiver = stack.receiver) {
    const path = `/hooks/${randomUUID()}`;
    const url = receiver.url(path);
    await client.call.post('/v2/payments/previews', {
      qr,
      external_reference: `ref-${randomUUID()}`,
      notification_url: url,
      user: payer,
    });
    const callback = await receiver.waitFor(path, (c) => c.body.order !== undefined);
    return { orderId: callback.body.order.id as string, path, url };
  }

  describe('orders:stuck', () => {
    let refusing: CallbackReceiver;
    let client: Payer;
    let awaitingDecision: string;
    let payoutUnknown: string;

    beforeAll(async () => {
      refusing = await startCallbackReceiver(() => ({ status: 500 }));
      client = await stack.newPayer({ USD: '1000.00' });
      awaitingDecision = (await preview(client, pixQr('10.00'), refusing)).orderId;

      const paid = await preview(client, pixQr('100.00'));
      payoutUnknown = paid.orderId;
      // The rail takes this payout and never says what became of it.
      const forced = await fetch(`${stack.railsUrl}/__admin/payouts/${payoutUnknown}/answer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"outcome":"unknown"}',
      });
      expect(forced.status).toBe(200);
      await client.call.post('/v2/payments', {
        order_id: payoutUnknown,
        status: 'accepted',
        notification_url: paid.url,
      });
      const handle = stack.temporal.workflow.getHandle(orderWorkflowId(payoutUnknown));
      await until('the payout', async () =>
        (await handle.fetchHistory()).events!.some((event) => event.activityTaskCompletedEventAttributes),
      );
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    });
    afterAll(() => refusing.close());

    const stuck = async (...args: string[]) =>
      JSON.parse(await run(ordersStuck, '--client', client.clientId, '--json', ...args)) as Array<Record<string, any>>;

    it('lists both, oldest first, each with what it waits for and its last error', async () => {
      const listed = await stuck('--older-than', '1s');
      expect(listed.map((order) => order.order_id)).toEqual([awaitingDecision, payoutUnknown]);
      const [decision, payout] = listed;

      expect(decision).toMatchObject({
        flow: 'QR',
        country: 'BR',
        status: 'CREATED',
        client_id: client.clientId,
        waiting_for: 'DECISION',
        detail: expect.stringContaining("the payer's decision"),
        workflow: {
          id: orderWorkflowId(awaitingDecision),
          status: 'RUNNING',
          phase: 'AWAITING_DECISION',
          payout_unconfirmed: false,
        },
        undelivered_callbacks: [{ event: 'PREVIEW', attempt_count: expect.any(Number), last_error: 'HTTP 500' }],
        last_error: { source: 'callback', error: 'HTTP 500' },
      });
      expect(decision!.idle_seconds).toBeGreaterThanOrEqual(1);

      expect(payout).toMatchObject({
        status: 'PROCESSING',
        waiting_for: 'PAYOUT_ANSWER',
        workflow: { status: 'RUNNING', phase: 'PAYING', payout_unconfirmed: false },
        undelivered_callbacks: [],
        last_error: {
          source: 'workflow',
          what: 'sendPayout attempt 1: UNKNOWN',
          error: expect.stringMatching(/^POST \/.+: server error \(504\)$/),
        },
      });
    });

    it('leaves out orders that moved more recently than --older-than', async () => {
      expect(await stuck('--older-than', '1h')).toEqual([]);
    });

    it('says the same for people', async () => {
      const text = await run(ordersStuck, '--client', client.clientId, '--older-than', '1s');
      expect(text).toContain(`order ${awaitingDecision}  QR BR  CREATED  idle `);
      expect(text).toContain("  waiting for DECISION: the payer's decision (POST /v2/payments); expires at ");
      expect(text).toMatch(/ {2}callback PREVIEW [0-9a-f-]{36} not acknowledged after \d+ attempts \(HTTP 500\)/);
      expect(text).toContain('  waiting for PAYOUT_ANSWER: ');
      expect(await run(ordersStuck, '--client', client.clientId, '--older-than', '1h')).toBe(
        'no order has been stuck for more than 1h',
      );
    });

    it('makes the order findable in the Temporal UI by flow, country, payer currency and time in status', async () => {
      const attributes = (await stack.temporal.workflow.getHandle(orderWorkflowId(payoutUnknown)).describe())
        .typedSearchAttributes;
      expect([
        attributes.get(ORDER_FLOW),
        attributes.get(COUNTRY),
        attributes.get(PAYER_CURRENCY),
        attributes.get(ORDER_STATUS),
        attributes.get(CLIENT_ID),
      ]).toEqual(['QR', 'BR', 'USD', 'PROCESSING', client.clientId]);
      const since = attributes.get(STATUS_SINCE)!;
      const [processing] = await stack.api.dataSource.query(
        `SELECT created_at FROM order_status_history WHERE order_id = $1 AND status = 'PROCESSING'`,
        [payoutUnknown],
      );
      expect(Math.abs(since.getTime() - processing.created_at.getTime())).toBeLessThan(2_000);

      // The README's queries, as the dev server runs them.
      const ids = async (query: string) => {
        const found: string[] = [];
        for await (const workflow of stack.temporal.workflow.list({ query })) found.push(workflow.workflowId);
        return found;
      };
      const processingFor = (iso: string) =>
        `OrderStatus = 'PROCESSING' AND StatusSince < '${iso}' AND ClientId = '${client.clientId}'`;
      await until('the visibility update', async () =>
        (await ids(processingFor(new Date().toISOString()))).includes(orderWorkflowId(payoutUnknown)),
      );
      expect(await ids(processingFor(new Date(since.getTime() - 60_000).toISOString()))).toEqual([]);
      expect((await ids(`ClientId = '${client.clientId}'`)).sort()).toEqual(
        [orderWorkflowId(awaitingDecision), orderWorkflowId(payoutUnknown)].sort(),
      );
      expect(
        await ids(`ClientId = '${client.clientId}' AND OrderFlow = 'QR' AND Country = 'BR' AND PayerCurrency = 'USD'`),
      ).toEqual(expect.arrayContaining([orderWorkflowId(awaitingDecision), orderWorkflowId(payoutUnknown)]));
    });

    it('sends an open order whose workflow was terminated to an operator', async () => {
      const handle = stack.temporal.workflow.getHandle(orderWorkflowId(payoutUnknown));
      expect(await handle.query(orderPhaseQuery)).toBe('PAYING');
      await handle.terminate('operations test: the order is left without its workflow');
      const payout = (await stuck('--older-than', '1s')).find((order) => order.order_id === payoutUnknown);
      expect(payout).toMatchObject({
        waiting_for: 'OPERATOR',
        detail: 'the workflow is TERMINATED with the order still PROCESSING: nothing will move it',
        workflow: { status: 'TERMINATED', phase: null },
        last_error: { what: 'workflow terminated', error: 'operations test: the order is left without its workflow' },
      });
    });

    it('refuses options it cannot read', async () => {
      await expect(run(ordersStuck, '--older-than', '5')).rejects.toThrow(
        new UsageError('--older-than must be a duration such as 30s, 5m or 2h'),
      );
      await expect(run(ordersStuck, '--client', 'someone')).rejects.toBeInstanceOf(UsageError);
    });
  });

  describe('orders:timeline', () => {
    it("merges an order's status history, its workflow's attempts and errors, and every callback attempt, in time order", async () => {
      const flaky = await startCallbackReceiver((index) => ({ status: index === 0 ? 500 : 200 }));
      try {
        const client = await stack.newPayer({ USD: '2000.00' });
        // 4242.42: the rail answers 503 twice, then pays.
        const { orderId, path, url } = await preview(client, pixQr('4242.42'), flaky);
        await client.call.post('/v2/payments', { order_id: orderId, status: 'accepted', notification_url: url });
        await flaky.waitFor(path, (c) => c.body.status === 'COMPLETED');
        await stack.temporal.workflow.getHandle(orderWorkflowId(orderId)).result();

        const report = JSON.parse(await run(ordersTimeline, '--order', orderId, '--json'));
        expect(report).toMatchObject({
          order_id: orderId,
          flow: 'QR',
          status: 'COMPLETED',
          workflow: { id: orderWorkflowId(orderId), status: 'COMPLETED' },
        });
        const timeline = report.timeline as Array<{ at: string; source: string; what: string; error: string | null }>;
        expect(timeline.map((entry) => entry.at)).toEqual([...timeline.map((entry) => entry.at)].sort());

        const index = (source: string, what: string | RegExp) =>
          timeline.findIndex(
            (entry) =>
              entry.source === source && (typeof what === 'string' ? entry.what === what : what.test(entry.what)),
          );
        const created = index('order', 'status CREATED');
        const processing = index('order', 'status PROCESSING');
        const completed = index('order', 'status COMPLETED');
        const firstPayout = index('workflow', 'sendPayout attempt 1: UNKNOWN');
        expect(created).toBeGreaterThanOrEqual(0);
        expect(created).toBeLessThan(processing);
        expect(processing).toBeLessThan(firstPayout);
        expect(firstPayout).toBeLessThan(completed);
        expect(timeline[firstPayout]!.error).toMatch(/server error \(503\)$/);
        expect(
          timeline
            .filter((entry) => /^sendPayout attempt 1: (UNKNOWN|COMPLETED)$/.test(entry.what))
            .map((entry) => entry.what),
        ).toEqual([
          'sendPayout attempt 1: UNKNOWN',
          'sendPayout attempt 1: UNKNOWN',
          'sendPayout attempt 1: COMPLETED',
        ]);
        expect(timeline.filter((entry) => entry.what.startsWith('payoutStatus')).map((entry) => entry.what)).toEqual([
          'payoutStatus attempt 1: NOT_FOUND',
          'payoutStatus attempt 1: NOT_FOUND',
        ]);

        const previewAttempts = timeline.filter(
          (entry) => entry.source === 'callback' && / PREVIEW .+ attempt \d/.test(entry.what),
        );
        expect(
          previewAttempts.map((entry) => [
            entry.what.replace(/^callback PREVIEW [0-9a-f-]{36} /, '').replace(/ in \d+ ms$/, ''),
            entry.error,
          ]),
        ).toEqual([
          ['attempt 1: HTTP 500', 'HTTP 500'],
          ['attempt 2: HTTP 200', null],
        ]);
        expect(timeline.at(-1)).toMatchObject({ source: expect.stringMatching(/workflow|callback/) });
        expect(index('workflow', 'workflow completed: "COMPLETED"')).toBeGreaterThan(completed);

        const text = await run(ordersTimeline, '--order', orderId);
        expect(text.split('\n')[0]).toBe(
          `order ${orderId} (QR BR) COMPLETED; workflow ${orderWorkflowId(orderId)} COMPLETED`,
        );
        expect(text).toMatch(
          /\n\S+Z {2}callback {2}callback PREVIEW [0-9a-f-]{36} attempt 1: HTTP 500 in \d+ ms {2}✗ HTTP 500\n/,
        );
      } finally {
        await flaky.close();
      }
    });

    it('refuses an order that does not exist, and an id that is not one', async () => {
      await expect(run(ordersTimeline, '--order', randomUUID())).rejects.toBeInstanceOf(CommandFailure);
      await expect(run(ordersTimeline, '--order', 'order-1')).rejects.toBeInstanceOf(UsageError);
    });
  });
});
