import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { CollectorEntity } from './collector.entity';

@Entity('stores')
export class StoreEntity {
  @PrimaryColumn('uuid')
  id!: string;

  /** Copied from the collector so that every tenancy check is one indexed lookup. */
  @Column({ name: 'client_id', type: 'uuid' })
  clientId!: string;

  @Column({ name: 'collector_id', type: 'uuid' })
  collectorId!: string;

  @ManyToOne(() => CollectorEntity)
  @JoinColumn({ name: 'collector_id' })
  collector?: CollectorEntity;

  /** Unique within the collector. */
  @Column({ name: 'external_reference', type: 'varchar', length: 100 })
  externalReference!: string;

  @Column({ type: 'varchar', length: 500 })
  description!: string;

  @Column({ type: 'varchar', length: 300 })
  address!: string;

  @Column({ type: 'varchar', length: 30 })
  phone!: string;

  @Column({ type: 'varchar', length: 200 })
  manager!: string;

  @Column({ type: 'boolean' })
  enabled!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
