import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { Public } from '../auth/auth.decorators';
import { Probe } from './probe.decorator';
import { Readiness } from './readiness';

const probeSchema = z.object({ status: z.enum(['up', 'down']) });
type ProbeAnswer = z.infer<typeof probeSchema>;
class ProbeDto extends createZodDto(probeSchema) {}

/**
 * The probes a balancer and a supervisor ask, public, so they say up or down and nothing more:
 * which dependency failed, and why, is in the log and on the metrics port.
 */
@ApiTags('health')
@Public()
@Probe()
@Controller()
export class HealthController {
  constructor(private readonly readiness: Readiness) {}

  /**
   * Liveness: the process runs and its event loop answers. PostgreSQL or Temporal being away
   * does not fail it: restarting every replica would not bring them back.
   */
  @Get('health')
  @ApiOkResponse({ type: ProbeDto, description: 'The process is alive: always `{"status":"up"}`' })
  health(): ProbeAnswer {
    return { status: 'up' };
  }

  /**
   * Readiness: whether to send this replica traffic. 503 from SIGTERM on (the replica drains),
   * and while PostgreSQL or Temporal does not answer within 2 s.
   */
  @Get('ready')
  @ApiOkResponse({ type: ProbeDto, description: 'Taking traffic: `{"status":"up"}`' })
  @ApiServiceUnavailableResponse({
    type: ProbeDto,
    description:
      'Not taking traffic: `{"status":"down"}`, while shutting down or while PostgreSQL or Temporal does not answer',
  })
  async ready(@Res({ passthrough: true }) response: Response): Promise<ProbeAnswer> {
    const ready = await this.readiness.ready();
    response.status(ready ? 200 : 503);
    return { status: ready ? 'up' : 'down' };
  }
}
