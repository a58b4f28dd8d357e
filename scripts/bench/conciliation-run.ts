import { get } from 'node:http';
import { loadavg } from 'node:os';
import { constants, performance, PerformanceObserver } from 'node:perf_hooks';
import { DataSource } from 'typeorm';
import { loadEnv } from '../../src/config/env';
import type { ReportFormatName } from '../../src/reports/report-formats';
import { createApiClient, registryOf } from '../shared/funded-payer';
import { Machine, machine } from '../shared/machine';
import { BenchParts } from './base-stack';
import { BENCH_PERIOD, generateMovements, GeneratedMovements } from './movements';

export interface ConciliationBenchReport {
  movements: GeneratedMovements;
  format: ReportFormatName;
  machine: Machine;
  database: 'embedded' | 'DATABASE_URL';
  generateMs: number;
  /** From the request to the first byte of the body: the query's start-up (its sort) and the first batch. */
  firstByteMs: number;
  totalMs: number;
  /** CPU time of this process (API and reader, user and system) while streaming; PostgreSQL's is not in it. */
  cpuMs: number;
  rows: number;
  bytes: number;
  rowsPerSecond: number;
  /** The bench process (API and reader) before the request, its peak while streaming, and its lifetime peak. */
  rssBeforeBytes: number;
  rssPeakBytes: number;
  maxRssBytes: number;
  /**
   * What the heap still held right after each full collection during the stream: the live
   * set, which is what would grow if rows piled up. RSS also counts garbage V8 has not
   * collected yet, so its peak depends on when V8 chooses to collect.
   */
  heapBeforeBytes: number;
  fullCollections: number;
  heapAfterFullCollectionMinBytes: number;
  heapAfterFullCollectionMaxBytes: number;
}

const RSS_SAMPLE_MS = 20;

/**
 * Generates `movements` for one client in PostgreSQL, then streams its report for
 * BENCH_PERIOD over HTTP from the API in this process, reading it as it arrives (nothing is
 * kept but counts), and samples the process's RSS meanwhile. What it starts is registered
 * with `parts`, which the caller stops.
 */
export async function benchConciliation(
  parts: BenchParts,
  movements: number,
  format: ReportFormatName,
): Promise<ConciliationBenchReport> {
  const { say } = parts;
  // The API runs in this process: request logs on stderr would bury its progress; errors still show.
  const settings = parts.settings({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'error' });
  settings.DATABASE_URL = (await parts.database(settings)).url;
  const { api, apiUrl } = await parts.api(loadEnv(settings));
  const client = await createApiClient(registryOf(api), apiUrl, 'Bench collector');

  say(`generating ${movements} movements in PostgreSQL…`);
  const generating = performance.now();
  const generated = await generateMovements(api.get(DataSource), client.clientId, movements);
  const generateMs = performance.now() - generating;
  say(
    `generated ${generated.payments} payments and ${generated.refunds} refunds in ${(generateMs / 1000).toFixed(1)} s; streaming the ${format} report…`,
  );

  const host = machine();
  const { rss: rssBeforeBytes, heapUsed: heapBeforeBytes } = process.memoryUsage();
  let rssPeakBytes = rssBeforeBytes;
  const sampler = setInterval(() => {
    rssPeakBytes = Math.max(rssPeakBytes, process.memoryUsage.rss());
  }, RSS_SAMPLE_MS);
  let fullCollections = 0;
  let heapAfterFullCollectionMinBytes = Infinity;
  let heapAfterFullCollectionMaxBytes = 0;
  const collections = new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) {
      if ((entry as { detail?: { kind?: number } }).detail?.kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
      fullCollections++;
      const { heapUsed } = process.memoryUsage();
      heapAfterFullCollectionMinBytes = Math.min(heapAfterFullCollectionMinBytes, heapUsed);
      heapAfterFullCollectionMaxBytes = Math.max(heapAfterFullCollectionMaxBytes, heapUsed);
    }
  });
  collections.observe({ entryTypes: ['gc'] });
  try {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const { firstByteMs, lines, bytes } = await readReport(
      `${apiUrl}/v2/reports/conciliation/payins?from=${BENCH_PERIOD.from}&to=${BENCH_PERIOD.to}&format=${format}`,
      client.token,
      started,
    );
    const totalMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const rows = lines - 1;
    if (rows !== generated.payments + generated.refunds)
      throw new Error(`the report has ${rows} rows, ${generated.payments + generated.refunds} expected`);
    return {
      movements: generated,
      format,
      machine: { ...host, loadAfter: loadavg()[0]! },
      database: process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded',
      generateMs,
      firstByteMs,
      totalMs,
      cpuMs: (cpu.user + cpu.system) / 1000,
      rows,
      bytes,
      rowsPerSecond: rows / (totalMs / 1000),
      rssBeforeBytes,
      rssPeakBytes: Math.max(rssPeakBytes, process.memoryUsage.rss()),
      maxRssBytes: process.resourceUsage().maxRSS * 1024,
      heapBeforeBytes,
      fullCollections,
      heapAfterFullCollectionMinBytes,
      heapAfterFullCollectionMaxBytes,
    };
  } finally {
    clearInterval(sampler);
    collections.disconnect();
  }
}

/**
 * Reads the file as it arrives and keeps only counts. node:http rather than fetch: its reader
 * costs this process less CPU, and this process's CPU is what the run reports.
 */
function readReport(
  url: string,
  token: string,
  started: number,
): Promise<{ firstByteMs: number; lines: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers: { authorization: `Bearer ${token}` } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`report request failed: ${response.statusCode}`));
        return;
      }
      let firstByteMs = NaN;
      let lines = 0;
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - started;
        bytes += chunk.length;
        // The generated values hold no line break, so every LF ends a record (the header's too).
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
      });
      response.on('end', () => resolve({ firstByteMs, lines, bytes }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const count = (value: number) => Math.round(value).toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The human-readable summary for stdout. */
export function formatConciliationReport(report: ConciliationBenchReport): string {
  const { machine: m, movements } = report;
  return [
    `npm run bench -- --report ${report.rows}: reconciliation file (${report.format}) of one client's month`,
    `${m.cores} × ${m.cpu}, ${m.memoryGiB} GiB, Node ${m.node}, load ${m.loadBefore.toFixed(2)} → ${m.loadAfter?.toFixed(2) ?? '?'}; PostgreSQL ${report.database}`,
    '',
    `generated            ${count(movements.payments)} payments + ${count(movements.refunds)} refunds in ${seconds(report.generateMs)}`,
    `streamed             ${count(report.rows)} rows, ${mb(report.bytes)} in ${seconds(report.totalMs)} (first byte after ${seconds(report.firstByteMs)})`,
    `rows/s               ${count(report.rowsPerSecond)}`,
    `CPU (this process)   ${seconds(report.cpuMs)}, ${((report.cpuMs * 1000) / report.rows).toFixed(1)} µs a row`,
    `RSS before           ${mb(report.rssBeforeBytes)}`,
    `RSS peak, streaming  ${mb(report.rssPeakBytes)} (+${mb(report.rssPeakBytes - report.rssBeforeBytes)})`,
    `max RSS (process)    ${mb(report.maxRssBytes)}`,
    `heap before          ${mb(report.heapBeforeBytes)}`,
    `heap after full GCs  ${
      report.fullCollections
        ? `${mb(report.heapAfterFullCollectionMinBytes)} to ${mb(report.heapAfterFullCollectionMaxBytes)} (${report.fullCollections} collections while streaming)`
        : 'no full collection while streaming'
    }`,
    '',
  ].join('\n');
}
