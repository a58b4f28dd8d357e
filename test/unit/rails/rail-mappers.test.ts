import fc from 'fast-check';
import { fromQrMerchant, toQrMerchant } from '../../../src/rails/acquirer/acquirer.mapper';
import { ACQUIRER_MOVEMENTS } from '../../../src/rails/acquirer/acquirer.wire';
import { dictEntryFor, holderFromDictEntry } from '../../../src/rails/br/brazil.mapper';
import { SPI_MOVEMENTS } from '../../../src/rails/br/brazil.wire';
import { brebKeyFor, holderFromBrebKey } from '../../../src/rails/co/colombia.mapper';
import { BREB_MOVEMENTS } from '../../../src/rails/co/colombia.wire';
import type { MovementWire } from '../../../src/rails/http/movement-client';
import { outcomeFrom, statusFrom, wordFor } from '../../../src/rails/movement-vocabulary';
import { accountInfoFrom, cceAccountOf, walletEntryOf, walletFrom } from '../../../src/rails/pe/peru.mapper';
import { CCE_MOVEMENTS } from '../../../src/rails/pe/peru.wire';
import type { AccountHolder, MovementStatus, PeruAccountInfo } from '../../../src/rails/rails.port';

const text = fc.string({ minLength: 1, maxLength: 20 });

const holder = (identificationType: AccountHolder['identificationType']) =>
  fc.record({
    name: text,
    identificationNumber: fc.stringMatching(/^\d{11}$/),
    identificationType: fc.constant(identificationType),
    participantCode: fc.stringMatching(/^\d{4,8}$/),
    participantName: text,
    branch: fc.stringMatching(/^\d{3,4}$/),
    accountNumber: text,
    accountType: fc.constantFrom<AccountHolder['accountType']>('CHECKING', 'SAVINGS', 'PAYMENT'),
  });

describe("each rail reads its own wire into the engine's terms, and the simulator writes it back", () => {
  it('Brazil DICT entries', () => {
    const holders = fc.constantFrom<AccountHolder['identificationType']>('CPF', 'CNPJ').chain(holder);
    fc.assert(
      fc.property(holders, text, (h, key) => expect(holderFromDictEntry(dictEntryFor(key, 'EMAIL', h))).toEqual(h)),
    );
  });

  it('Colombia Bre-B keys', () => {
    const holders = fc.constantFrom<AccountHolder['identificationType']>('CC', 'NIT').chain(holder);
    fc.assert(fc.property(holders, text, (h, key) => expect(holderFromBrebKey(brebKeyFor(key, h))).toEqual(h)));
  });

  it('Peru CCE accounts and wallets', () => {
    const info: PeruAccountInfo = {
      name: 'Ana Quispe',
      accountNumber: '001234567890',
      identificationNumber: '45678912',
      mcc: '5411',
      branchOffice: '193',
      category: 'SAVINGS',
      postalCode: null,
      bank: 'BCP',
      terminal: 'T1234567',
    };
    expect(accountInfoFrom(cceAccountOf(info, '002'))).toEqual(info);
    const wallet = {
      id: '3f1c2a4e-9b7d-4c1e-8a2b-5d6e7f809a1b',
      contactNumber: '+51987654321',
      entityCode: '002',
      directoryCode: 'YAPE',
      bankName: 'Yape',
      present: true,
    };
    expect(walletFrom(walletEntryOf(wallet))).toEqual(wallet);
  });

  it("the QR acquirer's merchants", () => {
    const merchant = { name: 'Padaria Central', identification_number: '49640613000182', branch_office: '' };
    expect(toQrMerchant(fromQrMerchant(merchant))).toEqual(merchant);
  });
});

describe('movement vocabularies', () => {
  const wires: Array<[string, MovementWire<string, unknown>]> = [
    ['acquirer', ACQUIRER_MOVEMENTS],
    ['SPI', SPI_MOVEMENTS],
    ['CCE', CCE_MOVEMENTS],
    ['Bre-B', BREB_MOVEMENTS],
  ];
  const states: MovementStatus[] = [
    { status: 'COMPLETED', railReference: 'R1' },
    { status: 'REJECTED', railReference: 'R2', reason: 'DESTINATION_ACCOUNT_CLOSED' },
    { status: 'PENDING' },
    { status: 'NOT_FOUND' },
  ];

  it.each(wires)('%s: every state survives a write and a read', (_name, wire) => {
    for (const state of states) {
      const written = wire.write({
        status: wordFor(wire.vocabulary, state.status),
        reference: state.railReference,
        reason: state.reason,
      });
      expect(statusFrom(wire.vocabulary, wire.read(wire.answer.parse(written)))).toEqual(state);
    }
  });

  it.each(wires)('%s: only a settled or refused answer settles a request; the rest is unknown', (_name, wire) => {
    const outcome = (status: MovementStatus['status']) =>
      outcomeFrom(wire.vocabulary, { status: wordFor(wire.vocabulary, status), reference: 'R' }, 'id');
    expect(outcome('COMPLETED')).toEqual({ kind: 'COMPLETED', railReference: 'R' });
    expect(outcome('REJECTED')).toEqual({ kind: 'REJECTED', railReference: 'R', reason: 'DESTINATION_REFUSED' });
    expect(outcome('PENDING').kind).toBe('UNKNOWN');
    expect(outcome('NOT_FOUND').kind).toBe('UNKNOWN');
  });
});
