import { Column, Entity, PrimaryColumn } from 'typeorm';

export type IdempotencyKeyState = 'IN_PROGRESS' | 'COMPLETED';

/**
 * One use of an `idempotency-key` by a client for an operation: claimed while the request
 * runs, then holding the exact response that every retry with the same key gets back.
 */
@Entity('idempotency_keys')
export class IdempotencyKeyEntity {
  @PrimaryColumn({ name: 'client_id', type: 'uuid' })
  clientId!: string;

  @PrimaryColumn({ type: 'varchar', length: 100 })
  operation!: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  key!: string;

  /** SHA-256 (hex) of the path parameters and raw body bytes, to tell a retry from a different request. */
  @Column({ name: 'request_hash', type: 'char', length: 64 })
  requestHash!: string;

  @Column({ type: 'varchar', length: 16 })
  state!: IdempotencyKeyState;

  /** Which execution holds the claim, so that a late finisher never overwrites a newer one. */
  @Column({ name: 'execution_id', type: 'uuid' })
  executionId!: string;

  @Column({ name: 'response_status', type: 'integer', nullable: true })
  responseStatus!: number | null;

  @Column({ name: 'response_headers', type: 'jsonb', nullable: true })
  responseHeaders!: Record<string, string> | null;

  /** The response body exactly as sent the first time (JSON text), replayed byte for byte. */
  @Column({ name: 'response_body', type: 'text', nullable: true })
  responseBody!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}
