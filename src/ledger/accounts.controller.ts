import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ClientId } from '../auth/auth.decorators';
import { notFound } from '../http/api-error';
import { ApiErrors } from '../http/openapi-errors';
import { amountToJsonNumber } from '../money';
import { AccountBalanceDto, CurrencyParamsDto, MovementPageDto, MovementsQueryDto } from './accounts.dto';
import { LedgerService } from './ledger.service';

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
    summary: 'Journal lines of one currency account, newest first',
    description: 'Lines of both the available and the reserved balance; `account` tells which.',
  })
  @ApiOkResponse({ type: MovementPageDto })
  @ApiErrors({ 400: 'Unsupported currency or invalid paging', 404: 'The client has no account in this currency' })
  async movements(
    @ClientId() clientId: string,
    @Param() { currency }: CurrencyParamsDto,
    @Query() query: MovementsQueryDto,
  ): Promise<MovementPageDto> {
    const page = await this.ledger.movements(clientId, currency, query.page, query.page_size);
    if (!page) throw notFound(`No ${currency} account`);
    return {
      page: query.page,
      page_size: query.page_size,
      total: page.total,
      data: page.data.map((movement) => ({
        id: movement.id,
        entry_id: movement.entryId,
        operation_id: movement.operationId,
        kind: movement.kind,
        account: movement.account,
        amount: amountToJsonNumber(movement.amount, currency),
        balance_after: amountToJsonNumber(movement.balanceAfter, currency),
        reference: movement.reference,
        created_at: movement.createdAt.toISOString(),
      })),
    };
  }
}
