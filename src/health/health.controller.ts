import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Client } from '@temporalio/client';
import type { Response } from 'express';
import { createZodDto } from 'nestjs-zod';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { Public } from '../auth/auth.decorators';

const checkSchema = z.union([
  z.object({ status: z.literal('up') }),
  z.object({ status: z.literal('down'), error: z.string().describe('Why the probe failed') }),
]);
type Check = z.infer<typeof checkSchema>;

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.object({ postgres: checkSchema, temporal: checkSchema }),
});
class HealthDto extends createZodDto(healthSchema) {}

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
  @ApiOkResponse({ type: HealthDto, description: 'PostgreSQL and Temporal both answer' })
  @ApiServiceUnavailableResponse({ type: HealthDto, description: 'One of them does not: `checks` says which, and why' })
  async health(@Res({ passthrough: true }) response: Response): Promise<z.infer<typeof healthSchema>> {
    const [postgres, temporal] = await Promise.all([
      check(() => this.dataSource.query('SELECT 1')),
      check(() => this.temporal.workflowService.getSystemInfo({})),
    ]);
    const ok = postgres.status === 'up' && temporal.status === 'up';
    response.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'degraded', checks: { postgres, temporal } };
  }
}
