import { parseArgs } from 'node:util';
import type { DataSource } from 'typeorm';
import { parseDuration } from '../config/duration';
import type { Env } from '../config/env';

export interface CommandContext {
  dataSource: DataSource;
  env: Env;
  args: string[];
  /** Writes one result line to stdout; progress and errors go to stderr. */
  out: (text: string) => void;
}

export interface Command {
  usage: string;
  run(context: CommandContext): Promise<void>;
}

export class UsageError extends Error {}

/** The command was understood but cannot be done; main prints the message and exits 1. */
export class CommandFailure extends Error {}

export function parseCommandArgs<T extends Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>>(
  args: string[],
  options: T,
) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** A duration option (`30s`, `5m`, `2h`) in milliseconds; zero or anything else is a usage error. */
export function durationOption(name: string, text: string | undefined, fallback: string): number {
  const ms = parseDuration(text ?? fallback);
  if (ms === null || ms === 0) throw new UsageError(`--${name} must be a duration such as 30s, 5m or 2h`);
  return ms;
}

/** A whole-number option within [min, max]. */
export function integerOption(
  name: string,
  text: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (text === undefined) return fallback;
  const value = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  if (!(value >= min && value <= max)) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}`);
  return value;
}
