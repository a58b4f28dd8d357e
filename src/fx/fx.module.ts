import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RAILS_PORT, RailsModule } from '../rails/rails.module';
import type { RailsPort } from '../rails/rails.port';
import { ExchangeRatesController } from './exchange-rates.controller';
import { FxService } from './fx.service';

@Module({
  imports: [RailsModule],
  controllers: [ExchangeRatesController],
  providers: [
    {
      provide: FxService,
      inject: [DataSource, RAILS_PORT],
      useFactory: (dataSource: DataSource, rails: RailsPort) => new FxService(dataSource, rails),
    },
  ],
  exports: [FxService],
})
export class FxModule {}
