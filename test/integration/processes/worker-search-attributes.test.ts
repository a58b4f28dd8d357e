import { randomUUID } from 'node:crypto';
import type { Connection } from '@temporalio/client';
import { MainProcess } from '../../../dev/main-process';
import { freshNamespace } from '../../support/fresh-namespace';
import { until } from '../../support/until';

/**
 * A worker told not to register the search attributes (TEMPORAL_REGISTER_SEARCH_ATTRIBUTES=false,
 * as on Temporal Cloud) on a namespace that lacks them exits at start-up, naming what is missing,
 * rather than polling and failing every order's workflow task; it registers nothing itself.
 */
describe('a worker that may not register the search attributes', () => {
  const namespace = `no-attributes-${randomUUID().slice(0, 8)}`;
  let connection: Connection;
  let worker: MainProcess | undefined;

  beforeAll(async () => {
    MainProcess.assertBuilt();
    connection = await freshNamespace(namespace);
  }, 90_000);

  afterAll(async () => {
    await worker?.kill();
    await connection?.close();
  });

  it('stops at start-up on a namespace without them, naming each missing one', async () => {
    worker = new MainProcess('worker', {
      ...process.env,
      TEMPORAL_NAMESPACE: namespace,
      TEMPORAL_REGISTER_SEARCH_ATTRIBUTES: 'false',
      LOG_LEVEL: 'warn',
    });
    await until('the worker to exit', () => !worker!.running, {
      timeoutMs: 60_000,
      detail: () => `the worker wrote:\n${worker!.recentOutput}`,
    });
    expect(worker.exitDescription).toBe('1');
    expect(worker.recentOutput).toMatch(
      new RegExp(
        `search attributes missing in Temporal namespace ${namespace}: OrderStatus \\(KEYWORD\\), .*StatusSince \\(DATETIME\\)`,
      ),
    );
    const { customAttributes } = await connection.operatorService.listSearchAttributes({ namespace });
    expect(Object.keys(customAttributes ?? {})).not.toContain('OrderStatus');
  }, 120_000);
});
