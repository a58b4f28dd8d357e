import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PhoneWallet } from '../rails/rails.port';
import type { OrderErrorCode, OrderFlow, OrderStatus } from './lifecycle';

/** What a local amount costs in another currency at the collector's spread: decimal strings. */
export interface IndicativeRate {
  currency: string;
  rate: string;
  /** Null for an open-amount QR. */
  amount: string | null;
}

/** The payer as given in the preview's `user` object. */
export interface OrderPayer {
  full_name: string;
  currency: string;
  account_number: string;
  tax_id: string;
  tax_id_type?: string;
}

/**
 * The read projection of an order. Only the order's workflows change it after creation
 * (through OrderRepository.apply), so reads never need Temporal. Amounts are numeric columns
 * read as strings: never floats. A payment (QR or KEY) has a payer from its creation; a
 * collection (a QR created here for a client's POS) has a collector, and a payer once a client
 * scans its QR.
 */
@Entity('orders')
export class OrderEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column({ type: 'varchar' }) flow!: OrderFlow;
  @Column({ type: 'varchar' }) status!: OrderStatus;
  /** The last applied change; a retried activity with a seq at or below it changes nothing. */
  @Column({ name: 'last_seq', type: 'integer' }) lastSeq!: number;
  @Column({ name: 'payer_client_id', type: 'uuid', nullable: true }) payerClientId!: string | null;
  @Column({ name: 'collector_client_id', type: 'uuid', nullable: true }) collectorClientId!: string | null;
  @Column({ name: 'external_reference', type: 'varchar', nullable: true }) externalReference!: string | null;
  @Column({ name: 'notification_url', type: 'varchar', nullable: true }) notificationUrl!: string | null;
  @Column({ name: 'payment_notification_url', type: 'varchar', nullable: true }) paymentNotificationUrl!: string | null;
  @Column({ name: 'qr_payload', type: 'text', nullable: true }) qrPayload!: string | null;
  @Column({ name: 'qr_type', type: 'varchar', nullable: true }) qrType!: 'STATIC' | 'DYNAMIC' | null;
  /** The key of a key payment (flow KEY), normalized, and its type (CPF, CCI, PHONE…). */
  @Column({ name: 'payment_key', type: 'varchar', nullable: true }) paymentKey!: string | null;
  @Column({ name: 'payment_key_type', type: 'varchar', nullable: true }) paymentKeyType!: string | null;
  /** A Peru phone key: the directory's record of the phone's wallets, and those wallets. */
  @Column({ name: 'wallet_record_id', type: 'varchar', nullable: true }) walletRecordId!: string | null;
  @Column({ type: 'jsonb', nullable: true }) wallets!: PhoneWallet[] | null;
  /** The wallet the payer picked when paying (wallet_id). */
  @Column({ name: 'wallet_id', type: 'uuid', nullable: true }) walletId!: string | null;
  /** A collection (flow COLLECTION): the collector's own reference and callback URL, and its POS. */
  @Column({ name: 'collector_external_reference', type: 'varchar', nullable: true }) collectorExternalReference!:
    string | null;
  @Column({ name: 'collector_notification_url', type: 'varchar', nullable: true }) collectorNotificationUrl!:
    string | null;
  @Column({ name: 'pos_id', type: 'uuid', nullable: true }) posId!: string | null;
  /** The indicative rates the QR was created with (QR-creation notification). */
  @Column({ name: 'qr_exchange_rates', type: 'jsonb', nullable: true }) qrExchangeRates!: IndicativeRate[] | null;
  @Column({ name: 'local_country', type: 'char', length: 2 }) localCountry!: string;
  @Column({ name: 'local_currency', type: 'char', length: 3 }) localCurrency!: string;
  @Column({ name: 'local_amount', type: 'numeric', nullable: true }) localAmount!: string | null;
  @Column({ name: 'user_currency', type: 'char', length: 3, nullable: true }) userCurrency!: string | null;
  @Column({ name: 'user_amount', type: 'numeric', nullable: true }) userAmount!: string | null;
  @Column({ type: 'jsonb', nullable: true }) payer!: OrderPayer | null;
  @Column({ name: 'fx_quote_id', type: 'uuid', nullable: true }) fxQuoteId!: string | null;
  @Column({ name: 'fx_rate', type: 'numeric', nullable: true }) fxRate!: string | null;
  @Column({ name: 'merchant_name', type: 'varchar', nullable: true }) merchantName!: string | null;
  @Column({ name: 'merchant_identification_number', type: 'varchar', nullable: true }) merchantIdentificationNumber!:
    string | null;
  @Column({ name: 'merchant_branch_office', type: 'varchar', nullable: true }) merchantBranchOffice!: string | null;
  @Column({ name: 'error_code', type: 'varchar', nullable: true }) errorCode!: OrderErrorCode | null;
  @Column({ name: 'payout_reference', type: 'varchar', nullable: true }) payoutReference!: string | null;
  @Column({ name: 'payment_date', type: 'timestamptz', nullable: true }) paymentDate!: Date | null;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt!: Date;
  /** SHA-256 of the idempotency key and body that created the order: the same request may resume it. */
  @Column({ name: 'creation_fingerprint', type: 'char', length: 64, nullable: true }) creationFingerprint!:
    string | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

@Entity('order_status_history')
export class OrderStatusHistoryEntity {
  @PrimaryColumn({ name: 'order_id', type: 'uuid' }) orderId!: string;
  @PrimaryColumn({ type: 'integer' }) seq!: number;
  @Column({ type: 'varchar' }) status!: OrderStatus;
  @Column({ name: 'local_amount', type: 'numeric', nullable: true }) localAmount!: string | null;
  @Column({ name: 'user_amount', type: 'numeric', nullable: true }) userAmount!: string | null;
  /** Internal: why the change happened when an operator made it. Never shown to integrators. */
  @Column({ type: 'text', nullable: true }) note!: string | null;
  /** Internal: the id of the integrator's request that made the change, when it came with an idempotency-key (KeyedRequest.id). */
  @Column({ name: 'request_id', type: 'varchar', length: 200, nullable: true }) requestId!: string | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
