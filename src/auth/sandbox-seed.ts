import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import type { Env } from '../config/env';
import { ClientsService, CreatedClient } from './clients.service';
import { SecretBox } from './secret-box';

/**
 * A fresh install gets one sandbox client, so `npm start` is usable at once. Returns the
 * credentials only when it created the client; they are shown once and saved under .data/.
 */
export async function seedSandboxClient(dataSource: DataSource, env: Env, dataDir: string): Promise<CreatedClient | null> {
  const clients = new ClientsService(dataSource, new SecretBox(env.SECRETS_KEY));
  if ((await clients.count()) > 0) return null;
  const created = await clients.create({
    name: 'Sandbox',
    apiKey: env.SANDBOX_API_KEY,
    webhookSecret: env.SANDBOX_WEBHOOK_SECRET,
  });
  writeFileSync(join(dataDir, 'sandbox-credentials.json'), JSON.stringify(created, null, 2), { mode: 0o600 });
  return created;
}
