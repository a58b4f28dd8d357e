import type { PeruWallet } from './rails.port';

/** A wallet entry as the preview callback names it (spec: "Preview callback", wallets list). */
export interface PreviewCallbackWallet {
  id: string;
  brand: string;
  mobile: string;
  present: boolean;
  directory: string;
  participant_code: string;
}

/** A wallet entry as the Peru phone validation response names it. */
export type ValidationWallet = Omit<PeruWallet, 'present'>;

/**
 * The spec names one wallet two ways; the pairing below (brand = bank name, participant code =
 * entity code) is our reading, as the spec never maps them.
 */
export function toPreviewCallbackWallet(wallet: PeruWallet): PreviewCallbackWallet {
  return {
    id: wallet.id,
    brand: wallet.bankName,
    mobile: wallet.contactNumber,
    present: wallet.present,
    directory: wallet.directoryCode,
    participant_code: wallet.entityCode,
  };
}

export function toValidationWallet(wallet: PeruWallet): ValidationWallet {
  const { present: _present, ...validation } = wallet;
  return validation;
}
