import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { auditMoney } from '../../../scripts/chaos/audit';
import { readAuditInput } from '../../../scripts/chaos/snapshot';
import { createDataSource, migrate } from '../../../src/db/data-source';
import { LedgerService } from '../../../src/ledger/ledger.service';
import { Decimal } from '../../../src/money';
import { createRails } from '../../../src/rails/rails.factory';
import { createRailsSimulator, RailsSimulator } from '../../../sim/rails/rails-simulator.server';

/**
 * `npm run chaos` audits the whole database it ran on, so this test gives it a database of its
 * own on the shared server (other suites' orders would be none of its business), writes the
 * rows a paid and an expired order leave behind with the real ledger, pays at a real simulator,
 * and checks that the audit reads them right and then catches a debit the rail never paid.
 */
describe('chaos audit snapshot: what the audit reads from PostgreSQL and the rail', () => {
  const databaseName = `chaos_snapshot_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  let dataSource: DataSource;
  let ledger: LedgerService;
  let rails: RailsSimulator;
  let railsUrl: string;
  const payer = randomUUID();
  /** Stands for Temporal: every workflow it is asked about has ended. */
  const askedWorkflow = jest.fn(async (_orderId: string) => 'COMPLETED');

  const admin = async (sql: string) => {
    const client = new Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${databaseName}`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${databaseName}`;
    dataSource = await createDataSource({ url: url.toString(), poolSize: 2 }).initialize();
    await migrate(dataSource);
    ledger = new LedgerService(dataSource);
    rails = createRailsSimulator();
    railsUrl = `http://127.0.0.1:${await rails.listen(0)}`;
    await dataSource.query(
      `INSERT INTO clients (id, name, webhook_secret_enc) VALUES ($1, 'Chaos snapshot payer', 'unused')`,
      [payer],
    );
    await ledger.fund(`funding:${payer}`, payer, 'USD', new Decimal('1000.00'));
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await rails?.close();
    await admin(`DROP DATABASE IF EXISTS ${databaseName}`);
  });

  async function order(status: string, userAmount: string, errorCode: string | null = null): Promise<string> {
    const id = randomUUID();
    await dataSource.query(
      `INSERT INTO orders (id, flow, status, payer_client_id, local_country, local_currency, local_amount, user_currency, user_amount, error_code, expires_at)
       VALUES ($1, 'QR', $2, $3, 'BR', 'BRL', '100.0000', 'USD', $4, $5, now())`,
      [id, status, payer, userAmount, errorCode],
    );
    return id;
  }

  async function notification(
    orderId: string,
    event: string,
    body: object,
    status: 'DELIVERED' | 'PENDING',
  ): Promise<void> {
    await dataSource.query(
      `INSERT INTO notifications (id, client_id, order_id, event, url, body, status, delivered_at)
       VALUES ($1, $2, $3, $4, 'http://127.0.0.1:9/hook', $5, $6, $7)`,
      [randomUUID(), payer, orderId, event, JSON.stringify(body), status, status === 'DELIVERED' ? new Date() : null],
    );
  }

  async function paidOrder(): Promise<string> {
    const id = await order('COMPLETED', '19.4500');
    await ledger.reserve(`order:${id}:reserve`, payer, 'USD', new Decimal('19.45'), id);
    await ledger.commit(`order:${id}:commit`, `order:${id}:reserve`);
    const paid = await createRails(railsUrl, 2000).payouts.payout({
      payoutId: id,
      orderId: id,
      country: 'BR',
      currency: 'BRL',
      amount: '100.00',
      destination: { type: 'KEY', key: 'ana@example.com' },
    });
    expect(paid.kind).toBe('COMPLETED');
    await notification(id, 'PAYMENT', { order_id: id, status: 'COMPLETED', error_code: null }, 'DELIVERED');
    return id;
  }

  it('reads orders, entries with their lines, accounts, callbacks and payouts, and finds them in order', async () => {
    const paid = await paidOrder();
    const expired = await order('CANCELED', '5.0000', 'EXPIRED');
    await notification(expired, 'PREVIEW', { order: { id: expired, status: 'CREATED' } }, 'DELIVERED');
    await notification(
      expired,
      'QR_EXPIRED',
      { event: 'QR_EXPIRED', order_id: expired, status: 'CANCELED', error_code: 'EXPIRED' },
      'PENDING',
    );

    const input = await readAuditInput(
      dataSource,
      railsUrl,
      [{ clientId: payer, currency: 'USD', funding: '1000.00' }],
      askedWorkflow,
    );

    expect(input.orders).toEqual([
      {
        id: paid,
        status: 'COMPLETED',
        errorCode: null,
        flow: 'QR',
        payerClientId: payer,
        collectorClientId: null,
        userCurrency: 'USD',
        userAmountMinor: 1945n,
        localCurrency: 'BRL',
        localAmount: '100.0000',
        localAmountMinor: 10000n,
        workflow: null,
      },
      expect.objectContaining({ id: expired, status: 'CANCELED', errorCode: 'EXPIRED', userAmountMinor: 500n }),
    ]);
    expect(
      input.entries.map(({ kind, amountMinor, reference, lines }) => ({
        kind,
        amountMinor,
        reference,
        lines: lines.map(String).sort(),
      })),
    ).toEqual([
      { kind: 'FUND', amountMinor: 100000n, reference: null, lines: ['-100000', '100000'] },
      { kind: 'RESERVE', amountMinor: 1945n, reference: paid, lines: ['-1945', '1945'] },
      { kind: 'COMMIT', amountMinor: 1945n, reference: paid, lines: ['-1945', '1945'] },
    ]);
    const reserve = input.entries[1]!;
    expect(input.entries[2]!.reservationEntryId).toBe(reserve.id);
    expect(
      input.accounts.map(({ clientId, kind, balanceMinor, linesMinor, lastBalanceAfterMinor }) => [
        clientId,
        kind,
        balanceMinor,
        linesMinor,
        lastBalanceAfterMinor,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [payer, 'CLIENT_AVAILABLE', 98055n, 98055n, 98055n],
        [payer, 'CLIENT_RESERVED', 0n, 0n, 0n],
        [null, 'SETTLEMENT', 1945n, 1945n, 1945n],
        [null, 'FUNDING', -100000n, -100000n, -100000n],
      ]),
    );
    expect(input.notifications).toEqual([
      { orderId: paid, event: 'PAYMENT', status: 'DELIVERED', bodyStatus: 'COMPLETED', bodyErrorCode: null },
      { orderId: expired, event: 'PREVIEW', status: 'DELIVERED', bodyStatus: 'CREATED', bodyErrorCode: null },
      { orderId: expired, event: 'QR_EXPIRED', status: 'PENDING', bodyStatus: 'CANCELED', bodyErrorCode: 'EXPIRED' },
    ]);
    expect(input.payouts).toEqual([
      { payoutId: paid, requests: 1, executions: 1, status: 'COMPLETED', amount: '100.00', currency: 'BRL' },
    ]);
    expect(input.payers).toEqual([{ clientId: payer, currency: 'USD', fundedMinor: 100000n }]);
    expect(askedWorkflow).not.toHaveBeenCalled();

    const audit = auditMoney(input);
    expect(audit.flatMap((rule) => rule.violations)).toEqual([]);
    expect(audit.flatMap((rule) => rule.notes)).toEqual([
      `order ${expired}: its QR_EXPIRED callback (CANCELED) is still being retried`,
    ]);
  });

  it('catches an order debited although it did not complete, and the payer charged for it', async () => {
    const canceled = await order('CANCELED', '3.0000', 'USER_REJECTED');
    await notification(
      canceled,
      'PAYMENT',
      { order_id: canceled, status: 'CANCELED', error_code: 'USER_REJECTED' },
      'DELIVERED',
    );
    await ledger.reserve(`order:${canceled}:reserve`, payer, 'USD', new Decimal('3.00'), canceled);
    await ledger.commit(`order:${canceled}:commit`, `order:${canceled}:reserve`);

    const violations = auditMoney(
      await readAuditInput(
        dataSource,
        railsUrl,
        [{ clientId: payer, currency: 'USD', funding: '1000.00' }],
        askedWorkflow,
      ),
    ).flatMap((rule) => rule.violations);
    expect(violations).toEqual([
      `order ${canceled} is CANCELED but was debited (1 COMMIT)`,
      expect.stringMatching(new RegExp(`^payer ${payer}: holds \\d+ USD; funded 100000 less \\d+ for paid orders`)),
    ]);
  });

  it("asks how the workflow of an order not final stands, and flags one that ended with the order's funds held", async () => {
    const stuck = await order('PROCESSING', '7.0000');
    await ledger.reserve(`order:${stuck}:reserve`, payer, 'USD', new Decimal('7.00'), stuck);
    askedWorkflow.mockClear();

    const input = await readAuditInput(
      dataSource,
      railsUrl,
      [{ clientId: payer, currency: 'USD', funding: '1000.00' }],
      askedWorkflow,
    );
    expect(askedWorkflow.mock.calls).toEqual([[stuck]]);
    expect(input.orders.find((candidate) => candidate.id === stuck)).toMatchObject({
      status: 'PROCESSING',
      workflow: 'COMPLETED',
    });
    expect(auditMoney(input)[0]!.violations).toEqual([
      `order ${stuck} is PROCESSING, but its workflow has ended (COMPLETED)`,
    ]);
  });
});
