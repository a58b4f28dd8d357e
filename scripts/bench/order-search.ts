import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { DataSource } from 'typeorm';
import { integerOption, parseCommandArgs, UsageError } from '../../src/cli/command';
import { createDataSource } from '../../src/db/data-source';
import { orderSearchStatement, type OrderSearchInput } from '../../src/orders/order-search';
import { BenchParts } from './base-stack';
import { runScript, sayAs } from '../shared/script-main';

/**
 * The order search (GET /v2/payments) at scale: generates `orders` orders spread over `clients`
 * clients in a throw-away embedded PostgreSQL (or DATABASE_URL), set-wise with generate_series,
 * then runs EXPLAIN (ANALYZE, BUFFERS) of the search's statements for the busiest client, each
 * `repeat` times, and prints each plan once and its execution times. docs/performance.md
 * ("Order search") holds a run's output.
 */

export interface OrderSearchBenchOptions {
  orders: number;
  clients: number;
  repeat: number;
}

export const ORDER_SEARCH_USAGE = `usage: node dist/scripts/bench/order-search.js [--orders N] [--clients C] [--repeat R]

Generates N orders (default 10000000, at most 20000000) over C clients (default 100; the first
holds a tenth of them, the rest share the others evenly) in a throw-away PostgreSQL (DATABASE_URL
instead when set: it must be a database to throw away), then explains the order search's
statements for the busiest client, each R times (default 5), printing each plan and the
execution times.`;

/** Reads the options; a bad one is a UsageError naming it. */
export function parseOrderSearchArgs(argv: string[]): OrderSearchBenchOptions {
  const values = parseCommandArgs(argv, {
    orders: { type: 'string' },
    clients: { type: 'string' },
    repeat: { type: 'string' },
  });
  return {
    orders: integerOption('orders', values.orders, 10_000_000, 1_000, 20_000_000),
    clients: integerOption('clients', values.clients, 100, 2, 10_000),
    repeat: integerOption('repeat', values.repeat, 5, 1, 100),
  };
}

const BATCH = 1_000_000;
const clientIdSql = (n: string) => `md5('bench-client:' || ${n})::uuid`;

/**
 * Orders numbered 1..orders, newest last, one a second-and-a-bit back from 2026-11-01 over about a
 * year. Order i belongs to client 0 when i % 10 = 0 (a tenth), else to client 1 + i % (clients - 1).
 * One in twenty is a collection QR the client created (its collector), nobody's payment yet; the
 * others are payments it made, one in ten of them to a key (flow KEY), the rest QR. Statuses: 1 %
 * waiting for an amount, 2 % rejected, the rest completed; the same mix for every client.
 */
