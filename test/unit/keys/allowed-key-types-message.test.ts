import { allowedKeyTypesMessage } from '../../../src/rails/countries';

describe('allowedKeyTypesMessage', () => {
  it('lists the Brazilian key types in the wording of the 400 body', () => {
    expect(allowedKeyTypesMessage('BR')).toBe(
      'dict_key must be one of: CPF (11 digits), CNPJ (14 letters or digits), EMAIL, PHONE (+55...), EVP (UUID v4)',
    );
  });

  it('lists the Peruvian key types', () => {
    expect(allowedKeyTypesMessage('PE')).toBe('dict_key must be one of: CCI (20 to 22 digits), PHONE (+51 9XXXXXXXX)');
  });
});
