import type { MovementRail } from './movement-rail';
import type { DirectoryAnswer, KeyDestination, PeruWalletAccount } from './rail-terms';

/** The rail of a country whose payment keys are paid: its key directory, and payouts and refunds to keys. */
export interface KeyRail extends MovementRail<KeyDestination> {
  /** What the country's directory answers about a key, in the engine's terms. */
  lookupKey(key: string): Promise<DirectoryAnswer>;
  /**
   * The second step of a phone key whose directory links it to several wallets (Peru's): the
   * account behind the wallet the payer picked. Absent where a phone names one account.
   */
  resolveWallet?(request: { walletRecordId: string; selectedWalletId: string }): Promise<PeruWalletAccount>;
}
