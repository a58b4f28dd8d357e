import { payloadKeyTexts } from './payload-keys';
import { isLoopbackAddress, temporalUsesTls, TemporalTransportSettings } from './temporal-transport';

/** Words that mark a value someone meant to replace: `change-me-…`, `your-secret-here`, `example…`. */
const PLACEHOLDER_WORDS = /change.?me|replace.?me|placeholder|example|your.?(secret|key)|dummy|not.?secret|insecure/i;
/** A random secret of 32 or more characters has far more; `aaaa…` or `12341234…` has fewer. */
const MIN_DISTINCT_CHARACTERS = 10;

const SECRETS = ['JWT_SECRET', 'SECRETS_KEY', 'SANDBOX_API_KEY', 'SANDBOX_WEBHOOK_SECRET'] as const;

/**
 * The settings the rules read: the parsed environment has them (env.ts applies the rules to it).
 * The codec server's environment has only the payload keys and its own: the Temporal rule is
 * for the processes that connect to Temporal (`TEMPORAL_ADDRESS` given).
 */
export type ProductionSettings = {
  NODE_ENV: string;
  ALLOW_INSECURE_CALLBACKS?: boolean;
  TEMPORAL_PAYLOAD_KEYS?: string;
  TEMPORAL_INSECURE?: boolean;
} & Partial<Record<(typeof SECRETS)[number], string>> &
  Partial<TemporalTransportSettings>;

export function looksLikePlaceholder(secret: string): boolean {
  return PLACEHOLDER_WORDS.test(secret) || new Set(secret).size < MIN_DISTINCT_CHARACTERS;
}

/**
 * What production refuses to start with, one message per variable: a secret that is a
 * placeholder (long enough to pass the length check, known to anyone who read the compose
 * file), callbacks allowed to reach http and internal addresses, payloads sent to Temporal in
 * clear, and plain gRPC to a Temporal elsewhere than on this machine unless said on purpose.
 */
export function productionProblems(env: ProductionSettings): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems = SECRETS.filter((name) => env[name] !== undefined && looksLikePlaceholder(env[name])).map(
    (name) => `${name}: looks like a placeholder; set a random value in production (e.g. \`openssl rand -hex 32\`)`,
  );
  if (env.ALLOW_INSECURE_CALLBACKS) {
    problems.push(
      'ALLOW_INSECURE_CALLBACKS: must be false in production: it lets callbacks reach http URLs and our own network',
    );
  }
  if (env.TEMPORAL_PAYLOAD_KEYS === undefined) {
    problems.push(
      "TEMPORAL_PAYLOAD_KEYS: required in production: without it payers' names and tax ids reach Temporal's histories in clear; set id:key (e.g. k1: and the output of `openssl rand -base64 32`)",
    );
  } else {
    for (const { id } of payloadKeyTexts(env.TEMPORAL_PAYLOAD_KEYS).filter((entry) =>
      looksLikePlaceholder(entry.material),
    )) {
      problems.push(
        `TEMPORAL_PAYLOAD_KEYS: key ${id} looks like a placeholder; use 32 random bytes (\`openssl rand -base64 32\`)`,
      );
    }
  }
  const transport = env.TEMPORAL_ADDRESS === undefined ? null : { ...env, TEMPORAL_ADDRESS: env.TEMPORAL_ADDRESS };
  if (
    transport &&
    !temporalUsesTls(transport) &&
    !isLoopbackAddress(transport.TEMPORAL_ADDRESS) &&
    !env.TEMPORAL_INSECURE
  ) {
    problems.push(
      `TEMPORAL_ADDRESS: ${transport.TEMPORAL_ADDRESS} is reached in plain gRPC: whoever reaches it can drive any order; connect with mTLS (TEMPORAL_TLS_*) or an API key (TEMPORAL_API_KEY), or set TEMPORAL_INSECURE=true if its network is private on purpose`,
    );
  }
  return problems;
}
