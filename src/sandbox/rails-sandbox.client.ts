import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';
import { RailHttpClient } from '../rails/http/rail-http-client';
import { FORCED_PAYOUT_ANSWERS, type ForcedPayoutAnswer } from './forced-payout-answers';

const forcedAnswerSchema = z.object({ payoutId: z.string(), outcome: z.enum(FORCED_PAYOUT_ANSWERS) });

/**
 * The rails simulator's admin side, which only the sandbox reaches (production's rails are real
 * and have none). The rail remembers what it was told, as it remembers what it paid: nothing
 * about it is written to the orders database.
 */
@Injectable()
export class RailsSandboxClient {
  private readonly http: RailHttpClient;

  constructor(@Inject(ENV) env: Env) {
    this.http = new RailHttpClient(env.RAILS_URL, env.RAILS_TIMEOUT_MS, 'simulator');
  }

  /** Throws RailsDeclinedError (IDEMPOTENCY_CONFLICT) when the rail has already been asked to pay it. */
  async forcePayoutAnswer(payoutId: string, outcome: ForcedPayoutAnswer): Promise<void> {
    await this.http.post(
      'force_payout_answer',
      `/__admin/payouts/${encodeURIComponent(payoutId)}/answer`,
      { outcome },
      forcedAnswerSchema,
    );
  }
}
