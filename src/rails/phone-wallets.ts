import { createHash } from 'node:crypto';
import type { AccountHolder, DirectoryAnswer, PhoneWallet } from './rail-terms';
import { uuidV4Form } from './uuid-v4-form';

/** A phone-number key as every country writes one: E.164, a "+" then digits. No other key type starts with "+". */
export function isPhoneKey(key: string): boolean {
  return /^\+\d+$/.test(key);
}

/**
 * The one wallet of a phone key whose directory answers the account it names, as Brazil's DICT
 * and Colombia's Bre-B do (the spec lists wallets for every phone key; only Peru's directory
 * links a phone to several). `directory` is the code the wallet shows for it (DICT, BREB: the
 * preview callback's `directory`). Such a directory gives an account no wallet id, so its id is
 * derived from the account (directory, participant, branch, number) and written in the UUID v4
 * form the spec requires: every lookup of the same account gives the same id, with nothing
 * stored, and a key moved to another account gets another id.
 */
export function accountWallet(directory: string, phone: string, holder: AccountHolder): PhoneWallet {
  const account = [directory, holder.participantCode, holder.branch, holder.accountNumber].join('\u001f');
  return {
    id: uuidV4Form(createHash('sha256').update(account).digest()),
    contactNumber: phone,
    entityCode: holder.participantCode,
    directoryCode: directory,
    bankName: holder.participantName,
    // An instant-payment account can be paid at a point of sale (a Pix or Bre-B QR) as well as remotely.
    present: true,
  };
}

/** Such a directory's answer for `key`: its holder and, for a phone key, that one wallet. */
export function holderLookup(directory: string, key: string, holder: AccountHolder): DirectoryAnswer {
  return {
    kind: 'ACCOUNT_HOLDER',
    key,
    holder,
    ...(isPhoneKey(key) ? { wallets: [accountWallet(directory, key, holder)] } : {}),
  };
}
