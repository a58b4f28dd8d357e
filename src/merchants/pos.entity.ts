import { Column, Entity, JoinColumn, ManyToOne } from 'typeorm';
import { MerchantRecord } from './merchant-record.entity';
import { StoreEntity } from './store.entity';

/** A point of sale: the anchor of every QR a client creates. */
@Entity('points_of_sale')
export class PosEntity extends MerchantRecord {
  @Column({ name: 'store_id', type: 'uuid' })
  storeId!: string;

  @ManyToOne(() => StoreEntity)
  @JoinColumn({ name: 'store_id' })
  store?: StoreEntity;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  description!: string | null;

  /** Its own merchant category code (ISO 18245); null takes the collector's (posCategory). */
  @Column({ type: 'integer', nullable: true })
  category!: number | null;
}