async function generateOrders(dataSource: DataSource, options: OrderSearchBenchOptions, say: (m: string) => void) {
  await dataSource.query(
    `INSERT INTO clients (id, name, webhook_secret_enc) SELECT ${clientIdSql('c')}, 'Bench ' || c, 'x' FROM generate_series(0, $1::int - 1) c`,
    [options.clients],
  );
  for (let from = 1; from <= options.orders; from += BATCH) {
    const to = Math.min(options.orders, from + BATCH - 1);
    const started = performance.now();
    await dataSource.query(
      `INSERT INTO orders (id, flow, status, last_seq, payer_client_id, collector_client_id, external_reference,
                           collector_external_reference, payment_key, local_country, local_currency, local_amount, user_currency,
                           user_amount, error_code, expires_at, created_at, updated_at)
       SELECT md5('bench-order:' || i)::uuid,
              CASE WHEN collection THEN 'COLLECTION' WHEN (i / 10) % 10 = 4 THEN 'KEY' ELSE 'QR' END,
              CASE WHEN (i / 10) % 100 = 7 THEN 'WAITING_AMOUNT' WHEN (i / 10) % 50 = 3 THEN 'REJECTED' ELSE 'COMPLETED' END,
              3,
              CASE WHEN collection THEN NULL ELSE client END,
              CASE WHEN collection THEN client END,
              CASE WHEN collection THEN NULL ELSE 'ref-' || i END,
              CASE WHEN collection THEN 'qr-' || i END,
              CASE WHEN NOT collection AND (i / 10) % 10 = 4 THEN '5299822472' || (i % 10) END,
              'BR', 'BRL', 10 + i % 5000, 'USD', round((10 + i % 5000) * 0.1862, 2),
              CASE WHEN (i / 10) % 50 = 3 THEN 'DESTINATION_REJECTED' END,
              at + interval '10 minutes', at, at + interval '20 seconds'
       FROM generate_series($1::int, $2::int) AS i,
            LATERAL (SELECT ${clientIdSql(`CASE WHEN i % 10 = 0 THEN 0 ELSE 1 + i % ($4::int - 1) END`)} AS client,
                            (i / 10) % 20 = 11 AS collection,
                            timestamptz '2026-11-01T00:00:00Z' - ($3::int - i) * interval '3.1536 seconds' AS at) AS g`,
      [from, to, options.orders, options.clients],
    );
    say(`orders ${from}..${to} written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const analyzing = performance.now();
  await dataSource.query('VACUUM ANALYZE orders');
  say(`VACUUM ANALYZE orders in ${((performance.now() - analyzing) / 1000).toFixed(1)} s`);
}

/** The searches explained: what an integrator's requests become, for the busiest client. */
async function searches(dataSource: DataSource, clientId: string): Promise<Array<[string, OrderSearchInput]>> {
  const [middle] = await dataSource.query<Array<{ micros: string; id: string }>>(
    `SELECT (EXTRACT(EPOCH FROM created_at) * 1000000)::bigint::text AS micros, id FROM orders
     WHERE payer_client_id = $1 ORDER BY created_at DESC, id DESC
     OFFSET (SELECT count(*) / 2 FROM orders WHERE payer_client_id = $1) LIMIT 1`,
    [clientId],
  );
  const [someReference] = await dataSource.query<Array<{ external_reference: string }>>(
    `SELECT external_reference FROM orders WHERE payer_client_id = $1 ORDER BY created_at LIMIT 1`,
    [clientId],
  );
  return [
    ['first page, no filter (limit 20)', { limit: 20 }],
    ['first page of 100', { limit: 100 }],
    [
      "a page half-way through the client's history (starting_after)",
      { limit: 20, after: [BigInt(middle!.micros), middle!.id] as const },
    ],
    ['external_reference (its oldest order)', { limit: 20, externalReference: someReference!.external_reference }],
    ['status=WAITING_AMOUNT (1 % of orders)', { limit: 20, status: 'WAITING_AMOUNT' }],
    ['flow=KEY (a tenth of its payments)', { limit: 20, flow: 'KEY' }],
    ['flow=COLLECTION (5 % of orders: as collector; never as payer)', { limit: 20, flow: 'COLLECTION' }],
    [
      'one day, created_after and created_before',
      { limit: 20, createdAfter: new Date('2026-06-01T00:00:00Z'), createdBefore: new Date('2026-06-02T00:00:00Z') },
    ],
    ['status=PROCESSING (no order has it)', { limit: 20, status: 'PROCESSING' }],
  ];
}

interface Explained {
  name: string;
  executionMs: number[];
  plan: string;
}

async function explain(dataSource: DataSource, clientId: string, repeat: number): Promise<Explained[]> {
  const results: Explained[] = [];
  for (const [name, input] of await searches(dataSource, clientId)) {
    const { text, values } = orderSearchStatement(clientId, input);
    const executionMs: number[] = [];
    let plan = '';
    for (let run = 0; run < repeat; run++) {
      const rows = await dataSource.query<
        Array<{
          'QUERY PLAN': string;
        }>
      >(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
      plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      executionMs.push(Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1]));
    }
    results.push({ name, executionMs, plan });
  }
  return results;
}

async function main(argv: string[]): Promise<number> {
  const say = sayAs('bench:order-search');
  let options: OrderSearchBenchOptions;
  try {
    options = parseOrderSearchArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${ORDER_SEARCH_USAGE}\n`);
    return 2;
  }
  const parts = new BenchParts(say);
  try {
    const { url } = await parts.database(parts.settings());
    const dataSource = await createDataSource({ url, poolSize: 2 }).initialize();
    parts.onStop(() => dataSource.destroy());
    const generating = performance.now();
    await generateOrders(dataSource, options, say);
    const generateS = (performance.now() - generating) / 1000;
    const [version] = await dataSource.query<Array<{ server_version: string }>>('SHOW server_version');
    const [counts] = await dataSource.query<Array<{ orders: number; busiest: number }>>(
      `SELECT count(*)::int AS orders, count(*) FILTER (WHERE payer_client_id = $1 OR collector_client_id = $1)::int AS busiest
       FROM orders`,
      [clientIdOf(0)],
    );
    process.stdout.write(
      `PostgreSQL ${version!.server_version}; ${counts!.orders} orders over ${options.clients} clients, ` +
        `${counts!.busiest} of them the busiest client's; generated in ${generateS.toFixed(0)} s\n\n`,
    );
    for (const { name, executionMs, plan } of await explain(dataSource, clientIdOf(0), options.repeat)) {
      const sorted = [...executionMs].sort((a, b) => a - b);
      process.stdout.write(
        `## ${name}\nexecution ms over ${executionMs.length} runs: ${executionMs.join(', ')} (median ${sorted[Math.floor(sorted.length / 2)]})\n${plan}\n\n`,
      );
    }
    return 0;
  } finally {
    await parts.stopAll();
  }
}

/** The bench's client n, as generateOrders names it (md5 of its name, as a uuid). */
function clientIdOf(n: number): string {
  const hex = createHash('md5').update(`bench-client:${n}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

if (require.main === module) runScript(() => main(process.argv.slice(2)), sayAs('bench:order-search'));
