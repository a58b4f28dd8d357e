import { Module } from '@nestjs/common';
import { OrderWorkflowClient } from './order-workflow.client';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';

@Module({
  controllers: [PaymentsController],
  providers: [PaymentsService, OrderWorkflowClient],
})
export class PaymentsModule {}
