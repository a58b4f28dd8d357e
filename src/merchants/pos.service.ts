import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ApiError } from '../http/api-error';
import { CollectorEntity } from './collector.entity';
import { conflict, disableOwned, findOwned, NOT_FOUND, uniquely } from './merchant-records';
import { CreatePosDto, UpdatePosDto } from './pos.dto';
import { PosEntity } from './pos.entity';
import { StoreEntity } from './store.entity';

const POS_EXTERNAL_REFERENCE_UQ = 'points_of_sale_store_external_reference_uq';

/** A POS with the store and collector above it: what a QR needs to name its merchant. */
export interface PosChain {
  pos: PosEntity;
  store: StoreEntity;
  collector: CollectorEntity;
}

@Injectable()
export class PosService {
  constructor(private readonly dataSource: DataSource) {}

  private get points() {
    return this.dataSource.getRepository(PosEntity);
  }

  /** 409 when the store or its collector is disabled, or the store already has the external_reference. */
  async create(clientId: string, storeUuid: string, body: CreatePosDto): Promise<string> {
    const id = randomUUID();
    await uniquely(POS_EXTERNAL_REFERENCE_UQ, conflict, () =>
      this.dataSource.transaction(async (tx) => {
        const store = await findOwned(tx.getRepository(StoreEntity), clientId, storeUuid, NOT_FOUND.store, {
          lockForChildren: true,
        });
        const collector = await tx
          .getRepository(CollectorEntity)
          .findOneOrFail({ where: { id: store.collectorId }, lock: { mode: 'pessimistic_read' } });
        if (!store.enabled || !collector.enabled) throw conflict();
        await tx.getRepository(PosEntity).insert({
          id,
          clientId,
          storeId: store.id,
          externalReference: body.external_reference,
          name: body.name,
          description: body.description ?? null,
          category: body.category ?? null,
          enabled: true,
        });
      }),
    );
    return id;
  }

  async get(clientId: string, uuid: string): Promise<PosChain> {
    const pos = await findOwned(this.points, clientId, uuid, NOT_FOUND.pos, {
      relations: { store: { collector: true } },
    });
    // The foreign keys guarantee both parents; the relations are optional only in the entity's type.
    const store = pos.store!;
    return { pos, store, collector: store.collector! };
  }

  /**
   * The POS a QR is created for, with its store and collector (name, tax_id, country_code, code).
   * 404 `POS not found` when the client has no such POS; 409 when the POS, its store or its
   * collector is disabled, since a disabled merchant must not collect.
   */
  async findActivePos(clientId: string, posUuid: string): Promise<PosChain> {
    const chain = await this.get(clientId, posUuid);
    if (!chain.pos.enabled || !chain.store.enabled || !chain.collector.enabled) {
      throw new ApiError(409, 'POS is disabled, or its store or collector is');
    }
    return chain;
  }

  async listForStore(clientId: string, storeUuid: string): Promise<PosEntity[]> {
    const store = await findOwned(this.dataSource.getRepository(StoreEntity), clientId, storeUuid, NOT_FOUND.store);
    return this.points.find({ where: { clientId, storeId: store.id }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  async update(clientId: string, uuid: string, body: UpdatePosDto): Promise<void> {
    const pos = await findOwned(this.points, clientId, uuid, NOT_FOUND.pos);
    await uniquely(POS_EXTERNAL_REFERENCE_UQ, conflict, () =>
      this.points.update(
        { id: pos.id },
        {
          name: body.name,
          description: body.description,
          externalReference: body.external_reference,
          category: body.category,
        },
      ),
    );
  }

  async disable(clientId: string, uuid: string): Promise<void> {
    if (!(await disableOwned(this.points, clientId, uuid, NOT_FOUND.pos))) throw conflict();
  }
}
