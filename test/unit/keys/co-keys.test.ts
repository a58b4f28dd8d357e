import { validatePaymentKey } from '../../../src/keys';

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

  it.each([
    ['@tiendalaesquina1234', 'NAME of 20 characters'],
    ['@tienda_la_esquina_12', 'NAME with underscores'],
    ['1023456789123456', 'ID of 16 digits'],
    ['1023456789123456789', 'ID of 19 digits'],
    ['A1b2C3d4E', 'RANDOM of 9 characters'],
    ['A1b2C3d4E5F', 'RANDOM of 11 characters'],
    ['A1b2-3d4E5', 'RANDOM with a hyphen'],
    ['OPENinput12345678901', 'OPEN_INPUT of 20 characters'],
    ['OPENinput1234567890123', 'OPEN_INPUT of 22 characters'],
    ['ñandú12345', 'non-ASCII letters'],
    ['+572001234567', 'phone not starting with 3'],
    ['+57300123456', 'phone of 9 digits'],
    ['', 'empty key'],
  ])('rejects %s (%s)', (key) => {
    expect(validatePaymentKey('CO', key)).toEqual({
      ok: false,
      code: 'INVALID_DICT_KEY',
      message:
        'dict_key must be one of: NAME (@ + 20 letters or digits), ID (17 or 18 digits), RANDOM (10 letters or digits), ' +
        'OPEN_INPUT (21 letters or digits), PHONE (+57 3XXXXXXXXX), EMAIL',
    });
  });
});
