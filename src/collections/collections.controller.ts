import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ClientId } from '../auth/auth.decorators';
import { Quota } from '../capacity/quota.decorator';
import { ApiErrors } from '../http/openapi-errors';
import { IDEMPOTENCY_KEY_HEADER } from '../idempotency/idempotency.interceptor';
import { Idempotent } from '../idempotency/idempotent.decorator';
import { StatusHistoryViewDto } from '../orders/order-views.dto';
import { CanceledQrDto, CreatedQrDto, CreateQrDto } from './collections.dto';
import { CollectionsService } from './collections.service';

@ApiTags('collections')
@Controller()
export class CollectionsController {
  constructor(private readonly collections: CollectionsService) {}

  @Quota('previews')
  @Post('v2/qr')
  @HttpCode(201)
  @Idempotent('collections.qr')
  @ApiOperation({
    summary: 'Creates a QR code for one of your points of sale; the QR creation notification follows',
    description:
      'With amount: a dynamic closed-amount QR (order CREATED); without: a static open-amount QR (WAITING_AMOUNT), whose payer enters the amount. Any client can pay it through POST /v2/payments/previews; your account is credited in the local currency when it is paid. It expires after QR_EXPIRY_SECONDS (QR_EXPIRED notification).',
  })
  @ApiCreatedResponse({ type: CreatedQrDto })
  @ApiErrors({
    400: "An amount out of range for the country or with too many decimals, a notification_url not allowed here, or a currency that is not the collector's",
    404: 'POS not found: not one of your points of sale',
    409: 'The POS, its store or its collector is disabled; ALREADY_PROCESSED: external_reference already names another of your QRs',
    503: 'UPSTREAM_ERROR: the FX provider did not answer; retry after Retry-After seconds',
  })
  create(
    @ClientId() clientId: string,
    @Body() body: CreateQrDto,
    @Headers(IDEMPOTENCY_KEY_HEADER) idempotencyKey?: string,
  ) {
    return this.collections.createQr(clientId, body, idempotencyKey);
  }

  @Quota('payments')
  @Delete('v2/payins/qr/:order_id')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Cancels a QR nobody has paid; a payment racing the cancel either wins or is refused, never half-applied',
  })
  @ApiOkResponse({ type: CanceledQrDto })
  @ApiErrors({
    404: 'Order not found: not a QR you created',
    409: 'INVALID_STATUS: already being paid, paid, expired or failed',
  })
  cancel(@ClientId() clientId: string, @Param('order_id') orderId: string) {
    return this.collections.cancelQr(clientId, orderId);
  }

  @Get('v2/payins/orders/:order_id')
  @ApiOperation({ summary: 'A QR you created: its current status and status history, under your external_reference' })
  @ApiOkResponse({ type: StatusHistoryViewDto })
  @ApiErrors({ 404: 'Order not found: not a QR you created' })
  read(@ClientId() clientId: string, @Param('order_id') orderId: string) {
    return this.collections.read(clientId, orderId);
  }
}
