import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';
import { RateLimiter } from '../http/rate-limiter';
import { AuthController } from './auth.controller';
import { BearerAuthGuard } from './bearer-auth.guard';
import { ClientsService } from './clients.service';
import { SecretBox, secretBoxOf } from './secret-box';
import { TokenService } from './token.service';

@Global()
@Module({
  controllers: [AuthController],
  providers: [
    TokenService,
    RateLimiter,
    { provide: SecretBox, inject: [ENV], useFactory: (env: Env) => secretBoxOf(env) },
    {
      provide: ClientsService,
      inject: [DataSource, SecretBox],
      useFactory: (ds: DataSource, box: SecretBox) => new ClientsService(ds, box),
    },
    { provide: APP_GUARD, useClass: BearerAuthGuard },
  ],
  exports: [ClientsService, SecretBox, RateLimiter],
})
export class AuthModule {}
