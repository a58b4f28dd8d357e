import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ExactBodyError } from '../http/api-error';
import { CollectorEntity } from './collector.entity';
import { conflict, disableOwned, findOwned, NOT_FOUND, uniquely } from './merchant-records';
import { PosEntity } from './pos.entity';
import { StoreBodyDto, StoreConflict } from './store.dto';
import { StoreEntity } from './store.entity';

const STORE_EXTERNAL_REFERENCE_UQ = 'stores_collector_external_reference_uq';

/** Store creation answers its 409s in the shape the spec gives it alone. */
const storeCreationConflict = (message: string) =>
  new ExactBodyError(409, { response: { message } } satisfies StoreConflict);

@Injectable()
export class StoreService {
  constructor(private readonly dataSource: DataSource) {}

  private get stores() {
    return this.dataSource.getRepository(StoreEntity);
  }

  /** 409 when the collector is disabled or already has a store with the external_reference. */
  async create(clientId: string, collectorUuid: string, body: StoreBodyDto): Promise<string> {
    const id = randomUUID();
    const duplicate = () =>
      storeCreationConflict(
        `A store with external_reference ${body.external_reference} already exists for this collector`,
      );
    await uniquely(STORE_EXTERNAL_REFERENCE_UQ, duplicate, () =>
      this.dataSource.transaction(async (tx) => {
        const collector = await findOwned(
          tx.getRepository(CollectorEntity),
          clientId,
          collectorUuid,
          NOT_FOUND.collector,
          { lockForChildren: true },
        );
        if (!collector.enabled) throw storeCreationConflict('Collector is disabled');
        await tx.getRepository(StoreEntity).insert({
          id,
          clientId,
          collectorId: collector.id,
          externalReference: body.external_reference,
          description: body.description,
          address: body.address,
          phone: body.phone,
          manager: body.manager,
          enabled: true,
        });
      }),
    );
    return id;
  }

  async get(clientId: string, uuid: string): Promise<{ store: StoreEntity; points: PosEntity[] }> {
    const store = await findOwned(this.stores, clientId, uuid, NOT_FOUND.store);
    const points = await this.dataSource.getRepository(PosEntity).find({
      where: { clientId, storeId: store.id },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return { store, points };
  }

  async listForCollector(clientId: string, collectorUuid: string): Promise<StoreEntity[]> {
    const collector = await findOwned(
      this.dataSource.getRepository(CollectorEntity),
      clientId,
      collectorUuid,
      NOT_FOUND.collector,
    );
    return this.stores.find({ where: { clientId, collectorId: collector.id }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** Any other conflict than creation's takes the default 409 body. */
  async update(clientId: string, uuid: string, body: StoreBodyDto): Promise<void> {
    const store = await findOwned(this.stores, clientId, uuid, NOT_FOUND.store);
    await uniquely(STORE_EXTERNAL_REFERENCE_UQ, conflict, () =>
      this.stores.update(
        { id: store.id },
        {
          externalReference: body.external_reference,
          description: body.description,
          address: body.address,
          phone: body.phone,
          manager: body.manager,
        },
      ),
    );
  }

  /** Already disabled: 409 with no body, as the spec's table gives it. */
  async disable(clientId: string, uuid: string): Promise<void> {
    if (!(await disableOwned(this.stores, clientId, uuid, NOT_FOUND.store))) throw new ExactBodyError(409, undefined);
  }
}
