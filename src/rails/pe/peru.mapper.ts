import type { PeruAccountInfo, PhoneWallet, PeruWalletAccount } from '../rail-terms';
import type { CceAccount, WalletEntry, WalletSelectionAnswer } from './peru.wire';

const CATEGORIES = { CORRIENTE: 'CHECKING', AHORROS: 'SAVINGS' } as const;

/** The CCE's account, in the spec's field names for Peru's validation responses. */
export function accountInfoFrom(account: CceAccount): PeruAccountInfo {
  return {
    name: account.titular.nombre,
    accountNumber: account.numeroCuenta,
    identificationNumber: account.titular.documento,
    mcc: account.mcc,
    branchOffice: account.oficina,
    category: CATEGORIES[account.tipoCuenta],
    postalCode: account.codigoPostal,
    bank: account.entidad.nombre,
    terminal: account.terminal,
  };
}

export function walletFrom(entry: WalletEntry): PhoneWallet {
  return {
    id: entry.walletId,
    contactNumber: entry.celular,
    entityCode: entry.codigoEntidad,
    directoryCode: entry.codigoDirectorio,
    bankName: entry.nombreEntidad,
    present: entry.presencial,
  };
}

export function walletAccountFrom(answer: WalletSelectionAnswer): PeruWalletAccount {
  return { ...accountInfoFrom(answer.cuenta), wallet_name: answer.nombreBilletera };
}

/** The simulator's side of the same mapping. */
export function cceAccountOf(info: PeruAccountInfo, entityCode: string): CceAccount {
  return {
    titular: { nombre: info.name, documento: info.identificationNumber },
    entidad: { codigo: entityCode, nombre: info.bank },
    oficina: info.branchOffice,
    numeroCuenta: info.accountNumber,
    tipoCuenta: info.category === 'CHECKING' ? 'CORRIENTE' : 'AHORROS',
    mcc: info.mcc,
    codigoPostal: info.postalCode,
    terminal: info.terminal,
  };
}

export function walletEntryOf(wallet: PhoneWallet): WalletEntry {
  return {
    walletId: wallet.id,
    celular: wallet.contactNumber,
    codigoEntidad: wallet.entityCode,
    codigoDirectorio: wallet.directoryCode,
    nombreEntidad: wallet.bankName,
    presencial: wallet.present,
  };
}
