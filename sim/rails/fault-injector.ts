import { z } from 'zod';
import { delay } from './delay';
import { DeterministicSource } from './deterministic-source';
import { SimulatorHttpError } from './simulator-http.error';

export const faultConfigSchema = z.strictObject({
  latency_ms: z.number().int().min(0).max(60_000).default(0),
  error_rate: z.number().min(0).max(1).default(0),
  down: z.boolean().default(false),
  /** The request is executed, but its answer never leaves: the connection is held until the caller gives up. */
  lose_response: z.boolean().default(false),
});
export type FaultConfig = z.infer<typeof faultConfigSchema>;

const envFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const faultEnvSchema = z.object({
  RAILS_FAULT_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  RAILS_FAULT_ERROR_RATE: z.coerce.number().min(0).max(1).default(0),
  RAILS_FAULT_DOWN: envFlag.default(false),
  RAILS_FAULT_LOSE_RESPONSE: envFlag.default(false),
});

export function faultsFromEnv(env: NodeJS.ProcessEnv): FaultConfig {
  const parsed = faultEnvSchema.parse(env);
  return {
    latency_ms: parsed.RAILS_FAULT_LATENCY_MS,
    error_rate: parsed.RAILS_FAULT_ERROR_RATE,
    down: parsed.RAILS_FAULT_DOWN,
    lose_response: parsed.RAILS_FAULT_LOSE_RESPONSE,
  };
}

export const NO_FAULTS: FaultConfig = faultConfigSchema.parse({});

/**
 * Which requests fail under error_rate follows a seeded sequence, not Math.random, so that a
 * test or a bug report replays exactly: the n-th request after a configuration change fails
 * or not identically on every run. Posting a configuration replaces it whole and restarts
 * the sequence.
 */
export class FaultInjector {
  private config: FaultConfig;
  private sequence = 0;

  constructor(
    private readonly seed: string,
    initial: FaultConfig,
  ) {
    this.config = initial;
  }

  current(): FaultConfig {
    return this.config;
  }

  /** Read after the request was executed: whether its answer is to be lost. */
  losesResponses(): boolean {
    return this.config.lose_response;
  }

  replace(config: FaultConfig): void {
    this.config = config;
    this.sequence = 0;
  }

  async apply(): Promise<void> {
    const { latency_ms, error_rate, down } = this.config;
    if (latency_ms > 0) await delay(latency_ms);
    if (down) throw new SimulatorHttpError(503, 'RAIL_DOWN', 'the rail is down (fault injection)');
    this.sequence += 1;
    if (error_rate > 0 && DeterministicSource.of(this.seed, 'fault', String(this.sequence)).fraction() < error_rate) {
      throw new SimulatorHttpError(503, 'INJECTED_FAULT', `request ${this.sequence} failed (fault injection)`);
    }
  }
}
