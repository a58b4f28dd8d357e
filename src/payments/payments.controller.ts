import { Body, Controller, Get, Headers, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ClientId } from '../auth/auth.decorators';
import { IDEMPOTENCY_KEY_HEADER } from '../idempotency/idempotency.interceptor';
import { Idempotent } from '../idempotency/idempotent.decorator';
import { PayDto, PreviewAckDto, QrPreviewDto, SubmitAmountDto } from './payments.dto';
import { PaymentsService } from './payments.service';

@ApiTags('payments')
@Controller()
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Post('v2/payments/previews')
  @HttpCode(200)
  @Idempotent('payments.preview')
  @ApiOkResponse({ type: PreviewAckDto })
  preview(@ClientId() clientId: string, @Body() body: QrPreviewDto, @Headers(IDEMPOTENCY_KEY_HEADER) idempotencyKey?: string) {
    return this.payments.previewQr(clientId, body, idempotencyKey);
  }

  @Put('v2/payments/previews')
  @HttpCode(200)
  @Idempotent('payments.amount')
  submitAmount(@ClientId() clientId: string, @Body() body: SubmitAmountDto) {
    return this.payments.submitAmount(clientId, body);
  }

  @Post('v2/payments')
  @HttpCode(200)
  @Idempotent('payments.pay')
  pay(@ClientId() clientId: string, @Body() body: PayDto) {
    return this.payments.pay(clientId, body);
  }

  @Get('v2/payments/:order_id/status')
  status(@ClientId() clientId: string, @Param('order_id') orderId: string, @Req() request: { id?: string }) {
    return this.payments.statusHistory(clientId, orderId, String(request.id ?? ''));
  }

  @Get('payins/orders/:uuid')
  quickRead(@ClientId() clientId: string, @Param('uuid') orderId: string) {
    return this.payments.quickRead(clientId, orderId);
  }
}
