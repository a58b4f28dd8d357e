import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { ClientId } from '../auth/auth.decorators';
import { ApiErrors } from '../http/openapi-errors';
import { CreatedWithUuidDto, StatusMessageDto } from './merchant.dto';
import { posListEntry, storeRead, StoreDetailDto, StoreRead, StoreReadDto } from './merchant-read.dto';
import { StoreBodyDto, StoreConflictDto } from './store.dto';
import { StoreService } from './store.service';

@ApiTags('stores')
@Controller()
export class StoreController {
  constructor(private readonly stores: StoreService) {}

  @Post('collectors/:collector_uuid/stores')
  @ApiOperation({ summary: 'Create a store under a collector' })
  @ApiCreatedResponse({ type: CreatedWithUuidDto })
  @ApiErrors({ 404: 'Collector not found' })
  @ApiConflictResponse({
    type: StoreConflictDto,
    description:
      "The collector is disabled or already has a store with this external_reference, in the spec's body for it",
  })
  async create(
    @ClientId() clientId: string,
    @Param('collector_uuid') collectorUuid: string,
    @Body() body: StoreBodyDto,
  ): Promise<CreatedWithUuidDto> {
    const uuid = await this.stores.create(clientId, collectorUuid, body);
    return { status: 201, message: 'Store created', uuid };
  }

  @Get('collectors/:collector_uuid/stores')
  @ApiOperation({ summary: "List a collector's stores, oldest first, without their points of sale" })
  @ApiOkResponse({ type: StoreReadDto, isArray: true })
  @ApiErrors({ 404: 'Collector not found' })
  async list(@ClientId() clientId: string, @Param('collector_uuid') collectorUuid: string): Promise<StoreRead[]> {
    return (await this.stores.listForCollector(clientId, collectorUuid)).map(storeRead);
  }

  @Get('stores/:uuid')
  @ApiOperation({ summary: 'Read a store with its points of sale (as POS list entries)' })
  @ApiOkResponse({ type: StoreDetailDto })
  @ApiErrors({ 404: 'Store not found' })
  async get(@ClientId() clientId: string, @Param('uuid') uuid: string): Promise<StoreDetailDto> {
    const { store, points } = await this.stores.get(clientId, uuid);
    return { ...storeRead(store), point_of_sales: points.map(posListEntry) };
  }

  @Patch('stores/:uuid')
  @HttpCode(201)
  @ApiOperation({
    summary: "Replace a store's five fields",
    description: 'Answers 201 { status, message } as the spec gives it. A disabled store can still be updated.',
  })
  @ApiCreatedResponse({ type: StatusMessageDto })
  @ApiErrors({ 404: 'Store not found', 409: 'Conflict: another store of the collector has this external_reference' })
  async update(
    @ClientId() clientId: string,
    @Param('uuid') uuid: string,
    @Body() body: StoreBodyDto,
  ): Promise<StatusMessageDto> {
    await this.stores.update(clientId, uuid, body);
    return { status: 201, message: 'Store updated' };
  }

  @Put('stores/:uuid/disable')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Disable a store',
    description: 'Its points of sale keep their own flag, but none can be created or collect while it is disabled.',
  })
  @ApiNoContentResponse()
  @ApiErrors({ 404: 'Store not found' })
  @ApiConflictResponse({ description: 'Already disabled; no body, as the spec gives it' })
  async disable(@ClientId() clientId: string, @Param('uuid') uuid: string): Promise<void> {
    await this.stores.disable(clientId, uuid);
  }
}
