import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ClientId } from '../auth/auth.decorators';
import { Quota } from '../capacity/quota.decorator';
import { ApiError } from '../http/api-error';
import { RETRY_AFTER_SECONDS } from '../http/http-exception.filter';
import { ApiErrors } from '../http/openapi-errors';
import { formatRate } from '../money';
import { RailsError } from '../rails/rails.errors';
import { ExchangeRateDto, ExchangeRateParamsDto } from './fx.dto';
import { FxService } from './fx.service';

@ApiTags('exchange-rates')
@Controller('v2/exchange-rates')
export class ExchangeRatesController {
  constructor(private readonly fx: FxService) {}

  @Quota('quotes')
  @Get('rates/payins/:base/:target')
  @ApiOperation({
    summary: "A payin rate at the calling client's spread, stored as a quote valid for 10 minutes",
    description: 'rate = mid × (1 + spread_bps / 10000). base = target answers rate "1" with spread_bps 0.',
  })
  @ApiOkResponse({ type: ExchangeRateDto })
  @ApiErrors({
    400: 'Unsupported currency',
    503: 'UPSTREAM_ERROR: the FX provider did not answer; retry after Retry-After seconds',
  })
  async payinRate(
    @ClientId() clientId: string,
    @Param() { base, target }: ExchangeRateParamsDto,
  ): Promise<ExchangeRateDto> {
    const quote = await this.fx.quote(clientId, base, target).catch((error: unknown) => {
      if (error instanceof RailsError) {
        throw new ApiError(503, 'The FX provider is unavailable; retry later', 'UPSTREAM_ERROR', {
          'retry-after': String(RETRY_AFTER_SECONDS),
        });
      }
      throw error;
    });
    return {
      base: quote.base,
      target: quote.target,
      rate: formatRate(quote.rate),
      inverse_rate: formatRate(quote.inverseRate),
      spread_bps: quote.spreadBps,
      quoted_at: quote.quotedAt.toISOString(),
      expires_at: quote.expiresAt.toISOString(),
    };
  }
}
