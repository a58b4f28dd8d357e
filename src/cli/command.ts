import { parseArgs } from 'node:util';
import type { DataSource } from 'typeorm';
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

export function parseCommandArgs<T extends Record<string, { type: 'string' | 'boolean' }>>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
