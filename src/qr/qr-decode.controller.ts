import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { decodeEmvQr } from '../emv';
import { QrDecodeRequestDto, QrDecodeResponseDto, qrDecodeView, QrDecodeView } from './qr-decode.dto';

@ApiTags('qr')
@ApiBearerAuth()
@Controller('v2/qr')
export class QrDecodeController {
  @Post('decode')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Decode and check an EMVCo merchant-presented QR payload',
    description:
      'Creates nothing. A defective payload is answered 200 with `valid: false` and every defect in `errors`, ' +
      'alongside whatever could still be read; 400 is only for a body without a string `qr` (or with unknown fields).',
  })
  @ApiOkResponse({ type: QrDecodeResponseDto })
  @ApiBadRequestResponse({ description: `{ statusCode: 400, message: ["qr: ..."] }: qr missing, not a string or longer than 1024 characters` })
  decode(@Body() body: QrDecodeRequestDto): QrDecodeView {
    return qrDecodeView(decodeEmvQr(body.qr));
  }
}
