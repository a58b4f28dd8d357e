import { isUuidV4 } from '../../../src/keys/uuid';
import { accountWallet, holderLookup, isPhoneKey } from '../../../src/rails/phone-wallets';
import type { AccountHolder } from '../../../src/rails/rails.port';

const holder: AccountHolder = {
  name: 'Ana Souza',
  identificationNumber: '52998224725',
  identificationType: 'CPF',
  participantCode: '18236120',
  participantName: 'Nu Pagamentos S.A.',
  branch: '0001',
  accountNumber: '1234567-8',
  accountType: 'PAYMENT',
};

describe('the one wallet of a Brazilian or Colombian phone key', () => {
  it('is the account the number names, in the spec wallet fields, with a UUID v4 id', () => {
    const wallet = accountWallet('DICT', '+5511987654321', holder);
    expect(wallet).toEqual({
      id: expect.any(String),
      contactNumber: '+5511987654321',
      entityCode: '18236120',
      directoryCode: 'DICT',
      bankName: 'Nu Pagamentos S.A.',
      present: true,
    });
    expect(isUuidV4(wallet.id)).toBe(true);
    expect(
      accountWallet('BREB', '+573001234567', { ...holder, participantCode: '1507', participantName: 'Nequi' }),
    ).toMatchObject({
      directoryCode: 'BREB',
      entityCode: '1507',
      bankName: 'Nequi',
    });
  });

  it('keeps its id for the same account, from any lookup, and changes it with the account', () => {
    const { id } = accountWallet('DICT', '+5511987654321', holder);
    expect(accountWallet('DICT', '+5511987654321', { ...holder }).id).toBe(id);
    // The account is the wallet: another number naming it names the same wallet.
    expect(accountWallet('DICT', '+5521987654321', holder).id).toBe(id);
    expect(accountWallet('DICT', '+5511987654321', { ...holder, accountNumber: '1234567-9' }).id).not.toBe(id);
    expect(accountWallet('DICT', '+5511987654321', { ...holder, branch: '0002' }).id).not.toBe(id);
    expect(accountWallet('DICT', '+5511987654321', { ...holder, participantCode: '60701190' }).id).not.toBe(id);
    expect(accountWallet('BREB', '+5511987654321', holder).id).not.toBe(id);
  });

  it('is listed for a phone key only', () => {
    expect(holderLookup('DICT', '+5511987654321', holder)).toEqual({
      kind: 'ACCOUNT_HOLDER',
      key: '+5511987654321',
      holder,
      wallets: [accountWallet('DICT', '+5511987654321', holder)],
    });
    for (const key of ['52998224725', 'ana@example.com', '3f1c2a4e-9b7d-4c1e-8a2b-5d6e7f809a1b']) {
      expect(holderLookup('DICT', key, holder)).toEqual({ kind: 'ACCOUNT_HOLDER', key, holder });
    }
    expect(holderLookup('BREB', '@ANASOUZA123456789012', holder)).not.toHaveProperty('wallets');
  });

  it('knows a phone key by its E.164 form', () => {
    expect(['+5511987654321', '+573001234567', '+51987654321'].every(isPhoneKey)).toBe(true);
    expect(['5511987654321', '+55 11 98765-4321', '+user@example.com', '@ANA', ''].some(isPhoneKey)).toBe(false);
  });
});
