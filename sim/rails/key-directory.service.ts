import type { KeyCountry } from '../../src/rails/countries';
import type { AccountHolder, PeruAccountInfo, PhoneWallet } from '../../src/rails/rails.port';
import { brazilHolder, colombiaHolder } from './account-holder.generator';
import { DeterministicSource } from './deterministic-source';
import { classifyKey, type KeyFormat } from './key-format.classifier';
import { isNotFoundKey } from './magic-values';
import {
  cciAccount,
  phoneOfWalletRecord,
  phoneWallets,
  walletAccount,
  walletRecordIdFor,
} from './peru-account.generator';
import { SimulatorHttpError } from './simulator-http.error';

export type BrazilKeyFormat = Extract<KeyFormat, 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP'>;

/**
 * The holders behind keys in Pix DICT, the Peru CCE and wallet directories, and Bre-B: one
 * deterministic directory, which each rail's routes word in their own wire format.
 */
export class KeyDirectoryService {
  constructor(private readonly seed: string) {}

  /** The DICT entry's parts: the key as DICT stores it, its type and its holder. */
  brazilHolder(key: string): { key: string; holder: AccountHolder; format: BrazilKeyFormat } {
    const known = this.known('BR', key);
    const format = known.format as BrazilKeyFormat;
    return { key: known.key, holder: brazilHolder(known.key, format, this.source('BR', known.key)), format };
  }

  colombiaHolder(key: string): AccountHolder {
    return colombiaHolder(this.source('CO', this.known('CO', key).key));
  }

  peruAccount(cci: string): PeruAccountInfo {
    if (this.known('PE', cci).format !== 'CCI')
      throw new SimulatorHttpError(400, 'INVALID_REQUEST', `not a CCI: ${cci}`);
    return cciAccount(cci, this.seed);
  }

  /** The wallets linked to a phone, the record id that names them, and the default wallet's account. */
  peruWallets(phone: string): { account: PeruAccountInfo; walletId: string; wallets: PhoneWallet[] } {
    if (this.known('PE', phone).format !== 'PHONE')
      throw new SimulatorHttpError(400, 'INVALID_REQUEST', `not a phone: ${phone}`);
    const wallets = phoneWallets(phone, this.seed);
    const [first] = wallets;
    if (first === undefined) throw new Error('a phone always has at least one wallet');
    return { account: walletAccount(phone, first, this.seed), walletId: walletRecordIdFor(phone, this.seed), wallets };
  }

  resolveWallet(walletRecordId: string, selectedWalletId: string): { account: PeruAccountInfo; wallet: PhoneWallet } {
    const phone = phoneOfWalletRecord(walletRecordId, this.seed);
    if (phone === null) {
      throw new SimulatorHttpError(404, 'KEY_NOT_FOUND', `unknown wallet record ${walletRecordId}`);
    }
    const wallet = phoneWallets(phone, this.seed).find((candidate) => candidate.id === selectedWalletId);
    if (wallet === undefined) {
      throw new SimulatorHttpError(
        422,
        'WALLET_NOT_FOUND',
        `wallet ${selectedWalletId} is not in record ${walletRecordId}`,
      );
    }
    return { account: walletAccount(phone, wallet, this.seed), wallet };
  }

  /**
   * A payout to a phone key names the wallet the payer picked: it must still be one of the
   * phone's `wallets` now (in Brazil and Colombia, the account the number names now), else the
   * rail refuses the transfer and nothing is paid (422, a FAILED payout to the engine).
   */
  checkWallet(phone: string, walletId: string, wallets: readonly PhoneWallet[]): void {
    if (!wallets.some((wallet) => wallet.id === walletId)) {
      throw new SimulatorHttpError(422, 'WALLET_NOT_FOUND', `wallet ${walletId} is not one of ${phone}'s`);
    }
  }

  /** The key's format and stored spelling, once it is well-shaped and not one of the sandbox's unknown keys. */
  private known(country: KeyCountry, key: string): { format: KeyFormat; key: string } {
    const known = classifyKey(country, key);
    if (known === null) throw new SimulatorHttpError(400, 'INVALID_REQUEST', `not a valid ${country} key: ${key}`);
    if (isNotFoundKey(known.key)) throw new SimulatorHttpError(404, 'KEY_NOT_FOUND', `no account for key ${key}`);
    return known;
  }

  private source(country: KeyCountry, key: string): DeterministicSource {
    return DeterministicSource.of(this.seed, 'holder', country, key);
  }
}
