import { DataSource } from 'typeorm';
import { CLIENT_MARGIN_MS } from '../../../src/db/bounded-client';
import { createDataSource, DatabaseBounds } from '../../../src/db/data-source';
import { unavailability } from '../../../src/infra/unavailable';
import { TcpGate } from '../../support/tcp-gate';

const BOUNDS: DatabaseBounds = { connectMs: 1000, statementMs: 1000, idleInTransactionMs: 1000 };
// What a loaded machine adds to a timer before it fires.
const SLACK_MS = 1500;

/** How long `work` took to fail, and with what. */
async function failure(work: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = Date.now();
  try {
    await work();
  } catch (error) {
    return { error, ms: Date.now() - started };
  }
  throw new Error('expected a failure');
}

/**
 * Every PostgreSQL path of the api and the worker ends within its bound, also when the network
 * path to the server goes silent (no RST, no FIN: only TCP's own timeouts, about 15 minutes,
 * would end it), and the failure is one the API answers 503 with Retry-After.
 */
describe('the bounds on PostgreSQL', () => {
  const database = new URL(process.env.DATABASE_URL!);
  let gate: TcpGate;
  const dataSources: DataSource[] = [];

  const connect = async ({
    bounds = BOUNDS,
    poolSize = 2,
  }: { bounds?: DatabaseBounds | null; poolSize?: number } = {}) => {
    const dataSource = await createDataSource({
      url: TcpGate.rewrite(process.env.DATABASE_URL!, gate.port),
      poolSize,
      bounds: bounds ?? undefined,
    }).initialize();
    dataSources.push(dataSource);
    return dataSource;
  };

  beforeEach(async () => {
    gate = await TcpGate.to({ host: database.hostname, port: Number(database.port) });
    await gate.open();
  });

  afterEach(async () => {
    gate.heal();
    await Promise.all(dataSources.splice(0).map((dataSource) => dataSource.destroy().catch(() => undefined)));
    await gate.close();
  });

  it('fails a query whose server went silent within statement_timeout + the margin, and drops that connection', async () => {
    const dataSource = await connect();
    await dataSource.query('SELECT 1');
    gate.silence();
    const { error, ms } = await failure(() => dataSource.query('SELECT 1'));
    expect(unavailability(error)).toBe('SERVICE_UNAVAILABLE');
    expect(ms).toBeGreaterThanOrEqual(BOUNDS.statementMs + CLIENT_MARGIN_MS - 50);
    expect(ms).toBeLessThan(BOUNDS.statementMs + CLIENT_MARGIN_MS + SLACK_MS);
    gate.heal();
    // A dropped connection is never handed out again: the next query gets a new one at once.
    const started = Date.now();
    expect(await dataSource.query('SELECT 2 AS two')).toEqual([{ two: 2 }]);
    expect(Date.now() - started).toBeLessThan(SLACK_MS);
  });

  it('fails a new connection to a silent server within the connect timeout', async () => {
    gate.silence();
    const { error, ms } = await failure(() => connect());
    expect(unavailability(error)).toBe('SERVICE_UNAVAILABLE');
    expect(ms).toBeLessThan(BOUNDS.connectMs + SLACK_MS);
  });

  it('fails a wait for a pooled connection within the connect timeout', async () => {
    const dataSource = await connect({ poolSize: 1 });
    const holder = dataSource.createQueryRunner();
    await holder.connect();
    const { error, ms } = await failure(() => dataSource.query('SELECT 1'));
    expect(unavailability(error)).toBe('SERVICE_UNAVAILABLE');
    expect((error as Error).message).toMatch(/timeout exceeded when trying to connect/);
    expect(ms).toBeLessThan(BOUNDS.connectMs + SLACK_MS);
    await holder.release();
  });

  it('has the server end a statement at statement_timeout, lock waits included', async () => {
    const dataSource = await connect();
    const { error, ms } = await failure(() => dataSource.query('SELECT pg_sleep(5)'));
    expect(error).toMatchObject({ driverError: expect.objectContaining({ code: '57014' }) });
    expect(unavailability(error)).toBe('SERVICE_UNAVAILABLE');
    expect(ms).toBeLessThan(BOUNDS.statementMs + SLACK_MS);
  });

  it('has the server end a session left idle in a transaction, releasing its locks', async () => {
    const dataSource = await connect();
    const idle = dataSource.createQueryRunner();
    await idle.connect();
    await idle.startTransaction();
    await idle.query('SELECT pg_advisory_xact_lock(7220999)');
    const lock = () => dataSource.query<Array<{ got: boolean }>>('SELECT pg_try_advisory_xact_lock(7220999) AS got');
    expect(await lock()).toEqual([{ got: false }]);
    await new Promise((resolve) => setTimeout(resolve, BOUNDS.idleInTransactionMs + 500));
    expect(await lock()).toEqual([{ got: true }]);
    await idle.release().catch(() => undefined);
  });

  it('leaves migrations unbounded: they wait for each other on a lock, however long one runs', async () => {
    const dataSource = await connect({ bounds: null });
    expect(await dataSource.query(`SELECT current_setting('statement_timeout') AS value`)).toEqual([{ value: '0' }]);
  });
});
