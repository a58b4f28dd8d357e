import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadEnv } from '../src/config/env';
import { createRailsSimulator } from '../sim/rails/rails-simulator.server';
import { BenchParts } from './bench/base-stack';
import { createFundedPayer, registryOf } from './shared/funded-payer';
import { startTemporalHelper } from './shared/temporal-server';
import { runScript, sayAs } from './shared/script-main';

const USAGE = `usage: npm run api-check -- [schemathesis run options]

Runs schemathesis (SCHEMATHESIS_PATH, installed by scripts/run.mjs) with --checks all over the
OpenAPI document of a throw-away instance: its own PostgreSQL and Temporal on free ports, the
rails simulator and the API, and a funded client whose bearer token every request carries.
Options after -- go to \`schemathesis run\`, e.g. --max-examples 20 or --include-path /collectors.
The configuration is scripts/schemathesis.toml, the hooks scripts/schemathesis_hooks.py; reports
go to .data/schemathesis/.`;

const say = sayAs('api-check');
const root = join(__dirname, '..', '..');

interface CheckTarget {
  apiUrl: string;
  apiKey: string;
  token: string;
  close(): Promise<void>;
}

/**
 * The instance under test. No worker runs: schemathesis tests the HTTP contract, and the
 * random notification URLs it makes up must never receive a callback. Orders it manages to
 * open simply wait, and vanish with the throw-away Temporal.
 */
async function startTarget(): Promise<CheckTarget> {
  const parts = new BenchParts(say);
  try {
    // Always a throw-away database: the fuzzer writes made-up merchants and orders. It also asks
    // for tokens far more often than any integrator would; 429 is tested apart.
    const settings = parts.settings({
      DATABASE_URL: undefined,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      TOKEN_RATE_LIMIT_PER_MINUTE: '1000000',
    });
    settings.DATABASE_URL = (await parts.database(settings)).url;
    say('starting a throw-away Temporal dev server…');
    const temporal = await startTemporalHelper({ backend: 'dev' });
    parts.onStop(temporal.stop);
    settings.TEMPORAL_ADDRESS = temporal.address;
    const rails = createRailsSimulator();
    settings.RAILS_URL = `http://127.0.0.1:${await rails.listen(0, '127.0.0.1')}`;
    parts.onStop(() => rails.close());

    const { api, apiUrl } = await parts.api(loadEnv(settings));
    const client = await createFundedPayer(registryOf(api), apiUrl, 'Schemathesis', 'USD', '1000000.00');
    return { apiUrl, apiKey: client.apiKey, token: client.token, close: () => parts.stopAll() };
  } catch (error) {
    await parts.stopAll();
    throw error;
  }
}

function runSchemathesis(executable: string, target: CheckTarget, extraArgs: string[]): Promise<number> {
  const reports = join(root, '.data', 'schemathesis');
  mkdirSync(reports, { recursive: true });
  const args = [
    '--config-file',
    join(root, 'scripts', 'schemathesis.toml'),
    'run',
    `${target.apiUrl}/docs-json`,
    '--checks',
    'all',
    '--header',
    `Authorization: Bearer ${target.token}`,
    // Sent to every operation, read by GET /auth/token alone: its success is tested too.
    '--header',
    `x-api-key: ${target.apiKey}`,
    '--report',
    'junit,ndjson',
    '--report-dir',
    reports,
    ...extraArgs,
  ];
  say(`schemathesis run ${target.apiUrl}/docs-json --checks all ${extraArgs.join(' ')}`);
  // Run from the report folder: schemathesis keeps its example database (.schemathesis/) in its working directory.
  const child = spawn(executable, args, {
    cwd: reports,
    stdio: 'inherit',
    env: { ...process.env, SCHEMATHESIS_HOOKS: join(root, 'scripts', 'schemathesis_hooks.py') },
  });
  // Ctrl-C reaches schemathesis through the process group; this process waits for it, then cleans up.
  const ignore = () => undefined;
  process.on('SIGINT', ignore);
  return new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      process.off('SIGINT', ignore);
      resolve(code ?? (signal ? 1 : 0));
    }),
  );
}

async function main(): Promise<number> {
  const given = process.argv.slice(2);
  const extraArgs = given[0] === '--' ? given.slice(1) : given;
  if (extraArgs.includes('--help') || extraArgs.includes('-h')) {
    process.stderr.write(`${USAGE}\n`);
    return 0;
  }
  const executable = process.env.SCHEMATHESIS_PATH;
  if (!executable) {
    say('SCHEMATHESIS_PATH is not set: run this through `npm run api-check`, which installs schemathesis');
    return 2;
  }
  const target = await startTarget();
  try {
    return await runSchemathesis(executable, target, extraArgs);
  } finally {
    say('cleaning up…');
    await target.close();
  }
}

runScript(main, say);
