import type { EntityManager } from 'typeorm';
import {
  enterOrderMovements,
  enterRefundMovements,
  type OrderMoney,
  type RefundMoney,
} from '../../../src/ledger/ledger-movements';
import type { LedgerService } from '../../../src/ledger/ledger.service';
import { Decimal } from '../../../src/money';
import { LEDGER_MOVEMENTS, ORDER_TRANSITIONS, type OrderEvent } from '../../../src/orders/lifecycle';

/** A ledger that records the calls made to it, in order, with their arguments (amounts as strings). */
function recordingLedger() {
  const calls: unknown[][] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push([name, ...args.map((arg) => (arg instanceof Decimal ? arg.toFixed() : arg))]);
      return Promise.resolve({});
    };
  const methods = ['reserve', 'commit', 'collect', 'release', 'clawBack', 'credit'];
  const ledger = Object.fromEntries(methods.map((name) => [name, record(name)])) as unknown as LedgerService;
  return { ledger, calls };
}

const tx = { transaction: 'the step’s' } as unknown as EntityManager;

const order: OrderMoney = {
  orderId: 'o-1',
  payerClientId: 'payer',
  userCurrency: 'USD',
  userAmount: '12.50',
  collectorClientId: 'collector',
  localCurrency: 'BRL',
  localAmount: '61.00',
};

const refund: RefundMoney = {
  orderId: 'o-1',
  refundId: 'r-1',
  payerClientId: 'payer',
  userCurrency: 'USD',
  share: new Decimal('2.05'),
  collectorClientId: 'collector',
  localCurrency: 'BRL',
  amount: '10.00',
};

/** The order events a refund's settlement reports (src/refunds/refund-lifecycle.ts); every other is the order's own. */
const REFUND_EVENTS: readonly OrderEvent[] = ['REFUNDED_IN_PART', 'REFUNDED_IN_FULL', 'REFUND_NOT_MADE'];

describe('ledger movements: what each of the lifecycle’s entries is in the ledger', () => {
  it('makes every entry the lifecycle lists, for the steps it lists it in', async () => {
    const { ledger, calls } = recordingLedger();
    for (const { event, ledger: movements } of ORDER_TRANSITIONS) {
      if (REFUND_EVENTS.includes(event)) await enterRefundMovements(ledger, movements, refund, tx);
      else await enterOrderMovements(ledger, movements, order, tx);
    }
    const made = new Set(calls.map(([name]) => name));
    expect(made).toEqual(new Set(['reserve', 'commit', 'collect', 'release', 'clawBack', 'credit']));
    expect(LEDGER_MOVEMENTS).toHaveLength(made.size);
  });

  it("holds the payer's funds, then commits them (crediting a collector) or releases them", async () => {
    const { ledger, calls } = recordingLedger();
    await enterOrderMovements(ledger, ['RESERVE', 'COMMIT', 'COLLECT', 'RELEASE'], order, tx);
    expect(calls).toEqual([
      ['reserve', 'order:o-1:reserve', 'payer', 'USD', '12.5', 'o-1', tx],
      ['commit', 'order:o-1:commit', 'order:o-1:reserve', tx],
      ['collect', 'order:o-1:collect', 'collector', 'BRL', '61', 'o-1', tx],
      ['release', 'order:o-1:release', 'order:o-1:reserve', tx],
    ]);
  });

  it("takes a refund back from the collector and credits the payer its share, under the refund's ids", async () => {
    const { ledger, calls } = recordingLedger();
    await enterRefundMovements(ledger, ['CLAW_BACK', 'REFUND_CREDIT'], refund, tx);
    expect(calls).toEqual([
      ['clawBack', 'refund:r-1:clawback', 'collector', 'BRL', '10', 'o-1', tx],
      ['credit', 'refund:r-1:credit', 'payer', 'USD', '2.05', 'o-1', tx],
    ]);
  });

  it('credits nothing for a share worth less than a minor unit of the payer’s currency', async () => {
    const { ledger, calls } = recordingLedger();
    await enterRefundMovements(ledger, ['REFUND_CREDIT'], { ...refund, share: new Decimal(0) }, tx);
    expect(calls).toEqual([]);
  });

  it("refuses a refund's entry in an order's step, and the reverse, after the entries before it", async () => {
    const { ledger, calls } = recordingLedger();
    await expect(enterOrderMovements(ledger, ['COMMIT', 'CLAW_BACK'], order, tx)).rejects.toThrow(
      "CLAW_BACK is not an entry of an order's steps",
    );
    await expect(enterRefundMovements(ledger, ['RESERVE'], refund, tx)).rejects.toThrow(
      'RESERVE is not an entry of a refund',
    );
    expect(calls.map(([name]) => name)).toEqual(['commit']);
  });
});
