import { randomUUID } from 'node:crypto';
import { Connection } from '@temporalio/client';
import { msToTs } from '@temporalio/common/lib/time';
import { LedgerService } from '../../../src/ledger/ledger.service';
import { Decimal } from '../../../src/money';
import { createRailsSimulator, RailsSimulator } from '../../../sim/rails/rails-simulator.server';
import { registerSearchAttributes } from '../../../src/temporal/search-attributes';
import { payer, pixQr } from '../../support/qr-fixtures';
import { createTestClient, http, startTestApi, TestApi } from '../../support/test-api';

/**
 * On a fresh namespace no worker has registered the order search attributes yet (`npm start`
 * can answer before its worker has): Temporal refuses to start an order's workflow. That is the
 * service not being ready, not a broken request: 503 SERVICE_UNAVAILABLE with Retry-After, and
 * the same preview resent with its key once a worker has registered them goes through.
 */
describe('a preview before any worker registered the search attributes', () => {
  const namespace = `fresh-${randomUUID().slice(0, 8)}`;
  let connection: Connection;
  let rails: RailsSimulator;
  let api: TestApi;

  beforeAll(async () => {
    connection = await Connection.connect({ address: process.env.TEMPORAL_ADDRESS! });
    await connection.workflowService.registerNamespace({
      namespace,
      workflowExecutionRetentionPeriod: msToTs('1 day'),
    });
    // The frontend serves a new namespace once its registry has refreshed.
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        await connection.workflowService.listWorkflowExecutions({ namespace, pageSize: 1 });
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
    rails = createRailsSimulator();
    api = await startTestApi({ TEMPORAL_NAMESPACE: namespace, RAILS_URL: `http://127.0.0.1:${await rails.listen(0)}` });
  }, 90_000);

  afterAll(async () => {
    await api?.close();
    await rails?.close();
    await connection?.close();
  });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After, and the preview resent with its key goes through once they are registered', async () => {
    const client = await createTestClient(api, 'Fresh namespace payer');
    await new LedgerService(api.dataSource).fund(
      `test-funding:${client.clientId}`,
      client.clientId,
      'USD',
      new Decimal('100.00'),
    );
    const call = http(api.baseUrl, client.token);
    const preview = {
      qr: pixQr('25.00'),
      external_reference: `fresh-${randomUUID()}`,
      notification_url: 'http://127.0.0.1:9/hook',
      user: payer,
    };
    const key = { 'idempotency-key': randomUUID() };

    const refused = await call.post('/v2/payments/previews', preview, key);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({
      statusCode: 503,
      message: expect.any(String),
      error_code: 'SERVICE_UNAVAILABLE',
    });
    expect(refused.headers.get('retry-after')).toBe('5');

    await registerSearchAttributes(connection, namespace);
    const accepted = await call.post('/v2/payments/previews', preview, key);
    expect(accepted.status).toBe(200);
  }, 60_000);
});
