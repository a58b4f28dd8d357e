import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createDataSource } from '../../src/db/data-source';
import { LedgerService } from '../../src/ledger/ledger.service';
import { Decimal } from '../../src/money';
import { Machine, describeMachine, machine } from '../shared/machine';
import { treeCpuSeconds } from '../shared/process-cpu';
import { Summary, summarize } from '../shared/stats';
import { BenchParts } from './base-stack';

/** Concurrent payers on the one account, one level after the other. */
export const HOT_ACCOUNT_CONCURRENCIES = [1, 4, 16, 64] as const;

export interface HotAccountLevel {
  concurrency: number;
  payments: number;
  /** Payments a second on the one account: each one debit of its available balance (the hold) and one of its reserved balance (the commit). */
  paymentsPerSecond: number;
  /** Hold and commit of one payment, one after the other, each its own transaction. */
  paymentMs: Summary;
  /** PostgreSQL's CPU per payment (its postmaster and every backend); null for a DATABASE_URL server. */
  postgresCpuMs: number | null;
}

export interface HotAccountReport {
  machine: Machine;
  database: 'embedded' | 'DATABASE_URL';
  secondsPerLevel: number;
  levels: HotAccountLevel[];
}

// Enough that no level runs short of money: 64 payers × thousands of payments of 1.00.
const FUNDED = new Decimal('100000000');
const PAYMENT = new Decimal('1.00');

/**
 * How many payments one client's ledger account takes a second: the ledger's own hold
 * (available → reserved) and commit (reserved → SETTLEMENT) of each payment, as the worker posts
 * them, against one client from `concurrency` payers at once, for `seconds` at each level. Both
 * lock the client's account rows (in id order) for their transaction, so the rate one account
 * takes is bounded by those locks, not by the number of processes. Measured without the order's
 * own row and history that the worker writes in the same transactions: a ceiling for the real
 * flow, which also spends the rest of its time elsewhere.
 */
export async function benchHotAccount(parts: BenchParts, seconds: number): Promise<HotAccountReport> {
  const settings = parts.settings();
  const database = await parts.database(settings);
  const dataSource = await createDataSource({
    url: database.url,
    poolSize: Math.max(...HOT_ACCOUNT_CONCURRENCIES) + 1,
  }).initialize();
  parts.onStop(() => dataSource.destroy());
  const ledger = new LedgerService(dataSource);
  const clientId = randomUUID();
  await dataSource.query(
    `INSERT INTO clients (id, name, webhook_secret_enc) VALUES ($1, 'Hot account bench', 'unused')`,
    [clientId],
  );
  await ledger.fund(randomUUID(), clientId, 'USD', FUNDED);

  const host = machine();
  const levels: HotAccountLevel[] = [];
  for (const concurrency of HOT_ACCOUNT_CONCURRENCIES) {
    parts.say(`hot account: ${concurrency} payers for ${seconds} s…`);
    levels.push(await level(ledger, clientId, concurrency, seconds, database.pid));
  }
  return {
    machine: { ...host, loadAfter: loadavg()[0]! },
    database: database.pid === null ? 'DATABASE_URL' : 'embedded',
    secondsPerLevel: seconds,
    levels,
  };
}

async function level(
  ledger: LedgerService,
  clientId: string,
  concurrency: number,
  seconds: number,
  postgresPid: number | null,
): Promise<HotAccountLevel> {
  const durations: number[] = [];
  const postgresBefore = postgresPid === null ? null : treeCpuSeconds(postgresPid);
  const started = performance.now();
  const until = started + seconds * 1000;
  const payer = async () => {
    while (performance.now() < until) {
      const began = performance.now();
      const hold = randomUUID();
      await ledger.reserve(hold, clientId, 'USD', PAYMENT, randomUUID());
      await ledger.commit(randomUUID(), hold);
      durations.push(performance.now() - began);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, payer));
  const wallSeconds = (performance.now() - started) / 1000;
  const postgresAfter = postgresPid === null ? null : treeCpuSeconds(postgresPid);
  return {
    concurrency,
    payments: durations.length,
    paymentsPerSecond: durations.length / wallSeconds,
    paymentMs: summarize(durations),
    postgresCpuMs:
      postgresBefore === null || postgresAfter === null
        ? null
        : ((postgresAfter - postgresBefore) * 1000) / durations.length,
  };
}

export function formatHotAccountReport(report: HotAccountReport): string {
  const rows = report.levels.map(
    (l) =>
      `  ${String(l.concurrency).padStart(5)}  ${l.paymentsPerSecond.toFixed(0).padStart(10)}  ${l.paymentMs.p50.toFixed(1).padStart(8)}  ${l.paymentMs.p99.toFixed(1).padStart(8)}  ${l.postgresCpuMs === null ? '       -' : l.postgresCpuMs.toFixed(2).padStart(8)}`,
  );
  return [
    `one client's ledger account, hold + commit per payment, ${report.secondsPerLevel} s per level (${report.database} PostgreSQL)`,
    `machine: ${describeMachine(report.machine)}`,
    '  payers  payments/s   p50 ms   p99 ms  PG CPU ms/payment',
    ...rows,
    '',
  ].join('\n');
}
