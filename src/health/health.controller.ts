import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Client } from '@temporalio/client';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { Public } from '../auth/auth.decorators';

type Check = { status: 'up' } | { status: 'down'; error: string };

async function check(probe: () => Promise<unknown>): Promise<Check> {
  try {
    await probe();
    return { status: 'up' };
  } catch (error) {
    return { status: 'down', error: error instanceof Error ? error.message : String(error) };
  }
}

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly temporal: Client,
  ) {}

  /** 200 when PostgreSQL and Temporal both answer, 503 otherwise, with each part's state. */
  @Get()
  async health(@Res({ passthrough: true }) response: Response) {
    const [postgres, temporal] = await Promise.all([
      check(() => this.dataSource.query('SELECT 1')),
      check(() => this.temporal.workflowService.getSystemInfo({})),
    ]);
    const ok = postgres.status === 'up' && temporal.status === 'up';
    response.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'degraded', checks: { postgres, temporal } };
  }
}
