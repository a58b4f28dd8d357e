import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { RailsModule } from '../rails/rails.module';
import { KeyPaymentsController } from './key-payments.controller';
import { KeyPaymentsService } from './key-payments.service';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';

@Module({
  imports: [OrdersModule, RailsModule],
  controllers: [PaymentsController, KeyPaymentsController],
  providers: [PaymentsService, KeyPaymentsService],
})
export class PaymentsModule {}
