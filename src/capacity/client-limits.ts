import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { PreparedStatement } from '../db/prepared-statement';
import { BoundedMap } from '../infra/bounded-map';
import { QUOTA_CLASSES, quotaPolicySchema } from '../config/quota-policy';

/**
 * What an operator set for one client (`npm run cli -- clients:limits`), kept in `client_limits`:
 * quotas that replace the defaults for some classes, and its share of the workers when many
 * clients' work waits (Temporal's fairness weight; 1 when unset, as for every other client).
 */
export const clientLimitsSchema = z.object({
  quotas: z.partialRecord(z.enum(QUOTA_CLASSES), quotaPolicySchema),
  fairnessWeight: z.number().min(0.001).max(1000).nullable(),
});
export type ClientLimits = z.infer<typeof clientLimitsSchema>;

export const NO_OVERRIDES: ClientLimits = Object.freeze({ quotas: {}, fairnessWeight: null });

const read = new PreparedStatement<{ quotas: unknown; fairnessWeight: number | null }>(
  'client-limits.read',
  `SELECT quotas, fairness_weight AS "fairnessWeight" FROM client_limits WHERE client_id = $1`,
);

/** One client's limits as stored; a client the operator never set any for has none. */
export async function readClientLimits(dataSource: DataSource, clientId: string): Promise<ClientLimits> {
  const { rows } = await read.run(dataSource, [clientId]);
  // Written only through the schema (writeClientLimits), so a row that no longer parses is a bug.
  return rows[0] ? clientLimitsSchema.parse(rows[0]) : NO_OVERRIDES;
}

/** Replaces one client's limits (an operator's command, never a request's path). */
export async function writeClientLimits(dataSource: DataSource, clientId: string, limits: ClientLimits): Promise<void> {
  const valid = clientLimitsSchema.parse(limits);
  await dataSource.query(
    `INSERT INTO client_limits (client_id, quotas, fairness_weight, updated_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (client_id) DO UPDATE SET quotas = EXCLUDED.quotas, fairness_weight = EXCLUDED.fairness_weight, updated_at = now()`,
    [clientId, JSON.stringify(valid.quotas), valid.fairnessWeight],
  );
}

/**
 * How long a replica goes on using what it read of a client's limits: an operator's change
 * reaches every replica within this, and a busy client costs one read per replica per period,
 * not one per request.
 */
export const CLIENT_LIMITS_TTL_MS = 5000;
/** Clients a replica remembers at once; one more forgets the oldest read. */
const REMEMBERED_CLIENTS = 10_000;

/**
 * Every client's limits as this process last read them, read again once older than the TTL.
 * Concurrent requests of one client wait for one read.
 */
export class ClientLimitsCache {
  private readonly remembered = new BoundedMap<string, { limits: Promise<ClientLimits>; readAt: number }>(
    REMEMBERED_CLIENTS,
  );

  constructor(
    private readonly dataSource: DataSource,
    private readonly ttlMs = CLIENT_LIMITS_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  of(clientId: string): Promise<ClientLimits> {
    const known = this.remembered.get(clientId);
    if (known && this.now() - known.readAt < this.ttlMs) return known.limits;
    const limits = readClientLimits(this.dataSource, clientId);
    this.remembered.set(clientId, { limits, readAt: this.now() });
    // A failed read is not remembered: the next request reads again.
    limits.catch(() => {
      if (this.remembered.get(clientId)?.limits === limits)
        this.remembered.set(clientId, { limits, readAt: -Infinity });
    });
    return limits;
  }
}
