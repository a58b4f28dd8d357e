import { Module } from '@nestjs/common';
import { FxModule } from '../fx/fx.module';
import { OrdersModule } from '../orders/orders.module';
import { RailsModule } from '../rails/rails.module';
import { KeyPaymentsController } from './key-payments.controller';
import { KeyPaymentsService } from './key-payments.service';
import { PaymentOrders } from './payment-orders';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';

@Module({
  imports: [OrdersModule, FxModule, RailsModule],
  controllers: [PaymentsController, KeyPaymentsController],
  providers: [PaymentsService, KeyPaymentsService, PaymentOrders],
  exports: [PaymentOrders],
})
export class PaymentsModule {}
