import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import type { Worker } from '@temporalio/worker';
import { loadEnv } from '../../src/config/env';
import { LedgerService } from '../../src/ledger/ledger.service';
import { CurrencyCode, Decimal } from '../../src/money';
import { createOrderWorker } from '../../src/processes/worker.process';
import { createRailsSimulator, RailsSimulator } from '../../sim/rails/rails-simulator.server';
import { CallbackReceiver, ReceivedCallback, startCallbackReceiver } from './callback-receiver';
import { payer } from './qr-fixtures';
import { testTemporalClient } from './temporal-client';
import { createTestClient, http, startTestApi, TestApi, TestClient } from './test-api';

/**
 * The whole payment path on loopback: the rails simulator, a worker on its own task queue,
 * the HTTP API and a real callback receiver. Only PostgreSQL and Temporal are shared with
 * other test files (started by the global setup).
 */
export interface PaymentStack {
  api: TestApi;
  receiver: CallbackReceiver;
  rails: RailsSimulator;
  railsUrl: string;
  taskQueue: string;
  /** A client of the suite's Temporal, for tests that drive or inspect workflows as testers do. */
  temporal: Client;
  ledger: LedgerService;
  /** A client with funded accounts, its token and an HTTP client. */
  newPayer(funding?: Partial<Record<CurrencyCode, string>>): Promise<TestClient & { call: ReturnType<typeof http> }>;
  /** Previews `qr` for the client of `call`, with a callback path of its own, and waits for the order in the preview callback. */
  previewQr(
    call: ReturnType<typeof http>,
    qr: string,
  ): Promise<{ orderId: string; path: string; url: string; preview: ReceivedCallback }>;
  /** Another API on the same worker, e.g. with a short QR_EXPIRY_SECONDS. */
  extraApi(overrides: NodeJS.ProcessEnv): Promise<TestApi>;
  /** Starts the worker of a stack made without it (`workerStarted: false`): until then, the orders' tasks wait in Temporal. */
  startWorker(): Promise<void>;
  close(): Promise<void>;
}

export async function startPaymentStack(
  overrides: NodeJS.ProcessEnv = {},
  { workerStarted = true } = {},
): Promise<PaymentStack> {
  const rails = createRailsSimulator();
  const railsUrl = `http://127.0.0.1:${await rails.listen(0)}`;
  const taskQueue = `orders-test-${randomUUID()}`;
  const settings = { RAILS_URL: railsUrl, TEMPORAL_TASK_QUEUE: taskQueue, ...overrides };
  const env = loadEnv({ ...process.env, ...settings });
  // Made (and its workflows bundled) either way; a deferred one only polls from startWorker on.
  const orderWorker = await createOrderWorker(env, taskQueue);
  let running: Promise<void> | undefined;
  const startWorker = async () => {
    running ??= orderWorker.worker.run();
  };
  if (workerStarted) await startWorker();
  const api = await startTestApi(settings);
  const receiver = await startCallbackReceiver();
  const ledger = new LedgerService(api.dataSource);
  const temporal = await testTemporalClient(env);
  const extraApis: TestApi[] = [];

  return {
    api,
    receiver,
    rails,
    railsUrl,
    taskQueue,
    temporal,
    ledger,
    async newPayer(funding = { USD: '10000.00' }) {
      const client = await createTestClient(api, `Payer ${randomUUID().slice(0, 8)}`);
      for (const [currency, amount] of Object.entries(funding)) {
        await ledger.fund(
          `test-funding:${client.clientId}:${currency}`,
          client.clientId,
          currency as CurrencyCode,
          new Decimal(amount),
        );
      }
      return { ...client, call: http(api.baseUrl, client.token) };
    },
    async previewQr(call, qr) {
      const path = `/hooks/${randomUUID()}`;
      const url = receiver.url(path);
      const ack = await call.post('/v2/payments/previews', {
        qr,
        external_reference: `ref-${randomUUID()}`,
        notification_url: url,
        user: payer,
      });
      if (ack.status !== 200) throw new Error(`preview answered ${ack.status}: ${JSON.stringify(ack.body)}`);
      const preview = await receiver.waitFor(path, (c) => c.body.order !== undefined);
      return { orderId: preview.body.order.id, path, url, preview };
    },
    async extraApi(extra) {
      const started = await startTestApi({ ...settings, ...extra });
      extraApis.push(started);
      return started;
    },
    startWorker,
    // The worker stops first, while the rails and the receiver its activities call still answer.
    async close() {
      if (running) await shutdown(orderWorker.worker, running);
      await orderWorker.close();
      await temporal.connection.close();
      await Promise.all(extraApis.map((extra) => extra.close()));
      await api.close();
      await receiver.close();
      await rails.close();
    },
  };
}

async function shutdown(worker: Worker, running: Promise<void>): Promise<void> {
  worker.shutdown();
  await running;
}
