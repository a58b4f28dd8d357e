import { Module } from '@nestjs/common';
import { FxModule } from '../fx/fx.module';
import { OrdersModule } from '../orders/orders.module';
import { OrderWorkflowClient } from './order-workflow.client';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';

@Module({
  imports: [OrdersModule, FxModule],
  controllers: [PaymentsController],
  providers: [PaymentsService, OrderWorkflowClient],
})
export class PaymentsModule {}
