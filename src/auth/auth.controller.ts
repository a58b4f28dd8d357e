import { Body, Controller, Get, Headers, HttpCode, Inject, Ip, Post } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';
import { ApiError } from '../http/api-error';
import { callerSource } from '../http/caller-source';
import { ApiErrors } from '../http/openapi-errors';
import { RateLimiter } from '../http/rate-limiter';
import { Public } from './auth.decorators';
import { RefreshRequestDto, TokenResponseDto } from './auth.dto';
import { TokenPair, TokenService } from './token.service';

const RATE_LIMITED =
  'RATE_LIMITED: too many refused credentials from this address this minute; retry after Retry-After seconds';

/** The answers that refuse a credential: these, and only these, count against the caller's budget. */
const isRefusal = (error: unknown) =>
  error instanceof ApiError && (error.statusCode === 401 || error.statusCode === 403);

@ApiTags('auth')
@Public()
@Controller('auth')
export class AuthController {
  constructor(
    private readonly tokens: TokenService,
    private readonly rateLimiter: RateLimiter,
    @Inject(ENV) private readonly env: Env,
  ) {}

  @Get('token')
  @ApiHeader({ name: 'x-api-key', required: true })
  @ApiOkResponse({ type: TokenResponseDto })
  @ApiErrors({ 403: 'Forbidden resource: the API key is missing, unknown or disabled', 429: RATE_LIMITED })
  token(@Headers('x-api-key') apiKey: string | undefined, @Ip() ip: string): Promise<TokenPair> {
    return this.refusalsCounted(ip, () => this.tokens.issueForApiKey(apiKey));
  }

  @Post('refresh')
  @HttpCode(200)
  @ApiOkResponse({ type: TokenResponseDto })
  @ApiErrors({
    401: 'Unauthorized: the refresh token is unknown, expired, revoked or already used (a reuse revokes its whole family)',
    429: RATE_LIMITED,
  })
  refresh(@Body() body: RefreshRequestDto, @Ip() ip: string): Promise<TokenPair> {
    return this.refusalsCounted(ip, () => this.tokens.refresh(body.refreshToken));
  }

  /**
   * The credential is checked first, so a valid one is never refused for what others did: only
   * refusals are counted, against the caller's own source, and once a source has had its
   * budget of them this minute its refusals are answered 429 instead. Checking a credential is
   * one indexed read, no dearer than reading a budget, so checking the budget first would save
   * the database nothing (docs/decisions.md, Authentication).
   */
  private async refusalsCounted(ip: string, check: () => Promise<TokenPair>): Promise<TokenPair> {
    try {
      return await check();
    } catch (error) {
      if (isRefusal(error))
        await this.rateLimiter.hit(`auth:${callerSource(ip)}`, this.env.TOKEN_RATE_LIMIT_PER_MINUTE);
      throw error;
    }
  }
}
