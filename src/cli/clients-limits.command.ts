import { ClientEntity } from '../auth/client.entity';
import { ClientLimits, readClientLimits, writeClientLimits } from '../capacity/client-limits';
import { QUOTA_CLASSES, QuotaClass, QuotaPolicy, quotaPolicySchema } from '../config/quota-policy';
import { isUuid } from '../keys';
import { Command, parseCommandArgs, UsageError } from './command';

const QUOTA_OPTION = /^([a-z]+)=(\d+(?:\.\d+)?)\/(\d+)$/;

function quotaOption(text: string): [QuotaClass, QuotaPolicy] {
  const match = QUOTA_OPTION.exec(text);
  const quotaClass = match?.[1] as QuotaClass | undefined;
  if (!match || !quotaClass || !QUOTA_CLASSES.includes(quotaClass))
    throw new UsageError(`--quota ${text}: must be class=rate/burst, a class of ${QUOTA_CLASSES.join(', ')}`);
  const parsed = quotaPolicySchema.safeParse({ rate: Number(match[2]), burst: Number(match[3]) });
  if (!parsed.success)
    throw new UsageError(`--quota ${text}: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
  return [quotaClass, parsed.data];
}

function weightOption(text: string | undefined, current: number | null): number | null {
  if (text === undefined) return current;
  if (text === 'default') return null;
  const weight = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  if (!(weight >= 0.001 && weight <= 1000))
    throw new UsageError('--weight must be a number from 0.001 to 1000, or default');
  return weight;
}

/** What the client's requests meet now: each class's quota (its own, or the deployment's default), and its weight. */
function effective(limits: ClientLimits, defaults: Readonly<Record<QuotaClass, QuotaPolicy>> | null) {
  return {
    quotas: Object.fromEntries(
      QUOTA_CLASSES.map((quotaClass) => {
        const own = limits.quotas[quotaClass];
        const policy = own ?? defaults?.[quotaClass] ?? null;
        return [quotaClass, policy && { rate: policy.rate, burst: policy.burst, set: own ? 'client' : 'default' }];
      }),
    ),
    fairness_weight: limits.fairnessWeight ?? 1,
  };
}

/**
 * An operator's word on one client's share of the service: quotas per class of route replacing
 * the defaults (`--quota previews=50/100`: 50 a second, 100 at once), its fairness weight on the
 * workers (`--weight 2`: twice an ordinary client's share when work waits), or back to the
 * defaults (`--reset`). Kept in the database; every API replica applies it within seconds.
 * Without a change, prints what applies.
 */
export const clientsLimits: Command = {
  usage: `clients:limits --client ID [--quota CLASS=RATE/BURST]... [--weight W|default] [--reset] [--json]   (classes: ${QUOTA_CLASSES.join(', ')})`,
  async run({ dataSource, env, args, out }) {
    const options = parseCommandArgs(args, {
      client: { type: 'string' },
      quota: { type: 'string', multiple: true },
      weight: { type: 'string' },
      reset: { type: 'boolean' },
      json: { type: 'boolean' },
    });
    const clientId = options.client;
    if (!clientId || !isUuid(clientId)) throw new UsageError('--client must be a client id (uuid)');
    if (!(await dataSource.getRepository(ClientEntity).existsBy({ id: clientId })))
      throw new UsageError(`no client ${clientId}`);
    const quotas = (options.quota ?? []).map(quotaOption);
    if (options.reset && (quotas.length > 0 || options.weight !== undefined))
      throw new UsageError('--reset stands alone: it returns every quota and the weight to the defaults');

    let limits = await readClientLimits(dataSource, clientId);
    if (options.reset || quotas.length > 0 || options.weight !== undefined) {
      limits = options.reset
        ? { quotas: {}, fairnessWeight: null }
        : {
            quotas: { ...limits.quotas, ...Object.fromEntries(quotas) },
            fairnessWeight: weightOption(options.weight, limits.fairnessWeight),
          };
      await writeClientLimits(dataSource, clientId, limits);
    }
    const applied = effective(limits, env.QUOTA_DEFAULTS);
    if (options.json) {
      out(JSON.stringify({ client_id: clientId, ...applied }));
      return;
    }
    out(`client_id=${clientId}\nfairness_weight=${applied.fairness_weight}`);
    for (const [quotaClass, policy] of Object.entries(applied.quotas))
      out(`${quotaClass}=${policy ? `${policy.rate}/s burst ${policy.burst} (${policy.set})` : 'off'}`);
  },
};
