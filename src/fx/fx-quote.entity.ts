import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A rate offered to a client: the provider's mid rate and the client's rate with its spread,
 * both exact decimals (numeric, read back as strings). Valid until expires_at, or for the
 * life of the order it is locked to.
 */
@Entity('fx_quotes')
export class FxQuoteEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ name: 'client_id', type: 'uuid' })
  clientId!: string;

  @Column({ type: 'char', length: 3 })
  base!: string;

  @Column({ type: 'char', length: 3 })
  target!: string;

  @Column({ name: 'mid_rate', type: 'numeric', precision: 30, scale: 10 })
  midRate!: string;

  @Column({ type: 'numeric', precision: 30, scale: 10 })
  rate!: string;

  @Column({ name: 'spread_bps', type: 'integer' })
  spreadBps!: number;

  @Column({ name: 'quoted_at', type: 'timestamptz' })
  quotedAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'order_id', type: 'uuid', nullable: true })
  orderId!: string | null;
}
