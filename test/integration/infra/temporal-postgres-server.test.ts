import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Connection, WithStartWorkflowOperation } from '@temporalio/client';
import { bundleWorkflowCode, DefaultLogger, NativeConnection, Worker, WorkflowBundle } from '@temporalio/worker';
import { EmbeddedDatabase, startEmbeddedDatabase } from '../../../dev/embedded-database';
import { freePort } from '../../../src/infra/free-port';
import { cachedTemporalServer } from '../../../dev/temporal-postgres/installation';
import {
  startTemporalPostgresServer,
  TemporalPostgresServer,
} from '../../../dev/temporal-postgres/temporal-postgres-server';
import { installTemporalRuntime } from '../../../src/temporal/runtime';
import { ensureReconcilerSchedule, reconcilerScheduleId } from '../../../src/temporal/reconciler-schedule';
import { ORDER_SEARCH_ATTRIBUTES } from '../../../src/temporal/search-attribute-keys';
import { setStatusUpdate, statusWorkflow } from './temporal-postgres.workflows';

// Building the server takes minutes, which npm test never spends: this runs once it is cached.
const binaries = cachedTemporalServer();
const suite = binaries ? describe : describe.skip;
if (!binaries)
  console.info(
    'the Temporal server on PostgreSQL: skipped, it is not built yet (`TEMPORAL_BACKEND=postgres npm start` builds it once)',
  );

suite('the Temporal server on PostgreSQL', () => {
  let folder: string;
  let database: EmbeddedDatabase;
  let server: TemporalPostgresServer;
  let workflowBundle: WorkflowBundle;

  const start = async () =>
    startTemporalPostgresServer({
      binaries: binaries!,
      databaseUrl: database.url,
      port: await freePort(),
      uiPort: await freePort(),
      runDir: join(folder, 'temporal'),
    });

  /** Runs `body` with a client and a worker of the test workflow on the running server. */
  const withWorker = async <T>(body: (client: Client, taskQueue: string) => Promise<T>): Promise<T> => {
    const taskQueue = `temporal-postgres-${Date.now()}`;
    const connection = await Connection.connect({ address: server.address });
    const workerConnection = await NativeConnection.connect({ address: server.address });
    try {
      const worker = await Worker.create({ connection: workerConnection, taskQueue, workflowBundle });
      return await worker.runUntil(body(new Client({ connection }), taskQueue));
    } finally {
      await workerConnection.close();
      await connection.close();
    }
  };

  beforeAll(async () => {
    // The test workflow needs no activities: the worker's warning about that is noise here.
    installTemporalRuntime('error');
    workflowBundle = await bundleWorkflowCode({
      workflowsPath: require.resolve('./temporal-postgres.workflows'),
      logger: new DefaultLogger('WARN'),
    });
    folder = mkdtempSync(join(tmpdir(), 'payments-temporal-pg-'));
    database = await startEmbeddedDatabase({
      dataDir: join(folder, 'postgres'),
      port: await freePort(),
      database: 'payments',
      persistent: false,
    });
    server = await start();
  });
  afterAll(async () => {
    await server?.stop();
    await database?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('serves the default namespace with the order search attributes registered', async () => {
    const connection = await Connection.connect({ address: server.address });
    try {
      const { customAttributes } = await connection.operatorService.listSearchAttributes({ namespace: 'default' });
      expect(Object.keys(customAttributes ?? {}).sort()).toEqual(ORDER_SEARCH_ATTRIBUTES.map((key) => key.name).sort());
    } finally {
      await connection.close();
    }
  });

  it('runs update-with-start, and finds the workflow by the search attribute it upserted', async () => {
    await withWorker(async (client, taskQueue) => {
      const workflowId = `status-${Date.now()}`;
      const start = new WithStartWorkflowOperation(statusWorkflow, {
        workflowId,
        taskQueue,
        workflowIdConflictPolicy: 'FAIL',
      });
      await expect(
        client.workflow.executeUpdateWithStart(setStatusUpdate, {
          args: ['PROCESSING'],
          startWorkflowOperation: start,
        }),
      ).resolves.toBe('PROCESSING');
      await expect((await start.workflowHandle()).result()).resolves.toBe('PROCESSING');

      // Visibility in PostgreSQL is written after the fact: wait for it.
      const deadline = Date.now() + 20_000;
      let found: string[] = [];
      while (found.length === 0 && Date.now() < deadline) {
        found = [];
        for await (const execution of client.workflow.list({
          query: `OrderStatus = "PROCESSING" AND WorkflowId = "${workflowId}"`,
        }))
          found.push(execution.workflowId);
        if (found.length === 0) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(found).toEqual([workflowId]);
    });
  });

  it('keeps schedules, as the order reconciler needs', async () => {
    await withWorker(async (client, taskQueue) => {
      await ensureReconcilerSchedule(client, taskQueue);
      const handle = client.schedule.getHandle(reconcilerScheduleId(taskQueue));
      await expect(handle.describe()).resolves.toMatchObject({ scheduleId: reconcilerScheduleId(taskQueue) });
      await handle.delete();
    });
  });

  it('serves the Web UI, which reaches the frontend', async () => {
    const response = await fetch(`${server.uiUrl}/api/v1/namespaces/default/search-attributes`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ customAttributes: { OrderStatus: 'INDEXED_VALUE_TYPE_KEYWORD' } });
  });

  it('starts again on the same databases, with the workflows it had', async () => {
    const before = await withWorker(async (client) => (await client.workflow.count()).count);
    expect(before).toBeGreaterThan(0);
    await server.stop();
    server = await start();
    await expect(withWorker(async (client) => (await client.workflow.count()).count)).resolves.toBe(before);
  });
});
