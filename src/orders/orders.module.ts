import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrderRepository } from './order.repository';
import { OrderWorkflowClient } from './order-workflow.client';

/**
 * The orders for the API's modules: their repository (activities build their own from the same
 * class) and the client that starts their workflows and sends them the integrators' actions.
 */
@Module({
  providers: [
    { provide: OrderRepository, inject: [DataSource], useFactory: (dataSource: DataSource) => new OrderRepository(dataSource) },
    OrderWorkflowClient,
  ],
  exports: [OrderRepository, OrderWorkflowClient],
})
export class OrdersModule {}
