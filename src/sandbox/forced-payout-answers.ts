/**
 * What the sandbox may force a payout to answer, whatever its amount or destination: the
 * vocabulary of the rails simulator's admin route `POST /__admin/payouts/{id}/answer`, which the
 * API's `POST /v2/sandbox/orders/{id}/payout` speaks through RailsSandboxClient. It lives with the
 * product, its client, and the simulator (sim/rails) reads it from here: the product never
 * imports the harness.
 */
export const FORCED_PAYOUT_ANSWERS = ['completed', 'rejected', 'unknown'] as const;
export type ForcedPayoutAnswer = (typeof FORCED_PAYOUT_ANSWERS)[number];
