import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ClientId } from '../auth/auth.decorators';
import { Quota } from '../capacity/quota.decorator';
import { ApiErrors } from '../http/openapi-errors';
import { Idempotent } from '../idempotency/idempotent.decorator';
import {
  EventPage,
  EventPageDto,
  ListEventsQueryDto,
  RedeliverEventsRequestDto,
  RedeliverEventsResponse,
  RedeliverEventsResponseDto,
} from './event-log.dto';
import { EventLogService } from './event-log.service';

@ApiTags('notifications')
@Controller('v2/events')
export class EventsController {
  constructor(private readonly events: EventLogService) {}

  @Get()
  @ApiOperation({
    summary: 'Every callback you were sent or are owed, across orders, newest first',
    description:
      'Filtered by event type, delivery status and creation time, each callback with every delivery attempt and the ' +
      "receiver's status code. Paged by an opaque cursor: pass a page's next_cursor as starting_after for the next.",
  })
  @ApiOkResponse({ type: EventPageDto })
  @ApiErrors({ 400: 'A malformed filter, a limit outside 1..100, or a starting_after this listing did not give' })
  list(@ClientId() clientId: string, @Query() query: ListEventsQueryDto): Promise<EventPage> {
    return this.events.list(clientId, query);
  }

  @Quota('redeliveries')
  @Post('redeliver')
  @HttpCode(202)
  @Idempotent('events.redeliver')
  @ApiOperation({
    summary: 'Sends again every callback that matches the filters, e.g. every FAILED one since an outage began',
    description:
      'The filters of GET /v2/events; each matching callback, newest first, is redelivered as POST ' +
      '/v2/notifications/{event_id}/redeliver would redeliver it. Each callback queued counts one against the ' +
      'redeliveries quota: at most `limit`, and no more than the quota holds; has_more and next_cursor say ' +
      'where to go on. Send an idempotency-key: a retry with it queues nothing again.',
  })
  @ApiAcceptedResponse({ type: RedeliverEventsResponseDto, description: 'The redeliveries are queued' })
  @ApiErrors({ 400: 'A malformed filter, a limit outside 1..100, or a starting_after this listing did not give' })
  redeliver(@ClientId() clientId: string, @Body() body: RedeliverEventsRequestDto): Promise<RedeliverEventsResponse> {
    return this.events.redeliver(clientId, body);
  }
}
