import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RAILS, RailsModule } from '../rails/rails.module';
import type { Rails } from '../rails/rails.port';
import { ExchangeRatesController } from './exchange-rates.controller';
import { FxService } from './fx.service';

@Module({
  imports: [RailsModule],
  controllers: [ExchangeRatesController],
  providers: [
    {
      provide: FxService,
      inject: [DataSource, RAILS],
      useFactory: (dataSource: DataSource, rails: Rails) => new FxService(dataSource, rails.fx),
    },
  ],
  exports: [FxService],
})
export class FxModule {}
