import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ClientId } from '../auth/auth.decorators';
import { Quota } from '../capacity/quota.decorator';
import { ApiErrors } from '../http/openapi-errors';
import {
  ListNotificationsQueryDto,
  NotificationView,
  NotificationViewDto,
  RotatedWebhookSecretDto,
  RotatedWebhookSecretView,
  RotateWebhookSecretRequestDto,
  VerifySignatureRequestDto,
  VerifySignatureResponseDto,
} from './notifications.dto';
import { NotificationsService } from './notifications.service';

@ApiTags('notifications')
@Controller('v2/notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @ApiOkResponse({
    type: [NotificationViewDto],
    description: "The caller's callbacks for the order, each with every delivery attempt",
  })
  list(@ClientId() clientId: string, @Query() query: ListNotificationsQueryDto): Promise<NotificationView[]> {
    return this.notifications.listForOrder(clientId, query.order_id);
  }

  @Quota('redeliveries')
  @Post(':event_id/redeliver')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Sends one of your callbacks again, delivered or not',
    description:
      'The same stored body with a fresh signature, through the same delivery path and retries as any callback. ' +
      'The answer is the callback as it stands when the redelivery is queued; the redelivery is the first attempt ' +
      'numbered above its attempt_count in GET /v2/notifications. Available in every environment.',
  })
  @ApiAcceptedResponse({ type: NotificationViewDto, description: 'The redelivery is queued' })
  @ApiErrors({ 404: 'Notification not found: no such callback of the caller' })
  redeliver(@ClientId() clientId: string, @Param('event_id') eventId: string): Promise<NotificationView> {
    return this.notifications.redeliver(clientId, eventId);
  }

  @Post('webhook-secret/rotate')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Replaces your webhook secret, the old one signing beside it for an overlap',
    description:
      'Every callback is signed with both secrets until previous_secret_valid_until (two v1 and two v2 entries in ' +
      '`signature`, two in `webhook-signature`), then with the new one only. Switch your receivers to the new secret ' +
      'within the overlap. A rotation during an overlap ends the older secret at once.',
  })
  @ApiOkResponse({ type: RotatedWebhookSecretDto, description: 'The new secret, shown this once' })
  rotateSecret(
    @ClientId() clientId: string,
    @Body() body: RotateWebhookSecretRequestDto,
  ): Promise<RotatedWebhookSecretView> {
    return this.notifications.rotateSecret(clientId, body.overlap_seconds);
  }

  @Post('verify')
  @HttpCode(200)
  @ApiOkResponse({
    type: VerifySignatureResponseDto,
    description: "Whether the signature is valid for this body under the caller's webhook secret",
  })
  async verify(@ClientId() clientId: string, @Body() body: VerifySignatureRequestDto): Promise<{ valid: boolean }> {
    return { valid: await this.notifications.verify(clientId, body.payload, body.signature, body.event_id) };
  }
}
