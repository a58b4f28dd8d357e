import type { DataSource } from 'typeorm';
import { ClientsService } from '../../../src/auth/clients.service';
import { SecretBox } from '../../../src/auth/secret-box';
import { clientsFund } from '../../../src/cli/clients-fund.command';
import { UsageError } from '../../../src/cli/command';
import { loadEnv } from '../../../src/config/env';
import { createDataSource } from '../../../src/db/data-source';
import { expectLedgerInvariants } from './ledger-invariants';

describe('npm run cli -- clients:fund', () => {
  let dataSource: DataSource;
  const env = loadEnv(process.env);

  beforeAll(async () => {
    dataSource = await createDataSource({ url: env.DATABASE_URL, poolSize: 2 }).initialize();
  });
  afterEach(() => expectLedgerInvariants(dataSource));
  afterAll(() => dataSource.destroy());

  async function run(...args: string[]): Promise<string[]> {
    const lines: string[] = [];
    await clientsFund.run({ dataSource, env, args, out: (text) => lines.push(text) });
    return lines;
  }

  it('funds a client and prints the new balance; a repeated --operation-id funds once', async () => {
    const { clientId } = await new ClientsService(dataSource, new SecretBox(env.SECRETS_KEY)).create({
      name: 'Funded by CLI',
    });

    expect(await run('--client', clientId, '--currency', 'USD', '--amount', '1000')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^client_id=${clientId}\ncurrency=USD\noperation_id=cli-funding:[0-9a-f-]{36}\navailable=1000.00\nreserved=0.00$`,
        ),
      ),
    ]);
    const args = [
      '--client',
      clientId,
      '--currency',
      'USD',
      '--amount',
      '0.50',
      '--operation-id',
      'top-up-1',
      '--json',
    ];
    const first = JSON.parse((await run(...args))[0] ?? '');
    expect(first).toEqual({
      client_id: clientId,
      currency: 'USD',
      operation_id: 'top-up-1',
      available: '1000.50',
      reserved: '0.00',
    });
    expect(JSON.parse((await run(...args))[0] ?? '')).toEqual(first);
  });

  it('refuses bad input with a usage error', async () => {
    const { clientId } = await new ClientsService(dataSource, new SecretBox(env.SECRETS_KEY)).create({
      name: 'Not funded',
    });
    for (const args of [
      ['--currency', 'USD', '--amount', '1'],
      ['--client', 'not-a-uuid', '--currency', 'USD', '--amount', '1'],
      ['--client', '00000000-0000-4000-8000-000000000000', '--currency', 'USD', '--amount', '1'],
      ['--client', clientId, '--currency', 'usd', '--amount', '1'],
      ['--client', clientId, '--currency', 'USD', '--amount', '1.001'],
      ['--client', clientId, '--currency', 'USD', '--amount', '-5'],
    ]) {
      await expect(run(...args)).rejects.toBeInstanceOf(UsageError);
    }
  });
});
