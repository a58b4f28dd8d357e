import { validatePaymentKey } from '../../../src/rails/countries';
import { refusal } from './refusal';

const ALLOWED_TYPES =
  'dict_key must be one of: NAME (@ + 20 letters or digits), ID (17 or 18 digits), RANDOM (10 letters or digits), ' +
  'OPEN_INPUT (21 letters or digits), PHONE (+57 3XXXXXXXXX), EMAIL';

describe('Colombian Bre-B keys', () => {
  it.each([
    ['@tiendalaesquina12345', 'NAME'],
    ['10234567891234567', 'ID'],
    ['102345678912345678', 'ID'],
    ['A1b2C3d4E5', 'RANDOM'],
    ['1234567890', 'RANDOM'],
    ['OPENinput123456789012', 'OPEN_INPUT'],
    ['123456789012345678901', 'OPEN_INPUT'],
    ['+573001234567', 'PHONE'],
    ['pagos@tienda.com.co', 'EMAIL'],
  ])('accepts %s as a %s', (key, type) => {
    expect(validatePaymentKey('CO', key)).toEqual({ ok: true, type, normalized: key });
  });

  it('reads a bare 10-digit mobile number as a RANDOM key: phone keys need +57', () => {
    expect(validatePaymentKey('CO', '3001234567')).toEqual({ ok: true, type: 'RANDOM', normalized: '3001234567' });
  });

  it('keeps the case of alphanumeric keys', () => {
    expect(validatePaymentKey('CO', 'AbCdEfGhIj')).toMatchObject({ normalized: 'AbCdEfGhIj' });
  });

  const NAME = 'dict_key: a NAME key is "@" then 20 letters or digits';
  const LENGTHS =
    'dict_key: a key of letters and digits has 10 characters (RANDOM) or 21 (OPEN_INPUT), an ID 17 or 18 digits';
  const INVALID_MOBILE = 'dict_key: not a valid Colombian mobile number: +57, then 10 digits starting with 3';

  it.each([
    ['@tiendalaesquina1234', 'NAME of 20 characters', NAME],
    ['@tienda_la_esquina_12', 'NAME with underscores', NAME],
    ['1023456789123456', 'ID of 16 digits', LENGTHS],
    ['1023456789123456789', 'ID of 19 digits', LENGTHS],
    ['A1b2C3d4E', 'RANDOM of 9 characters', LENGTHS],
    ['A1b2C3d4E5F', 'RANDOM of 11 characters', LENGTHS],
    ['OPENinput12345678901', 'OPEN_INPUT of 20 characters', LENGTHS],
    ['OPENinput1234567890123', 'OPEN_INPUT of 22 characters', LENGTHS],
    ['+572001234567', 'phone not starting with 3', INVALID_MOBILE],
    ['+57300123456', 'phone of 9 digits', INVALID_MOBILE],
    [
      '+57 300 1234567',
      'phone with spaces',
      'dict_key: a phone key must be +57 followed by digits only, without spaces, dashes or parentheses',
    ],
    ['573001234567', 'phone without +', 'dict_key: a phone key must start with +57, the "+" included'],
    ['+5561999999999', 'Brazilian phone', 'dict_key: a phone key for CO must start with +57'],
    ['pagos@tienda', 'e-mail without a dot in the domain', 'dict_key: not a valid e-mail address'],
    ['A1b2-3d4E5', 'RANDOM with a hyphen', null],
    ['ñandú12345', 'non-ASCII letters', null],
    ['', 'empty key', null],
  ])('rejects %s (%s) and says why', (key, _case, reason) => {
    expect(validatePaymentKey('CO', key)).toEqual(refusal(reason, ALLOWED_TYPES));
  });
});
