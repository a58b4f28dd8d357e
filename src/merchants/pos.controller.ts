import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ClientId } from '../auth/auth.decorators';
import { ApiErrors } from '../http/openapi-errors';
import { CreatedWithUuidDto, StatusMessageDto } from './merchant.dto';
import { posListEntry, PosListEntry, PosListEntryDto, posRead, PosReadDto } from './merchant-read.dto';
import { CreatePosDto, UpdatePosDto } from './pos.dto';
import { PosService } from './pos.service';

@ApiTags('points of sale')
@Controller()
export class PosController {
  constructor(private readonly points: PosService) {}

  @Post('stores/:store_uuid/pos')
  @ApiOperation({
    summary: 'Create a point of sale under a store',
    description: "The spec does not show the body: it is the store creation's { status, message, uuid }.",
  })
  @ApiCreatedResponse({ type: CreatedWithUuidDto })
  @ApiErrors({
    404: 'Store not found',
    409: 'Conflict: the store or its collector is disabled, or the store already has a POS with this external_reference',
  })
  async create(
    @ClientId() clientId: string,
    @Param('store_uuid') storeUuid: string,
    @Body() body: CreatePosDto,
  ): Promise<CreatedWithUuidDto> {
    const uuid = await this.points.create(clientId, storeUuid, body);
    return { status: 201, message: 'POS created', uuid };
  }

  @Get('stores/:store_uuid/pos')
  @ApiOperation({
    summary: "List a store's points of sale, oldest first",
    description: '`enabled` is the string "true" or "false", as the spec sample carries it.',
  })
  @ApiOkResponse({ type: PosListEntryDto, isArray: true })
  @ApiErrors({ 404: 'Store not found' })
  async list(@ClientId() clientId: string, @Param('store_uuid') storeUuid: string): Promise<PosListEntry[]> {
    return (await this.points.listForStore(clientId, storeUuid)).map(posListEntry);
  }

  @Get('pos/:uuid')
  @ApiOperation({
    summary: 'Read a point of sale with its store and collector',
    description: "`name` and `enabled` (a boolean) are added to the spec's fields.",
  })
  @ApiOkResponse({ type: PosReadDto })
  @ApiErrors({ 404: 'POS not found' })
  async get(@ClientId() clientId: string, @Param('uuid') uuid: string): Promise<PosReadDto> {
    const { pos, store, collector } = await this.points.get(clientId, uuid);
    return posRead(pos, store, collector);
  }

  @Patch('pos/:uuid')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Update a point of sale',
    description: 'The spec does not show the response: 200 { status, message }, like the collector update.',
  })
  @ApiOkResponse({ type: StatusMessageDto })
  @ApiErrors({ 404: 'POS not found', 409: 'Conflict: another POS of the store has this external_reference' })
  async update(
    @ClientId() clientId: string,
    @Param('uuid') uuid: string,
    @Body() body: UpdatePosDto,
  ): Promise<StatusMessageDto> {
    await this.points.update(clientId, uuid, body);
    return { status: 200, message: 'POS updated' };
  }

  @Put('pos/:uuid/disable')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Disable a point of sale',
    description: 'Not in the spec: added for symmetry with collectors and stores. A disabled POS cannot collect.',
  })
  @ApiNoContentResponse()
  @ApiErrors({ 404: 'POS not found', 409: 'Conflict: already disabled' })
  async disable(@ClientId() clientId: string, @Param('uuid') uuid: string): Promise<void> {
    await this.points.disable(clientId, uuid);
  }
}
