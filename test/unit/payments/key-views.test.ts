import { toValidationWallet } from '../../../src/payments/key-views';
import { toPreviewCallbackWallet } from '../../../src/orders/order-views';
import type { PhoneWallet } from '../../../src/rails/rails.port';

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
