import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ClientId } from '../auth/auth.decorators';
import { Quota } from '../capacity/quota.decorator';
import { ApiErrors } from '../http/openapi-errors';
import { Idempotent } from '../idempotency/idempotent.decorator';
import { Keyed, type KeyedRequest } from '../idempotency/keyed-request';
import { RefundParamsDto, RefundRequestDto, RefundResultDto, RefundViewDto } from './refunds.dto';
import { RefundsService } from './refunds.service';

@ApiTags('refunds')
@Controller()
export class RefundsController {
  constructor(private readonly refunds: RefundsService) {}

  @Quota('refunds')
  @Post('v2/qr/refund')
  @HttpCode(201)
  @Idempotent('refunds.create')
  @ApiOperation({
    summary:
      'Refunds a paid order in full or in part; the payer is credited its share, and the refund notification follows',
    description:
      "Refunds any COMPLETED or PARTIALLY_REFUNDED order the caller paid (QR or key flow), or collected. The refund executes at the rail that paid the merchant; the payer's account is then credited pro rata in its currency at the order's rate. Send an idempotency-key: a retry with it names the same refund.",
  })
  @ApiCreatedResponse({ type: RefundResultDto })
  @ApiErrors({
    400: 'A zero, negative or over-precise amount',
    404: 'Order not found: no such order of the caller',
    409: 'INVALID_STATUS: not paid, already refunded, canceled, or past the refund window',
    422: 'AMOUNT_EXCEEDS_REFUNDABLE: more than what remains (refunds in flight hold their amount)',
  })
  refund(@ClientId() clientId: string, @Body() body: RefundRequestDto, @Keyed() request?: KeyedRequest) {
    return this.refunds.refund(clientId, body, request);
  }

  @Get('v2/qr/refund/:refund_id')
  @ApiOperation({
    summary: 'One refund by its id (the refund_id of the refund answer)',
    description:
      'A refund of an order the caller paid or collected, whatever its status: the way to learn how a PENDING refund ended when its notification was lost.',
  })
  @ApiOkResponse({ type: RefundViewDto })
  @ApiErrors({ 400: 'refund_id is not a UUID', 404: "Refund not found: no such refund of the caller's orders" })
  read(@ClientId() clientId: string, @Param() { refund_id }: RefundParamsDto) {
    return this.refunds.read(clientId, refund_id);
  }
}
