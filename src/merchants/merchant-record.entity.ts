import { Column, CreateDateColumn, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * What collectors, stores and points of sale share: the owning client (copied down the
 * hierarchy so every tenancy check is one indexed lookup), the client's external reference,
 * the disable flag and the timestamps.
 */
export abstract class MerchantRecord {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ name: 'client_id', type: 'uuid' })
  clientId!: string;

  /** Unique within the parent: the client for collectors, the collector for stores, the store for POS. */
  @Column({ name: 'external_reference', type: 'varchar', length: 100 })
  externalReference!: string;

  @Column({ type: 'boolean' })
  enabled!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
