import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrdersModule } from '../orders/orders.module';
import { RefundRepository } from './refund.repository';
import { RefundsController } from './refunds.controller';
import { RefundsService } from './refunds.service';
import { RefundsWorkflowClient } from './refunds-workflow.client';

@Module({
  imports: [OrdersModule],
  controllers: [RefundsController],
  providers: [
    RefundsService,
    RefundsWorkflowClient,
    {
      provide: RefundRepository,
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => new RefundRepository(dataSource),
    },
  ],
})
export class RefundsModule {}
