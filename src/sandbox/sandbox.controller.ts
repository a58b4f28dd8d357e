import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ClientId } from '../auth/auth.decorators';
import { Quota } from '../capacity/quota.decorator';
import { ApiErrors } from '../http/openapi-errors';
import type { StatusHistoryView } from '../orders/order-views';
import { StatusHistoryViewDto } from '../orders/order-views.dto';
import { ForcePayoutRequestDto, ForcePayoutResponse, ForcePayoutResponseDto } from './sandbox.dto';
import { SandboxService } from './sandbox.service';

/** Test helpers for integrators; not mounted at all with NODE_ENV=production (AppModule). */
@ApiTags('sandbox')
@Controller('v2/sandbox/orders')
export class SandboxController {
  constructor(private readonly sandbox: SandboxService) {}

  @Quota('payments')
  @Post(':order_id/expire')
  @HttpCode(200)
  @ApiOperation({
    summary: "Sandbox only: the order's expiry timer fires now",
    description:
      'An order still waiting for its amount, its decision (or, for a collection, a payer) is canceled as EXPIRED exactly as after ' +
      'QR_EXPIRY_SECONDS, and the QR expiration notification is sent. Answers the order in the shape of GET /v2/payments/{order_id}/status.',
  })
  @ApiOkResponse({ type: StatusHistoryViewDto, description: 'The order, now CANCELED with its status history' })
  @ApiErrors({
    404: 'Order not found: no such order of the caller',
    409: 'INVALID_STATUS: the order no longer waits (decided, paid, canceled)',
  })
  expire(@ClientId() clientId: string, @Param('order_id') orderId: string): Promise<StatusHistoryView> {
    return this.sandbox.expire(clientId, orderId);
  }

  @Quota('payments')
  @Post(':order_id/payout')
  @HttpCode(200)
  @ApiOperation({
    summary: "Sandbox only: fixes the rail's answer to this order's payout",
    description:
      'Told to the rails simulator, which answers the payout so when the order is paid, whatever its amount or destination. ' +
      'Only before the decision: once the payout was sent, the rail has answered.',
  })
  @ApiOkResponse({ type: ForcePayoutResponseDto })
  @ApiErrors({
    404: 'Order not found: no such order of the caller',
    409: 'INVALID_STATUS: the payout was already sent, the order is final, or it is a collection (no rail pays it)',
    503: 'UPSTREAM_ERROR: the rails simulator did not answer; retry after Retry-After seconds',
  })
  forcePayout(
    @ClientId() clientId: string,
    @Param('order_id') orderId: string,
    @Body() body: ForcePayoutRequestDto,
  ): Promise<ForcePayoutResponse> {
    return this.sandbox.forcePayout(clientId, orderId, body.outcome);
  }
}
