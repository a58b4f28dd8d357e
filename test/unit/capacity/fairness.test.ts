import { fairnessOf } from '../../../src/capacity/fairness';

describe("a client's fairness on Temporal", () => {
  it('keys its work by the client, with the weight its operator set, else the default one', () => {
    expect(fairnessOf('c1', { quotas: {}, fairnessWeight: null })).toEqual({ fairnessKey: 'c1' });
    expect(fairnessOf('c1', { quotas: {}, fairnessWeight: 2.5 })).toEqual({ fairnessKey: 'c1', fairnessWeight: 2.5 });
  });
});
