import { ClientsService } from '../auth/clients.service';
import { secretBoxOf } from '../auth/secret-box';
import { parseDuration } from '../config/duration';
import { isUuid } from '../keys';
import { DEFAULT_SECRET_OVERLAP_SECONDS, MAX_SECRET_OVERLAP_SECONDS } from '../notifications/notifications.dto';
import { Command, parseCommandArgs, UsageError } from './command';

/**
 * An operator's rotation of a client's webhook secret (the integrator's own is POST
 * /v2/notifications/webhook-secret/rotate): the old secret signs beside the new one for the
 * overlap, `0s` for a leaked secret, which stops at once.
 */
export const clientsRotateWebhookSecret: Command = {
  usage: 'clients:rotate-webhook-secret --client ID [--overlap 24h] [--json]',
  async run({ dataSource, env, args, out }) {
    const options = parseCommandArgs(args, {
      client: { type: 'string' },
      overlap: { type: 'string' },
      json: { type: 'boolean' },
    });
    const { client, json } = options;
    if (!client) throw new UsageError('--client is required');
    if (!isUuid(client)) throw new UsageError('--client must be a client id (UUID)');
    const overlapMs = parseDuration(options.overlap ?? `${DEFAULT_SECRET_OVERLAP_SECONDS}s`);
    if (overlapMs === null || overlapMs > MAX_SECRET_OVERLAP_SECONDS * 1000)
      throw new UsageError('--overlap must be a duration such as 0s, 30m or 24h, at most 168h');
    const rotated = await new ClientsService(dataSource, secretBoxOf(env)).rotateWebhookSecret(client, overlapMs);
    if (!rotated) throw new UsageError(`no client ${client}`);
    const until = rotated.previousUntil?.toISOString() ?? null;
    out(
      json
        ? JSON.stringify({
            client_id: client,
            webhook_secret: rotated.webhookSecret,
            previous_secret_valid_until: until,
          })
        : `client_id=${client}\nwebhook_secret=${rotated.webhookSecret}\nprevious_secret_valid_until=${until ?? 'none'}`,
    );
  },
};
