import { createCipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { ClientsService } from '../../../src/auth/clients.service';
import { SecretBox } from '../../../src/auth/secret-box';
import { clientsRotateWebhookSecret } from '../../../src/cli/clients-rotate-webhook-secret.command';
import { UsageError } from '../../../src/cli/command';
import { secretsReseal } from '../../../src/cli/secrets-reseal.command';
import { Env, loadEnv } from '../../../src/config/env';
import { createDataSource } from '../../../src/db/data-source';

/** Issue 29, part 4, against a real PostgreSQL: the operator's commands for both rotations. */
describe('secret rotation commands', () => {
  let dataSource: DataSource;
  const env = loadEnv(process.env);
  const NEW_KEY = `rotated-${randomUUID()}-${randomUUID()}`;

  beforeAll(async () => {
    dataSource = await createDataSource({ url: env.DATABASE_URL, poolSize: 2 }).initialize();
  });
  afterAll(async () => {
    // The database is shared with the test files after this one: every secret goes back to their SECRETS_KEY.
    await run(secretsReseal, { ...env, SECRETS_KEY_PREVIOUS: [NEW_KEY] });
    await dataSource.destroy();
  });

  async function run(command: typeof secretsReseal, settings: Env, ...args: string[]): Promise<string> {
    const lines: string[] = [];
    await command.run({ dataSource, env: settings, args, out: (text) => lines.push(text) });
    return lines.join('\n');
  }

  const sealedOf = async (clientId: string) =>
    (
      await dataSource.query<Array<{ current: string; previous: string | null }>>(
        'SELECT webhook_secret_enc AS current, previous_webhook_secret_enc AS previous FROM clients WHERE id = $1',
        [clientId],
      )
    )[0]!;

  describe('clients:rotate-webhook-secret', () => {
    const service = () => new ClientsService(dataSource, new SecretBox(env.SECRETS_KEY));

    it('gives a new secret and keeps the old one signing for the overlap, or stops it at once with 0s', async () => {
      const { clientId, webhookSecret: first } = await service().create({ name: 'Rotated by an operator' });
      const before = Date.now();
      const rotated = JSON.parse(await run(clientsRotateWebhookSecret, env, '--client', clientId, '--json'));
      expect(rotated).toEqual({
        client_id: clientId,
        webhook_secret: expect.stringMatching(/^whsec_/),
        previous_secret_valid_until: expect.any(String),
      });
      const until = Date.parse(rotated.previous_secret_valid_until);
      // The default overlap: 24 h.
      expect(until - before).toBeGreaterThanOrEqual(86_400_000 - 5_000);
      expect(until - before).toBeLessThanOrEqual(86_400_000 + 5_000);
      expect(await service().webhookSecrets(clientId)).toEqual({
        current: rotated.webhook_secret,
        previous: { secret: first, until: new Date(until) },
      });

      const text = await run(clientsRotateWebhookSecret, env, '--client', clientId, '--overlap', '0s');
      const [, secondSecret] = /webhook_secret=(\S+)/.exec(text)!;
      expect(text).toContain('previous_secret_valid_until=none');
      expect(await service().webhookSecrets(clientId)).toEqual({ current: secondSecret, previous: null });
    });

    it('refuses bad input with a usage error', async () => {
      for (const args of [
        [],
        ['--client', 'nope'],
        ['--client', randomUUID()],
        ['--client', randomUUID(), '--overlap', '24'],
        ['--client', randomUUID(), '--overlap', '169h'],
      ])
        await expect(run(clientsRotateWebhookSecret, env, ...args)).rejects.toThrow(UsageError);
    });
  });

  describe('secrets:reseal', () => {
    /** A secret as the box sealed it before key ids: `v1.<iv>.<tag>.<ciphertext>`. */
    function sealedWithoutKeyId(secretsKey: string, plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(secretsKey).digest(), iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', ...[iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'))].join('.');
    }

    it('reads the old ciphertexts with the old key listed, and rewrites them with the new one', async () => {
      const old = new ClientsService(dataSource, new SecretBox(env.SECRETS_KEY));
      // One client from before key ids, one sealed with the old key and in a rotation's overlap.
      const legacy = await old.create({ name: 'Sealed before key ids' });
      await dataSource.query('UPDATE clients SET webhook_secret_enc = $2 WHERE id = $1', [
        legacy.clientId,
        sealedWithoutKeyId(env.SECRETS_KEY, legacy.webhookSecret),
      ]);
      const overlapping = await old.create({ name: 'In an overlap' });
      const rotated = (await old.rotateWebhookSecret(overlapping.clientId, 3_600_000))!;

      const rotatedEnv = { ...env, SECRETS_KEY: NEW_KEY, SECRETS_KEY_PREVIOUS: [env.SECRETS_KEY] };
      const withBoth = new ClientsService(dataSource, new SecretBox(NEW_KEY, [env.SECRETS_KEY]));
      const newOnly = new ClientsService(dataSource, new SecretBox(NEW_KEY));
      expect((await withBoth.webhookSecrets(legacy.clientId)).current).toBe(legacy.webhookSecret);
      await expect(newOnly.webhookSecrets(legacy.clientId)).rejects.toThrow(/SECRETS_KEY/);

      expect(JSON.parse(await run(secretsReseal, rotatedEnv, '--json'))).toEqual({
        resealed: expect.any(Number),
        skipped: 0,
      });
      const newKeyId = new SecretBox(NEW_KEY).seal('x').split('.')[1];
      for (const clientId of [legacy.clientId, overlapping.clientId]) {
        const sealed = await sealedOf(clientId);
        expect(sealed.current.split('.').slice(0, 2)).toEqual(['v2', newKeyId]);
      }
      expect((await sealedOf(overlapping.clientId)).previous!.split('.')[1]).toBe(newKeyId);
      // The old key can go: the new one alone reads every secret, the overlap's too.
      expect((await newOnly.webhookSecrets(legacy.clientId)).current).toBe(legacy.webhookSecret);
      expect(await newOnly.webhookSecrets(overlapping.clientId)).toEqual({
        current: rotated.webhookSecret,
        previous: { secret: overlapping.webhookSecret, until: rotated.previousUntil },
      });
      // Nothing left to do.
      expect(await run(secretsReseal, rotatedEnv)).toBe('resealed=0\nskipped=0');
    });
  });
});
