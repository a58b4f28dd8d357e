import { z } from 'zod';
import { exactMatch, HIDDEN, visibleTail, type KeyRule } from '../../src/keys';
import { COUNTRIES } from '../../src/rails/countries';
import type { CountryDescriptor } from '../../src/rails/country-descriptor';
import { CountryRegistry } from '../../src/rails/country-registry';
import type { MovementWire } from '../../src/rails/http/movement-client';
import { KeyMovementAdapter } from '../../src/rails/key-movement.adapter';
import type { RailHttpClient } from '../../src/rails/http/rail-http-client';
import { holderLookup } from '../../src/rails/phone-wallets';
import type { DirectoryAnswer, KeyDestination, RailPayout, RefundRequest } from '../../src/rails/rail-terms';

/**
 * Zedland (ZZ, a code ISO 3166 leaves to its users): a key country that exists only in the
 * tests. It is what a new country's folder would hold, written against the same pieces (the key
 * rules' machinery, the rail's HTTP client, the engine's terms), and the registry below is the
 * service's with Zedland's one line added. Zedland is dollarized: it is paid in USD, which no
 * country served uses.
 */

/** Z-Pay's directory and payments, as the tests' small HTTP server plays them. */
export const ZEDLAND_PATHS = {
  keys: '/zz/zpay/keys',
  payments: '/zz/zpay/payments',
  returns: '/zz/zpay/returns',
} as const;

/** The directory code a Zedland phone wallet would show. */
export const ZPAY_DIRECTORY = 'ZPAY';

export const zpayKeySchema = z.object({
  key: z.string(),
  owner: z.object({ name: z.string(), zid: z.string() }),
  bank: z.object({ code: z.string(), name: z.string(), branch: z.string(), account: z.string() }),
});
export type ZpayKey = z.infer<typeof zpayKeySchema>;

const ZPAY_STATES = ['PAID', 'REFUSED', 'PENDING', 'UNKNOWN'] as const;
type ZpayState = (typeof ZPAY_STATES)[number];
const zpayMovementSchema = z.object({
  state: z.enum(ZPAY_STATES),
  reference: z.string().optional(),
  why: z.string().optional(),
});
type ZpayMovement = z.infer<typeof zpayMovementSchema>;

const ZPAY_MOVEMENTS: MovementWire<ZpayState, ZpayMovement> = {
  vocabulary: { completed: 'PAID', rejected: 'REFUSED', pending: 'PENDING', notFound: 'UNKNOWN' },
  answer: zpayMovementSchema,
  read: ({ state, reference, why }) => ({ status: state, reference, reason: why }),
  write: ({ status, reference, reason }) => ({ state: status, reference, why: reason }),
};

/** Z-Pay: its key directory answers the key's holder; it pays keys and takes returns. */
class ZpayAdapter extends KeyMovementAdapter<ZpayState, ZpayMovement> {
  constructor(http: RailHttpClient) {
    super(http, ZPAY_MOVEMENTS, { payouts: ZEDLAND_PATHS.payments, refunds: ZEDLAND_PATHS.returns });
  }

  async lookupKey(key: string): Promise<DirectoryAnswer> {
    const { owner, bank } = await this.http.get(
      'lookup_key',
      `${ZEDLAND_PATHS.keys}/${encodeURIComponent(key)}`,
      zpayKeySchema,
    );
    return holderLookup(ZPAY_DIRECTORY, key, {
      name: owner.name,
      identificationNumber: owner.zid,
      identificationType: 'ZID',
      participantCode: bank.code,
      participantName: bank.name,
      branch: bank.branch,
      accountNumber: bank.account,
      accountType: 'CHECKING',
    });
  }

  protected payoutBody(request: RailPayout, destination: KeyDestination) {
    return { id: request.payoutId, amount: request.amount, currency: request.currency, key: destination.key };
  }

  protected refundBody(request: RefundRequest) {
    return {
      id: request.refundId,
      payment: request.payoutReference,
      amount: request.amount,
      currency: request.currency,
    };
  }
}

/** Zedland's keys: a national id or a tag. */
export const ZZ_KEY_RULES = [
  {
    type: 'ZID',
    label: 'ZID (Z and 8 digits)',
    description: '"Z", then the 8 digits of a national id.',
    normalize: exactMatch(/^Z\d{8}$/),
  },
  {
    type: 'TAG',
    label: 'TAG (# and 3 to 12 letters)',
    description: '"#", then 3 to 12 letters, kept in lower case.',
    normalize: (key: string) => (/^#[A-Za-z]{3,12}$/.test(key) ? key.toLowerCase() : null),
  },
] as const satisfies readonly KeyRule[];

export const ZZ = {
  country: 'ZZ',
  currency: 'USD',
  defaultMaxAmount: '2500',
  keys: {
    scheme: {
      name: 'Zedland (Z-Pay)',
      note: null,
      rules: ZZ_KEY_RULES,
      diagnose: (key) => (/^z\d{8}$/.test(key) ? 'dict_key: a ZID starts with an upper-case "Z"' : null),
    },
    summary: 'Z-Pay',
    holders: {
      documentTypes: ['ZID'],
      masking: {
        adjective: 'Zedlander',
        examples: 'ZID "****5678"',
        mask: (document) => `${HIDDEN}${visibleTail(document, 4)}`,
      },
    },
    rail: { name: 'zedland', connect: (http) => new ZpayAdapter(http) },
  },
} as const satisfies CountryDescriptor;

/** The service's countries, and Zedland's line. */
export const WITH_ZEDLAND = new CountryRegistry([...COUNTRIES.descriptors, ZZ]);
