import { Controller, Module, Post } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createHttpApp } from '../../../src/api';
import { AppModule } from '../../../src/app.module';
import { loadEnv } from '../../../src/config/env';
import { createTestClient, http, TestApi } from '../../support/test-api';

const PAYER = { fullName: 'Ana Beatriz Souza', taxId: '39053344705' };

/** A route whose write fails in PostgreSQL with a payer's data among the query's parameters. */
@Controller('test/failing-write')
class FailingWriteController {
  constructor(private readonly dataSource: DataSource) {}

  @Post()
  async write() {
    // No such client: a foreign-key violation, whose driver detail repeats the values.
    await this.dataSource.query('INSERT INTO api_keys (id, client_id, prefix, key_hash) VALUES ($1, $2, $3, $4)', [
      randomUUID(),
      randomUUID(),
      `${PAYER.fullName} ${PAYER.taxId}`.slice(0, 32),
      PAYER.taxId.padEnd(64, '0'),
    ]);
  }
}

describe('logs of a failed database write', () => {
  let api: TestApi;
  const lines: string[] = [];

  beforeAll(async () => {
    const env = loadEnv({ ...process.env, LOG_LEVEL: 'info' });
    @Module({
      imports: [AppModule.forEnv(env, { write: (line: string) => void lines.push(line) })],
      controllers: [FailingWriteController],
    })
    class FailingWriteModule {}
    const app = await createHttpApp(FailingWriteModule, env);
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as { port: number };
    api = { app, baseUrl: `http://127.0.0.1:${port}`, dataSource: app.get(DataSource), close: () => app.close() };
  });
  afterAll(() => api.close());

  it('hold the error code, constraint and message, never the values written', async () => {
    const client = await createTestClient(api);
    const response = await http(api.baseUrl, client.token).post(
      '/test/failing-write',
      {},
      { 'x-request-id': 'failing-write-1' },
    );
    expect(response.status).toBe(500);
    expect(response.body).toMatchObject({
      statusCode: 500,
      message: 'Internal server error',
      error_code: 'INTERNAL_ERROR',
    });

    const errors = lines.map((line) => JSON.parse(line)).filter((entry) => entry.err?.type === 'QueryFailedError');
    expect(errors).toEqual([
      expect.objectContaining({
        requestId: 'failing-write-1',
        err: expect.objectContaining({
          code: '23503',
          constraint: 'api_keys_client_id_fkey',
          message: expect.stringContaining('violates foreign key constraint'),
        }),
      }),
    ]);
    const text = lines.join('\n');
    for (const value of [PAYER.taxId, PAYER.fullName, 'INSERT INTO']) expect(text).not.toContain(value);
  });
});
