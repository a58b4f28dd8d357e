import { encodeEmvQr } from '../../../src/emv';
import { RailsDeclinedError } from '../../../src/rails/rails.errors';
import { PAYMENT_CURRENCIES } from '../../../src/money';
import { startSimulator, type RunningSimulator } from './rails-simulator.fixture';
import { QR_SCOPE, type KeyCountry } from '../../../src/rails/countries';

let rails: RunningSimulator;

beforeAll(async () => {
  rails = await startSimulator({ seed: 'directory-test', now: () => new Date('2025-06-01T12:00:00Z') });
});

afterAll(() => rails.close());

/** A lookup through a simulator of its own: nothing shared with `rails` but the seed. */
async function startSimulatorLookup(country: KeyCountry, key: string) {
  const other = await startSimulator({ seed: 'directory-test' });
  try {
    return await other.adapter().keys.lookupKey({ country, key });
  } finally {
    await other.close();
  }
}

const declinedWith = (code: string) => expect.objectContaining({ name: 'RailsDeclinedError', code, retryable: false });

describe('rails simulator over HTTP: directories, QR and FX', () => {
  it('answers the health check', async () => {
    const response = await fetch(`${rails.baseUrl}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it.each([
    ['BR', 'ana@example.com'],
    ['BR', '52998224725'],
    ['BR', '+5511987654321'],
    ['BR', '3f1c2a4e-9b7d-4c1e-8a2b-5d6e7f809a1b'],
    ['CO', 'ABCDE12345'],
  ] as [KeyCountry, string][])(
    'resolves the %s key %s to an account holder, identically twice',
    async (country, key) => {
      const adapter = rails.adapter();
      const first = await adapter.keys.lookupKey({ country, key });
      expect(first).toMatchObject({ kind: 'ACCOUNT_HOLDER', country, key });
      expect(await adapter.keys.lookupKey({ country, key })).toEqual(first);
    },
  );

  it.each([
    ['BR', '+5511987654321', 'DICT'],
    ['CO', '+573001234567', 'BREB'],
  ] as ['BR' | 'CO', string, string][])(
    'gives the %s phone key %s its one account as its one wallet, with a lasting id',
    async (country, key, directoryCode) => {
      const lookup = await rails.adapter().keys.lookupKey({ country, key });
      if (lookup.kind !== 'ACCOUNT_HOLDER') throw new Error(`expected a holder, got ${lookup.kind}`);
      expect(lookup.wallets).toEqual([
        {
          id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
          contactNumber: key,
          entityCode: lookup.holder.participantCode,
          directoryCode,
          bankName: lookup.holder.participantName,
          present: true,
        },
      ]);
      // Another process, another day: the same account has the same wallet id.
      expect(await startSimulatorLookup(country, key)).toMatchObject({ wallets: lookup.wallets });
    },
  );

  it.each([
    ['BR', '52998224725'],
    ['BR', 'ana@example.com'],
    ['CO', 'ABCDE12345'],
  ] as ['BR' | 'CO', string][])('lists no wallet for the %s key %s, which is no phone', async (country, key) => {
    expect(await rails.adapter().keys.lookupKey({ country, key })).not.toHaveProperty('wallets');
  });

  it('resolves a Peru CCI to the spec account fields', async () => {
    const result = await rails.adapter().keys.lookupKey({ country: 'PE', key: '00219300123456789013' });
    expect(result.kind).toBe('PERU_ACCOUNT');
    if (result.kind !== 'PERU_ACCOUNT') return;
    expect(Object.keys(result.account).sort()).toEqual([
      'accountNumber',
      'bank',
      'branchOffice',
      'category',
      'identificationNumber',
      'mcc',
      'name',
      'postalCode',
      'terminal',
    ]);
    expect(result.account.bank).toBe('BCP');
  });

  it('walks the Peru phone flow: wallets, then the account of the picked wallet', async () => {
    const adapter = rails.adapter();
    const lookup = await adapter.keys.lookupKey({ country: 'PE', key: '+51987654321' });
    if (lookup.kind !== 'PERU_WALLETS') throw new Error(`expected wallets, got ${lookup.kind}`);
    const picked = lookup.wallets[lookup.wallets.length - 1]!;
    const account = await adapter.keys.resolveWallet({
      walletRecordId: lookup.walletId,
      selectedWalletId: picked.id,
      country: 'PE',
    });
    expect(account.wallet_name).toBe(picked.bankName);
    expect(account.name).toBe(lookup.account.name);
  });

  it('declines a wallet that is not in the record', async () => {
    const lookup = await rails.adapter().keys.lookupKey({ country: 'PE', key: '+51912345678' });
    if (lookup.kind !== 'PERU_WALLETS') throw new Error(`expected wallets, got ${lookup.kind}`);
    await expect(
      rails.adapter().keys.resolveWallet({
        walletRecordId: lookup.walletId,
        selectedWalletId: '0e0b6a52-3c1d-4f7e-9a8b-1c2d3e4f5a6b',
        country: 'PE',
      }),
    ).rejects.toEqual(declinedWith('WALLET_NOT_FOUND'));
  });

  it.each([
    ['BR', 'notfound@sandbox.test'],
    ['BR', '00000000191'],
    ['PE', '+51900000000'],
    ['CO', 'A000000000'],
  ] as [KeyCountry, string][])('declines the magic %s key %s as KEY_NOT_FOUND', async (country, key) => {
    const failure = rails.adapter().keys.lookupKey({ country, key });
    await expect(failure).rejects.toBeInstanceOf(RailsDeclinedError);
    await expect(failure).rejects.toEqual(declinedWith('KEY_NOT_FOUND'));
  });

  it('declines a malformed key as INVALID_REQUEST', async () => {
    await expect(rails.adapter().keys.lookupKey({ country: 'PE', key: '12345' })).rejects.toEqual(
      declinedWith('INVALID_REQUEST'),
    );
  });

  it('declines a body with an unexpected field as INVALID_REQUEST (strict schemas)', async () => {
    const response = await fetch(`${rails.baseUrl}/pe/cce/accounts/lookup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cci: '00219300123456789013', extra: true }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'INVALID_REQUEST' });
  });

  describe('QR merchant', () => {
    const qr = (name: string) =>
      encodeEmvQr(
        {
          point_of_initiation: 'STATIC',
          merchant_accounts: [{ tag: '26', gui: 'br.gov.bcb.pix', fields: { '01': 'loja@example.com' } }],
          merchant: { name, city: 'SAO PAULO', mcc: '5812' },
          currency_numeric: '986',
          country: 'BR',
          additional_data: { reference_label: '***', store_label: 'LOJA 1' },
        },
        QR_SCOPE,
      );

    it('resolves the collector fields deterministically', async () => {
      const first = await rails.adapter().acquirer.resolveQrMerchant({ qr: qr('PADARIA BOA') });
      expect(first).toEqual({
        name: 'PADARIA BOA',
        identification_number: expect.stringMatching(/^\d{14}$/),
        branch_office: 'LOJA 1',
      });
      expect(await rails.adapter().acquirer.resolveQrMerchant({ qr: qr('PADARIA BOA') })).toEqual(first);
    });

    it('declines the magic unknown merchant as KEY_NOT_FOUND', async () => {
      await expect(rails.adapter().acquirer.resolveQrMerchant({ qr: qr('UNKNOWN MERCHANT') })).rejects.toEqual(
        declinedWith('KEY_NOT_FOUND'),
      );
    });

    it('declines a payload that is not an EMV QR', async () => {
      await expect(rails.adapter().acquirer.resolveQrMerchant({ qr: 'not a qr' })).rejects.toEqual(
        declinedWith('INVALID_REQUEST'),
      );
    });
  });

  it('quotes every currency pair', async () => {
    const adapter = rails.adapter();
    for (const base of PAYMENT_CURRENCIES) {
      for (const target of PAYMENT_CURRENCIES) {
        const quote = await adapter.fx.midRate(base, target);
        expect(quote).toEqual({
          base,
          target,
          rate: expect.stringMatching(/^\d+(\.\d{1,10})?$/),
          as_of: '2025-06-01T00:00:00.000Z',
        });
      }
    }
  });

  it('declines an unsupported currency as INVALID_REQUEST', async () => {
    const response = await fetch(`${rails.baseUrl}/fx/rates/USD/XAU`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'INVALID_REQUEST' });
  });

  it('gives the same answers from a second simulator with the same seed', async () => {
    const twin = await startSimulator({ seed: 'directory-test' });
    try {
      for (const [country, key] of [
        ['BR', 'ana@example.com'],
        ['PE', '+51987654321'],
        ['CO', 'ABCDEFGHIJ'],
      ] as [KeyCountry, string][]) {
        expect(await twin.adapter().keys.lookupKey({ country, key })).toEqual(
          await rails.adapter().keys.lookupKey({ country, key }),
        );
      }
    } finally {
      await twin.close();
    }
  });
});
