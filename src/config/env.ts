import { z } from 'zod';
import { parseDuration } from './duration';

const booleanString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const port = z.coerce.number().int().min(0).max(65535);

/** `30s`, `5m`, `2h`…: read into milliseconds. */
const duration = z.string().transform((text, context) => {
  const ms = parseDuration(text);
  if (ms === null || ms === 0) {
    context.addIssue({ code: 'custom', message: 'must be a duration such as 90s, 30m or 2h' });
    return z.NEVER;
  }
  return ms;
});

/**
 * The one environment schema of every process. Each variable is documented in the README's
 * configuration table; a bad or missing one stops start-up with a message naming it.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  PORT: port.default(3000),
  RAILS_PORT: port.default(4010),
  /** The simulator binds loopback unless told otherwise (containers need 0.0.0.0). */
  RAILS_HOST: z.string().min(1).default('127.0.0.1'),
  RAILS_URL: z.url().default('http://127.0.0.1:4010'),
  RAILS_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),

  DATABASE_URL: z.url().refine((url) => url.startsWith('postgres'), 'must be a postgres:// URL'),
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),

  TEMPORAL_ADDRESS: z.string().min(1).default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('orders'),

  /** Signs access tokens (HS256). At least 32 characters. */
  JWT_SECRET: z.string().min(32),
  /** 32 bytes, hex or base64: encrypts webhook secrets at rest (AES-256-GCM). */
  SECRETS_KEY: z.string().min(32),

  SANDBOX_API_KEY: z.string().min(16).optional(),
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).optional(),

  QR_EXPIRY_SECONDS: z.coerce.number().int().positive().default(600),
  /**
   * How long an order whose payout outcome is unknown keeps asking the rail (and resending the
   * idempotent payout) before it is flagged for an operator. Its funds stay reserved meanwhile.
   */
  PAYOUT_RETRY_WINDOW: duration.default(30 * 60_000),
  /** Per-country maximum amounts in local units, e.g. "BR=100000,CO=300000000". */
  AMOUNT_LIMITS: z.string().optional(),
  ALLOW_INSECURE_CALLBACKS: booleanString.default(false),

  TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Parses the environment; throws an EnvError whose message names every bad variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    throw new EnvError(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}
