import { isIP } from 'node:net';
import { z } from 'zod';
import { parseQuotaDefaults } from './quota-policy';
import { parseDuration } from './duration';
import { devPayloadKeys, parsePayloadKeys } from './payload-keys';
import { productionProblems } from './production-rules';
import { temporalUsesTls } from './temporal-transport';

const booleanString = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const port = z.coerce.number().int().min(0).max(65535);

/** `30s`, `5m`, `2h`…: read into milliseconds; `0s` only where zero means "none" (`allowZero`). */
const durationOf = (allowZero: boolean) =>
  z.string().transform((text, context) => {
    const ms = parseDuration(text);
    if (ms === null || (ms === 0 && !allowZero)) {
      context.addIssue({
        code: 'custom',
        message: `must be a duration such as ${allowZero ? '0s, ' : ''}90s, 30m or 2h`,
      });
      return z.NEVER;
    }
    return ms;
  });
const duration = durationOf(false);
const durationOrZero = durationOf(true);
export const TEMPORAL_BACKENDS = ['dev', 'postgres'] as const;
export type TemporalBackend = (typeof TEMPORAL_BACKENDS)[number];

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * The proxies whose `x-forwarded-for` the API believes (TRUSTED_PROXIES): a comma list of
 * addresses, subnets and the names `loopback`, `linklocal`, `uniquelocal`; empty (the default)
 * believes nobody, and a caller is the socket's peer. The caller's address is the first entry
 * from the right of the header that is not one of these proxies, so whatever a caller writes
 * before its own address is never read. A subnet of everything (`/0`) is refused: anyone could
 * then pick the address their requests count against.
 */
const trustedProxies = z
  .string()
  .trim()
  .transform((value) => (value === '' ? [] : value.split(',').map((entry) => entry.trim())))
  .refine(
    (entries) => entries.every(isProxyEntry),
    'must be a comma list of addresses, subnets, loopback, linklocal, uniquelocal',
  )
  .refine((entries) => entries.every((entry) => !/\/0+$/.test(entry)), 'must not trust every address (a /0 subnet)');

/** TEMPORAL_PAYLOAD_KEYS, checked whole here; the codec reads it with parsePayloadKeys. */
const payloadKeys = z.string().superRefine((text, context) => {
  try {
    parsePayloadKeys(text);
  } catch (error) {
    context.addIssue({ code: 'custom', message: (error as Error).message });
  }
});

/** A comma list, each entry checked by `item`; empty entries dropped. */
const commaList = (item: z.ZodType<string, string>) =>
  z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry.length > 0),
    )
    .pipe(z.array(item));

