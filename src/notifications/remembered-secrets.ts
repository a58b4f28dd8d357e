import { BoundedMap } from '../infra/bounded-map';
import type { WebhookSigningSecrets } from '../auth/clients.service';
import type { WebhookSecrets } from './notification-deliverer';

/** More clients than any deployment has integrators; past it the oldest are forgotten rather than the memory grow. */
const MAX_REMEMBERED = 10_000;
/**
 * How long a worker signs with the secrets it read before reading them again: a rotation
 * reaches every worker within this (docs/decisions.md), and a busy client's callbacks need not
 * each read and decrypt its secrets.
 */
export const REMEMBER_SECRETS_MS = 5_000;

interface Remembered {
  secrets: WebhookSigningSecrets;
  readAt: number;
}

/**
 * The webhook secrets a worker has read, kept for a few seconds. The previous secret's end of
 * overlap travels with it, so it stops signing on time whenever it was read (signingSecretsAt).
 * A lookup that fails is not kept: the next callback asks again.
 */
export function rememberedSecrets(
  source: WebhookSecrets,
  clock: () => number = Date.now,
  rememberMs = REMEMBER_SECRETS_MS,
): WebhookSecrets {
  const known = new BoundedMap<string, Remembered>(MAX_REMEMBERED);
  return {
    async webhookSecrets(clientId: string): Promise<WebhookSigningSecrets> {
      const remembered = known.get(clientId);
      if (remembered !== undefined && clock() - remembered.readAt < rememberMs) return remembered.secrets;
      const readAt = clock();
      const secrets = await source.webhookSecrets(clientId);
      known.set(clientId, { secrets, readAt });
      return secrets;
    },
  };
}
