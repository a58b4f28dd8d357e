import { createHash } from 'node:crypto';
import type { AccountHolder, KeyLookupResult, PhoneWallet } from './rails.port';
import { uuidV4Form } from './uuid-v4-form';

/** A phone-number key as every country writes one: E.164, a "+" then digits. No other key type starts with "+". */
export function isPhoneKey(key: string): boolean {
  return /^\+\d+$/.test(key);
}

/** The directory a Brazilian or Colombian wallet is routed through, as the preview callback's `directory`. */
const DIRECTORIES: Record<'BR' | 'CO', string> = { BR: 'DICT', CO: 'BREB' };

/**
 * The one wallet of a Brazilian or Colombian phone key: the account the number names (the spec
 * lists wallets for every phone key; only Peru's directory links a phone to several). Pix DICT
 * and Bre-B give an account no wallet id, so its id is derived from the account (directory,
 * participant, branch, number) and written in the UUID v4 form the spec requires: every lookup
 * of the same account gives the same id, with nothing stored, and a key moved to another
 * account gets another id.
 */
export function accountWallet(country: 'BR' | 'CO', phone: string, holder: AccountHolder): PhoneWallet {
  const account = [DIRECTORIES[country], holder.participantCode, holder.branch, holder.accountNumber].join('\u001f');
  return {
    id: uuidV4Form(createHash('sha256').update(account).digest()),
    contactNumber: phone,
    entityCode: holder.participantCode,
    directoryCode: DIRECTORIES[country],
    bankName: holder.participantName,
    // An instant-payment account can be paid at a point of sale (a Pix or Bre-B QR) as well as remotely.
    present: true,
  };
}

/** A Brazilian or Colombian directory's answer for `key`: its holder and, for a phone key, that one wallet. */
export function holderLookup(country: 'BR' | 'CO', key: string, holder: AccountHolder): KeyLookupResult {
  return { kind: 'ACCOUNT_HOLDER', country, key, holder, ...(isPhoneKey(key) ? { wallets: [accountWallet(country, key, holder)] } : {}) };
}
