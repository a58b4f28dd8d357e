import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { networkNamespacesUnavailable } from '../../scripts/chaos/network';
import type { NoisyNeighbourReport } from '../../scripts/chaos/noisy-neighbour/report';
import type { ChaosReport } from '../../scripts/chaos/report';
import { MainProcess } from '../../dev/main-process';
import { PROJECT_ROOT } from '../../src/config/dev-defaults';

/**
 * The short version of each chaos plan (fewer flows, one round, one cut; noisy-neighbour's 15 s
 * of baseline and 30 s of overload), run as a user runs it: `node dist/scripts/chaos.js --plan
 * NAME --short --json` on its own production topology, so that what the full plans prove cannot
 * regress. Each takes two to three minutes on two cores.
 */

interface Run<Report = ChaosReport> {
  code: number | null;
  report: Report;
  /** Seconds after the drive started of each progress line. */
  progressAt: number[];
  stderr: string;
  pid: number;
}

const PLAN_LIMIT_MS = 12 * 60_000;

function runPlan<Report = ChaosReport>(plan: string): Promise<Run<Report>> {
  MainProcess.assertBuilt();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--enable-source-maps', join(PROJECT_ROOT, 'dist', 'scripts', 'chaos.js'), '--plan', plan, '--short', '--json'],
      {
        cwd: PROJECT_ROOT,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, XDG_CACHE_HOME: process.env.XDG_CACHE_HOME ?? '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      // What the run is doing, for whoever watches npm test.
      process.stderr.write(chunk);
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        const progressAt = [...stderr.matchAll(/^\[chaos\] (\d+) s, /gm)].map((match) => Number(match[1]));
        resolve({ code, report: JSON.parse(stdout) as Report, progressAt, stderr, pid: child.pid! });
      } catch {
        reject(new Error(`chaos --plan ${plan} exited ${code} without a JSON report:\n${stderr.slice(-4000)}`));
      }
    });
  });
}

/** Issue 20: a progress line at least every 10 s, also while the orders settle. */
function expectProgressEvery10s(run: Run<unknown>): void {
  expect(run.progressAt.length).toBeGreaterThan(3);
  const gaps = run.progressAt.slice(1).map((at, i) => at - run.progressAt[i]!);
  expect(Math.max(...gaps)).toBeLessThanOrEqual(10);
  expect(run.stderr).toMatch(/\[chaos\] \d+ s, settling\b/);
}

function expectPassed(run: Run): void {
  const violations = run.report.audit.flatMap((rule) =>
    rule.violations.map((violation) => `${rule.rule}: ${violation}`),
  );
  expect(violations).toEqual([]);
  expect(run.report.violations).toBe(0);
  expect(run.code).toBe(0);
  expect(run.report.topology).toMatchObject({
    apis: 2,
    workers: 2,
    temporal: expect.stringMatching(/^Temporal server v[\d.]+ on PostgreSQL$/),
  });
  expect(
    Object.keys(run.report.counts.orders).every((status) =>
      ['COMPLETED', 'REJECTED', 'FAILED', 'CANCELED'].includes(status),
    ),
  ).toBe(true);
}

const namespacesUnavailable = networkNamespacesUnavailable();
if (namespacesUnavailable) console.info(`the short partitions plan: skipped, ${namespacesUnavailable}`);
const partitions = namespacesUnavailable ? it.skip : it;

describe('the chaos plans, short', () => {
  it(
    'default: worker kills, the rail down, PostgreSQL restarted, rail answers lost, Temporal restarted; payouts met every rail fault; the money adds up',
    async () => {
      const run = await runPlan('default');
      expectPassed(run);
      expectProgressEvery10s(run);
      expect(run.report.railCallsUnderFaults.map((window) => window.fault)).toEqual(['down', 'lose_response']);
      for (const window of run.report.railCallsUnderFaults) expect(window.calls.payouts).toBeGreaterThan(0);
      expect(run.report.timeline.map((entry) => entry.what)).toEqual(
        expect.arrayContaining(['restart PostgreSQL (3 s stopped)', 'restart the Temporal server (3 s stopped)']),
      );
    },
    PLAN_LIMIT_MS,
  );

  it(
    'rolling-deploy: every API replica and worker replaced under load, the workers with changed workflow code; no request failed, both codes served orders',
    async () => {
      const run = await runPlan('rolling-deploy');
      expectPassed(run);
      expectProgressEvery10s(run);
      expect(run.report.requests.failed).toEqual({});
      expect(run.report.concurrency).toBeGreaterThanOrEqual(10);
      const replacements = run.report.timeline.filter((entry) => entry.what.startsWith('replace '));
      expect(replacements).toHaveLength(4);
      for (const entry of replacements) expect(entry.failed).toBeUndefined();
      expect(run.report.bundles!.crossed).toBeGreaterThan(0);
      expect(run.report.bundles!.withMarker).toBeGreaterThan(0);
    },
    PLAN_LIMIT_MS,
  );

  it(
    'noisy-neighbour: client A floods previews at five times the measured capacity; B is never refused and keeps its latencies, A is refused only with Retry-After, C sees every callback',
    async () => {
      const run = await runPlan<NoisyNeighbourReport>('noisy-neighbour');
      const protectedRun = run.report.runs.protected!;
      expect(protectedRun.criteria.filter((criterion) => !criterion.pass)).toEqual([]);
      expect(run.report.violations).toBe(0);
      expect(run.code).toBe(0);
      expectProgressEvery10s(run);
      expect(run.report.runs.unprotected).toBeUndefined();
      expect(protectedRun.topology).toMatchObject({
        apis: 2,
        workers: 2,
        temporal: expect.stringMatching(/^Temporal server v[\d.]+ on PostgreSQL$/),
      });
      expect(protectedRun.fairness).toBe(true);
      const { noisy, ordinary, steady } = protectedRun.figures;
      // The protections engaged: A was refused, by its quota or by admission, and still got some of its previews through.
      expect(Object.keys(noisy.refusals).length).toBeGreaterThan(0);
      expect(noisy.acknowledged).toBeGreaterThan(0);
      expect(steady.overload.flows).toBeGreaterThanOrEqual(25);
      expect(ordinary.baseline.flows).toBeGreaterThan(0);
      expect(ordinary.overload.flows).toBeGreaterThan(0);
    },
    PLAN_LIMIT_MS,
  );

  partitions(
    namespacesUnavailable
      ? `partitions: skipped, ${namespacesUnavailable}`
      : 'partitions: PostgreSQL cut from everything, silently; requests failed fast with a 503, every order final soon after the heal, nothing left behind',
    async () => {
      const run = await runPlan('partitions');
      expectPassed(run);
      expectProgressEvery10s(run);
      expect(run.report.topology.networkNamespaces).toBe(true);
      const [cut] = run.report.requestsDuringCuts;
      expect(cut!.summary.sent).toBeGreaterThan(0);
      expect(cut!.summary.retried).toHaveProperty(['503 SERVICE_UNAVAILABLE']);
      expect(run.report.finalAfterHeals.lastFinalAfterLastHealMs).toBeLessThanOrEqual(3 * 60_000);
      // Its namespaces and links are gone.
      expect(execFileSync('ip', ['netns', 'list'], { encoding: 'utf8' })).not.toContain(`cbpchaos-${run.pid}-`);
      expect(execFileSync('ip', ['-o', 'link', 'show'], { encoding: 'utf8' })).not.toContain(
        `cbp${run.pid.toString(36)}-`,
      );
    },
    PLAN_LIMIT_MS,
  );
});
