import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';

/** The folder holding package.json, whether this runs from src/ (tests) or dist/src/. */
export function projectRoot(from = __dirname): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = projectRoot();

/** Where `npm start` keeps its embedded PostgreSQL, Temporal SQLite file and dev secrets. */
export const DATA_DIR = join(PROJECT_ROOT, '.data');
export const EMBEDDED_DATABASE_PORT = 54329;
export const EMBEDDED_DATABASE_NAME = 'payments';
export const EMBEDDED_DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${EMBEDDED_DATABASE_PORT}/${EMBEDDED_DATABASE_NAME}`;

/** .data/dev-secrets.json: an edited or truncated file fails here, naming the field. */
const devSecretsSchema = z.object({ JWT_SECRET: z.string().min(1), SECRETS_KEY: z.string().min(1) });
type DevSecrets = z.infer<typeof devSecretsSchema>;

/**
 * Outside production, secrets that were not given are generated once and kept under .data/,
 * so tokens and sealed webhook secrets survive a restart of `npm start`.
 */
export function withDevDefaults(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (env.NODE_ENV === 'production') return env;
  const withInsecureCallbacks = { ...env, ALLOW_INSECURE_CALLBACKS: env.ALLOW_INSECURE_CALLBACKS ?? 'true' };
  if (env.JWT_SECRET && env.SECRETS_KEY && env.DATABASE_URL) return withInsecureCallbacks;
  const file = join(DATA_DIR, 'dev-secrets.json');
  let secrets: DevSecrets;
  if (existsSync(file)) {
    secrets = devSecretsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } else {
    secrets = { JWT_SECRET: randomBytes(32).toString('hex'), SECRETS_KEY: randomBytes(32).toString('hex') };
    mkdirSync(DATA_DIR, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return {
    ...withInsecureCallbacks,
    DATABASE_URL: env.DATABASE_URL ?? EMBEDDED_DATABASE_URL,
    JWT_SECRET: env.JWT_SECRET ?? secrets.JWT_SECRET,
    SECRETS_KEY: env.SECRETS_KEY ?? secrets.SECRETS_KEY,
  };
}
