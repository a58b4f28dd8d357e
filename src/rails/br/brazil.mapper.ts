import type { AccountHolder, AccountType } from '../rail-terms';
import type { DictEntry } from './brazil.wire';

const ACCOUNT_TYPES: Record<DictEntry['account']['accountType'], AccountType> = {
  CACC: 'CHECKING',
  SVGS: 'SAVINGS',
  TRAN: 'PAYMENT',
};

export function holderFromDictEntry(entry: DictEntry): AccountHolder {
  return {
    name: entry.owner.name,
    identificationNumber: entry.owner.taxIdNumber,
    identificationType: entry.owner.type === 'LEGAL_PERSON' ? 'CNPJ' : 'CPF',
    participantCode: entry.account.participant,
    participantName: entry.account.participantName,
    branch: entry.account.branch,
    accountNumber: entry.account.accountNumber,
    accountType: ACCOUNT_TYPES[entry.account.accountType],
  };
}

/** The simulator's side: a holder as DICT would list it under `key`. */
export function dictEntryFor(key: string, keyType: DictEntry['keyType'], holder: AccountHolder): DictEntry {
  const wireType = (Object.entries(ACCOUNT_TYPES).find(([, type]) => type === holder.accountType)?.[0] ??
    'CACC') as DictEntry['account']['accountType'];
  return {
    key,
    keyType,
    account: {
      participant: holder.participantCode,
      participantName: holder.participantName,
      branch: holder.branch,
      accountNumber: holder.accountNumber,
      accountType: wireType,
    },
    owner: {
      type: holder.identificationType === 'CNPJ' ? 'LEGAL_PERSON' : 'NATURAL_PERSON',
      taxIdNumber: holder.identificationNumber,
      name: holder.name,
    },
  };
}
