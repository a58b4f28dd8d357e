import { Column, Entity } from 'typeorm';
import { MerchantRecord } from './merchant-record.entity';

/** A merchant or business of a client; it owns stores, which own points of sale. */
@Entity('collectors')
export class CollectorEntity extends MerchantRecord {
  /** Generated here, unique across the service: short enough for a QR's merchant fields. */
  @Column({ type: 'varchar', length: 16 })
  code!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ name: 'fantasy_name', type: 'varchar', length: 200, nullable: true })
  fantasyName!: string | null;

  @Column({ type: 'varchar', length: 500 })
  description!: string;

  @Column({ name: 'tax_id', type: 'varchar', length: 50, nullable: true })
  taxId!: string | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  address!: string | null;

  @Column({ name: 'regular_contact_email', type: 'varchar', length: 254 })
  regularContactEmail!: string;

  @Column({ name: 'regular_contact_phone', type: 'varchar', length: 30, nullable: true })
  regularContactPhone!: string | null;

  /** Set only through the update body; the spec's read representation does not show it. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  manager!: string | null;

  @Column({ name: 'country_code', type: 'char', length: 2, nullable: true })
  countryCode!: string | null;

  /** The merchant category code (ISO 18245) of its points of sale that have none of their own. */
  @Column({ type: 'integer', nullable: true })
  category!: number | null;
}
