import { Body, Controller, Get, Headers, HttpCode, Inject, Ip, Post } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';
import { RateLimiter } from '../http/rate-limiter';
import { Public } from './auth.decorators';
import { RefreshRequestDto, TokenResponseDto } from './auth.dto';
import { TokenPair, TokenService } from './token.service';

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
  async token(@Headers('x-api-key') apiKey: string | undefined, @Ip() ip: string): Promise<TokenPair> {
    await this.rateLimiter.hit(`auth:${ip}`, this.env.TOKEN_RATE_LIMIT_PER_MINUTE);
    return this.tokens.issueForApiKey(apiKey);
  }

  @Post('refresh')
  @HttpCode(200)
  @ApiOkResponse({ type: TokenResponseDto })
  async refresh(@Body() body: RefreshRequestDto, @Ip() ip: string): Promise<TokenPair> {
    await this.rateLimiter.hit(`auth:${ip}`, this.env.TOKEN_RATE_LIMIT_PER_MINUTE);
    return this.tokens.refresh(body.refreshToken);
  }
}
