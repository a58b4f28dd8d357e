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
      await tx.insert(ApiKeyEntity, {
        id: randomUUID(),
        clientId,
        prefix: apiKeyDisplayPrefix(apiKey),
        keyHash: sha256Hex(apiKey),
        enabled: true,
        disabledAt: null,
      });
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
    const result = await this.dataSource
      .getRepository(ApiKeyEntity)
      .update({ keyHash: sha256Hex(apiKey), enabled: true }, { enabled: false, disabledAt: new Date() });
    await this.dataSource.query(
      `UPDATE refresh_tokens SET revoked_at = now()
       WHERE revoked_at IS NULL AND api_key_id IN (SELECT id FROM api_keys WHERE key_hash = $1)`,
      [sha256Hex(apiKey)],
    );
    return (result.affected ?? 0) > 0;
  }
}
