/** Words that mark a value someone meant to replace: `change-me-…`, `your-secret-here`, `example…`. */
const PLACEHOLDER_WORDS = /change.?me|replace.?me|placeholder|example|your.?(secret|key)|dummy|not.?secret|insecure/i;
/** A random secret of 32 or more characters has far more; `aaaa…` or `12341234…` has fewer. */
const MIN_DISTINCT_CHARACTERS = 10;

const SECRETS = ['JWT_SECRET', 'SECRETS_KEY', 'SANDBOX_API_KEY', 'SANDBOX_WEBHOOK_SECRET'] as const;

/** The settings the rules read: the parsed environment has them (env.ts applies the rules to it). */
export type ProductionSettings = { NODE_ENV: string; ALLOW_INSECURE_CALLBACKS: boolean } & Partial<Record<(typeof SECRETS)[number], string>>;

export function looksLikePlaceholder(secret: string): boolean {
  return PLACEHOLDER_WORDS.test(secret) || new Set(secret).size < MIN_DISTINCT_CHARACTERS;
}

/**
 * What production refuses to start with, one message per variable: a secret that is a
 * placeholder (long enough to pass the length check, known to anyone who read the compose
 * file), and callbacks allowed to reach http and internal addresses.
 */
export function productionProblems(env: ProductionSettings): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems = SECRETS.filter((name) => env[name] !== undefined && looksLikePlaceholder(env[name]!)).map(
    (name) => `${name}: looks like a placeholder; set a random value in production (e.g. \`openssl rand -hex 32\`)`,
  );
  if (env.ALLOW_INSECURE_CALLBACKS) {
    problems.push('ALLOW_INSECURE_CALLBACKS: must be false in production: it lets callbacks reach http URLs and our own network');
  }
  return problems;
}
