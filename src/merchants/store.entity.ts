import { Column, Entity, JoinColumn, ManyToOne } from 'typeorm';
import { CollectorEntity } from './collector.entity';
import { MerchantRecord } from './merchant-record.entity';

@Entity('stores')
export class StoreEntity extends MerchantRecord {
  @Column({ name: 'collector_id', type: 'uuid' })
  collectorId!: string;

  @ManyToOne(() => CollectorEntity)
  @JoinColumn({ name: 'collector_id' })
  collector?: CollectorEntity;

  @Column({ type: 'varchar', length: 500 })
  description!: string;

  @Column({ type: 'varchar', length: 300 })
  address!: string;

  @Column({ type: 'varchar', length: 30 })
  phone!: string;

  @Column({ type: 'varchar', length: 200 })
  manager!: string;
}
