import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** What an order emits; QR_CREATED and QR_EXPIRED are the Collections API's own events. */
export const NOTIFICATION_EVENTS = ['PREVIEW', 'PAYMENT', 'QR_CREATED', 'QR_EXPIRED', 'REFUND'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const NOTIFICATION_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/**
 * One callback in the outbox. It is written in the same transaction as the order change it
 * reports, so a status is never persisted without its callback; its id is the `x-event-id`.
 */
@Entity('notifications')
export class NotificationEntity {
  @PrimaryColumn('uuid')
  id!: string;

  /** Whose webhook secret signs the callback, and the only client that may list it. */
  @Column({ name: 'client_id', type: 'uuid' })
  clientId!: string;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId!: string;

  @Column({ type: 'varchar', length: 40 })
  event!: NotificationEvent;

  @Column({ type: 'varchar', length: 250 })
  url!: string;

  /** The exact JSON sent on every attempt, so every retry carries byte-identical content. */
  @Column({ type: 'text' })
  body!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: NotificationStatus;

  @Column({ name: 'attempt_count', type: 'integer' })
  attemptCount!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt!: Date | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;
}
