import { Body, Controller, HttpCode, Module, Param, Post } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createZodDto } from 'nestjs-zod';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { createHttpApp } from '../../../src/api';
import { AppModule } from '../../../src/app.module';
import { loadEnv } from '../../../src/config/env';
import { ApiError } from '../../../src/http/api-error';
import { Idempotent } from '../../../src/idempotency/idempotent.decorator';
import { Keyed, KeyedRequest } from '../../../src/idempotency/keyed-request';
import { createTestClient, http, TestApi, TestClient } from '../../support/test-api';

class ProbeDto extends createZodDto(
  z.strictObject({
    amount: z.number().positive(),
    outcome: z.enum(['ok', 'conflict', 'crash']).default('ok'),
    delay_ms: z.number().int().min(0).max(2000).default(0),
  }),
) {}

const executions: string[] = [];

/** A payment-like route: counts its executions and answers a body whose bytes are worth comparing. */
@Controller('test/probes')
class ProbeController {
  @Post(':probe_id')
  @Idempotent('test.probe')
  async create(@Param('probe_id') probeId: string, @Body() body: ProbeDto, @Keyed() request: KeyedRequest | undefined) {
    executions.push(probeId);
    await sleep(body.delay_ms);
    if (body.outcome === 'conflict') throw new ApiError(409, 'already processed', 'ALREADY_PROCESSED');
    if (body.outcome === 'crash') throw new Error('rail timed out');
    return {
      probe_id: probeId,
      execution: randomUUID(),
      amount: body.amount,
      fx: 0.1 + 0.2,
      note: 'ação ✓',
      key: request?.key ?? null,
    };
  }

  @Post(':probe_id/ack')
  @HttpCode(200)
  @Idempotent('test.probe.ack')
  ack(@Param('probe_id') probeId: string) {
    executions.push(probeId);
    return { acknowledged: probeId };
  }
}

