import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintTransformer } from './bigint.transformer';

/** One signed posting to one account; an account's balance is the sum of its lines. Append-only. */
@Entity('journal_lines')
export class JournalLineEntity {
  /** Grows with time on each account, because lines are written under the account's row lock. */
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'entry_id', type: 'uuid' })
  entryId!: string;

  @Column({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  @Column({ name: 'amount_minor', type: 'bigint', transformer: bigintTransformer })
  amountMinor!: bigint;

  @Column({ name: 'balance_after_minor', type: 'bigint', transformer: bigintTransformer })
  balanceAfterMinor!: bigint;
}
