import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ClientId } from '../auth/auth.decorators';
import {
  ListNotificationsQueryDto,
  NotificationView,
  NotificationViewDto,
  VerifySignatureRequestDto,
  VerifySignatureResponseDto,
} from './notifications.dto';
import { NotificationsService } from './notifications.service';

@ApiTags('notifications')
@Controller('v2/notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @ApiOkResponse({ type: [NotificationViewDto], description: "The caller's callbacks for the order, each with every delivery attempt" })
  list(@ClientId() clientId: string, @Query() query: ListNotificationsQueryDto): Promise<NotificationView[]> {
    return this.notifications.listForOrder(clientId, query.order_id);
  }

  @Post('verify')
  @HttpCode(200)
  @ApiOkResponse({ type: VerifySignatureResponseDto, description: "Whether the signature is valid for this body under the caller's webhook secret" })
  async verify(@ClientId() clientId: string, @Body() body: VerifySignatureRequestDto): Promise<{ valid: boolean }> {
    return { valid: await this.notifications.verify(clientId, body.payload, body.signature) };
  }
}
