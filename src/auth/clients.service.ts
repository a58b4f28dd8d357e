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

/** Creates clients and reads their webhook secrets; used by the API, the CLI and the seed. */
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

  async webhookSecret(clientId: string): Promise<string> {
    const client = await this.dataSource.getRepository(ClientEntity).findOneByOrFail({ id: clientId });
    return this.secretBox.open(client.webhookSecretEnc);
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
