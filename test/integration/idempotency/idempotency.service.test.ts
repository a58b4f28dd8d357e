import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { createDataSource } from '../../../src/db/data-source';
import { ApiError } from '../../../src/http/api-error';
import { HandlerResponse, IdempotencyService } from '../../../src/idempotency/idempotency.service';
import { TcpGate } from '../../support/tcp-gate';

describe('IdempotencyService on PostgreSQL', () => {
  let dataSource: DataSource;
  let service: IdempotencyService;

  beforeAll(async () => {
    dataSource = await createDataSource({ url: process.env.DATABASE_URL!, poolSize: 10 }).initialize();
    service = new IdempotencyService(dataSource);
  });
  afterAll(() => dataSource.destroy());

  const scope = (key?: string) => ({ clientId: randomUUID(), operation: 'payments.preview', key: key ?? randomUUID() });

  /** A handler that counts its executions and answers after `delay_ms`. */
  function countingHandler(
    response: HandlerResponse = { status: 201, body: { order_id: randomUUID(), amount: 10.5 } },
    delay_ms = 0,
  ) {
    const handler = Object.assign(
      async () => {
        handler.calls++;
        if (delay_ms) await sleep(delay_ms);
        return response;
      },
      { calls: 0 },
    );
    return handler;
  }

  const rowsOf = (s: { clientId: string; key: string }) =>
    dataSource.query<{ state: string }[]>('SELECT state FROM idempotency_keys WHERE client_id = $1 AND key = $2', [
      s.clientId,
      s.key,
    ]);

  it('should replay the stored response with the same status and byte-identical body', async () => {
    const s = scope();
    const handler = countingHandler({
      status: 201,
      body: { b: 1, a: 'á', list: [1.1, null] },
      headers: { location: '/x' },
    });
    const first = await service.run(s, { body: Buffer.from('{"x":1,"y":2}') }, handler);
    const second = await service.run(s, { body: Buffer.from('{"x":1,"y":2}') }, handler);
    expect(handler.calls).toBe(1);
    expect(first).toEqual({
      status: 201,
      bodyText: '{"b":1,"a":"á","list":[1.1,null]}',
      headers: { location: '/x' },
      replayed: false,
    });
    expect(second).toEqual({ ...first, replayed: true });
    expect(await rowsOf(s)).toEqual([{ state: 'COMPLETED' }]);
  });

  it('should reject the same key with a different request with 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const s = scope();
    await service.run(s, { body: Buffer.from('{"amount":10}') }, countingHandler());
    const reused = service.run(s, { body: Buffer.from('{"amount":11}') }, countingHandler());
    await expect(reused).rejects.toMatchObject({ statusCode: 422, errorCode: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('should scope keys per client and per operation', async () => {
    const s = scope();
    const handler = countingHandler();
    await service.run(s, {}, handler);
    await service.run({ ...s, clientId: randomUUID() }, {}, handler);
    await service.run({ ...s, operation: 'payments.pay' }, {}, handler);
    expect(handler.calls).toBe(3);
  });

  it.each([2, 20])('should execute exactly once when %i identical requests arrive together', async (count) => {
    const s = scope();
    const handler = countingHandler(undefined, 300);
    const results = await Promise.all(
      Array.from({ length: count }, () => service.run(s, { body: Buffer.from('{"n":1}') }, handler)),
    );
    expect(handler.calls).toBe(1);
    expect(new Set(results.map((r) => r.bodyText)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(results.every((r) => r.status === 201)).toBe(true);
  });

  it('should answer 409 REQUEST_IN_PROGRESS with Retry-After when the first execution takes too long', async () => {
    const impatient = new IdempotencyService(dataSource, { maxWaitMs: 200, pollMs: 20 });
    const s = scope();
    const slow = countingHandler(undefined, 1000);
    const first = impatient.run(s, {}, slow);
    await sleep(50);
    const second = impatient.run(s, {}, countingHandler());
    await expect(second).rejects.toMatchObject({
      statusCode: 409,
      errorCode: 'REQUEST_IN_PROGRESS',
      headers: { 'Retry-After': '1' },
    });
    await expect(first).resolves.toMatchObject({ status: 201, replayed: false });
    expect(slow.calls).toBe(1);
  });

  it('should leave no row after an unexpected error, so that a retry executes', async () => {
    const s = scope();
    const failing = service.run(s, {}, async () => {
      throw new Error('database went away');
    });
    await expect(failing).rejects.toThrow('database went away');
    expect(await rowsOf(s)).toEqual([]);
    const retry = countingHandler();
    await expect(service.run(s, {}, retry)).resolves.toMatchObject({ replayed: false });
    expect(retry.calls).toBe(1);
  });

  it('should store and replay a client error (4xx), but not a 5xx or a 429 answer', async () => {
    const s = scope();
    const rejected = countingHandler({
      status: 409,
      body: { statusCode: 409, message: 'no', error_code: 'INVALID_STATUS' },
    });
    await service.run(s, {}, rejected);
    await expect(service.run(s, {}, rejected)).resolves.toMatchObject({ status: 409, replayed: true });
    expect(rejected.calls).toBe(1);

    for (const status of [503, 429]) {
      const t = scope();
      const transient = countingHandler({ status, body: { statusCode: status, message: 'later' } });
      await service.run(t, {}, transient);
      await service.run(t, {}, transient);
      expect(transient.calls).toBe(2);
      expect(await rowsOf(t)).toEqual([]);
    }
  });

  it('should let an expired key be used again, for a new request', async () => {
    const s = scope();
    await service.run(s, { body: Buffer.from('{"v":1}') }, countingHandler());
    await dataSource.query(
      `UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE client_id = $1`,
      [s.clientId],
    );
    const again = countingHandler({ status: 201, body: { v: 2 } });
    await expect(service.run(s, { body: Buffer.from('{"v":2}') }, again)).resolves.toEqual({
      status: 201,
      bodyText: '{"v":2}',
      headers: {},
      replayed: false,
    });
    expect(again.calls).toBe(1);
  });

  it('should purge expired keys and keep live ones', async () => {
    const expired = scope();
    const live = scope();
    await service.run(expired, {}, countingHandler());
    await service.run(live, {}, countingHandler());
    await dataSource.query(
      `UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE client_id = $1`,
      [expired.clientId],
    );
    expect(await service.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(expired)).toEqual([]);
    expect(await rowsOf(live)).toEqual([{ state: 'COMPLETED' }]);
  });

  it('should take over a key whose execution died with its process (past its lease)', async () => {
    const s = scope();
    await dataSource.query(
      `INSERT INTO idempotency_keys (client_id, operation, key, request_hash, state, execution_id, created_at, expires_at)
       VALUES ($1, $2, $3, $4, 'IN_PROGRESS', $5, now() - interval '1 hour', now() + interval '1 hour')`,
      [s.clientId, s.operation, s.key, 'f'.repeat(64), randomUUID()],
    );
    const handler = countingHandler();
    await expect(service.run(s, {}, handler)).resolves.toMatchObject({ replayed: false });
    expect(handler.calls).toBe(1);
  });

  it('should simply run the handler when there is no key', async () => {
    const handler = countingHandler();
    const s = { clientId: randomUUID(), operation: 'payments.preview' };
    await service.run(s, {}, handler);
    await expect(service.run(s, {}, handler)).resolves.toMatchObject({ replayed: false });
    expect(handler.calls).toBe(2);
  });

  it.each(['', '   ', 'x'.repeat(256), 'tab\there', 'ñandú'])(
    'should reject the invalid key %j with 400 naming the header',
    async (key) => {
      const run = service.run(scope(key), {}, countingHandler());
      await expect(run).rejects.toBeInstanceOf(ApiError);
      await expect(run).rejects.toMatchObject({
        statusCode: 400,
        messages: [expect.stringMatching(/^idempotency-key: /)],
      });
    },
  );
});

/**
 * PostgreSQL going away while a keyed request runs: the write that ends its execution (the key
 * released, or its answer stored) fails too. Left IN_PROGRESS, the key would answer every resend
 * 409 REQUEST_IN_PROGRESS until its 2-minute lease ends.
 */
describe('IdempotencyService across a PostgreSQL outage', () => {
  let gate: TcpGate;
  let dataSource: DataSource;
  let service: IdempotencyService;

  beforeAll(async () => {
    const database = new URL(process.env.DATABASE_URL!);
    gate = await TcpGate.to({ host: database.hostname, port: Number(database.port) });
    await gate.open();
    dataSource = await createDataSource({
      url: TcpGate.rewrite(process.env.DATABASE_URL!, gate.port),
      poolSize: 2,
    }).initialize();
    service = new IdempotencyService(dataSource);
  });
  afterAll(async () => {
    await gate.open();
    // The background writes of the last test settle first.
    await sleep(500);
    await dataSource.destroy();
    await gate.close();
  });

  const scope = () => ({ clientId: randomUUID(), operation: 'payments.pay', key: randomUUID() });
  const reopenIn = (ms: number) => sleep(ms).then(() => gate.open());

  it('releases the key of a request that failed with the outage once PostgreSQL is back, so that a resend executes', async () => {
    const s = scope();
    const failing = service.run(s, {}, async () => {
      await gate.close();
      await dataSource.query('SELECT 1');
      return { status: 200, body: {} };
    });
    await expect(failing).rejects.toThrow(/ECONNREFUSED|Connection terminated/);
    await reopenIn(1000);

    const resend = async () => ({ status: 200, body: { resent: true } });
    await expect(service.run(s, {}, resend)).resolves.toMatchObject({
      status: 200,
      bodyText: '{"resent":true}',
      replayed: false,
    });
  }, 30_000);

  it('answers a request whose work was done when the outage began, stores its answer once PostgreSQL is back, and replays it', async () => {
    const s = scope();
    let calls = 0;
    const handler = async () => {
      calls++;
      if (calls === 1) await gate.close();
      return { status: 201, body: { order_id: 'o-1', call: calls } };
    };
    await expect(service.run(s, {}, handler)).resolves.toEqual({
      status: 201,
      bodyText: '{"order_id":"o-1","call":1}',
      headers: {},
      replayed: false,
    });
    await reopenIn(1000);

    await expect(service.run(s, {}, handler)).resolves.toMatchObject({
      status: 201,
      bodyText: '{"order_id":"o-1","call":1}',
      replayed: true,
    });
    expect(calls).toBe(1);
  }, 30_000);
});
