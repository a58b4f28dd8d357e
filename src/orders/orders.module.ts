import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrderRepository } from './order.repository';

/** The order repository for the API's modules (activities build their own from the same class). */
@Module({
  providers: [{ provide: OrderRepository, inject: [DataSource], useFactory: (dataSource: DataSource) => new OrderRepository(dataSource) }],
  exports: [OrderRepository],
})
export class OrdersModule {}
