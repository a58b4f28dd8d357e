import { PAYMENT_KEY_RULES_DESCRIPTION, PAYMENT_KEY_TYPES } from '../../../src/rails/countries';

describe('the key types and their description', () => {
  it('keeps the type names integrators and stored orders rely on', () => {
    expect(PAYMENT_KEY_TYPES).toEqual({
      BR: ['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'EVP'],
      PE: ['CCI', 'PHONE'],
      CO: ['NAME', 'ID', 'RANDOM', 'OPEN_INPUT', 'PHONE', 'EMAIL'],
    });
  });

  it('describes every type of every country under that country', () => {
    const sections = PAYMENT_KEY_RULES_DESCRIPTION.split('\n\n');
    for (const [country, types] of Object.entries(PAYMENT_KEY_TYPES)) {
      const section = sections.find((text) => text.includes(`\`local_country\` \`${country}\``));
      expect(section).toBeDefined();
      const described = [...section!.matchAll(/^- `([A-Z_]+)`: \S/gm)].map((match) => match[1]);
      expect(described).toEqual(types);
    }
  });

  it("states the Bre-B decision and the 'unformatted only' rule", () => {
    expect(PAYMENT_KEY_RULES_DESCRIPTION).toContain("preview page lists Brazil's key types");
    expect(PAYMENT_KEY_RULES_DESCRIPTION).toContain('refused with 400, never stripped');
  });
});
