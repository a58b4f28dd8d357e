import { Module } from '@nestjs/common';
import { QrDecodeController } from './qr-decode.controller';

/** QR tooling for integrators over the pure EMVCo codec (src/emv); no state, no providers. */
@Module({
  controllers: [QrDecodeController],
})
export class QrModule {}
