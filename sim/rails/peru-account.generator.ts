import type { PeruAccountInfo, PhoneWallet } from '../../src/rails/rails.port';
import { DeterministicSource } from './deterministic-source';
import { companyName, personName, pickDistinct } from './party.generator';
import { rucFromBase } from './tax-id.generator';

/** CCE entity codes: the first three digits of a CCI. */
const PE_BANKS: Readonly<Record<string, string>> = {
  '002': 'BCP',
  '003': 'Interbank',
  '009': 'Scotiabank',
  '011': 'BBVA',
  '018': 'Banco de la Nacion',
  '038': 'BanBif',
};

interface WalletProvider {
  bankName: string;
  entityCode: string;
  directoryCode: string;
}

const WALLET_PROVIDERS: readonly WalletProvider[] = [
  { bankName: 'Yape', entityCode: '002', directoryCode: 'YAPE' },
  { bankName: 'Plin Interbank', entityCode: '003', directoryCode: 'PLIN' },
  { bankName: 'Plin BBVA', entityCode: '011', directoryCode: 'PLIN' },
  { bankName: 'Plin Scotiabank', entityCode: '009', directoryCode: 'PLIN' },
  { bankName: 'Bim', entityCode: '018', directoryCode: 'BIM' },
];

const MCCS = ['5411', '5812', '5999', '7299', '4121', '6012'] as const;

function holder(source: DeterministicSource): Pick<PeruAccountInfo, 'name' | 'identificationNumber'> {
  return source.int(4) === 0
    ? { name: companyName('PE', source), identificationNumber: rucFromBase(`20${source.digits(8)}`) }
    : { name: personName(source), identificationNumber: source.digits(8) };
}

function accountDetails(source: DeterministicSource) {
  return {
    mcc: source.pick(MCCS),
    category: source.pick(['CHECKING', 'SAVINGS'] as const),
    postalCode: source.int(2) === 0 ? null : `15${source.digits(3)}`,
    terminal: source.int(2) === 0 ? null : `T${source.digits(7)}`,
  };
}

/** A CCI spells out entity, branch and account (3 + 3 + 12 digits, then check digits). */
export function cciAccount(cci: string, seed: string): PeruAccountInfo {
  const source = DeterministicSource.of(seed, 'pe-cci', cci);
  const entity = cci.slice(0, 3);
  return {
    ...holder(source),
    accountNumber: cci.slice(6, 18),
    branchOffice: cci.slice(3, 6),
    bank: PE_BANKS[entity] ?? `Entidad ${entity}`,
    ...accountDetails(source),
  };
}

export function phoneWallets(phone: string, seed: string): PhoneWallet[] {
  const source = DeterministicSource.of(seed, 'pe-wallets', phone);
  const providers = pickDistinct(WALLET_PROVIDERS, 1 + source.int(3), source);
  return providers.map((provider) => ({
    id: DeterministicSource.of(seed, 'pe-wallet-id', phone, provider.bankName).uuidV4(),
    contactNumber: phone,
    ...provider,
    present: source.int(2) === 0,
  }));
}

/** One person owns the phone, whichever wallet the payer picks; the account is the wallet's. */
export function walletAccount(phone: string, wallet: PhoneWallet, seed: string): PeruAccountInfo {
  const owner = holder(DeterministicSource.of(seed, 'pe-phone-holder', phone));
  const source = DeterministicSource.of(seed, 'pe-wallet-account', wallet.id);
  return {
    ...owner,
    accountNumber: source.digits(12),
    branchOffice: source.digits(3),
    bank: PE_BANKS[wallet.entityCode] ?? wallet.bankName,
    ...accountDetails(source),
  };
}

/**
 * The wallet record id carries its phone number (plus a seed-bound check), so that the wallet
 * step needs no memory of the lookup and survives a simulator restart.
 */
export function walletRecordIdFor(phone: string, seed: string): string {
  const check = DeterministicSource.of(seed, 'pe-wallet-record', phone).hex(12);
  return `wr.${Buffer.from(phone).toString('base64url')}.${check}`;
}

export function phoneOfWalletRecord(walletRecordId: string, seed: string): string | null {
  const [prefix, encoded, check, ...rest] = walletRecordId.split('.');
  if (prefix !== 'wr' || encoded === undefined || check === undefined || rest.length > 0) return null;
  const phone = Buffer.from(encoded, 'base64url').toString();
  return walletRecordIdFor(phone, seed) === walletRecordId ? phone : null;
}
