import { validatePaymentKey } from '../../../src/rails/countries';
import { refusal } from './refusal';

const ALLOWED_TYPES =
  'dict_key must be one of: CPF (11 digits), CNPJ (14 letters or digits), EMAIL, PHONE (+55...), EVP (UUID v4)';

describe('Brazilian Pix keys', () => {
  it.each([
    ['52998224725', 'CPF'],
    ['11144477735', 'CPF'],
    ['00000000000191', 'CNPJ'], // Banco do Brasil
    ['33000167000101', 'CNPJ'], // Petrobras
    ['60701190000104', 'CNPJ'], // Itaú Unibanco
    ['12ABC34501DE35', 'CNPJ'], // the Receita Federal's example of the alphanumeric CNPJ (12.ABC.345/01DE-35)
    ['A1B2C3D41A2B62', 'CNPJ'], // an alphanumeric branch (1A2B) of an alphanumeric root
    ['00000000AAAA45', 'CNPJ'],
    ['fulano.de.tal@example.com.br', 'EMAIL'],
    ['+5561999999999', 'PHONE'],
    ['+5511987654321', 'PHONE'],
    ['+551133334444', 'PHONE'], // a São Paulo landline
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
    expect(validatePaymentKey('BR', 'Fulano@Example.COM')).toEqual({
      ok: true,
      type: 'EMAIL',
      normalized: 'fulano@example.com',
    });
  });

  it('takes an alphanumeric CNPJ written in lower case as the same CNPJ in upper case', () => {
    expect(validatePaymentKey('BR', '12abc34501de35')).toEqual({
      ok: true,
      type: 'CNPJ',
      normalized: '12ABC34501DE35',
    });
    expect(validatePaymentKey('BR', '12AbC34501dE35')).toEqual({
      ok: true,
      type: 'CNPJ',
      normalized: '12ABC34501DE35',
    });
  });

  it('cannot see a typo between characters whose values differ by 11 (6 and A), as the formula defines', () => {
    // "A" counts 17 and "6" counts 6: every weight times 11 leaves both sums' remainders as they were.
    expect(validatePaymentKey('BR', '126BC34501DE35')).toMatchObject({ ok: true, type: 'CNPJ' });
  });

  const FORMATTED_CPF = 'dict_key: a CPF must be 11 digits without dots, dashes or spaces';
  const FORMATTED_CNPJ = 'dict_key: a CNPJ must be 14 digits without dots, slashes, dashes or spaces';
  const FORMATTED_PHONE =
    'dict_key: a phone key must be +55 followed by digits only, without spaces, dashes or parentheses';
  const INVALID_PHONE = 'dict_key: not a valid Brazilian phone number: +55, a two-digit area code, then 8 or 9 digits';

  it.each([
    ['529.982.247-25', 'formatted CPF', FORMATTED_CPF],
    ['529982247-25', 'CPF with a dash', FORMATTED_CPF],
    [' 52998224725', 'CPF with a leading space', FORMATTED_CPF],
    ['00.000.000/0001-91', 'formatted CNPJ', FORMATTED_CNPJ],
    ['52998224724', 'CPF with a wrong second check digit', 'dict_key: not a valid CPF: its check digits do not match'],
    ['52998224715', 'CPF with a wrong first check digit', 'dict_key: not a valid CPF: its check digits do not match'],
    ['11111111111', 'CPF of one repeated digit', 'dict_key: a CPF or CNPJ of one repeated digit is never issued'],
    ['11222333000182', 'CNPJ with a wrong check digit', 'dict_key: not a valid CNPJ: its check digits do not match'],
    ['00000000000000', 'CNPJ of one repeated digit', 'dict_key: a CPF or CNPJ of one repeated digit is never issued'],
    [
      '12ABC34501DE36',
      'alphanumeric CNPJ with a wrong check digit',
      'dict_key: not a valid CNPJ: its check digits do not match',
    ],
    [
      '12abc34501de53',
      'lower-case alphanumeric CNPJ with wrong check digits',
      'dict_key: not a valid CNPJ: its check digits do not match',
    ],
    ['12ABD34501DE35', 'alphanumeric CNPJ with a typo', 'dict_key: not a valid CNPJ: its check digits do not match'],
    [
      '12.ABC.345/01DE-35',
      'formatted alphanumeric CNPJ',
      'dict_key: a CNPJ must be its 14 letters and digits without dots, slashes, dashes or spaces',
    ],
    [
      '12ABC345 01DE35',
      'alphanumeric CNPJ with a space',
      'dict_key: a CNPJ must be its 14 letters and digits without dots, slashes, dashes or spaces',
    ],
    [
      '12ABC34501DE3A',
      'alphanumeric CNPJ with a letter for a check digit',
      'dict_key: the last 2 characters of a CNPJ are its check digits, never letters',
    ],
    // "ı" (dotless i) upper-cases to "I", but is no letter a CNPJ is written with.
    ['12ABC34501ıE02', 'CNPJ with a non-ASCII letter', null], // 12ABC34501IE02 is valid
    ['12ABC34501DE3', 'alphanumeric CNPJ of 13 characters', null],
    ['5299822472', 'ten digits', 'dict_key: a CPF must have 11 digits and a CNPJ 14'],
    ['+55 61 99999-9999', 'phone with spaces and a dash', FORMATTED_PHONE],
    ['+55(61)999999999', 'phone with parentheses', FORMATTED_PHONE],
    ['5561999999999', 'phone without +', 'dict_key: a phone key must start with +55, the "+" included'],
    ['+14155552671', 'phone outside Brazil', 'dict_key: a phone key for BR must start with +55'],
    ['+55619999999', 'phone too short', INVALID_PHONE],
    ['+556199999999999', 'phone too long', INVALID_PHONE],
    ['+5501999999999', 'phone with a zero in the area code', INVALID_PHONE],
    ['+556199999999', 'mobile without its ninth digit', INVALID_PHONE],
    ['+5520999999999', 'area code 20, which is not allocated', INVALID_PHONE],
    ['+5540041234', 'number without an area code (shared cost)', INVALID_PHONE],
    [
      '123e4567-e12b-12d1-a456-426655440000',
      'UUID of version 1',
      'dict_key: a random key (EVP) must be a version-4 UUID',
    ],
    [
      '7d9f0335-8dcc-4054-cbf9-0dbd61d36906',
      'UUID v4 with a wrong variant',
      'dict_key: a random key (EVP) must be a version-4 UUID',
    ],
    [
      '7d9f03358dcc40549bf90dbd61d36906',
      'UUID without hyphens',
      'dict_key: a random key (EVP) must be a UUID written with hyphens',
    ],
    ['fulano@localhost', 'e-mail without a dot in the domain', 'dict_key: not a valid e-mail address'],
    [`${'a'.repeat(66)}@example.com`, 'e-mail of 78 characters', 'dict_key: an e-mail key has at most 77 characters'],
    ['fulano at example.com', 'e-mail without @', null],
    ['', 'empty key', null],
  ])('rejects %s (%s) and says why', (key, _case, reason) => {
    expect(validatePaymentKey('BR', key)).toEqual(refusal(reason, ALLOWED_TYPES));
  });

  it('accepts an e-mail of exactly 77 characters', () => {
    const key = `${'a'.repeat(65)}@example.com`;
    expect(key).toHaveLength(77);
    expect(validatePaymentKey('BR', key)).toMatchObject({ ok: true, type: 'EMAIL' });
  });
});
