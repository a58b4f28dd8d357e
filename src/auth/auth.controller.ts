import { Body, Controller, Get, Headers, HttpCode, Inject, Ip, Post } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';
import { ApiError } from '../http/api-error';
import { ApiErrors } from '../http/openapi-errors';
import { RateLimiter } from '../http/rate-limiter';
import { Public } from './auth.decorators';
import { RefreshRequestDto, TokenResponseDto } from './auth.dto';
import { apiKeyDisplayPrefix } from './credentials';
import { TokenPair, TokenService } from './token.service';

const RATE_LIMITED = 'RATE_LIMITED: too many token requests from this address, or refused keys with this prefix, this minute; retry after Retry-After seconds';

@ApiTags('auth')
@Public()
@Controller('auth')
export class AuthController {
  constructor(
    private readonly tokens: TokenService,
    private readonly rateLimiter: RateLimiter,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /**
   * Two budgets: every request counts against the caller's address, and every refused key
   * against its prefix, so guesses at one key spread over many addresses are stopped too.
   */
  @Get('token')
  @ApiHeader({ name: 'x-api-key', required: true })
  @ApiOkResponse({ type: TokenResponseDto })
  @ApiErrors({ 403: 'Forbidden resource: the API key is missing, unknown or disabled', 429: RATE_LIMITED })
  async token(@Headers('x-api-key') apiKey: string | undefined, @Ip() ip: string): Promise<TokenPair> {
    const limit = this.env.TOKEN_RATE_LIMIT_PER_MINUTE;
    const prefixBucket = apiKey ? `auth-key:${apiKeyDisplayPrefix(apiKey)}` : null;
    await this.rateLimiter.hit(`auth:${ip}`, limit, prefixBucket);
    try {
      return await this.tokens.issueForApiKey(apiKey);
    } catch (error) {
      if (prefixBucket && error instanceof ApiError && error.statusCode === 403) await this.rateLimiter.hit(prefixBucket, limit);
      throw error;
    }
  }

  @Post('refresh')
  @HttpCode(200)
  @ApiOkResponse({ type: TokenResponseDto })
  @ApiErrors({ 401: 'Unauthorized: the refresh token is unknown, expired, revoked or already used (a reuse revokes its whole family)', 429: RATE_LIMITED })
  async refresh(@Body() body: RefreshRequestDto, @Ip() ip: string): Promise<TokenPair> {
    await this.rateLimiter.hit(`auth:${ip}`, this.env.TOKEN_RATE_LIMIT_PER_MINUTE);
    return this.tokens.refresh(body.refreshToken);
  }
}
