import { walletRefusal } from '../../../src/orders/payout-destination';
import type { PhoneWallet } from '../../../src/rails/rails.port';

const wallet: PhoneWallet = {
  id: '3f1c2a4e-9b7d-4c1e-8a2b-5d6e7f809a1b',
  contactNumber: '+5511987654321',
  entityCode: '18236120',
  directoryCode: 'DICT',
  bankName: 'Nu Pagamentos S.A.',
  present: true,
};

describe('the wallet a payment names', () => {
  const phoneOrder = { wallets: [wallet] };

  it('must be one of the wallets the preview listed, to accept a phone key', () => {
    expect(walletRefusal(phoneOrder, wallet.id, true)).toBeNull();
    expect(walletRefusal(phoneOrder, undefined, true)).toBe('required: pick one of the wallets the preview listed');
    expect(walletRefusal(phoneOrder, '0e0b6a52-3c1d-4f7e-9a8b-1c2d3e4f5a6b', true)).toBe(
      'not one of the wallets the preview listed',
    );
  });

  it('is not needed to reject', () => {
    expect(walletRefusal(phoneOrder, undefined, false)).toBeNull();
  });

  it('is refused by an order whose preview listed none, which is paid without one', () => {
    // Any other key or a QR, and a phone key previewed before every phone key listed its wallets.
    const noWallets = { wallets: null };
    expect(walletRefusal(noWallets, undefined, true)).toBeNull();
    expect(walletRefusal(noWallets, wallet.id, true)).toBe('this order takes no wallet: its preview listed none');
  });
});
