import { randomUUID } from 'node:crypto';
import { defaultPayloadConverter } from '@temporalio/common';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import type { Activities } from '../../activities';
import { orderStep, type OrderStatus, type OrderStep } from '../../src/orders/lifecycle';
import type { ChangeInput, MovementInquiry, OrderFacts, Settlement, StepResult } from '../../src/orders/order-steps';
import { dateOf } from '../../src/operations/workflow-history';
import { installTemporalRuntime } from '../../src/temporal/runtime';
import { ORDER_SEARCH_ATTRIBUTES } from '../../src/temporal/search-attribute-keys';
import { indexedValueTypes } from '../../src/temporal/search-attributes';
import type { MovementOutcome } from '../../src/rails/rails.port';
import { claimUpdate, decideUpdate, orderPhaseQuery, resolvePayoutUpdate } from '../../src/orders/order-messages';
import type { orderWorkflow } from '../../workflows/order.workflow';
import { createTimeSkippingEnvironment } from '../support/time-skipping';

/**
 * The order workflow's timers, on a test server that skips time: the 10-minute expiry and the
 * 30-minute payout retry window pass in milliseconds. The activities are stand-ins (this is the
 * workflow's logic alone); the HTTP suites run the real ones.
 */

const WINDOW_MS = 30 * 60_000;
const EXPIRY_MS = 10 * 60_000;
const DAY_MS = 24 * 3_600_000;

const facts: OrderFacts = {
  flow: 'QR',
  payerClientId: randomUUID(),
  collectorClientId: null,
  localCountry: 'BR',
  localCurrency: 'BRL',
  localAmount: '10.00',
  userCurrency: 'USD',
  userAmount: '1.86',
  destination: { type: 'QR', qr: '000201' },
};

interface Rail {
  sendPayout(): MovementOutcome;
  payoutStatus(inquiry: number): MovementInquiry;
}

const result = (status: OrderStatus): StepResult => ({
  status,
  errorCode: null,
  localAmount: facts.localAmount,
  userAmount: facts.userAmount,
  paymentDate: null,
  updatedAt: new Date(0).toISOString(),
  eventIds: [],
});

/** Stand-in activities that record what the workflow asked for. */
function standIns(rail: Rail) {
  const calls = {
    changes: [] as Array<ChangeInput & OrderStep>,
    settlements: [] as Settlement[],
    payouts: 0,
    inquiries: 0,
  };
  const activities: Partial<Activities> = {
    async prepareOrder() {
      return { ready: true, status: 'CREATED', facts, settings: { payoutRetryWindowMs: WINDOW_MS }, eventIds: [] };
    },
    // What the repository would write: the lifecycle's step for the event, on the order as prepared.
    async changeOrder(change) {
      const step = orderStep({ status: 'CREATED', flow: facts.flow, localCountry: facts.localCountry }, change.event)!;
      calls.changes.push({ ...change, ...step });
      return result(step.to);
    },
    async acceptOrder() {
      return result('PROCESSING');
    },
    async settleOrder({ settlement }) {
      calls.settlements.push(settlement);
      return result(
        settlement.outcome === 'PAID' ? 'COMPLETED' : settlement.outcome === 'REJECTED' ? 'REJECTED' : 'FAILED',
      );
    },
    async sendPayout() {
      calls.payouts += 1;
      return rail.sendPayout();
    },
    async payoutStatus() {
      calls.inquiries += 1;
      return rail.payoutStatus(calls.inquiries);
    },
  };
  return { activities, calls };
}

