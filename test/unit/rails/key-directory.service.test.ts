import { PIX_DIRECTORY } from '../../../src/rails/br/brazil.wire';
import { BREB_DIRECTORY } from '../../../src/rails/co/colombia.wire';
import { accountWallet } from '../../../src/rails/phone-wallets';
import { KeyDirectoryService } from '../../../sim/rails/key-directory.service';
import { MAGIC_KEYS } from '../../../sim/rails/magic-values';
import { SimulatorHttpError } from '../../../sim/rails/simulator-http.error';
import { cpfFromBase } from '../../../sim/rails/tax-id.generator';
import type { KeyCountry } from '../../../src/rails/countries';

const directory = new KeyDirectoryService('unit');

/** What each rail's route asks the directory for a key of its country. */
function lookup(country: KeyCountry, key: string, on = directory): unknown {
  switch (country) {
    case 'BR':
      return on.brazilHolder(key);
    case 'CO':
      return on.colombiaHolder(key);
    case 'PE':
      return key.startsWith('+') ? on.peruWallets(key) : on.peruAccount(key);
  }
}

function statusOf(action: () => unknown): number {
  try {
    action();
  } catch (error) {
    if (error instanceof SimulatorHttpError) return error.status;
    throw error;
  }
  throw new Error('expected a SimulatorHttpError');
}

describe('KeyDirectoryService', () => {
  it.each([
    ['BR', '123'],
    ['BR', 'not an email'],
    ['PE', '1234567890123456789'],
    ['PE', '987654321'],
    ['CO', 'ABC'],
    ['CO', 'ABCDE-12345'],
  ] as [KeyCountry, string][])('rejects the malformed %s key %s with 400', (country, key) => {
    expect(statusOf(() => lookup(country, key))).toBe(400);
  });

  it.each([
    ['BR', 'notfound@sandbox.test'],
    ...Object.entries(MAGIC_KEYS.notFound).flatMap(([country, keys]) => keys.map((key) => [country, key])),
  ] as [KeyCountry, string][])('answers 404 for the magic %s key %s', (country, key) => {
    expect(statusOf(() => lookup(country, key))).toBe(404);
  });

  it('answers the same holder for the same key, and another for another seed', () => {
    const first = lookup('BR', 'ana@example.com');
    expect(lookup('BR', 'ana@example.com')).toEqual(first);
    expect(lookup('BR', 'ana@example.com', new KeyDirectoryService('other'))).not.toEqual(first);
  });

  it('names a CPF key holder by that CPF', () => {
    const cpf = cpfFromBase('529982247');
    expect(directory.brazilHolder(cpf)).toMatchObject({
      format: 'CPF',
      holder: { identificationNumber: cpf, identificationType: 'CPF' },
    });
  });

  it('names an alphanumeric CNPJ key holder, a company, by that CNPJ, whatever the case it is asked in', () => {
    const entry = directory.brazilHolder('12ABC34501DE35');
    expect(entry).toMatchObject({
      key: '12ABC34501DE35',
      format: 'CNPJ',
      holder: { identificationNumber: '12ABC34501DE35', identificationType: 'CNPJ' },
    });
    expect(directory.brazilHolder('12abc34501de35')).toEqual(entry);
  });

  it('gives a Brazilian participant an 8-digit ISPB', () => {
    expect(directory.brazilHolder('+5511987654321').holder.participantCode).toMatch(/^\d{8}$/);
  });

  it('returns a Colombian holder for a Bre-B key', () => {
    expect(directory.colombiaHolder('ABCDE12345').identificationType).toMatch(/^(CC|NIT)$/);
  });

  it('reads entity, branch and account out of a Peru CCI', () => {
    expect(directory.peruAccount('00219300123456789013')).toMatchObject({
      bank: 'BCP',
      branchOffice: '193',
      accountNumber: '001234567890',
    });
  });
});

describe('Peru phone wallets', () => {
  const phone = '+51987654321';
  const wallets = directory.peruWallets(phone);

  it('lists one to three distinct wallets with v4 ids', () => {
    expect(wallets.wallets.length).toBeGreaterThanOrEqual(1);
    expect(wallets.wallets.length).toBeLessThanOrEqual(3);
    expect(new Set(wallets.wallets.map((wallet) => wallet.id)).size).toBe(wallets.wallets.length);
    for (const wallet of wallets.wallets) {
      expect(wallet.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(wallet.contactNumber).toBe(phone);
    }
  });

  it('resolves each wallet to the same owner, and to that wallet', () => {
    for (const wallet of wallets.wallets) {
      const { account, wallet: picked } = directory.resolveWallet(wallets.walletId, wallet.id);
      expect(picked.bankName).toBe(wallet.bankName);
      expect(account.name).toBe(wallets.account.name);
      expect(account.identificationNumber).toBe(wallets.account.identificationNumber);
    }
  });

  it('describes the default wallet in the lookup itself', () => {
    const first = wallets.wallets[0]!;
    expect(directory.resolveWallet(wallets.walletId, first.id).account).toEqual(wallets.account);
  });

  it('resolves without memory of the lookup: a fresh directory with the same seed knows the record', () => {
    const fresh = new KeyDirectoryService('unit');
    expect(fresh.resolveWallet(wallets.walletId, wallets.wallets[0]!.id)).toEqual(
      directory.resolveWallet(wallets.walletId, wallets.wallets[0]!.id),
    );
  });

  it('answers 404 to a forged or foreign record and 422 to a wallet outside the record', () => {
    const forged = wallets.walletId.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    expect(statusOf(() => directory.resolveWallet(forged, wallets.wallets[0]!.id))).toBe(404);
    expect(
      statusOf(() => new KeyDirectoryService('other').resolveWallet(wallets.walletId, wallets.wallets[0]!.id)),
    ).toBe(404);
    expect(statusOf(() => directory.resolveWallet(wallets.walletId, '3f1c2a4e-9b7d-4c1e-8a2b-5d6e7f809a1b'))).toBe(422);
  });
});

describe('the wallet a phone-key payout names', () => {
  // What each rail's route takes for the phone's wallets now (sim/rails/routes/).
  const peru = directory.peruWallets('+51987654321').wallets;
  const brazil = [accountWallet(PIX_DIRECTORY, '+5511987654321', directory.brazilHolder('+5511987654321').holder)];
  const colombia = [accountWallet(BREB_DIRECTORY, '+573001234567', directory.colombiaHolder('+573001234567'))];

  it('is taken when it is one of the phone wallets, in every country', () => {
    for (const wallet of peru) expect(() => directory.checkWallet('+51987654321', wallet.id, peru)).not.toThrow();
    expect(() => directory.checkWallet('+5511987654321', brazil[0]!.id, brazil)).not.toThrow();
    expect(() => directory.checkWallet('+573001234567', colombia[0]!.id, colombia)).not.toThrow();
  });

  it('is refused (422) when the phone has no such wallet: nothing is paid elsewhere', () => {
    const stranger = '3f1c2a4e-9b7d-4c1e-8a2b-5d6e7f809a1b';
    expect(statusOf(() => directory.checkWallet('+51987654321', stranger, peru))).toBe(422);
    expect(statusOf(() => directory.checkWallet('+5511987654321', stranger, brazil))).toBe(422);
    expect(statusOf(() => directory.checkWallet('+573001234567', stranger, colombia))).toBe(422);
    // Another phone's wallet is not this phone's.
    const other = accountWallet(PIX_DIRECTORY, '+5521912345678', directory.brazilHolder('+5521912345678').holder);
    expect(statusOf(() => directory.checkWallet('+5511987654321', other.id, brazil))).toBe(422);
  });
});
