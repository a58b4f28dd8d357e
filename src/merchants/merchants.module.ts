import { Module } from '@nestjs/common';
import { CollectorController } from './collector.controller';
import { CollectorService } from './collector.service';
import { PosController } from './pos.controller';
import { PosService } from './pos.service';
import { StoreController } from './store.controller';
import { StoreService } from './store.service';

/** The merchant hierarchy: collectors own stores, stores own points of sale. */
@Module({
  controllers: [CollectorController, StoreController, PosController],
  providers: [CollectorService, StoreService, PosService],
  // QR creation resolves its POS through PosService.findActivePos.
  exports: [PosService],
})
export class MerchantsModule {}
