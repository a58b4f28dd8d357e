import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ClientId } from '../auth/auth.decorators';
import { notFound } from '../http/api-error';
import { ApiErrors } from '../http/openapi-errors';
import { cursorPage, DEFAULT_PAGE_LIMIT } from '../http/page-cursor';
import { amountToJsonNumber } from '../money';
import { AccountBalanceDto, CurrencyParamsDto, MovementPageDto, MovementsQueryDto } from './accounts.dto';
import { LedgerService } from './ledger.service';

/** The deprecated offset paging's page size unless given, as it always was. */
const LEGACY_PAGE_SIZE = 50;

@ApiTags('accounts')
@Controller('v2/accounts')
export class AccountsController {
  constructor(private readonly ledger: LedgerService) {}

  @Get()
  @ApiOperation({
    summary: "The calling client's pre-funded balances",
    description: 'One row per currency the client has an account in, by currency code; [] before the first funding.',
  })
  @ApiOkResponse({ type: AccountBalanceDto, isArray: true })
  async list(@ClientId() clientId: string): Promise<AccountBalanceDto[]> {
    return (await this.ledger.balances(clientId)).map(({ currency, available, reserved }) => ({
      currency,
      available: amountToJsonNumber(available, currency),
      reserved: amountToJsonNumber(reserved, currency),
    }));
  }

  @Get(':currency/movements')
  @ApiOperation({
    summary: 'Journal lines of one currency account, newest first, a page at a time',
    description:
      'Lines of both the available and the reserved balance; `account` tells which. Send next_cursor back as starting_after while has_more is true: lines written meanwhile never shift the pages that follow. page and page_size (offset paging) still work, deprecated: such an answer also carries page, page_size and total, and a `Deprecation: true` header.',
  })
  @ApiOkResponse({ type: MovementPageDto })
  @ApiErrors({
    400: 'Unsupported currency, invalid paging, a cursor this listing did not give, or page/page_size mixed with limit/starting_after',
    404: 'The client has no account in this currency',
  })
  async movements(
    @ClientId() clientId: string,
    @Param() { currency }: CurrencyParamsDto,
    @Query() query: MovementsQueryDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<MovementPageDto> {
    const legacy = query.page !== undefined || query.page_size !== undefined;
    const pageNumber = query.page ?? 1;
    const limit = legacy ? (query.page_size ?? LEGACY_PAGE_SIZE) : (query.limit ?? DEFAULT_PAGE_LIMIT);
    const page = await this.ledger.movements(
      clientId,
      currency,
      legacy ? { limit, offset: (pageNumber - 1) * limit } : { limit, after: query.starting_after?.[0] },
    );
    if (!page) throw notFound(`No ${currency} account`);
    const { rows, has_more, next_cursor } = cursorPage(page, limit, (movement) => [movement.id]);
    const data = rows.map((movement) => ({
      id: movement.id,
      entry_id: movement.entryId,
      operation_id: movement.operationId,
      kind: movement.kind,
      account: movement.account,
      amount: amountToJsonNumber(movement.amount, currency),
      balance_after: amountToJsonNumber(movement.balanceAfter, currency),
      reference: movement.reference,
      created_at: movement.createdAt.toISOString(),
    }));
    if (!legacy) return { data, has_more, next_cursor };
    response.setHeader('Deprecation', 'true');
    const total = await this.ledger.movementCount(clientId, currency);
    return { data, has_more, next_cursor, page: pageNumber, page_size: limit, total };
  }
}
