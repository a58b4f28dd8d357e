import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A payment processor or merchant integrating with the service; every resource belongs to one. */
@Entity('clients')
export class ClientEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  /** Sealed by SecretBox (SECRETS_KEY, its key id in the text): callbacks are signed with it, so it cannot be hashed. */
  @Column({ name: 'webhook_secret_enc', type: 'text' })
  webhookSecretEnc!: string;

  /** The secret before the last rotation, which still signs (beside the current one) until `previousWebhookSecretUntil`. */
  @Column({ name: 'previous_webhook_secret_enc', type: 'text', nullable: true })
  previousWebhookSecretEnc!: string | null;

  @Column({ name: 'previous_webhook_secret_until', type: 'timestamptz', nullable: true })
  previousWebhookSecretUntil!: Date | null;

  @Column({ name: 'fx_spread_bps', type: 'integer' })
  fxSpreadBps!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
