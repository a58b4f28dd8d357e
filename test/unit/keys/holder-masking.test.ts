import { maskAccountNumber, maskName } from '../../../src/keys';
import { isMaskedHolderCountry, maskDocument } from '../../../src/rails/countries';

describe('what a Brazilian or Colombian key look-up shows of its holder', () => {
  describe('names: the first name, then initials', () => {
    it.each([
      ['Ana Souza Oliveira', 'Ana S. O.'],
      ['Maria da Conceição dos Santos', 'Maria C. S.'],
      ['JOAO DA SILVA', 'JOAO S.'],
      ['Juan Carlos de la Torre y Vargas', 'Juan C. T. V.'],
      ['  Lucia   Rojas ', 'Lucia R.'],
      ['Pedro', 'Pedro'],
      ['Silva Comercio Ltda', 'Silva C. L.'],
      ['Pão & Cia', 'Pão C.'],
      ['Ana d’Ávila', 'Ana D.'],
      ['Ana émile', 'Ana É.'],
      // A Brazilian sole trader's company name starts with the owner's CPF root.
      ['52.998.224 Ana Souza', 'Ana S.'],
      ['52998224725', ''],
      ['', ''],
    ])('%j → %j', (name, shown) => {
      expect(maskName(name)).toBe(shown);
    });

    it('reads a decomposed accent as the letter it makes', () => {
      expect(maskName('Ana E\u0301milia')).toBe('Ana É.');
    });

    it('is stable: a masked name masks to itself', () => {
      expect(maskName(maskName('Maria da Conceição dos Santos'))).toBe('Maria C. S.');
    });
  });

  describe('documents', () => {
    it.each([
      ['BR', '52998224725', '***.982.247-**'],
      ['BR', '11222333000181', '**.222.333/****-**'],
      // An alphanumeric CNPJ shows the same positions, the middle of its root.
      ['BR', '12ABC34501DE35', '**.ABC.345/****-**'],
      ['BR', 'A1B2C3D41A2B62', '**.B2C.3D4/****-**'],
      ['CO', '1023456789', '****789'],
      ['CO', '12345', '****45'],
      ['CO', '900123456-7', '****456-*'],
      ['BR', '529.982.247-25', '****'],
      ['BR', '123', '****'],
      ['CO', 'AB12345', '****'],
      ['CO', '', '****'],
    ] as const)('%s %j → %j', (country, document, shown) => {
      expect(maskDocument(country, document)).toBe(shown);
    });
  });

  describe('account numbers', () => {
    it.each([
      ['1234567-8', '****5678'],
      ['12345678901', '****8901'],
      ['0012345', '****345'],
      ['12', '****2'],
      ['1', '****'],
      ['', '****'],
    ])('%j → %j', (account, shown) => {
      expect(maskAccountNumber(account)).toBe(shown);
    });
  });

  it('masks Brazil and Colombia, not Peru, whose answers are the spec’s own fields', () => {
    expect(['BR', 'CO', 'PE', 'AR'].filter(isMaskedHolderCountry)).toEqual(['BR', 'CO']);
  });
});
