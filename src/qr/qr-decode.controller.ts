import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { decodeEmvQr } from '../emv';
import { ApiErrors } from '../http/openapi-errors';
import { QR_SCOPE } from '../rails/countries';
import {
  QR_MAX_REQUEST_LENGTH,
  QrDecodeRequestDto,
  QrDecodeResponseDto,
  qrDecodeView,
  QrDecodeView,
} from './qr-decode.dto';

@ApiTags('qr')
@Controller('v2/qr')
export class QrDecodeController {
  @Post('decode')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Decode and check an EMVCo merchant-presented QR payload',
    description:
      'Creates nothing. Three questions are answered apart: is the payload well-formed EMVCo (`emvco_valid`, `emvco_errors`), ' +
      "does it keep its scheme's rules (`scheme_valid`, `scheme_violations`), and can this service pay it (`payable`, " +
      '`not_payable_reasons`). `valid` is true exactly when `errors`, all three lists together, is empty. Whatever the ' +
      'answers, the response is 200 with whatever could be read; 400 is only for a body without a string `qr` (or with unknown fields).',
  })
  @ApiOkResponse({ type: QrDecodeResponseDto })
  @ApiErrors({ 400: `qr missing, not a string or longer than ${QR_MAX_REQUEST_LENGTH} characters` })
  decode(@Body() body: QrDecodeRequestDto): QrDecodeView {
    return qrDecodeView(decodeEmvQr(body.qr, QR_SCOPE));
  }
}
