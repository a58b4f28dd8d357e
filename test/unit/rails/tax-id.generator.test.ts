import fc from 'fast-check';
import { validatePaymentKey } from '../../../src/rails/countries';
import {
  cnpjFromBase,
  cpfFromBase,
  cuitFromBase,
  nitFromBase,
  rucFromBase,
  rutFromBody,
} from '../../../sim/rails/tax-id.generator';

describe('tax id check digits', () => {
  it('match published valid identifiers', () => {
    expect(cpfFromBase('529982247')).toBe('52998224725');
    expect(cnpjFromBase('112223330001')).toBe('11222333000181');
    // The Receita Federal's example of the alphanumeric CNPJ, 12.ABC.345/01DE-35.
    expect(cnpjFromBase('12ABC34501DE')).toBe('12ABC34501DE35');
    expect(cuitFromBase('2012345678')).toBe('20123456786');
    expect(rucFromBase('2013131295')).toBe('20131312955');
    expect(rucFromBase('2010007097')).toBe('20100070970');
    expect(nitFromBase('800197268')).toBe('800197268-4');
    expect(rutFromBody('12345678')).toBe('12345678-5');
  });

  it('CPF digits satisfy the mod-11 rule for any base', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), (base) => {
        const cpf = cpfFromBase(base);
        const sum = [...cpf.slice(0, 10)].reduce((acc, d, i) => acc + Number(d) * (11 - i), 0);
        expect(cpf).toMatch(/^\d{11}$/);
        expect(((sum * 10) % 11) % 10).toBe(Number(cpf[10]));
      }),
    );
  });

  it('CNPJs of any base, numeric or alphanumeric, are CNPJ keys to the service', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Z]{12}$/), (base) => {
        fc.pre(!/^(\d)\1*$/.test(base));
        expect(validatePaymentKey('BR', cnpjFromBase(base))).toEqual({
          ok: true,
          type: 'CNPJ',
          normalized: cnpjFromBase(base),
        });
      }),
    );
  });

  it('CUIT refuses a base whose check digit would be 10', () => {
    // 20-00000001: weighted sum 12, 11 - 1 = 10, which AFIP never assigns.
    expect(cuitFromBase('2000000001')).toBeNull();
  });
});
