import { Injectable, Logger } from '@nestjs/common';
import { Client } from '@temporalio/client';
import { DataSource } from 'typeorm';
import { loggableError } from '../db/loggable-error';
import { HttpDrain } from '../http/http-drain';
import { within } from '../infra/within';

export const DEPENDENCIES = ['postgres', 'temporal'] as const;
export type Dependency = (typeof DEPENDENCIES)[number];
export type DependencyStates = Record<Dependency, boolean>;

/** How long a readiness check waits for each dependency: a balancer's probe times out after a few seconds. */
export const READY_CHECK_TIMEOUT_MS = 2000;

/**
 * Whether this API replica should get traffic: not once it is draining (from SIGTERM on), nor
 * while PostgreSQL or Temporal does not answer within READY_CHECK_TIMEOUT_MS. Callers at the
 * same moment share one check. Why a dependency is down goes to the log, once per change of
 * state, and its state to the api's metrics (cbp_dependency_up); never to the public probe.
 */
@Injectable()
export class Readiness {
  private readonly logger = new Logger('Readiness');
  private checking: Promise<DependencyStates> | null = null;
  private readonly last: DependencyStates = { postgres: true, temporal: true };

  constructor(
    private readonly dataSource: DataSource,
    private readonly temporal: Client,
    private readonly drain: HttpDrain,
  ) {}

  async ready(): Promise<boolean> {
    if (this.drain.isDraining) return false;
    const states = await this.dependencies();
    return !this.drain.isDraining && DEPENDENCIES.every((dependency) => states[dependency]);
  }

  dependencies(): Promise<DependencyStates> {
    this.checking ??= this.check().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  private async check(): Promise<DependencyStates> {
    const [postgres, temporal] = await Promise.all([
      this.answers('postgres', () => this.dataSource.query('SELECT 1')),
      this.answers('temporal', () =>
        this.temporal.connection.withDeadline(Date.now() + READY_CHECK_TIMEOUT_MS, () =>
          this.temporal.workflowService.getSystemInfo({}),
        ),
      ),
    ]);
    return { postgres, temporal };
  }

  private async answers(dependency: Dependency, probe: () => Promise<unknown>): Promise<boolean> {
    try {
      await within(probe(), READY_CHECK_TIMEOUT_MS, dependency);
      if (!this.last[dependency]) this.logger.log({ dependency }, `${dependency} answers again`);
      this.last[dependency] = true;
    } catch (error) {
      if (this.last[dependency])
        this.logger.warn({ dependency, error: loggableError(error) }, `${dependency} does not answer: not ready`);
      this.last[dependency] = false;
    }
    return this.last[dependency];
  }
}
