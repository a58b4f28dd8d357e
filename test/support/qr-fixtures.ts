import { randomUUID } from 'node:crypto';
import { encodeEmvQr } from '../../src/emv';
import { QR_SCOPE } from '../../src/rails/countries';

/**
 * A Brazilian Pix merchant QR: closed amount (dynamic) when `amount` is given, open (static)
 * otherwise. Each call gets its own transaction id, so payloads never repeat across tests. The
 * merchant's Pix key is a random key unless `merchant.key` names one; `merchant.taxId` goes in 62.10.
 */
export function pixQr(
  amount?: string,
  merchantName = 'Padaria Central',
  merchant: { key?: string; taxId?: string } = {},
): string {
  return encodeEmvQr(
    {
      point_of_initiation: amount === undefined ? 'STATIC' : 'DYNAMIC',
      merchant_accounts: [{ tag: '26', gui: 'br.gov.bcb.pix', fields: { '01': merchant.key ?? randomUUID() } }],
      merchant: { name: merchantName, city: 'SAO PAULO', mcc: '5812' },
      currency_numeric: '986',
      amount,
      country: 'BR',
      additional_data: {
        reference_label: randomUUID().replace(/-/g, '').slice(0, 25),
        ...(merchant.taxId === undefined ? {} : { merchant_tax_id: merchant.taxId }),
      },
    },
    QR_SCOPE,
  );
}

/** An Argentine static QR (open amount): scanned before the amount is known, it is PROCESS_LATER. */
export function argentinaStaticQr(): string {
  return encodeEmvQr(
    {
      point_of_initiation: 'STATIC',
      merchant_accounts: [{ tag: '43', gui: 'com.mercadopago', fields: { '01': randomUUID().slice(0, 20) } }],
      merchant: { name: 'Kiosco Palermo', city: 'BUENOS AIRES', mcc: '5411' },
      currency_numeric: '032',
      country: 'AR',
    },
    QR_SCOPE,
  );
}

/** The Banco Central do Brasil's own static Pix example (BR Code manual). */
export const BCB_STATIC_PIX =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

export const payer = { full_name: 'Ana Souza', currency: 'USD', account_number: 'ACC-123456', tax_id: '12345678' };
