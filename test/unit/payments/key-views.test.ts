import { keyValidationView, toValidationWallet } from '../../../src/payments/key-views';
import { toPreviewCallbackWallet } from '../../../src/orders/order-views';
import type { AccountHolder, PeruAccountInfo, PhoneWallet } from '../../../src/rails/rails.port';

const wallet: PhoneWallet = {
  id: '3f1c2a4e-9b7d-4c1e-8a2b-5d6e7f809a1b',
  contactNumber: '+51987654321',
  entityCode: '002',
  directoryCode: 'YAPE',
  bankName: 'Yape',
  present: true,
};

describe('Peru wallet views', () => {
  it('renames for the preview callback', () => {
    expect(toPreviewCallbackWallet(wallet)).toEqual({
      id: wallet.id,
      brand: 'Yape',
      mobile: '+51987654321',
      present: true,
      directory: 'YAPE',
      participant_code: '002',
    });
  });

  it('keeps the validation names and drops what that response does not carry', () => {
    expect(toValidationWallet(wallet)).toEqual({
      id: wallet.id,
      contactNumber: '+51987654321',
      entityCode: '002',
      directoryCode: 'YAPE',
      bankName: 'Yape',
    });
  });
});

describe('the key validation answer', () => {
  const holder: AccountHolder = {
    name: 'Renata Oliveira Souza',
    identificationNumber: '52998224725',
    identificationType: 'CPF',
    participantCode: '18236120',
    participantName: 'Nu Pagamentos S.A.',
    branch: '0001',
    accountNumber: '8504689-6',
    accountType: 'PAYMENT',
  };

  it("shows a Brazilian or Colombian key's holder masked", () => {
    expect(
      keyValidationView({ kind: 'ACCOUNT_HOLDER', country: 'BR', key: '+5511987654321', holder }, 'PHONE'),
    ).toEqual({
      name: 'Renata O. S.',
      accountNumber: '****6896',
      identificationNumber: '***.982.247-**',
      identificationType: 'CPF',
      branchOffice: '0001',
      category: 'PAYMENT',
      bank: 'Nu Pagamentos S.A.',
      bankCode: '18236120',
      keyType: 'PHONE',
    });
    const colombian = { ...holder, identificationNumber: '900123456-7', identificationType: 'NIT' as const };
    expect(
      keyValidationView({ kind: 'ACCOUNT_HOLDER', country: 'CO', key: 'ABCDE12345', holder: colombian }, 'RANDOM'),
    ).toMatchObject({
      identificationNumber: '****456-*',
    });
  });

  it("answers a Peruvian account with the spec's fields as the directory gave them", () => {
    const account: PeruAccountInfo = {
      name: 'Lucia Rojas Vargas',
      accountNumber: '001234567890',
      identificationNumber: '45678912',
      mcc: '5411',
      branchOffice: '193',
      category: 'SAVINGS',
      postalCode: null,
      bank: 'BCP',
      terminal: null,
    };
    expect(
      keyValidationView({ kind: 'PERU_ACCOUNT', country: 'PE', key: '00219300123456789013', account }, 'CCI'),
    ).toEqual(account);
  });
});
