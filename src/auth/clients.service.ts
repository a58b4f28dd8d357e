import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { ApiKeyEntity } from './api-key.entity';
import { ClientEntity } from './client.entity';
import { apiKeyDisplayPrefix, generateWebhookSecret, issueApiKey, sha256Hex } from './credentials';
import { SecretBox } from './secret-box';

export interface NewClient {
  name: string;
  /** Given only for the sandbox client (SANDBOX_API_KEY); otherwise generated. */
  apiKey?: string;
  webhookSecret?: string;
}

export interface CreatedClient {
  clientId: string;
  apiKey: string;
  webhookSecret: string;
}

/** What signs a client's callbacks now. */
export interface WebhookSigningSecrets {
  /** Signs every callback. */
  current: string;
  /** The secret before the last rotation and when it stops signing beside the current one; null outside an overlap. */
  previous: { secret: string; until: Date } | null;
}

export interface RotatedWebhookSecret {
  webhookSecret: string;
  /** Until when the secret it replaced still signs too; null when it stopped at once (no overlap). */
  previousUntil: Date | null;
}

/** Creates clients, reads and rotates their webhook secrets; used by the API, the CLI and the seed. */
export class ClientsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly secretBox: SecretBox,
  ) {}

  async create(input: NewClient, manager: EntityManager = this.dataSource.manager): Promise<CreatedClient> {
    const clientId = randomUUID();
    const apiKey = input.apiKey ?? issueApiKey();
    const webhookSecret = input.webhookSecret ?? generateWebhookSecret();
    await manager.transaction(async (tx) => {
      await tx.insert(ClientEntity, {
        id: clientId,
        name: input.name,
        webhookSecretEnc: this.secretBox.seal(webhookSecret),
        fxSpreadBps: 150,
      });
      await insertApiKey(tx, clientId, apiKey);
    });
    return { clientId, apiKey, webhookSecret };
  }

  async count(): Promise<number> {
    return this.dataSource.getRepository(ClientEntity).count();
  }

  /** Throws EntityNotFoundError for a client that does not exist. */
  async webhookSecrets(clientId: string, now = new Date()): Promise<WebhookSigningSecrets> {
    const client = await this.dataSource.getRepository(ClientEntity).findOneByOrFail({ id: clientId });
    const { previousWebhookSecretEnc: previous, previousWebhookSecretUntil: until } = client;
    return {
      current: this.secretBox.open(client.webhookSecretEnc),
      previous:
        previous !== null && until !== null && until > now ? { secret: this.secretBox.open(previous), until } : null,
    };
  }

  /**
   * A new webhook secret for the client. The one it replaces keeps signing beside it for
   * `overlapMs` (none when 0), so that the integrator can switch its receivers over without
   * refusing a callback; a secret still in an earlier overlap stops at once (two at most sign).
   * One statement, so two rotations at once leave one secret current. Null: no such client.
   */
  async rotateWebhookSecret(clientId: string, overlapMs: number): Promise<RotatedWebhookSecret | null> {
    const webhookSecret = generateWebhookSecret();
    const [rows]: [Array<{ until: Date | null }>, number] = await this.dataSource.query(
      `UPDATE clients
       SET previous_webhook_secret_enc = CASE WHEN $3::bigint > 0 THEN webhook_secret_enc END,
           previous_webhook_secret_until = CASE WHEN $3::bigint > 0 THEN now() + $3::bigint * interval '1 millisecond' END,
           webhook_secret_enc = $2
       WHERE id = $1
       RETURNING previous_webhook_secret_until AS until`,
      [clientId, this.secretBox.seal(webhookSecret), overlapMs],
    );
    const [row] = rows;
    return row ? { webhookSecret, previousUntil: row.until } : null;
  }

  /**
   * Rewrites every webhook secret not sealed with the current SECRETS_KEY (after a key rotation:
   * the old key in SECRETS_KEY_PREVIOUS opens them). A row that changed meanwhile (a rotation:
   * sealed with the current key by it) is left to the next run, which `skipped` counts.
   */
  async resealSecrets(): Promise<{ resealed: number; skipped: number }> {
    const rows: Array<{ id: string; current: string; previous: string | null }> = await this.dataSource.query(
      'SELECT id, webhook_secret_enc AS current, previous_webhook_secret_enc AS previous FROM clients ORDER BY id',
    );
    let resealed = 0;
    let skipped = 0;
    for (const row of rows) {
      const current = this.secretBox.reseal(row.current);
      const previous = row.previous === null ? null : this.secretBox.reseal(row.previous);
      if (current === null && previous === null) continue;
      const [, count]: [unknown, number] = await this.dataSource.query(
        `UPDATE clients SET webhook_secret_enc = $2, previous_webhook_secret_enc = $3
         WHERE id = $1 AND webhook_secret_enc = $4 AND previous_webhook_secret_enc IS NOT DISTINCT FROM $5`,
        [row.id, current ?? row.current, previous ?? row.previous, row.current, row.previous],
      );
      if (count === 1) resealed++;
      else skipped++;
    }
    return { resealed, skipped };
  }

  /** Disabling a key also ends every token issued from it (the guard checks the key). */
  async disableApiKey(apiKey: string): Promise<boolean> {
    return this.dataSource.transaction(
      async (tx) => (await disableKeys(tx, 'key_hash = :value', sha256Hex(apiKey))) > 0,
    );
  }

  /** A new API key for the client; every older one is disabled, ending its tokens. Null: no such client. */
  async rotateApiKey(clientId: string): Promise<string | null> {
    return this.dataSource.transaction(async (tx) => {
      if (!(await tx.existsBy(ClientEntity, { id: clientId }))) return null;
      await disableKeys(tx, 'client_id = :value', clientId);
      const apiKey = issueApiKey();
      await insertApiKey(tx, clientId, apiKey);
      return apiKey;
    });
  }
}

function insertApiKey(manager: EntityManager, clientId: string, apiKey: string) {
  return manager.insert(ApiKeyEntity, {
    id: randomUUID(),
    clientId,
    prefix: apiKeyDisplayPrefix(apiKey),
    keyHash: sha256Hex(apiKey),
    enabled: true,
    disabledAt: null,
  });
}

/** Disables the enabled keys matching `condition` and revokes their refresh tokens; returns how many. */
async function disableKeys(manager: EntityManager, condition: string, value: string): Promise<number> {
  const disabled = await manager
    .createQueryBuilder()
    .update(ApiKeyEntity)
    .set({ enabled: false, disabledAt: () => 'now()' })
    .where(`${condition} AND enabled`, { value })
    .returning('id')
    .execute();
  const ids = (disabled.raw as Array<{ id: string }>).map((row) => row.id);
  if (ids.length > 0) {
    await manager.query(
      'UPDATE refresh_tokens SET revoked_at = now() WHERE revoked_at IS NULL AND api_key_id = ANY($1)',
      [ids],
    );
  }
  return ids.length;
}
