import { validatePaymentKey } from '../../../src/keys';

describe('Brazilian Pix keys', () => {
  it.each([
    ['52998224725', 'CPF'],
    ['11144477735', 'CPF'],
    ['00000000000191', 'CNPJ'], // Banco do Brasil
    ['33000167000101', 'CNPJ'], // Petrobras
    ['60701190000104', 'CNPJ'], // Itaú Unibanco
    ['fulano.de.tal@example.com.br', 'EMAIL'],
    ['+5561999999999', 'PHONE'],
    ['+551133334444', 'PHONE'],
    ['7d9f0335-8dcc-4054-9bf9-0dbd61d36906', 'EVP'],
  ])('accepts %s as a %s', (key, type) => {
    expect(validatePaymentKey('BR', key)).toEqual({ ok: true, type, normalized: key });
  });

  it('normalizes an upper-case random key and e-mail to lower case', () => {
    expect(validatePaymentKey('BR', '7D9F0335-8DCC-4054-9BF9-0DBD61D36906')).toEqual({
      ok: true,
      type: 'EVP',
      normalized: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
    });
    expect(validatePaymentKey('BR', 'Fulano@Example.COM')).toEqual({ ok: true, type: 'EMAIL', normalized: 'fulano@example.com' });
  });

  it.each([
    ['52998224724', 'CPF with a wrong second check digit'],
    ['52998224715', 'CPF with a wrong first check digit'],
    ['11111111111', 'CPF of one repeated digit'],
    ['529.982.247-25', 'formatted CPF'],
    ['11222333000182', 'CNPJ with a wrong check digit'],
    ['00000000000000', 'CNPJ of one repeated digit'],
    ['00.000.000/0001-91', 'formatted CNPJ'],
    ['5561999999999', 'phone without +'],
    ['+14155552671', 'phone outside Brazil'],
    ['+55619999999', 'phone too short'],
    ['+556199999999999', 'phone too long'],
    ['+5501999999999', 'phone with a zero in the area code'],
    ['123e4567-e12b-12d1-a456-426655440000', 'UUID of version 1'],
    ['7d9f0335-8dcc-4054-cbf9-0dbd61d36906', 'UUID v4 with a wrong variant'],
    ['7d9f03358dcc40549bf90dbd61d36906', 'UUID without hyphens'],
    ['fulano@localhost', 'e-mail without a dot in the domain'],
    ['fulano at example.com', 'e-mail without @'],
    [`${'a'.repeat(66)}@example.com`, 'e-mail of 78 characters'],
    ['', 'empty key'],
    [' 52998224725', 'key with surrounding space'],
  ])('rejects %s (%s)', (key) => {
    expect(validatePaymentKey('BR', key)).toEqual({
      ok: false,
      code: 'INVALID_DICT_KEY',
      message: 'dict_key must be one of: CPF (11 digits), CNPJ (14 digits), EMAIL, PHONE (+55...), EVP (UUID v4)',
    });
  });

  it('accepts an e-mail of exactly 77 characters', () => {
    const key = `${'a'.repeat(65)}@example.com`;
    expect(key).toHaveLength(77);
    expect(validatePaymentKey('BR', key)).toMatchObject({ ok: true, type: 'EMAIL' });
  });
});