/** An origin as browsers send it: scheme, host and port, nothing after. */
const origin = z
  .string()
  .regex(/^https?:\/\/[^/\s?#]+$/, 'must be origins such as https://temporal.example.com (scheme, host and port only)');

/**
 * The one environment schema of every process. Each variable is documented in the README's
 * configuration table; a bad or missing one stops start-up with a message naming it.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  PORT: port.default(3000),
  /**
   * Shutdown (README, "Stopping"): after SIGTERM the API keeps serving, with /ready at 503,
   * for API_DRAIN_DELAY so that a balancer takes it out; then closes its listener. In-flight
   * requests (API) and activities (worker) get SHUTDOWN_GRACE to finish.
   */
  API_DRAIN_DELAY: durationOrZero.default(5000),
  SHUTDOWN_GRACE: duration.default(20_000),
  /** How long the API keeps an idle keep-alive connection: longer than a balancer's own idle timeout. */
  API_KEEP_ALIVE_TIMEOUT: duration.default(5000),
  RAILS_PORT: port.default(4010),
  /** The simulator binds loopback unless told otherwise (containers need 0.0.0.0). */
  RAILS_HOST: z.string().min(1).default('127.0.0.1'),
  RAILS_URL: z.url().default('http://127.0.0.1:4010'),
  RAILS_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),

  DATABASE_URL: z.url().refine((url) => url.startsWith('postgres'), 'must be a postgres:// URL'),
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
  /**
   * Bounds on every PostgreSQL path (src/db/data-source.ts, docs/reliability.md "Bounds"):
   * connecting, or waiting for a pooled connection; one statement, on the server, and on the
   * client two seconds later, for a server that went silent; a transaction left idle (its
   * locks), on the server. 0s turns the last two off.
   */
  DATABASE_CONNECT_TIMEOUT: duration.default(5000),
  DATABASE_STATEMENT_TIMEOUT: durationOrZero.default(5000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT: durationOrZero.default(10_000),

  TEMPORAL_ADDRESS: z.string().min(1).default('127.0.0.1:7233'),
  /**
   * Which Temporal `npm start` runs when TEMPORAL_ADDRESS is not given: the CLI's dev server
   * (SQLite) or the Temporal server persisted in the embedded PostgreSQL, as production runs it.
   */
  TEMPORAL_BACKEND: z.enum(TEMPORAL_BACKENDS).default('dev'),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('orders'),
  /**
   * By when, counted from the start of an API request's handler, its Temporal calls (a workflow
   * start, an update and its answer, retries included) must have ended; past it the request
   * answers 503 SERVICE_UNAVAILABLE.
   */
  API_TEMPORAL_TIMEOUT: duration.default(10_000),
  /**
   * A workflow bundle written by `node dist/scripts/bundle-workflows.js` for the worker to run
   * instead of bundling `workflows/` at start-up (a new release's code, or a faster start).
   */
  WORKFLOW_BUNDLE_PATH: z.string().min(1).optional(),
  /**
   * How many workflows a worker keeps in memory between their tasks (docs/performance.md,
   * "Many open orders"). One more is replayed from its history when its next task comes.
   */
  WORKER_MAX_CACHED_WORKFLOWS: z.coerce.number().int().min(2).default(1000),
  /**
   * The worker's task slots: how many workflow tasks, activities and local activities it runs
   * at once. Beyond them tasks wait in Temporal's queue, where fairness orders them and admission
   * sees them, rather than in the worker's memory (docs/deployment.md, "The worker's memory").
   */
  WORKER_WORKFLOW_TASK_SLOTS: z.coerce.number().int().min(2).max(1000).default(4),
  WORKER_ACTIVITY_SLOTS: z.coerce.number().int().min(1).max(1000).default(100),
  WORKER_LOCAL_ACTIVITY_SLOTS: z.coerce.number().int().min(1).max(1000).default(20),
  /**
   * Threads running the worker's workflow code, the cache shared out among them. One thread is
   * what a 2-core worker waits on when many orders expire together, but a second did not expire
   * them sooner there, having no core of its own (docs/performance.md, "Workflow threads").
   */
  WORKER_WORKFLOW_THREADS: z.coerce.number().int().min(1).max(16).default(1),
  /**
   * TLS to Temporal (src/temporal/connection-options.ts), under Temporal's own client variable
   * names: on or off, the server's CA, this process's certificate and key (mTLS).
   */
  TEMPORAL_TLS: booleanString.optional(),
  TEMPORAL_TLS_SERVER_CA_CERT_PATH: z.string().min(1).optional(),
  TEMPORAL_TLS_CLIENT_CERT_PATH: z.string().min(1).optional(),
  TEMPORAL_TLS_CLIENT_KEY_PATH: z.string().min(1).optional(),
  TEMPORAL_TLS_SERVER_NAME: z.string().min(1).optional(),
  /** Sent as a bearer credential to Temporal Cloud or to a server with an authorizer. */
  TEMPORAL_API_KEY: z.string().min(1).optional(),
  /**
   * Says that plain gRPC to a Temporal off this machine is intended (a private network of its
   * own). Production refuses plaintext to any other address than loopback without it.
   */
  TEMPORAL_INSECURE: booleanString.default(false),
  /**
   * The AES-256-GCM keys of the payload codec (src/temporal/payload-codec.ts), `id:key,…`: the
   * first encrypts, every one decrypts. Required in production; elsewhere derived from
   * SECRETS_KEY when unset (loadEnv).
   */
  TEMPORAL_PAYLOAD_KEYS: payloadKeys.optional(),
  /**
   * Whether the worker registers the order search attributes itself at start-up. Off where it
   * may not (Temporal Cloud refuses the operator service; an authorizer may keep it to admins):
   * they are created beforehand, and the worker only checks that each can be queried.
   */
  TEMPORAL_REGISTER_SEARCH_ATTRIBUTES: booleanString.default(true),
  /**
   * Whether the worker process keeps the order-reconciler schedule on its task queue (every
   * replica ensures it). Off for a worker that must not take the orders of others sharing its
   * database, as the tests' worker processes on one shared database: the reconciler starts the
   * workflow of any order of the database left without one, on this worker's task queue.
   */
  WORKER_RECONCILER: booleanString.default(true),

  /** Signs access tokens (HS256). At least 32 characters. */
  JWT_SECRET: z.string().min(32),
  /** 32 bytes, hex or base64: encrypts webhook secrets at rest (AES-256-GCM). */
  SECRETS_KEY: z.string().min(32),
  /**
   * Former SECRETS_KEYs, comma-separated: they still open the webhook secrets they sealed, never
   * seal; `secrets:reseal` rewrites those with SECRETS_KEY, after which they can go.
   */
  SECRETS_KEY_PREVIOUS: commaList(z.string().min(32, 'each key must have at least 32 characters')).default([]),

  SANDBOX_API_KEY: z.string().min(16).optional(),
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).optional(),

  QR_EXPIRY_SECONDS: z.coerce.number().int().positive().default(600),
  /**
   * How long an order whose payout outcome is unknown keeps asking the rail (and resending the
   * idempotent payout) before it is flagged for an operator. Its funds stay reserved meanwhile.
   */
  PAYOUT_RETRY_WINDOW: duration.default(30 * 60_000),
  /** How long after its payment a completed order may still be refunded. */
  REFUND_WINDOW_DAYS: z.coerce.number().int().positive().max(3650).default(180),
  /** Per-country maximum amounts in local units, e.g. "BR=100000,CO=300000000". */
  AMOUNT_LIMITS: z.string().optional(),
  ALLOW_INSECURE_CALLBACKS: booleanString.default(false),
  /**
   * Until when callbacks' `signature` header still carries `v1`, the scheme that does not cover
   * the event id (docs/decisions.md, "Callback signatures, scheme versions and secret rotation");
   * from then on only `v2`. A date (UTC midnight) or a date-time.
   */
  CALLBACK_SIGNATURE_V1_UNTIL: z.coerce.date().default(new Date('2027-06-01T00:00:00Z')),
  /**
   * Whether testers may drive orders with Temporal signals (amount, decision, cancel) and the
   * sandbox's early expiry: recorded on each order when it starts. Unset: outside production only.
   */
  TESTER_SIGNALS: booleanString.optional(),

  /**
   * Every client's quota per class of route unless an operator set its own (`clients:limits`):
   * `off`, or `class=rate/burst,...` replacing some classes' defaults (src/config/quota-policy.ts).
   */
  QUOTA_DEFAULTS: z
    .string()
    .optional()
    .transform((text, context) => {
      try {
        return parseQuotaDefaults(text);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /**
   * Admission (src/capacity/admission.ts): past this expected wait of a task added now to the
   * order task queue (its backlog at the rate workers take it, or its oldest task's age), new
   * previews are refused 503 OVERLOADED, first those of clients over ADMISSION_FAIR_SHARE
   * previews a second; 0s turns admission off. The API reads the backlog from Temporal every
   * ADMISSION_POLL_INTERVAL.
   */
  ADMISSION_MAX_BACKLOG_AGE: durationOrZero.default(2000),
  ADMISSION_FAIR_SHARE: z.coerce.number().positive().max(10_000).default(2),
  ADMISSION_POLL_INTERVAL: duration.default(500),

  TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  TRUSTED_PROXIES: trustedProxies.default([]),
  /**
   * Replaced by TRUSTED_PROXIES, and refused rather than read as it: its default believed
   * loopback and its hop counts believed whoever reached the API directly.
   */
  TRUST_PROXY: z
    .undefined({
      error:
        'replaced by TRUSTED_PROXIES: the addresses or subnets of the proxies in front of the API (README, Configuration)',
    })
    .optional(),

  /**
   * Prometheus scrapes the api and the worker on ports of their own, never the API's. They
   * bind loopback unless told otherwise (containers need 0.0.0.0); 0 takes any free port.
   */
  API_METRICS_PORT: port.default(9464),
  WORKER_METRICS_PORT: port.default(9465),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * OpenTelemetry (docs/operability.md, "Traces"). Tracing starts when a collector is named: the
   * OTLP/HTTP base address (e.g. http://otel-collector:4318, traces go to its /v1/traces) or the
   * full URL of its traces endpoint; OTEL_SDK_DISABLED=true keeps it off either way. The
   * exporter, the sampler and the resource detector read the other standard OTEL_* variables
   * themselves (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, OTEL_TRACES_SAMPLER…).
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url().optional(),
  OTEL_SDK_DISABLED: booleanString.default(false),
  /**
   * The traces' `deployment.environment` (e.g. `staging`) when OTEL_RESOURCE_ATTRIBUTES names
   * none; unset, NODE_ENV's value. NODE_ENV cannot say it: it is `production` wherever the image runs.
   */
  DEPLOYMENT_ENVIRONMENT: z.string().min(1).optional(),

  /**
   * The codec server (`npm run codec-server`, src/codec-server): where it listens, which Web UI
   * origins may call it from a browser, and who may have payloads decoded: bearer tokens of its
   * own (the CLI's `--codec-auth`), or operators' access tokens the UI forwards, verified against
   * their identity provider's keys and required to carry a claim (`name=value`).
   */
  CODEC_SERVER_PORT: port.default(8888),
  CODEC_SERVER_HOST: z.string().min(1).default('127.0.0.1'),
  CODEC_SERVER_CORS_ORIGINS: commaList(origin).default([]),
  CODEC_SERVER_TOKENS: commaList(z.string().min(32, 'each token must have at least 32 characters')).default([]),
  CODEC_SERVER_JWKS_URL: z.url().optional(),
  CODEC_SERVER_JWT_ISSUER: z.string().min(1).optional(),
  CODEC_SERVER_JWT_AUDIENCE: z.string().min(1).optional(),
  CODEC_SERVER_JWT_CLAIM: z
    .string()
    .regex(/^[^=\s]+=[^=\s]+$/, 'must be name=value, e.g. groups=payments-pii')
    .optional(),
  /** Decodes for anyone who reaches it: `npm start`'s and compose's loopback-only servers, for a Web UI without sign-in. */
  CODEC_SERVER_ALLOW_UNAUTHENTICATED: booleanString.default(false),
});

type ParsedEnv = z.infer<typeof envSchema>;
/** The environment as every process reads it: the payload keys always set (outside production, derived). */
export type Env = ParsedEnv & { TEMPORAL_PAYLOAD_KEYS: string };

/** The codec server's few settings: it reaches neither PostgreSQL nor Temporal. */
const codecServerSchema = envSchema
  .pick({
    NODE_ENV: true,
    LOG_LEVEL: true,
    TEMPORAL_PAYLOAD_KEYS: true,
    CODEC_SERVER_PORT: true,
    CODEC_SERVER_HOST: true,
    CODEC_SERVER_CORS_ORIGINS: true,
    CODEC_SERVER_TOKENS: true,
    CODEC_SERVER_JWKS_URL: true,
    CODEC_SERVER_JWT_ISSUER: true,
    CODEC_SERVER_JWT_AUDIENCE: true,
    CODEC_SERVER_JWT_CLAIM: true,
    CODEC_SERVER_ALLOW_UNAUTHENTICATED: true,
  })
  .extend({ SECRETS_KEY: envSchema.shape.SECRETS_KEY.optional() });
export type CodecServerEnv = z.infer<typeof codecServerSchema> & { TEMPORAL_PAYLOAD_KEYS: string };

type CodecServerSettings = Omit<
  z.infer<typeof codecServerSchema>,
  'NODE_ENV' | 'LOG_LEVEL' | 'TEMPORAL_PAYLOAD_KEYS' | 'SECRETS_KEY'
>;

/** The codec server's authorization: verified access tokens need their issuer and the claim that marks who may see personal data. */
function codecServerProblems(env: CodecServerSettings): string[] {
  const problems: string[] = [];
  const jwt = [env.CODEC_SERVER_JWT_ISSUER, env.CODEC_SERVER_JWT_AUDIENCE, env.CODEC_SERVER_JWT_CLAIM].some(
    (value) => value !== undefined,
  );
  if (env.CODEC_SERVER_JWKS_URL && (!env.CODEC_SERVER_JWT_ISSUER || !env.CODEC_SERVER_JWT_CLAIM)) {
    problems.push(
      'CODEC_SERVER_JWKS_URL: also set CODEC_SERVER_JWT_ISSUER and CODEC_SERVER_JWT_CLAIM (without the claim, everyone the identity provider knows could decode)',
    );
  }
  if (jwt && !env.CODEC_SERVER_JWKS_URL)
    problems.push(
      'CODEC_SERVER_JWT_ISSUER, _AUDIENCE, _CLAIM: they need CODEC_SERVER_JWKS_URL, where the signing keys are',
    );
  return problems;
}

/** Whether orders started now take testers' signals: the sandbox's, or where a deployment says so explicitly. */
export const testerSignalsAllowed = (env: Pick<Env, 'TESTER_SIGNALS' | 'NODE_ENV'>) =>
  env.TESTER_SIGNALS ?? env.NODE_ENV !== 'production';

/** Rules across variables, checked once the schema has passed. */
function crossProblems(env: ParsedEnv): string[] {
  const problems: string[] = [];
  const pair = [env.TEMPORAL_TLS_CLIENT_CERT_PATH, env.TEMPORAL_TLS_CLIENT_KEY_PATH];
  if (pair.filter(Boolean).length === 1)
    problems.push('TEMPORAL_TLS_CLIENT_CERT_PATH and TEMPORAL_TLS_CLIENT_KEY_PATH: set both or neither');
  if (env.TEMPORAL_INSECURE && temporalUsesTls(env))
    problems.push('TEMPORAL_INSECURE: true, yet TLS or an API key is set; drop one of them');
  return [...problems, ...codecServerProblems(env)];
}

export class EnvError extends Error {}

const invalid = (problems: string[]) => new EnvError(`Invalid environment:\n  ${problems.join('\n  ')}`);

function parsed<T extends z.ZodType>(schema: T, source: NodeJS.ProcessEnv): z.infer<T> {
  const result = schema.safeParse(source);
  if (!result.success)
    throw invalid(result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
  return result.data;
}

/**
 * Parses the environment; throws an EnvError whose message names every bad variable,
 * including what production refuses (productionProblems).
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const env = parsed(envSchema, source);
  const problems = [...crossProblems(env), ...productionProblems(env)];
  if (problems.length > 0) throw invalid(problems);
  // Production has its keys by now (productionProblems requires them).
  return { ...env, TEMPORAL_PAYLOAD_KEYS: env.TEMPORAL_PAYLOAD_KEYS ?? devPayloadKeys(env.SECRETS_KEY) };
}

/**
 * The codec server's environment (src/codec-server): the payload keys (outside production,
 * derived from SECRETS_KEY when not given) and its own settings. It must have a way to tell
 * who may see payloads, or be told on purpose that anyone may.
 */
export function loadCodecServerEnv(source: NodeJS.ProcessEnv = process.env): CodecServerEnv {
  const env = parsed(codecServerSchema, source);
  const problems = [...codecServerProblems(env), ...productionProblems(env)];
  const keys =
    env.TEMPORAL_PAYLOAD_KEYS ?? (env.SECRETS_KEY === undefined ? undefined : devPayloadKeys(env.SECRETS_KEY));
  if (keys === undefined && env.NODE_ENV !== 'production')
    problems.push('TEMPORAL_PAYLOAD_KEYS: set it, or SECRETS_KEY to derive the development key from');
  if (env.CODEC_SERVER_TOKENS.length === 0 && !env.CODEC_SERVER_JWKS_URL && !env.CODEC_SERVER_ALLOW_UNAUTHENTICATED) {
    problems.push(
      'CODEC_SERVER_TOKENS or CODEC_SERVER_JWKS_URL: the codec server decodes personal data for operators who may see it, and needs a way to tell who they are (CODEC_SERVER_ALLOW_UNAUTHENTICATED=true only on a loopback-only machine)',
    );
  }
  if (problems.length > 0 || keys === undefined) throw invalid(problems);
  return { ...env, TEMPORAL_PAYLOAD_KEYS: keys };
}

/** TEMPORAL_BACKEND alone: `npm start` picks its Temporal before the rest of the environment is complete. */
export function temporalBackend(source: NodeJS.ProcessEnv = process.env): TemporalBackend {
  const parsed = envSchema.shape.TEMPORAL_BACKEND.safeParse(source.TEMPORAL_BACKEND);
  if (!parsed.success) throw invalid([`TEMPORAL_BACKEND: must be one of ${TEMPORAL_BACKENDS.join(', ')}`]);
  return parsed.data;
}
