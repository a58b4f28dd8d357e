import { rememberedSecrets } from '../../../src/notifications/remembered-secrets';

describe('rememberedSecrets', () => {
  it("reads each client's secret once, and asks again after a lookup that failed", async () => {
    const asked: string[] = [];
    let failNext = true;
    const secrets = rememberedSecrets({
      async webhookSecret(clientId) {
        asked.push(clientId);
        if (clientId === 'flaky' && failNext) {
          failNext = false;
          throw new Error('database unreachable');
        }
        return `secret of ${clientId}`;
      },
    });

    expect(await secrets.webhookSecret('a')).toBe('secret of a');
    expect(await secrets.webhookSecret('b')).toBe('secret of b');
    expect(await secrets.webhookSecret('a')).toBe('secret of a');
    await expect(secrets.webhookSecret('flaky')).rejects.toThrow('database unreachable');
    expect(await secrets.webhookSecret('flaky')).toBe('secret of flaky');
    expect(await secrets.webhookSecret('flaky')).toBe('secret of flaky');

    expect(asked).toEqual(['a', 'b', 'flaky', 'flaky']);
  });
});
