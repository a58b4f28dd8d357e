import 'reflect-metadata';
import { withDevDefaults } from '../config/dev-defaults';
import { EnvError, loadEnv } from '../config/env';
import { createDataSource } from '../db/data-source';
import { clientsCreate } from './clients-create.command';
import { clientsFund } from './clients-fund.command';
import { clientsLimits } from './clients-limits.command';
import { clientsRotateWebhookSecret } from './clients-rotate-webhook-secret.command';
import { keysRotate } from './keys-rotate.command';
import { ordersResolve } from './orders-resolve.command';
import { ordersStuck } from './orders-stuck.command';
import { ordersTimeline } from './orders-timeline.command';
import { refundsResolve } from './refunds-resolve.command';
import { secretsReseal } from './secrets-reseal.command';
import { Command, CommandFailure, UsageError } from './command';

/**
 * `npm run cli -- <command> [options]`. Without DATABASE_URL it talks to the embedded
 * database of a running `npm start`. Results go to stdout, everything else to stderr.
 */
const commands: Record<string, Command> = {
  'clients:create': clientsCreate,
  'clients:fund': clientsFund,
  'clients:limits': clientsLimits,
  'clients:rotate-webhook-secret': clientsRotateWebhookSecret,
  'keys:rotate': keysRotate,
  'orders:resolve': ordersResolve,
  'orders:stuck': ordersStuck,
  'orders:timeline': ordersTimeline,
  'refunds:resolve': refundsResolve,
  'secrets:reseal': secretsReseal,
};

async function main(): Promise<number> {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    process.stderr.write(
      `usage:\n${Object.values(commands)
        .map((c) => `  npm run cli -- ${c.usage}`)
        .join('\n')}\n`,
    );
    return 2;
  }
  const env = loadEnv(withDevDefaults(process.env));
  const dataSource = createDataSource({ url: env.DATABASE_URL, poolSize: 2 });
  try {
    await dataSource.initialize();
  } catch (error) {
    process.stderr.write(
      `cannot reach PostgreSQL at DATABASE_URL (is \`npm start\` running?): ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  }
  try {
    await command.run({ dataSource, env, args, out: (text) => process.stdout.write(text + '\n') });
    return 0;
  } catch (error) {
    if (error instanceof CommandFailure) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\nusage: npm run cli -- ${command.usage}\n`);
      return 2;
    }
    throw error;
  } finally {
    await dataSource.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof EnvError ? error.message : error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exit(1);
  },
);
