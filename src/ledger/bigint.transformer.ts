import type { ValueTransformer } from 'typeorm';

/** node-postgres reads bigint as a string; minor-unit amounts are handled as bigint throughout. */
export const bigintTransformer: ValueTransformer = {
  to: (value: bigint | null | undefined) => (value === null || value === undefined ? value : value.toString()),
  from: (value: string | null) => (value === null ? null : BigInt(value)),
};
