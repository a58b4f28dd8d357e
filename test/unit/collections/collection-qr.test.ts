import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { collectionQr, qrCity, type CollectionQrInput } from '../../../src/collections/collection-qr';
import { decodeEmvQr, OWN_GUI, ownQrOrderId } from '../../../src/emv';
import { QR_SCOPE } from '../../../src/rails/countries';

const base: CollectionQrInput = {
  orderId: randomUUID(),
  collector: { code: 'C0A1B2C3D4', name: 'Padaria Estrela Ltda', fantasyName: 'Padaria Estrela' },
  storeAddress: 'Av. Paulista 1000, São Paulo',
  mcc: '5462',
  country: 'BR',
  currency: 'BRL',
  amount: '125.40',
};

describe('collectionQr', () => {
  it('makes a dynamic QR with the amount, the collector, its MCC, city, country and currency, naming the order', () => {
    const decoded = decodeEmvQr(collectionQr(base), QR_SCOPE);
    expect(decoded.valid).toBe(true);
    expect(decoded).toMatchObject({
      point_of_initiation: 'DYNAMIC',
      amount: '125.40',
      country: 'BR',
      currency: { alpha: 'BRL', numeric: '986' },
      merchant: { name: 'Padaria Estrela', city: 'Sao Paulo', mcc: '5462' },
    });
    expect(decoded.merchant_accounts).toEqual([
      expect.objectContaining({ gui: OWN_GUI, fields: { '01': 'C0A1B2C3D4', '02': base.orderId } }),
    ]);
    expect(ownQrOrderId(decoded)).toBe(base.orderId);
  });

  it('makes a static QR without tag 54 for an open amount', () => {
    const decoded = decodeEmvQr(collectionQr({ ...base, amount: null, country: 'CL', currency: 'CLP' }), QR_SCOPE);
    expect(decoded).toMatchObject({
      valid: true,
      point_of_initiation: 'STATIC',
      amount: null,
      currency: { alpha: 'CLP' },
    });
  });

  it('falls back to the legal name, then the code, when the trade name has nothing EMVCo can show', () => {
    expect(
      decodeEmvQr(collectionQr({ ...base, collector: { ...base.collector, fantasyName: null } }), QR_SCOPE).merchant
        ?.name,
    ).toBe('Padaria Estrela Ltda');
    expect(
      decodeEmvQr(collectionQr({ ...base, collector: { code: 'C9', name: '北京烤鸭', fantasyName: '北京' } }), QR_SCOPE)
        .merchant?.name,
    ).toBe('C9');
  });

  it('always encodes a valid QR, whatever the merchant texts', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.option(fc.string(), { nil: null }),
        fc.string(),
        (name, fantasyName, storeAddress) => {
          const decoded = decodeEmvQr(
            collectionQr({ ...base, collector: { code: 'C1', name, fantasyName }, storeAddress }),
            QR_SCOPE,
          );
          expect(decoded.valid).toBe(true);
          expect(ownQrOrderId(decoded)).toBe(base.orderId);
        },
      ),
    );
  });
});

describe('qrCity', () => {
  it.each([
    ['Av. Paulista 1000, São Paulo', 'BR', 'Sao Paulo'],
    ['Jr. de la Unión 500, Cercado de Lima, Lima', 'PE', 'Lima'],
    ['Calle 80 #10-43', 'CO', 'Calle 80 #10-43'],
    ['Carrera 7, Bogotá D.C. y alrededores', 'CO', 'Bogota D.C. y a'],
    ['Rua 1, ', 'BR', 'BR'],
  ] as const)('%p in %s shows %p', (address, country, city) => {
    expect(qrCity(address, country)).toBe(city);
  });
});
