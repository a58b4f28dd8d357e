import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { StoreEntity } from './store.entity';

/** A point of sale: the anchor of every QR a client creates. */
@Entity('points_of_sale')
export class PosEntity {
  @PrimaryColumn('uuid')
  id!: string;

  /** Copied from the store so that every tenancy check is one indexed lookup. */
  @Column({ name: 'client_id', type: 'uuid' })
  clientId!: string;

  @Column({ name: 'store_id', type: 'uuid' })
  storeId!: string;

  @ManyToOne(() => StoreEntity)
  @JoinColumn({ name: 'store_id' })
  store?: StoreEntity;

  /** Unique within the store. */
  @Column({ name: 'external_reference', type: 'varchar', length: 100 })
  externalReference!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  description!: string | null;

  /** Read as a number by the spec, but no request sets it: null until one does. */
  @Column({ type: 'integer', nullable: true })
  category!: number | null;

  @Column({ type: 'boolean' })
  enabled!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
