import type { AccountHolder, AccountType } from '../rail-terms';
import type { BrebKey } from './colombia.wire';

const ACCOUNT_TYPES: Record<BrebKey['cuenta']['tipo'], AccountType> = {
  CORRIENTE: 'CHECKING',
  AHORROS: 'SAVINGS',
  DEPOSITO: 'PAYMENT',
};

export function holderFromBrebKey(answer: BrebKey): AccountHolder {
  return {
    name: answer.titular.nombre,
    identificationNumber: answer.titular.numeroDocumento,
    identificationType: answer.titular.tipoDocumento,
    participantCode: answer.cuenta.codigoEntidad,
    participantName: answer.cuenta.nombreEntidad,
    branch: answer.cuenta.sucursal,
    accountNumber: answer.cuenta.numero,
    accountType: ACCOUNT_TYPES[answer.cuenta.tipo],
  };
}

/** The simulator's side: a holder as Bre-B lists it under `llave`. */
export function brebKeyFor(llave: string, holder: AccountHolder): BrebKey {
  const tipo = (Object.entries(ACCOUNT_TYPES).find(([, type]) => type === holder.accountType)?.[0] ??
    'AHORROS') as BrebKey['cuenta']['tipo'];
  return {
    llave,
    titular: {
      nombre: holder.name,
      tipoDocumento: holder.identificationType === 'NIT' ? 'NIT' : 'CC',
      numeroDocumento: holder.identificationNumber,
    },
    cuenta: {
      codigoEntidad: holder.participantCode,
      nombreEntidad: holder.participantName,
      sucursal: holder.branch,
      numero: holder.accountNumber,
      tipo,
    },
  };
}
