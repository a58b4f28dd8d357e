import type { AccountHolder } from '../../src/rails/rails.port';
import type { DeterministicSource } from './deterministic-source';
import type { KeyFormat } from './key-format.classifier';
import { companyName, personName } from './party.generator';
import { cnpjFromBase, cpfFromBase, nitFromBase } from './tax-id.generator';

interface Participant {
  code: string;
  name: string;
  accountType: AccountHolder['accountType'] | null;
}

/** Real ISPBs, so that screens built on the sandbox look right. */
const BR_PARTICIPANTS: readonly Participant[] = [
  { code: '00000000', name: 'Banco do Brasil S.A.', accountType: null },
  { code: '00360305', name: 'Caixa Economica Federal', accountType: null },
  { code: '60701190', name: 'Itau Unibanco S.A.', accountType: null },
  { code: '60746948', name: 'Banco Bradesco S.A.', accountType: null },
  { code: '90400888', name: 'Banco Santander (Brasil) S.A.', accountType: null },
  { code: '18236120', name: 'Nu Pagamentos S.A.', accountType: 'PAYMENT' },
];

const CO_PARTICIPANTS: readonly Participant[] = [
  { code: '1007', name: 'Bancolombia', accountType: null },
  { code: '1051', name: 'Davivienda', accountType: null },
  { code: '1001', name: 'Banco de Bogota', accountType: null },
  { code: '1013', name: 'BBVA Colombia', accountType: null },
  { code: '1507', name: 'Nequi', accountType: 'PAYMENT' },
];

function bankAccount(participant: Participant, source: DeterministicSource) {
  return {
    participantCode: participant.code,
    participantName: participant.name,
    accountType: participant.accountType ?? source.pick(['CHECKING', 'SAVINGS'] as const),
  };
}

/** A CPF or CNPJ key names its own holder; other keys get a person most of the time. */
export function brazilHolder(key: string, format: KeyFormat, source: DeterministicSource): AccountHolder {
  const isCompany = format === 'CNPJ' || (format !== 'CPF' && source.int(4) === 0);
  const identificationNumber =
    format === 'CPF' || format === 'CNPJ'
      ? key
      : isCompany
        ? cnpjFromBase(`${source.digits(8)}0001`)
        : cpfFromBase(source.digits(9));
  return {
    name: isCompany ? companyName('BR', source) : personName(source),
    identificationNumber,
    identificationType: isCompany ? 'CNPJ' : 'CPF',
    branch: source.digits(4),
    accountNumber: `${source.digits(7)}-${source.digits(1)}`,
    ...bankAccount(source.pick(BR_PARTICIPANTS), source),
  };
}

export function colombiaHolder(source: DeterministicSource): AccountHolder {
  const isCompany = source.int(4) === 0;
  return {
    name: isCompany ? companyName('CO', source) : personName(source),
    identificationNumber: isCompany ? nitFromBase(`9${source.digits(8)}`) : `1${source.digits(9)}`,
    identificationType: isCompany ? 'NIT' : 'CC',
    branch: source.digits(3),
    accountNumber: source.digits(11),
    ...bankAccount(source.pick(CO_PARTICIPANTS), source),
  };
}
