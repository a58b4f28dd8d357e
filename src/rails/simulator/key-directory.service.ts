import type { KeyCountry, KeyLookupResult, PeruWalletAccount } from '../rails.port';
import { brazilHolder, colombiaHolder } from './account-holder.generator';
import { DeterministicSource } from './deterministic-source';
import { classifyKey } from './key-format.classifier';
import { isNotFoundKey } from './magic-values';
import { cciAccount, phoneOfWalletRecord, phoneWallets, walletAccount, walletRecordIdFor } from './peru-account.generator';
import { SimulatorHttpError } from './simulator-http.error';

/** Pix DICT, the Peru CCE and wallet directories, and Bre-B, as one deterministic directory. */
export class KeyDirectoryService {
  constructor(private readonly seed: string) {}

  lookup(country: KeyCountry, key: string): KeyLookupResult {
    const format = classifyKey(country, key);
    if (format === null) {
      throw new SimulatorHttpError(400, 'INVALID_REQUEST', `not a valid ${country} key: ${key}`);
    }
    if (isNotFoundKey(key)) {
      throw new SimulatorHttpError(404, 'KEY_NOT_FOUND', `no account for key ${key}`);
    }
    const source = DeterministicSource.of(this.seed, 'holder', country, key);
    switch (country) {
      case 'BR':
        return { kind: 'ACCOUNT_HOLDER', country, key, holder: brazilHolder(key, format, source) };
      case 'CO':
        return { kind: 'ACCOUNT_HOLDER', country, key, holder: colombiaHolder(source) };
      case 'PE':
        return format === 'CCI' ? this.cciLookup(key) : this.phoneLookup(key);
    }
  }

  resolveWallet(walletRecordId: string, selectedWalletId: string): PeruWalletAccount {
    const phone = phoneOfWalletRecord(walletRecordId, this.seed);
    if (phone === null) {
      throw new SimulatorHttpError(404, 'KEY_NOT_FOUND', `unknown wallet record ${walletRecordId}`);
    }
    const wallet = phoneWallets(phone, this.seed).find((candidate) => candidate.id === selectedWalletId);
    if (wallet === undefined) {
      throw new SimulatorHttpError(422, 'WALLET_NOT_FOUND', `wallet ${selectedWalletId} is not in record ${walletRecordId}`);
    }
    return { ...walletAccount(phone, wallet, this.seed), wallet_name: wallet.bankName };
  }

  private cciLookup(cci: string): KeyLookupResult {
    return { kind: 'PERU_ACCOUNT', country: 'PE', key: cci, account: cciAccount(cci, this.seed) };
  }

  private phoneLookup(phone: string): KeyLookupResult {
    const wallets = phoneWallets(phone, this.seed);
    const [first] = wallets;
    if (first === undefined) throw new Error('a phone always has at least one wallet');
    return {
      kind: 'PERU_WALLETS',
      country: 'PE',
      key: phone,
      account: walletAccount(phone, first, this.seed),
      walletId: walletRecordIdFor(phone, this.seed),
      wallets,
    };
  }
}
