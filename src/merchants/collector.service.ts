import { Injectable } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CollectorEntity } from './collector.entity';
import { CreateCollectorDto, UpdateCollectorDto } from './collector.dto';
import { conflict, disableOwned, findOwned, NOT_FOUND, uniquely, violatesUnique } from './merchant-records';
import { StoreEntity } from './store.entity';

const COLLECTOR_EXTERNAL_REFERENCE_UQ = 'collectors_client_external_reference_uq';

// Crockford's base32: no I, L, O or U, so a code read aloud or retyped from a receipt survives.
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 10;
// 32^10 codes make a collision all but impossible; the bound keeps a broken generator from looping.
const CODE_ATTEMPTS = 3;

function generateCode(): string {
  return Array.from(randomBytes(CODE_LENGTH), (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}

@Injectable()
export class CollectorService {
  constructor(private readonly dataSource: DataSource) {}

  private get collectors() {
    return this.dataSource.getRepository(CollectorEntity);
  }

  /** The new collector's uuid; 409 when the client already has its external_reference. */
  async create(clientId: string, body: CreateCollectorDto): Promise<string> {
    for (let attempt = 1; ; attempt++) {
      const id = randomUUID();
      try {
        await uniquely(COLLECTOR_EXTERNAL_REFERENCE_UQ, conflict, () =>
          this.collectors.insert({
            id,
            clientId,
            externalReference: body.external_reference,
            code: generateCode(),
            name: body.name,
            fantasyName: body.fantasy_name ?? null,
            description: body.description,
            taxId: body.tax_id ?? null,
            address: body.legal_address ?? null,
            regularContactEmail: body.regular_contact_email,
            regularContactPhone: body.regular_contact_phone ?? null,
            manager: null,
            countryCode: body.country_code ?? null,
            category: body.category ?? null,
            enabled: true,
          }),
        );
        return id;
      } catch (error) {
        if (!violatesUnique(error, 'collectors_code_uq') || attempt === CODE_ATTEMPTS) throw error;
      }
    }
  }

  async get(clientId: string, uuid: string): Promise<{ collector: CollectorEntity; stores: StoreEntity[] }> {
    const collector = await findOwned(this.collectors, clientId, uuid, NOT_FOUND.collector);
    const stores = await this.dataSource.getRepository(StoreEntity).find({
      where: { clientId, collectorId: collector.id },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return { collector, stores };
  }

  async list(clientId: string): Promise<CollectorEntity[]> {
    return this.collectors.find({ where: { clientId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** Disabled collectors can still be corrected; only new children are refused. */
  async update(clientId: string, uuid: string, body: UpdateCollectorDto): Promise<void> {
    const collector = await findOwned(this.collectors, clientId, uuid, NOT_FOUND.collector);
    await uniquely(COLLECTOR_EXTERNAL_REFERENCE_UQ, conflict, () =>
      this.collectors.update(
        { id: collector.id },
        {
          name: body.name,
          regularContactEmail: body.email,
          description: body.description,
          externalReference: body.external_reference,
          address: body.address,
          regularContactPhone: body.phone,
          manager: body.manager,
          category: body.category,
        },
      ),
    );
  }

  async disable(clientId: string, uuid: string): Promise<void> {
    if (!(await disableOwned(this.collectors, clientId, uuid, NOT_FOUND.collector))) throw conflict();
  }
}