describe('order workflow timers (time-skipping)', () => {
  let env: TestWorkflowEnvironment;

  beforeAll(async () => {
    installTemporalRuntime('warn');
    env = await createTimeSkippingEnvironment();
    // The test server cannot list search attributes, only add them.
    await env.connection.operatorService.addSearchAttributes({
      namespace: env.namespace ?? 'default',
      searchAttributes: indexedValueTypes(ORDER_SEARCH_ATTRIBUTES),
    });
  });
  afterAll(() => env?.teardown());

  async function run<T>(
    rail: Rail,
    body: (orderId: string, calls: ReturnType<typeof standIns>['calls']) => Promise<T>,
    expiryMs = DAY_MS,
    overrides: Partial<Activities> = {},
  ): Promise<T> {
    const { activities: standing, calls } = standIns(rail);
    const activities = { ...standing, ...overrides };
    const taskQueue = `timers-${randomUUID()}`;
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue,
      workflowsPath: require.resolve('../../workflows'),
      activities,
    });
    return worker.runUntil(async () => {
      const orderId = randomUUID();
      await env.client.workflow.start<typeof orderWorkflow>('orderWorkflow', {
        workflowId: `order-${orderId}`,
        taskQueue,
        // The server's clock, not ours: it has skipped ahead for earlier tests.
        args: [{ orderId, initialStatus: 'CREATED', expiresAtMs: (await env.currentTimeMs()) + expiryMs }],
      });
      return body(orderId, calls);
    });
  }

  const handle = (orderId: string) => env.client.workflow.getHandle(`order-${orderId}`);
  /**
   * As an integrator would: once the order is prepared (its preview callback published). The
   * payout tests give their orders a day before expiry, since the server may skip time meanwhile.
   */
  async function accept(orderId: string) {
    while ((await handle(orderId).query(orderPhaseQuery)) !== 'AWAITING_DECISION')
      await new Promise((resolve) => setTimeout(resolve, 20));
    return handle(orderId).executeUpdate(decideUpdate, {
      args: [{ decision: 'accepted', notificationUrl: 'https://example.com/hook' }],
    });
  }
  const unknown: MovementOutcome = { kind: 'UNKNOWN', reason: 'timed out' };

  it('cancels an undecided order as EXPIRED when its 10 minutes are up, with the QR expiration notification', async () => {
    const rail = {
      sendPayout: () => unknown,
      payoutStatus: () => ({ status: 'UNREACHABLE' as const, reason: 'down' }),
    };
    await run(
      rail,
      async (orderId, calls) => {
        expect(await handle(orderId).result()).toBe('CANCELED');
        expect(calls.changes).toEqual([
          expect.objectContaining({ from: 'CREATED', to: 'CANCELED', errorCode: 'EXPIRED', notify: ['QR_EXPIRED'] }),
        ]);
        expect(calls.payouts).toBe(0);
      },
      EXPIRY_MS,
    );
  });

  it('keeps asking about a payout of unknown outcome, backing off, and settles it paid when the rail finds it', async () => {
    const rail = {
      sendPayout: () => unknown,
      payoutStatus: (inquiry: number): MovementInquiry =>
        inquiry < 6 ? { status: 'PENDING' } : { status: 'COMPLETED', railReference: 'PO-1' },
    };
    await run(rail, async (orderId, calls) => {
      await accept(orderId);
      expect(await handle(orderId).result()).toBe('COMPLETED');
      expect(calls.settlements).toEqual([{ outcome: 'PAID', railReference: 'PO-1' }]);
      expect(calls.payouts).toBe(1);
      expect(calls.inquiries).toBe(6);
    });
  });

  it('resends the idempotent payout while the rail says it never saw it, then calls it not paid once the window is over', async () => {
    const rail = { sendPayout: () => unknown, payoutStatus: (): MovementInquiry => ({ status: 'NOT_FOUND' }) };
    await run(rail, async (orderId, calls) => {
      const started = await env.currentTimeMs();
      await accept(orderId);
      expect(await handle(orderId).result()).toBe('FAILED');
      expect(calls.settlements).toEqual([{ outcome: 'NOT_PAID', reason: 'the rail never received the payout' }]);
      expect(calls.payouts).toBeGreaterThan(3);
      expect((await env.currentTimeMs()) - started).toBeGreaterThanOrEqual(WINDOW_MS);
    });
  });

  it("flags a payout still unknown after the window for an operator, keeps asking, and settles on the operator's word", async () => {
    const rail = {
      sendPayout: () => unknown,
      payoutStatus: (): MovementInquiry => ({ status: 'UNREACHABLE', reason: 'down' }),
    };
    await run(rail, async (orderId, calls) => {
      await accept(orderId);
      await env.sleep(WINDOW_MS / 2);
      expect(await handle(orderId).query(orderPhaseQuery)).toBe('PAYING');
      await env.sleep(WINDOW_MS);
      expect(await handle(orderId).query(orderPhaseQuery)).toBe('PAYOUT_UNCONFIRMED');
      const askedBefore = calls.inquiries;
      await env.sleep(20 * 60_000);
      // Still asked while flagged, every five minutes, so a rail that comes back heals the order.
      expect(calls.inquiries - askedBefore).toBeGreaterThanOrEqual(3);
      expect(calls.settlements).toEqual([]);

      const status = await handle(orderId).executeUpdate(resolvePayoutUpdate, {
        args: [{ outcome: 'paid', reason: 'statement', operator: 'ops' }],
      });
      expect(status).toBe('COMPLETED');
      expect(calls.settlements).toEqual([
        { outcome: 'PAID', railReference: 'OPERATOR-RESOLVED', note: 'payout resolved as paid by ops: statement' },
      ]);
    });
  });

  it("records a collection's payer currency when a client claims it, and when each status began", async () => {
    const collection: OrderFacts = {
      ...facts,
      flow: 'COLLECTION',
      payerClientId: null,
      collectorClientId: randomUUID(),
    };
    const overrides: Partial<Activities> = {
      async prepareOrder() {
        return {
          ready: true,
          status: 'CREATED',
          facts: collection,
          settings: { payoutRetryWindowMs: WINDOW_MS },
          eventIds: [],
          awaitingPayer: true,
        };
      },
      async claimOrder({ claim }) {
        const claimed = {
          ...collection,
          payerClientId: claim.payerClientId,
          userCurrency: claim.userCurrency as OrderFacts['userCurrency'],
          userAmount: '1.70',
        };
        return {
          ...result('CREATED'),
          userAmount: '1.70',
          recorded: { facts: claimed, externalReference: claim.externalReference },
        };
      },
    };
    const rail = {
      sendPayout: (): MovementOutcome => ({ kind: 'COMPLETED', railReference: 'PO-1' }),
      payoutStatus: (): MovementInquiry => ({ status: 'PENDING' }),
    };
    await run(
      rail,
      async (orderId) => {
        while ((await handle(orderId).query(orderPhaseQuery)) !== 'AWAITING_PAYER')
          await new Promise((resolve) => setTimeout(resolve, 20));
        const claim = {
          payerClientId: randomUUID(),
          externalReference: 'ref-1',
          notificationUrl: 'https://example.com/hook',
          payer: { full_name: 'Ana', currency: 'EUR', account_number: '1', tax_id: '1' },
          userCurrency: 'EUR',
          fxQuoteId: null,
        };
        await handle(orderId).executeUpdate(claimUpdate, { args: [claim] });
        await accept(orderId);
        expect(await handle(orderId).result()).toBe('COMPLETED');

        const upserts = (await handle(orderId).fetchHistory()).events!.flatMap((event) => {
          const fields = event.upsertWorkflowSearchAttributesEventAttributes?.searchAttributes?.indexedFields;
          if (!fields) return [];
          const decoded = Object.fromEntries(
            Object.entries(fields).map(([name, payload]) => [name, defaultPayloadConverter.fromPayload(payload)]),
          );
          return [{ at: dateOf(event.eventTime)!, fields: decoded }];
        });
        expect(upserts.map((upsert) => upsert.fields)).toEqual([
          { TemporalChangeVersion: ['stuck-orders-search-attributes'] },
          { PayerCurrency: 'EUR' },
          { OrderStatus: 'PROCESSING', StatusSince: expect.any(String) },
          // The SDK's own, as the closing step is the first to ask for the issue-22 patch.
          { TemporalChangeVersion: ['22-closing-step-delivers', 'stuck-orders-search-attributes'] },
          { OrderStatus: 'COMPLETED', StatusSince: expect.any(String) },
        ]);
        // Each StatusSince is the workflow's time when the status changed, the time of its own upsert.
        for (const upsert of upserts.filter(({ fields }) => 'StatusSince' in fields))
          expect(Math.abs(Date.parse(upsert.fields.StatusSince as string) - upsert.at.getTime())).toBeLessThan(1_000);
      },
      DAY_MS,
      overrides,
    );
  });
});
