import { KeyDirectoryService } from '../../../src/rails/simulator/key-directory.service';
import { SimulatorHttpError } from '../../../src/rails/simulator/simulator-http.error';
import { cpfFromBase } from '../../../src/rails/simulator/tax-id.generator';
import type { KeyCountry } from '../../../src/rails/rails.port';

const directory = new KeyDirectoryService('unit');

function statusOf(action: () => unknown): number {
  try {
    action();
  } catch (error) {
    if (error instanceof SimulatorHttpError) return error.status;
    throw error;
  }
  throw new Error('expected a SimulatorHttpError');
}

describe('KeyDirectoryService.lookup', () => {
  it.each([
    ['BR', '123'],
    ['BR', 'not an email'],
    ['PE', '1234567890123456789'],
    ['PE', '987654321'],
    ['CO', 'ABC'],
    ['CO', 'ABCDE-12345'],
  ] as [KeyCountry, string][])('rejects the malformed %s key %s with 400', (country, key) => {
    expect(statusOf(() => directory.lookup(country, key))).toBe(400);
  });

  it.each([
    ['BR', 'notfound@sandbox.test'],
    ['BR', '00000000000'],
    ['PE', '+51000000000'],
    ['PE', '00200000000012345678'],
    ['CO', 'X000000000'],
  ] as [KeyCountry, string][])('answers 404 for the magic %s key %s', (country, key) => {
    expect(statusOf(() => directory.lookup(country, key))).toBe(404);
  });

  it('answers the same holder for the same key, and another for another seed', () => {
    const first = directory.lookup('BR', 'ana@example.com');
    expect(directory.lookup('BR', 'ana@example.com')).toEqual(first);
    expect(new KeyDirectoryService('other').lookup('BR', 'ana@example.com')).not.toEqual(first);
  });

  it('names a CPF key holder by that CPF', () => {
    const cpf = cpfFromBase('529982247');
    const result = directory.lookup('BR', cpf);
    expect(result).toMatchObject({ kind: 'ACCOUNT_HOLDER', holder: { identificationNumber: cpf, identificationType: 'CPF' } });
  });

  it('gives a Brazilian participant an 8-digit ISPB', () => {
    const result = directory.lookup('BR', '+5511987654321');
    expect(result.kind === 'ACCOUNT_HOLDER' && result.holder.participantCode).toMatch(/^\d{8}$/);
  });

  it('returns a Colombian holder for a Bre-B key', () => {
    const result = directory.lookup('CO', 'ABCDEFGHIJ1234567');
    expect(result).toMatchObject({ kind: 'ACCOUNT_HOLDER', country: 'CO' });
    expect(result.kind === 'ACCOUNT_HOLDER' && result.holder.identificationType).toMatch(/^(CC|NIT)$/);
  });

  it('reads entity, branch and account out of a Peru CCI', () => {
    const result = directory.lookup('PE', '00219300123456789012');
    expect(result).toMatchObject({
      kind: 'PERU_ACCOUNT',
      account: { bank: 'BCP', branchOffice: '193', accountNumber: '001234567890' },
    });
  });
});

describe('Peru phone wallets', () => {
  const phone = '+51987654321';
  const lookup = directory.lookup('PE', phone);
  if (lookup.kind !== 'PERU_WALLETS') throw new Error(`expected wallets, got ${lookup.kind}`);

  it('lists one to three distinct wallets with v4 ids', () => {
    expect(lookup.wallets.length).toBeGreaterThanOrEqual(1);
    expect(lookup.wallets.length).toBeLessThanOrEqual(3);
    expect(new Set(lookup.wallets.map((wallet) => wallet.id)).size).toBe(lookup.wallets.length);
    for (const wallet of lookup.wallets) {
      expect(wallet.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(wallet.contactNumber).toBe(phone);
    }
  });

  it('resolves each wallet to the same owner, with its own wallet name', () => {
    for (const wallet of lookup.wallets) {
      const account = directory.resolveWallet(lookup.walletId, wallet.id);
      expect(account.wallet_name).toBe(wallet.bankName);
      expect(account.name).toBe(lookup.account.name);
      expect(account.identificationNumber).toBe(lookup.account.identificationNumber);
    }
  });

  it('describes the default wallet in the lookup itself', () => {
    const first = lookup.wallets[0]!;
    const { wallet_name: _name, ...account } = directory.resolveWallet(lookup.walletId, first.id);
    expect(account).toEqual(lookup.account);
  });

  it('resolves without memory of the lookup: a fresh directory with the same seed knows the record', () => {
    const fresh = new KeyDirectoryService('unit');
    expect(fresh.resolveWallet(lookup.walletId, lookup.wallets[0]!.id)).toEqual(
      directory.resolveWallet(lookup.walletId, lookup.wallets[0]!.id),
    );
  });

  it('answers 404 to a forged or foreign record and 422 to a wallet outside the record', () => {
    const forged = lookup.walletId.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    expect(statusOf(() => directory.resolveWallet(forged, lookup.wallets[0]!.id))).toBe(404);
    expect(statusOf(() => new KeyDirectoryService('other').resolveWallet(lookup.walletId, lookup.wallets[0]!.id))).toBe(404);
    expect(statusOf(() => directory.resolveWallet(lookup.walletId, '3f1c2a4e-9b7d-4c1e-8a2b-5d6e7f809a1b'))).toBe(422);
  });
});
