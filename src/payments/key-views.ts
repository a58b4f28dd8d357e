import { maskAccountNumber, maskName } from '../keys';
import { maskDocument } from '../rails/countries';
import type { AccountHolder, KeyLookupResult, PeruAccountInfo, PhoneWallet } from '../rails/rails.port';

/**
 * The bodies the spec gives the key flows, as pure mappings of what the directories answered.
 * Peru's names are the spec's own; Brazil's and Colombia's validation answers are not shown by
 * the spec, so they reuse Peru's CCI field names where the fact is the same (docs/decisions.md).
 */

/** A wallet entry as the Peru phone validation response names it. */
export type ValidationWallet = Omit<PhoneWallet, 'present'>;

export function toValidationWallet(wallet: PhoneWallet): ValidationWallet {
  const { present: _present, ...validation } = wallet;
  return validation;
}

/**
 * Brazil (DICT) and Colombia (Bre-B): the holder, in Peru's CCI field names plus what only they
 * have, its name, document and account masked as Pix apps show them (src/keys/holder-masking.ts, and
 * each country's document masking in src/rails/<cc>/).
 */
export interface HolderValidationView {
  name: string;
  accountNumber: string;
  identificationNumber: string;
  identificationType: AccountHolder['identificationType'];
  branchOffice: string;
  category: AccountHolder['accountType'];
  bank: string;
  bankCode: string;
  keyType: string;
}

export type PeruPhoneValidationView = PeruAccountInfo & { walletId: string; wallets: ValidationWallet[] };

export type KeyValidationView = HolderValidationView | PeruAccountInfo | PeruPhoneValidationView;

/** The answer of POST /v2/payments/validations/dictkey. */
export function keyValidationView(result: KeyLookupResult, keyType: string): KeyValidationView {
  switch (result.kind) {
    case 'ACCOUNT_HOLDER': {
      const { holder, country } = result;
      return {
        name: maskName(holder.name),
        accountNumber: maskAccountNumber(holder.accountNumber),
        identificationNumber: maskDocument(country, holder.identificationNumber),
        identificationType: holder.identificationType,
        branchOffice: holder.branch,
        category: holder.accountType,
        bank: holder.participantName,
        bankCode: holder.participantCode,
        keyType,
      };
    }
    case 'PERU_ACCOUNT':
      return result.account;
    case 'PERU_WALLETS':
      return { ...result.account, walletId: result.walletId, wallets: result.wallets.map(toValidationWallet) };
  }
}

/**
 * Who is paid, as the order keeps it, in full: what clients are shown of it is
 * src/orders/order-collector.ts's to decide.
 */
export interface KeyPayee {
  name: string;
  identificationNumber: string;
  branchOffice: string;
}

export function payeeOf(result: KeyLookupResult): KeyPayee {
  return result.kind === 'ACCOUNT_HOLDER'
    ? {
        name: result.holder.name,
        identificationNumber: result.holder.identificationNumber,
        branchOffice: result.holder.branch,
      }
    : {
        name: result.account.name,
        identificationNumber: result.account.identificationNumber,
        branchOffice: result.account.branchOffice,
      };
}

/** The `collector` object Peru's preview ack adds (spec: "Peru preview ack collector object"). */
export interface PeruAckCollector {
  name: string;
  identification_number: string;
  identification_type: string;
  branch_office: string;
  account_id: string;
  account_type: string;
  mcc: string;
}

/** A Peruvian person's DNI has 8 digits, a business's RUC 11. */
export function peruAckCollector(account: PeruAccountInfo): PeruAckCollector {
  return {
    name: account.name,
    identification_number: account.identificationNumber,
    identification_type: account.identificationNumber.length === 11 ? 'RUC' : 'DNI',
    branch_office: account.branchOffice,
    account_id: account.accountNumber,
    account_type: account.category,
    mcc: account.mcc,
  };
}
