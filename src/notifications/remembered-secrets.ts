import { BoundedMap } from '../infra/bounded-map';
import type { WebhookSecrets } from './notification-deliverer';

/** More clients than any deployment has integrators; past it the oldest are forgotten rather than the memory grow. */
const MAX_REMEMBERED = 10_000;

/**
 * The webhook secrets a worker has read, kept for the process's life: a client's secret is set
 * when the client is created and never changes (no route or command rotates it, and clients are
 * not deleted), so each callback need not read and decrypt it again. A lookup that fails is not
 * kept: the next callback asks again.
 */
export function rememberedSecrets(source: WebhookSecrets): WebhookSecrets {
  const known = new BoundedMap<string, string>(MAX_REMEMBERED);
  return {
    async webhookSecret(clientId: string): Promise<string> {
      const remembered = known.get(clientId);
      if (remembered !== undefined) return remembered;
      const secret = await source.webhookSecret(clientId);
      known.set(clientId, secret);
      return secret;
    },
  };
}
