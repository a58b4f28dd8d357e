import { validatePaymentKey } from '../../../src/keys';

describe('Peruvian keys', () => {
  it.each([
    ['00219300123456789012', 'CCI'],
    ['002193001234567890123', 'CCI'],
    ['0021930012345678901234', 'CCI'],
    ['+51987654321', 'PHONE'],
  ])('accepts %s as a %s', (key, type) => {
    expect(validatePaymentKey('PE', key)).toEqual({ ok: true, type, normalized: key });
  });

  it.each([
    ['0021930012345678901', 'CCI of 19 digits'],
    ['00219300123456789012345', 'CCI of 23 digits'],
    ['0021-9300-1234-5678-9012', 'formatted CCI'],
    ['987654321', 'phone without country code'],
    ['+51187654321', 'phone not starting with 9'],
    ['+5198765432', 'phone of 8 digits'],
    ['+5561999999999', 'Brazilian phone'],
    ['52998224725', 'CPF'],
    ['someone@example.com', 'e-mail'],
  ])('rejects %s (%s)', (key) => {
    expect(validatePaymentKey('PE', key)).toEqual({
      ok: false,
      code: 'INVALID_DICT_KEY',
      message: 'dict_key must be one of: CCI (20 to 22 digits), PHONE (+51 9XXXXXXXX)',
    });
  });
});
