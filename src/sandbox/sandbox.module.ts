import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { RailsSandboxClient } from './rails-sandbox.client';
import { SandboxController } from './sandbox.controller';
import { SandboxService } from './sandbox.service';

/** Integrators' test helpers. AppModule leaves it out in production, so its routes do not exist there (404). */
@Module({
  imports: [OrdersModule],
  controllers: [SandboxController],
  providers: [SandboxService, RailsSandboxClient],
})
export class SandboxModule {}
