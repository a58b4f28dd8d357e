import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from './bigint.transformer';

export const ACCOUNT_KINDS = ['CLIENT_AVAILABLE', 'CLIENT_RESERVED', 'FUNDING', 'SETTLEMENT'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/**
 * One balance in one currency. Client accounts (client_id set) come in pairs, available and
 * reserved, and never go negative; the service's own accounts (client_id null) are the other
 * side of money entering (FUNDING) and leaving (SETTLEMENT) the clients' accounts.
 */
@Entity('ledger_accounts')
export class LedgerAccountEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ name: 'client_id', type: 'uuid', nullable: true })
  clientId!: string | null;

  @Column({ type: 'char', length: 3 })
  currency!: string;

  @Column({ type: 'varchar', length: 32 })
  kind!: AccountKind;

  /** The sum of the account's journal lines, kept here so that it can be locked and checked. */
  @Column({ name: 'balance_minor', type: 'bigint', transformer: bigintTransformer })
  balanceMinor!: bigint;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
