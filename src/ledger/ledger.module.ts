import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccountsController } from './accounts.controller';
import { LedgerService } from './ledger.service';

@Module({
  controllers: [AccountsController],
  providers: [
    {
      provide: LedgerService,
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => new LedgerService(dataSource),
    },
  ],
  exports: [LedgerService],
})
export class LedgerModule {}
