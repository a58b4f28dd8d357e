import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { FxModule } from '../fx/fx.module';
import { OrderRepository } from './order.repository';
import { OrderSearch } from './order-search';
import { OrderWorkflowClient } from './order-workflow.client';
import { PaymentOrders } from './payment-orders';

/**
 * The orders for the API's modules: their repository (activities build their own from the same
 * class), the client that starts their workflows and sends them the integrators' actions, and
 * the opening of new ones, and the search of a client's own.
 */
@Module({
  imports: [FxModule],
  providers: [
    {
      provide: OrderRepository,
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => new OrderRepository(dataSource),
    },
    { provide: OrderSearch, inject: [DataSource], useFactory: (dataSource: DataSource) => new OrderSearch(dataSource) },
    OrderWorkflowClient,
    PaymentOrders,
  ],
  exports: [OrderRepository, OrderSearch, OrderWorkflowClient, PaymentOrders],
})
export class OrdersModule {}
