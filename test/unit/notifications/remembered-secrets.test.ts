import type { WebhookSigningSecrets } from '../../../src/auth/clients.service';
import { signingSecretsAt } from '../../../src/notifications/notification-deliverer';
import { rememberedSecrets } from '../../../src/notifications/remembered-secrets';

const only = (current: string): WebhookSigningSecrets => ({ current, previous: null });

describe('rememberedSecrets', () => {
  it("reads each client's secrets once within the remembered time, and asks again after a lookup that failed", async () => {
    const asked: string[] = [];
    let failNext = true;
    const secrets = rememberedSecrets({
      async webhookSecrets(clientId: string) {
        asked.push(clientId);
        if (clientId === 'flaky' && failNext) {
          failNext = false;
          throw new Error('database unreachable');
        }
        return only(`secret of ${clientId}`);
      },
    });

    expect(await secrets.webhookSecrets('a')).toEqual(only('secret of a'));
    expect(await secrets.webhookSecrets('b')).toEqual(only('secret of b'));
    expect(await secrets.webhookSecrets('a')).toEqual(only('secret of a'));
    await expect(secrets.webhookSecrets('flaky')).rejects.toThrow('database unreachable');
    expect(await secrets.webhookSecrets('flaky')).toEqual(only('secret of flaky'));
    expect(await secrets.webhookSecrets('flaky')).toEqual(only('secret of flaky'));

    expect(asked).toEqual(['a', 'b', 'flaky', 'flaky']);
  });

  it('reads them again once the remembered time is over, so a rotation reaches every worker', async () => {
    let now = 0;
    let current = 'old';
    const secrets = rememberedSecrets({ webhookSecrets: async () => only(current) }, () => now, 5_000);
    expect((await secrets.webhookSecrets('a')).current).toBe('old');
    current = 'new';
    now = 4_999;
    expect((await secrets.webhookSecrets('a')).current).toBe('old');
    now = 5_000;
    expect((await secrets.webhookSecrets('a')).current).toBe('new');
  });
});

describe('signingSecretsAt', () => {
  const until = new Date('2026-11-28T18:00:00Z');
  const rotated: WebhookSigningSecrets = { current: 'new', previous: { secret: 'old', until } };

  it('signs with both secrets, oldest first, until the overlap ends, then with the new one only', () => {
    expect(signingSecretsAt(rotated, new Date(until.getTime() - 1))).toEqual(['old', 'new']);
    expect(signingSecretsAt(rotated, until)).toEqual(['new']);
    expect(signingSecretsAt(only('new'), new Date(0))).toEqual(['new']);
  });
});
