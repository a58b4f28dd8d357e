import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { RefundStatus } from './refund-lifecycle';

/** One refund of an order. Amounts are numeric columns read as strings: never floats. */
@Entity('refunds')
export class RefundEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column({ name: 'order_id', type: 'uuid' }) orderId!: string;
  /** The client that asked for it: the payer, or the collector of a collected order. */
  @Column({ name: 'requested_by_client_id', type: 'uuid' }) requestedByClientId!: string;
  /** 1, 2, 3… within the order, in the order the refunds were asked for. */
  @Column({ type: 'integer' }) seq!: number;
  @Column({ type: 'varchar' }) status!: RefundStatus;
  @Column({ name: 'local_amount', type: 'numeric' }) localAmount!: string;
  @Column({ name: 'local_currency', type: 'char', length: 3 }) localCurrency!: string;
  /** What the payer's account was credited; set when COMPLETED. */
  @Column({ name: 'user_amount', type: 'numeric', nullable: true }) userAmount!: string | null;
  @Column({ name: 'user_currency', type: 'char', length: 3 }) userCurrency!: string;
  @Column({ type: 'varchar', nullable: true }) reason!: string | null;
  @Column({ name: 'rail_reference', type: 'varchar', nullable: true }) railReference!: string | null;
  @Column({ name: 'error_code', type: 'varchar', nullable: true }) errorCode!: string | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
