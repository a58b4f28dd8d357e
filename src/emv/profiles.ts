import { emvError, type EmvError } from './emv-error';
import type { MerchantAccount } from './merchant-accounts';
import { findPixAccount, pixRuleErrors, type TemplateFields } from './pix';
import type { QrScope } from './qr-scope';

export type EmvProfileId = 'BR_PIX' | 'PE' | 'CO' | 'AR';

interface Profile {
  readonly id: EmvProfileId;
  readonly country: string;
  readonly currencyNumeric: string;
  /** Profiles of a scheme are recognised by its account, whatever country the QR claims. */
  readonly findAccount?: (accounts: readonly MerchantAccount[]) => MerchantAccount | undefined;
  readonly accountRules?: (account: MerchantAccount, input: ProfileInput) => EmvError[];
}

const PROFILES: readonly Profile[] = [
  { id: 'BR_PIX', country: 'BR', currencyNumeric: '986', findAccount: findPixAccount, accountRules: pixRuleErrors },
  { id: 'PE', country: 'PE', currencyNumeric: '604' },
  { id: 'CO', country: 'CO', currencyNumeric: '170' },
  { id: 'AR', country: 'AR', currencyNumeric: '032' },
];

export interface ProfileInput {
  readonly country: string | null;
  readonly currencyNumeric: string | null;
  readonly accounts: readonly MerchantAccount[];
  readonly additionalData: Record<string, string>;
  /** Tags 80-99, where Pix Automático puts its recurrence. */
  readonly unreservedTemplates: readonly TemplateFields[];
  readonly scope: QrScope;
}

/**
 * Detects the country profile and checks its rules. A scheme profile (Pix) is chosen by its GUI
 * and then requires its country; a country profile is chosen by country alone, so a Brazilian QR
 * without a Pix account (a card-scheme QR) has no profile and no profile rules.
 */
export function checkProfile(input: ProfileInput): { profile: EmvProfileId | null; errors: EmvError[] } {
  for (const profile of PROFILES) {
    const account = profile.findAccount?.(input.accounts);
    if (profile.findAccount !== undefined && account === undefined) continue;
    if (account === undefined && input.country !== profile.country) continue;

    const errors: EmvError[] = [];
    if (input.country !== null && input.country !== profile.country) {
      errors.push(emvError('PROFILE_COUNTRY_MISMATCH', '58', `${profile.id} requires ${profile.country}`));
    }
    if (input.currencyNumeric !== null && input.currencyNumeric !== profile.currencyNumeric) {
      errors.push(emvError('CURRENCY_COUNTRY_MISMATCH', '53', `${profile.id} requires ${profile.currencyNumeric}`));
    }
    if (account !== undefined && profile.accountRules !== undefined) {
      errors.push(...profile.accountRules(account, input));
    }
    return { profile: profile.id, errors };
  }
  return { profile: null, errors: [] };
}
