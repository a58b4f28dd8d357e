import { collectionMarket } from '../../../src/collections/collection-country';

describe('collectionMarket', () => {
  it("collects in the collector's country and currency", () => {
    expect(collectionMarket('PE', undefined)).toEqual({ country: 'PE', currency: 'PEN' });
    expect(collectionMarket('PE', 'PEN')).toEqual({ country: 'PE', currency: 'PEN' });
  });

  it("refuses a currency that is not the collector's country's", () => {
    expect(collectionMarket('PE', 'USD')).toEqual({
      problem: 'currency: the collector is in PE, whose currency is PEN, not USD',
    });
  });

  it('takes the country from the currency when the collector has none', () => {
    expect(collectionMarket(null, 'COP')).toEqual({ country: 'CO', currency: 'COP' });
    expect(collectionMarket(null, undefined)).toEqual({
      problem: 'currency: required, since the collector has no country_code',
    });
    expect(collectionMarket(null, 'USD')).toMatchObject({
      problem: expect.stringContaining('USD is not collected here'),
    });
  });

  it('refuses a collector in a country where nothing is collected', () => {
    expect(collectionMarket('US', undefined)).toEqual({
      problem: "the collector's country US is not one where QRs are collected",
    });
  });
});
