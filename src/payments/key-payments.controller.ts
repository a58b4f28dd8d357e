import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ClientId } from '../auth/auth.decorators';
import { Quota } from '../capacity/quota.decorator';
import { openApiSchema } from '../http/openapi-schema';
import { ApiErrors } from '../http/openapi-errors';
import { IDEMPOTENCY_KEY_HEADER } from '../idempotency/idempotency.interceptor';
import { Idempotent } from '../idempotency/idempotent.decorator';
import {
  KeyPreviewAckDto,
  KeyPreviewDto,
  KeyValidationDto,
  keyValidationResponseSchema,
  PeruKeyPreviewDto,
  WalletValidationDto,
  WalletValidationResponseDto,
} from './key-payments.dto';
import { KeyPaymentsService } from './key-payments.service';

const BAD_KEY =
  "INVALID_DICT_KEY: `message` says what is wrong with the key when its form shows it, then lists the key types the country accepts; a key its directory does not know answers `message: ['INVALID_DICT_KEY']`";
const BAD_PREVIEW = `${BAD_KEY}. Without error_code: the amount is out of range for the country, or notification_url is not allowed here`;
const RAIL_DOWN =
  'UPSTREAM_ERROR: the key directory or the FX provider did not answer; retry after Retry-After seconds';
const DUPLICATE = 'ALREADY_PROCESSED: this external_reference already names an order';

/** Payments to a key instead of a QR code (spec: "Payments: key flows"). Pay and status are the QR flow's routes. */
@ApiTags('payments: key flows')
@Controller()
export class KeyPaymentsController {
  constructor(private readonly keys: KeyPaymentsService) {}

  @Quota('lookups')
  @Post('v2/payments/validations/dictkey')
  @HttpCode(200)
  @Idempotent('payments.validation.dictkey')
  @ApiOperation({ summary: "Checks a key's format for its country and looks it up in that country's directory" })
  @ApiOkResponse({
    description:
      "The key's account: Peru's CCI fields (plus walletId and wallets for a phone), or the holder in Brazil and Colombia, masked as Pix apps show it (first name and initials, a masked document and account)",
    schema: openApiSchema(keyValidationResponseSchema),
  })
  @ApiErrors({ 400: BAD_KEY, 503: RAIL_DOWN })
  validateKey(@Body() body: KeyValidationDto) {
    return this.keys.validateKey(body);
  }

  @Quota('lookups')
  @Post('v2/validations/wallet')
  @HttpCode(200)
  @Idempotent('payments.validation.wallet')
  @ApiOperation({ summary: "Peru's phone flow, second step: the account behind the wallet the payer picked" })
  @ApiOkResponse({ type: WalletValidationResponseDto })
  @ApiErrors({ 400: 'An unknown wallet record (INVALID_DICT_KEY), or a wallet that is not in it', 503: RAIL_DOWN })
  validateWallet(@Body() body: WalletValidationDto) {
    return this.keys.validateWallet(body);
  }

  @Quota('previews', 'lookups')
  @Post('v2/payments/previews/dictkey')
  @HttpCode(200)
  @Idempotent('payments.preview.dictkey')
  @ApiOperation({
    summary:
      'Previews a payment to a key: the ack, then the preview callback (payment_type DICT_KEY) with the order to pay',
    description:
      "The currency is set by the server from local_country: BRL, PEN or COP. A phone key's callback lists its `wallets` (and, in Peru, the `walletId` record); pay it with one of them as `wallet_id`.",
  })
  @ApiOkResponse({ type: KeyPreviewAckDto })
  @ApiErrors({ 400: BAD_PREVIEW, 409: DUPLICATE, 503: RAIL_DOWN })
  preview(
    @ClientId() clientId: string,
    @Body() body: KeyPreviewDto,
    @Headers(IDEMPOTENCY_KEY_HEADER) idempotencyKey?: string,
  ) {
    return this.keys.preview(clientId, body, idempotencyKey);
  }

  @Quota('previews', 'lookups')
  @Post('v2/payments/previews/dictkey/peru')
  @HttpCode(200)
  @Idempotent('payments.preview.dictkey.peru')
  @ApiOperation({
    summary:
      "The older Peru variant of the key preview: no local_country, and the payer's tax_id_type (DNI, CUIT, CUIL) is required",
  })
  @ApiOkResponse({ type: KeyPreviewAckDto })
  @ApiErrors({ 400: BAD_PREVIEW, 409: DUPLICATE, 503: RAIL_DOWN })
  previewPeru(
    @ClientId() clientId: string,
    @Body() body: PeruKeyPreviewDto,
    @Headers(IDEMPOTENCY_KEY_HEADER) idempotencyKey?: string,
  ) {
    return this.keys.previewPeru(clientId, body, idempotencyKey);
  }
}