describe('@Idempotent routes over HTTP', () => {
  let api: TestApi;
  let client: TestClient;

  beforeAll(async () => {
    const env = loadEnv(process.env);
    @Module({ imports: [AppModule.forEnv(env)], controllers: [ProbeController] })
    class ProbeAppModule {}
    // As createApi, with the probe controller added.
    const app = await createHttpApp(ProbeAppModule, env);
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as { port: number };
    api = { app, baseUrl: `http://127.0.0.1:${port}`, dataSource: app.get(DataSource), close: () => app.close() };
    client = await createTestClient(api);
  });
  afterAll(() => api.close());

  /** The raw answer, to compare bytes rather than parsed JSON. */
  async function post(path: string, body: string, key?: string) {
    const response = await fetch(`${api.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${client.token}`,
        'content-type': 'application/json',
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
      body,
    });
    return { status: response.status, text: await response.text(), headers: response.headers };
  }

  const probe = () => `/test/probes/${randomUUID()}`;
  const executionsOf = (path: string) => executions.filter((id) => path.endsWith(id)).length;

  it('should replay the first answer byte for byte, with its status and idempotency-replay: true', async () => {
    const path = probe();
    const first = await post(path, '{"amount": 10.5}', 'key-1');
    const replay = await post(path, '{"amount": 10.5}', 'key-1');
    expect(first.status).toBe(201);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(first.headers.get('idempotency-replay')).toBeNull();
    expect(JSON.parse(first.text)).toMatchObject({ amount: 10.5, note: 'ação ✓', key: 'key-1' });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotency-replay')).toBe('true');
    expect(replay.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(replay.text).toBe(first.text);
    expect(executionsOf(path)).toBe(1);
  });

  it("should keep the route's own status code (@HttpCode) on the first answer and on replay", async () => {
    const path = `${probe()}/ack`;
    const first = await post(path, '{}', 'ack-key');
    const replay = await post(path, '{}', 'ack-key');
    expect([first.status, replay.status]).toEqual([200, 200]);
    expect(replay.text).toBe(first.text);
  });

  it('should answer 422 IDEMPOTENCY_KEY_REUSED for the same key with another body', async () => {
    const path = probe();
    await post(path, '{"amount": 10}', 'key-2');
    const reused = await http(api.baseUrl, client.token).post(path, { amount: 11 }, { 'idempotency-key': 'key-2' });
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({
      statusCode: 422,
      message: expect.any(String),
      error_code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(executionsOf(path)).toBe(1);
  });

  it('should take the body bytes as the request: the same JSON written otherwise is a different request', async () => {
    const path = probe();
    await post(path, '{"amount": 10, "delay_ms": 0}', 'key-bytes');
    const reordered = await post(path, '{"delay_ms": 0, "amount": 10}', 'key-bytes');
    expect(reordered.status).toBe(422);
    expect(executionsOf(path)).toBe(1);
  });

  it('should count the path parameters as part of the request: another path is a different request', async () => {
    await post(probe(), '{"amount": 10}', 'key-3');
    const elsewhere = await post(probe(), '{"amount": 10}', 'key-3');
    expect(elsewhere.status).toBe(422);
  });

  it('should reject a malformed idempotency-key with 400 naming the header, before executing', async () => {
    const path = probe();
    for (const key of ['', 'x'.repeat(256)]) {
      const response = await http(api.baseUrl, client.token).post(path, { amount: 1 }, { 'idempotency-key': key });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ statusCode: 400, message: [expect.stringMatching(/^idempotency-key: /)] });
    }
    expect(executionsOf(path)).toBe(0);
  });

  it('should simply run the route without a key', async () => {
    const path = probe();
    const first = await post(path, '{"amount": 1}');
    const second = await post(path, '{"amount": 1}');
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers.get('idempotency-replay')).toBeNull();
    expect(JSON.parse(first.text).key).toBeNull();
    expect(executionsOf(path)).toBe(2);
  });

  it('should execute once when identical requests arrive together, and answer them all alike', async () => {
    const path = probe();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(path, '{"amount": 3, "delay_ms": 300}', 'key-4')),
    );
    expect(executionsOf(path)).toBe(1);
    expect(new Set(answers.map((a) => `${a.status} ${a.text}`)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotency-replay') === 'true')).toHaveLength(4);
  });

  it('should replay a client error and a validation error as first answered', async () => {
    const path = probe();
    const conflict = await post(path, '{"amount": 3, "outcome": "conflict"}', 'key-5');
    const conflictAgain = await post(path, '{"amount": 3, "outcome": "conflict"}', 'key-5');
    expect(conflict.status).toBe(409);
    expect(JSON.parse(conflict.text)).toMatchObject({
      statusCode: 409,
      message: 'already processed',
      error_code: 'ALREADY_PROCESSED',
    });
    expect(conflictAgain.status).toBe(409);
    expect(conflictAgain.text).toBe(conflict.text);
    expect(conflictAgain.headers.get('idempotency-replay')).toBe('true');

    const invalid = await post(path, '{"amount": -1}', 'key-6');
    const invalidAgain = await post(path, '{"amount": -1}', 'key-6');
    expect(invalid.status).toBe(400);
    expect(JSON.parse(invalid.text).message).toEqual([expect.stringContaining('amount')]);
    expect(invalidAgain.text).toBe(invalid.text);
    expect(invalidAgain.headers.get('idempotency-replay')).toBe('true');
  });

  it('should answer an unexpected error with the filter 500 and let the retry execute', async () => {
    const path = probe();
    const crashed = await post(path, '{"amount": 3, "outcome": "crash"}', 'key-7');
    expect(crashed.status).toBe(500);
    expect(JSON.parse(crashed.text)).toMatchObject({
      statusCode: 500,
      message: 'Internal server error',
      error_code: 'INTERNAL_ERROR',
    });
    await post(path, '{"amount": 3, "outcome": "crash"}', 'key-7');
    expect(executionsOf(path)).toBe(2);
  });

  it('should keep keys apart between clients', async () => {
    const path = probe();
    await post(path, '{"amount": 3}', 'key-8');
    const other = await createTestClient(api, 'Other client');
    const response = await http(api.baseUrl, other.token).post(path, { amount: 4 }, { 'idempotency-key': 'key-8' });
    expect(response.status).toBe(201);
    expect(response.headers.get('idempotency-replay')).toBeNull();
  });
});
