import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ClientId } from '../auth/auth.decorators';
import { Quota } from '../capacity/quota.decorator';
import { ApiErrors } from '../http/openapi-errors';
import { Idempotent } from '../idempotency/idempotent.decorator';
import { Keyed, type KeyedRequest } from '../idempotency/keyed-request';
import { PaymentResultViewDto, PreviewViewDto, StatusHistoryViewDto } from '../orders/order-views.dto';
import {
  OrderSearchPageDto,
  OrderSearchQueryDto,
  PayDto,
  PreviewAckDto,
  QrPreviewDto,
  QuickReadDto,
  ReceiptNotFoundDto,
  SubmitAmountDto,
} from './payments.dto';
import { PaymentsService } from './payments.service';

const ORDER_REFUSED =
  "INVALID_STATUS: the order's status does not allow it, or the order has expired (past its expires_at undecided, whether or not it reads CANCELED yet: the message says when it expired); ALREADY_PROCESSED: the order was already decided with another idempotency-key";
const RAIL_DOWN = 'UPSTREAM_ERROR: the FX provider did not answer; retry after Retry-After seconds';

@ApiTags('payments')
@Controller()
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Quota('previews')
  @Post('v2/payments/previews')
  @HttpCode(200)
  @Idempotent('payments.preview')
  @ApiOkResponse({ type: PreviewAckDto, description: 'The preview callback follows' })
  @ApiErrors({
    400: 'The QR code is not a payable EMVCo QR (each defect named), its country is not supported, its amount is out of range, or notification_url is not allowed here',
    409: 'ALREADY_PROCESSED: this external_reference already names an order, or another client already scanned this collection QR; INVALID_STATUS: the collection QR was canceled or has expired',
    503: RAIL_DOWN,
  })
  preview(@ClientId() clientId: string, @Body() body: QrPreviewDto, @Keyed() request?: KeyedRequest) {
    return this.payments.previewQr(clientId, body, request);
  }

  @Quota('payments')
  @Put('v2/payments/previews')
  @HttpCode(200)
  @Idempotent('payments.amount')
  @ApiOkResponse({ type: PreviewViewDto, description: 'The full preview; the preview callback carries it too' })
  @ApiErrors({
    400: "The amount is not positive, has more decimals than the currency allows, or is above the country's limit",
    404: 'Order not found',
    409: ORDER_REFUSED,
    503: RAIL_DOWN,
  })
  submitAmount(@ClientId() clientId: string, @Body() body: SubmitAmountDto, @Keyed() request?: KeyedRequest) {
    return this.payments.submitAmount(clientId, body, request);
  }

  @Quota('payments')
  @Post('v2/payments')
  @HttpCode(200)
  @Idempotent('payments.pay')
  @ApiOkResponse({
    type: PaymentResultViewDto,
    description: 'The result so far; the final one may come only by notification',
  })
  @ApiErrors({
    400: "wallet_id is missing or not one of the preview's wallets (phone keys), or sent for an order whose preview listed none; or notification_url is not allowed here",
    404: 'Order not found',
    409: ORDER_REFUSED,
  })
  pay(@ClientId() clientId: string, @Body() body: PayDto, @Keyed() request?: KeyedRequest) {
    return this.payments.pay(clientId, body, request);
  }

  @Quota('searches')
  @Get('v2/payments')
  @ApiOperation({
    summary: "The caller's own orders, newest first, a page at a time",
    description:
      'Every order the caller previewed (as payer) or created as a collection QR (as collector), whatever its status, waiting ones included: the way to find an order whose preview callback was lost, by its external_reference. Pages are cut by a cursor: send next_cursor back as starting_after while has_more is true; orders created meanwhile never shift the pages that follow.',
  })
  @ApiOkResponse({ type: OrderSearchPageDto })
  @ApiErrors({ 400: 'A filter is not valid, or starting_after is not a cursor this listing gave' })
  search(@ClientId() clientId: string, @Query() query: OrderSearchQueryDto) {
    return this.payments.search(clientId, query);
  }

  @Get('v2/payments/:order_id/status')
  @ApiOkResponse({ type: StatusHistoryViewDto })
  @ApiNotFoundResponse({
    type: ReceiptNotFoundDto,
    description: "No such order of the caller: the spec's body with code 2105",
  })
  status(@ClientId() clientId: string, @Param('order_id') orderId: string, @Req() request: { id?: string }) {
    return this.payments.statusHistory(clientId, orderId, String(request.id ?? ''));
  }

  @Get('payins/orders/:uuid')
  @ApiOkResponse({ type: QuickReadDto })
  @ApiErrors({ 404: 'Not Found' })
  quickRead(@ClientId() clientId: string, @Param('uuid') orderId: string) {
    return this.payments.quickRead(clientId, orderId);
  }
}
