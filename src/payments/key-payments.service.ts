import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '../http/api-error';
import type { CurrencyCode } from '../money';
import { countKeyLookup, KeyLookupOperation, startKeyLookupSeries } from '../observability/metrics';
import { countryCurrency, KEY_COUNTRIES, validatePaymentKey, type KeyCountry } from '../rails/countries';
import { RAILS } from '../rails/rails.module';
import { RailsDeclinedError } from '../rails/rails.errors';
import type { KeyLookupResult, PeruWalletAccount, Rails } from '../rails/rails.port';
import { keyValidationView, KeyValidationView, payeeOf, peruAckCollector, PeruAckCollector } from './key-views';
import type { KeyPreviewDto, KeyValidationDto, PeruKeyPreviewDto, WalletValidationDto } from './key-payments.dto';
import { PaymentOrders } from '../orders/payment-orders';

/** A key the directory does not know: the spec's 400 with INVALID_DICT_KEY. */
const unknownKey = () => new ApiError(400, ['INVALID_DICT_KEY'], 'INVALID_DICT_KEY');

/** The directory does not know the wallet record, or the wallet is not one of its wallets. */
function walletRefusal(declined: RailsDeclinedError): ApiError | null {
  if (declined.code === 'KEY_NOT_FOUND')
    return new ApiError(400, ['wallet_record_id: no such wallet record'], 'INVALID_DICT_KEY');
  if (declined.code === 'WALLET_NOT_FOUND')
    return new ApiError(400, ["selected_wallet_id: not one of the record's wallets"]);
  return null;
}

/** Every look-up this service counts (cbp_key_lookups_total): Peru's wallet step checks no key's form. */
const KEY_LOOKUP_SERIES = [
  ...KEY_COUNTRIES.flatMap((country) =>
    (['validation', 'preview'] as const).flatMap((operation) =>
      (['found', 'not_found', 'invalid'] as const).map((outcome) => ({ operation, country, outcome })),
    ),
  ),
  ...(['found', 'not_found'] as const).map((outcome) => ({ operation: 'wallet' as const, country: 'PE', outcome })),
];

export interface KeyPreviewAck {
  status: 'success';
  external_reference: string;
  message: string;
  local_currency: CurrencyCode;
  order_id: string;
  collector?: PeruAckCollector;
}

/**
 * The key flows (spec: "Payments: key flows"): validating a key against its country's
 * directory, Peru's wallet step, and the key preview, which opens an order like a QR preview
 * but with the payee already known. Pay, status and callbacks are the QR flow's.
 */
@Injectable()
export class KeyPaymentsService {
  constructor(
    private readonly paymentOrders: PaymentOrders,
    @Inject(RAILS) private readonly rails: Rails,
  ) {
    startKeyLookupSeries(KEY_LOOKUP_SERIES);
  }

  async validateKey({ dict_key, local_country }: KeyValidationDto): Promise<KeyValidationView> {
    const { normalized, type } = this.checkKey('validation', local_country, dict_key);
    return keyValidationView(await this.lookup('validation', local_country, normalized), type);
  }

  async validateWallet(input: WalletValidationDto): Promise<PeruWalletAccount> {
    try {
      const account = await this.rails.keys.resolveWallet({
        walletRecordId: input.wallet_record_id,
        selectedWalletId: input.selected_wallet_id,
        country: 'PE',
      });
      countKeyLookup({ operation: 'wallet', country: 'PE', outcome: 'found' });
      return account;
    } catch (error) {
      const refusal = error instanceof RailsDeclinedError ? walletRefusal(error) : null;
      if (!refusal) throw error;
      countKeyLookup({ operation: 'wallet', country: 'PE', outcome: 'not_found' });
      throw refusal;
    }
  }

  preview(clientId: string, input: KeyPreviewDto, idempotencyKey: string | undefined): Promise<KeyPreviewAck> {
    return this.open(clientId, input.local_country, input, idempotencyKey, {
      withCollector: input.local_country === 'PE',
    });
  }

  /** The older Peru route: the same preview, in Peru, whose ack carries no collector. */
  previewPeru(clientId: string, input: PeruKeyPreviewDto, idempotencyKey: string | undefined): Promise<KeyPreviewAck> {
    return this.open(clientId, 'PE', input, idempotencyKey, { withCollector: false });
  }

  private async open(
    clientId: string,
    country: KeyCountry,
    input: KeyPreviewDto | PeruKeyPreviewDto,
    idempotencyKey: string | undefined,
    { withCollector }: { withCollector: boolean },
  ): Promise<KeyPreviewAck> {
    this.paymentOrders.assertNotificationUrl(input.notification_url);
    const { normalized, type } = this.checkKey('preview', country, input.dict_key);
    // The server sets the currency of a key payment: the key's country's.
    const localCurrency = countryCurrency(country);
    const localAmount = this.paymentOrders.parseLocalAmount('amount', input.amount, localCurrency, country);
    const found = await this.lookup('preview', country, normalized);
    const priced = await this.paymentOrders.price(clientId, 'amount', localAmount, localCurrency, input.user.currency);
    const payee = payeeOf(found);
    const order = await this.paymentOrders.open(
      {
        flow: 'KEY',
        payer: {
          clientId,
          externalReference: input.external_reference,
          notificationUrl: input.notification_url,
          user: input.user,
          currency: input.user.currency,
        },
        localCountry: country,
        localCurrency,
        localAmount,
        priced,
        details: {
          paymentKey: normalized,
          paymentKeyType: type,
          merchantName: payee.name,
          merchantIdentificationNumber: payee.identificationNumber,
          merchantBranchOffice: payee.branchOffice,
          // Every phone key's wallets, for the payer to pick one; Peru's record of them besides.
          ...('wallets' in found && found.wallets ? { wallets: found.wallets } : {}),
          ...(found.kind === 'PERU_WALLETS' ? { walletRecordId: found.walletId } : {}),
        },
      },
      idempotencyKey,
      input,
    );
    return {
      status: 'success',
      external_reference: input.external_reference,
      message: 'Preview accepted; the preview callback follows',
      local_currency: localCurrency,
      order_id: order.id,
      ...(withCollector && found.kind !== 'ACCOUNT_HOLDER' ? { collector: peruAckCollector(found.account) } : {}),
    };
  }

  /** The key's format for its country: a 400 that says what is wrong and lists the accepted types. */
  private checkKey(operation: KeyLookupOperation, country: KeyCountry, key: string) {
    const validation = validatePaymentKey(country, key);
    if (!validation.ok) {
      countKeyLookup({ operation, country, outcome: 'invalid' });
      throw new ApiError(400, validation.messages, 'INVALID_DICT_KEY');
    }
    return validation;
  }

  /** A directory that could not answer counts nothing here: cbp_rails_request_duration_seconds has it. */
  private async lookup(operation: KeyLookupOperation, country: KeyCountry, key: string): Promise<KeyLookupResult> {
    try {
      const found = await this.rails.keys.lookupKey({ country, key });
      countKeyLookup({ operation, country, outcome: 'found' });
      return found;
    } catch (error) {
      // The directory does not know the key, or will not take it: either way no payment can reach it.
      if (error instanceof RailsDeclinedError && (error.code === 'KEY_NOT_FOUND' || error.code === 'INVALID_REQUEST')) {
        countKeyLookup({ operation, country, outcome: 'not_found' });
        throw unknownKey();
      }
      throw error;
    }
  }
}
