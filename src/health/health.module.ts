import { Global, Module } from '@nestjs/common';
import { HttpDrain } from '../http/http-drain';
import { HealthController } from './health.controller';
import { Readiness } from './readiness';

/** The probes, and the drain state they and the HTTP app share. */
@Global()
@Module({
  controllers: [HealthController],
  providers: [HttpDrain, Readiness],
  exports: [HttpDrain, Readiness],
})
export class HealthModule {}
