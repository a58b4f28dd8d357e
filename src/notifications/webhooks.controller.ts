import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ClientId } from '../auth/auth.decorators';
import { Quota } from '../capacity/quota.decorator';
import { ApiErrors } from '../http/openapi-errors';
import { WebhookTestRequestDto, WebhookTestResponse, WebhookTestResponseDto } from './event-log.dto';
import { WebhookPingService } from './webhook-ping.service';

@ApiTags('notifications')
@Controller('v2/webhooks')
export class WebhooksController {
  constructor(private readonly pings: WebhookPingService) {}

  @Quota('redeliveries')
  @Post('test')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sends a signed PING callback to a URL of yours and answers what your receiver did with it',
    description:
      'The body is {"event":"PING","event_id":…,"created_at":…}, signed under your webhook secret and sent with the ' +
      'headers of every callback (signature, x-event-id), from where callbacks leave, under the rules of ' +
      'notification_url: in production only https to a public address. One attempt of at most 10 s; nothing is ' +
      'stored or retried. Counts against the redeliveries quota.',
  })
  @ApiOkResponse({ type: WebhookTestResponseDto, description: 'The ping was sent (acknowledged or not)' })
  @ApiErrors({
    400: 'url: not a URL a callback may be sent to',
    503: 'SERVICE_UNAVAILABLE: the ping could not be sent within 30 s (the workers are behind)',
  })
  test(@ClientId() clientId: string, @Body() body: WebhookTestRequestDto): Promise<WebhookTestResponse> {
    return this.pings.ping(clientId, body.url);
  }
}
