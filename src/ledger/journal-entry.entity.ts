import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from './bigint.transformer';

export const ENTRY_KINDS = ['FUND', 'RESERVE', 'COMMIT', 'RELEASE', 'CREDIT', 'COLLECT', 'CLAWBACK'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** One ledger operation; its lines (journal_lines) sum to zero. Append-only. */
@Entity('journal_entries')
export class JournalEntryEntity {
  @PrimaryColumn('uuid')
  id!: string;

  /** The caller's idempotency key: one entry per operation, whatever the retries. */
  @Column({ name: 'operation_id', type: 'varchar', length: 255, unique: true })
  operationId!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: EntryKind;

  @Column({ name: 'client_id', type: 'uuid' })
  clientId!: string;

  @Column({ type: 'char', length: 3 })
  currency!: string;

  @Column({ name: 'amount_minor', type: 'bigint', transformer: bigintTransformer })
  amountMinor!: bigint;

  /** What the money is for (an order id); COMMIT and RELEASE copy their reservation's. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  reference!: string | null;

  /** For COMMIT and RELEASE: the RESERVE entry they resolve. */
  @Column({ name: 'reservation_entry_id', type: 'uuid', nullable: true })
  reservationEntryId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
