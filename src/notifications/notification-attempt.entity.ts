import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One POST of a notification, acknowledged or not: the delivery log integrators can list. */
@Entity('notification_attempts')
export class NotificationAttemptEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ name: 'notification_id', type: 'uuid' })
  notificationId!: string;

  /** 1-based, in the order the attempts were made. */
  @Column({ type: 'integer' })
  attempt!: number;

  @Column({ name: 'started_at', type: 'timestamptz' })
  startedAt!: Date;

  @Column({ name: 'duration_ms', type: 'integer' })
  durationMs!: number;

  /** Null when no response came back (timeout, refused connection, refused URL). */
  @Column({ name: 'status_code', type: 'integer', nullable: true })
  statusCode!: number | null;

  /** Null when the receiver acknowledged. */
  @Column({ type: 'text', nullable: true })
  error!: string | null;

  /**
   * The first 256 bytes of the receiver's answer, as text; null without a body, without an
   * answer, or from an address that is not public (notification-deliverer.ts, quotesAnswersFrom).
   */
  @Column({ name: 'response_excerpt', type: 'varchar', length: 256, nullable: true })
  responseExcerpt!: string | null;
}
