import { validatePaymentKey } from '../../../src/rails/countries';
import { refusal } from './refusal';

const ALLOWED_TYPES = 'dict_key must be one of: CCI (20 to 22 digits), PHONE (+51 9XXXXXXXX)';

describe('Peruvian keys', () => {
  it.each([
    // CCIs as their banks publish them (BBVA, Interbank, BCP), check digits included.
    ['01136600010003254221', 'CCI'],
    ['01124100019000658270', 'CCI'],
    ['00320001312661595237', 'CCI'],
    ['00219412967922501399', 'CCI'],
    ['01140200490000002359', 'CCI'],
    // The 21- and 22-digit forms have no published check digits.
    ['002193001234567890123', 'CCI'],
    ['0021930012345678901234', 'CCI'],
    ['+51987654321', 'PHONE'],
    ['+51912345678', 'PHONE'],
  ])('accepts %s as a %s', (key, type) => {
    expect(validatePaymentKey('PE', key)).toEqual({ ok: true, type, normalized: key });
  });

  const FORMATTED_CCI = 'dict_key: a CCI must be 20 to 22 digits without dashes or spaces';
  const CCI_LENGTH = 'dict_key: a CCI must have 20 to 22 digits';
  const INVALID_MOBILE = 'dict_key: not a valid Peruvian mobile number: +51, then 9 digits starting with 9';

  it.each([
    [
      '01136600010003254231',
      'CCI with a wrong first check digit',
      'dict_key: not a valid CCI: its check digits do not match',
    ],
    [
      '01136600010003254222',
      'CCI with a wrong second check digit',
      'dict_key: not a valid CCI: its check digits do not match',
    ],
    [
      '00219300123456789012',
      'CCI with made-up check digits',
      'dict_key: not a valid CCI: its check digits do not match',
    ],
    ['011-366-000100032542-21', 'CCI written with dashes', FORMATTED_CCI],
    ['0113 6600 0100 0325 4221', 'CCI written with spaces', FORMATTED_CCI],
    ['0021930012345678901', 'CCI of 19 digits', CCI_LENGTH],
    ['00219300123456789012345', 'CCI of 23 digits', CCI_LENGTH],
    ['52998224725', 'CPF', CCI_LENGTH],
    ['987654321', 'phone without country code', 'dict_key: a phone key must start with +51, the "+" included'],
    ['51987654321', 'phone without +', 'dict_key: a phone key must start with +51, the "+" included'],
    [
      '+51 987 654 321',
      'phone with spaces',
      'dict_key: a phone key must be +51 followed by digits only, without spaces, dashes or parentheses',
    ],
    ['+51187654321', 'phone not starting with 9', INVALID_MOBILE],
    ['+5114123456', 'Lima landline', INVALID_MOBILE],
    ['+5198765432', 'phone of 8 digits', INVALID_MOBILE],
    ['+5561999999999', 'Brazilian phone', 'dict_key: a phone key for PE must start with +51'],
    ['someone@example.com', 'e-mail', null],
  ])('rejects %s (%s) and says why', (key, _case, reason) => {
    expect(validatePaymentKey('PE', key)).toEqual(refusal(reason, ALLOWED_TYPES));
  });
});
