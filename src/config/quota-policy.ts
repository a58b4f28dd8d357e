import { z } from 'zod';

/**
 * The classes of routes a client's quota counts apart, one budget each: the work they start or
 * change differs in cost and in who it harms when abused.
 * - previews: a preview of any kind, a Collections QR, a scan of one: each starts an order's
 *   workflow, an FX quote and a rail look-up.
 * - lookups: a payment key's holder asked of its directory (a key validation, a wallet, a key
 *   preview): personal data, so harvesting is what this budget stops.
 * - payments: an open amount, a decision, a collector's cancel: actions on orders already open.
 * - refunds, redeliveries (a callback sent again), quotes (an FX quote made for the client).
 * - searches: a page of the client's own orders (GET /v2/payments): a read of at most 101 index
 *   entries, but one a client may loop over its whole history with.
 */
export const QUOTA_CLASSES = [
  'previews',
  'lookups',
  'payments',
  'refunds',
  'redeliveries',
  'quotes',
  'searches',
] as const;
export type QuotaClass = (typeof QUOTA_CLASSES)[number];

/**
 * At most `burst` requests at once and `rate` a second on average: a window of burst ÷ rate
 * seconds holds `burst` requests, so a client at its rate is never refused and one that pauses
 * may spend the window's budget at once.
 */
export const quotaPolicySchema = z
  .object({
    rate: z.number().positive().max(100_000),
    burst: z.number().int().min(1).max(1_000_000),
  })
  .strict()
  .refine((policy) => policy.burst >= policy.rate, {
    message: 'burst must be at least the rate (a window of at least one second)',
  });
export type QuotaPolicy = z.infer<typeof quotaPolicySchema>;

/** The window a policy counts its burst in. */
export const windowMsOf = (policy: QuotaPolicy) => Math.round((policy.burst / policy.rate) * 1000);

/**
 * Every client's budget unless an operator gives it another (`clients:limits`). Sized from the
 * measured capacity in docs/deployment.md ("Quotas"): one 2-core worker prepares about 50
 * previews a second, so one client's default previews are well under one worker's share, yet
 * above what the bench's 20 flows at a time reach (about 15 a second on that machine).
 */
export const DEFAULT_QUOTAS: Readonly<Record<QuotaClass, QuotaPolicy>> = {
  previews: { rate: 20, burst: 40 },
  lookups: { rate: 10, burst: 20 },
  payments: { rate: 40, burst: 80 },
  refunds: { rate: 10, burst: 20 },
  redeliveries: { rate: 5, burst: 20 },
  quotes: { rate: 10, burst: 20 },
  searches: { rate: 10, burst: 40 },
};

export type QuotaPolicies = Partial<Record<QuotaClass, QuotaPolicy>>;

const CLASS_ENTRY = /^([a-z]+)=(\d+(?:\.\d+)?)\/(\d+)$/;

/**
 * QUOTA_DEFAULTS: `off` (no quota anywhere: a load test of the service itself), or a comma list
 * of `class=rate/burst` replacing those classes' defaults, e.g. `previews=50/100,lookups=5/10`.
 * Answers the defaults in force, or null for off; throws with every problem named.
 */
export function parseQuotaDefaults(text: string | undefined): Readonly<Record<QuotaClass, QuotaPolicy>> | null {
  if (text === undefined || text.trim() === '') return DEFAULT_QUOTAS;
  if (text.trim() === 'off') return null;
  const policies: Record<QuotaClass, QuotaPolicy> = { ...DEFAULT_QUOTAS };
  const problems: string[] = [];
  for (const entry of text.split(',').map((part) => part.trim())) {
    const match = CLASS_ENTRY.exec(entry);
    const quotaClass = match?.[1] as QuotaClass | undefined;
    if (!match || !quotaClass || !QUOTA_CLASSES.includes(quotaClass)) {
      problems.push(`"${entry}" is not class=rate/burst with a class of ${QUOTA_CLASSES.join(', ')}`);
      continue;
    }
    const parsed = quotaPolicySchema.safeParse({ rate: Number(match[2]), burst: Number(match[3]) });
    if (parsed.success) policies[quotaClass] = parsed.data;
    else problems.push(`${quotaClass}: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
  }
  if (problems.length > 0) throw new Error(problems.join('; '));
  return policies;
}
