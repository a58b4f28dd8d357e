import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A payment processor or merchant integrating with the service; every resource belongs to one. */
@Entity('clients')
export class ClientEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  /** Encrypted with SECRETS_KEY: callbacks are signed with it, so it cannot be hashed. */
  @Column({ name: 'webhook_secret_enc', type: 'text' })
  webhookSecretEnc!: string;

  @Column({ name: 'fx_spread_bps', type: 'integer' })
  fxSpreadBps!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
