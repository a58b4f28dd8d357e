import type { IncomingMessage } from 'node:http';

export interface Reply {
  status: number;
  body: unknown;
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  path: RegExp;
  /** Admin routes stay reachable while faults are active, or a test could never clear them. */
  admin?: true;
  handle(request: IncomingMessage, params: string[]): Promise<Reply>;
}

export const ok = (body: unknown): Reply => ({ status: 200, body });

/** 201 when the request moved money, 200 for an idempotent replay of it. */
export const settled = (created: boolean, body: unknown): Reply => ({ status: created ? 201 : 200, body });

/** A path made of literal segments, then one parameter per `:`. */
export function pathOf(collection: string, ...params: string[]): RegExp {
  const escaped = collection.replace(/[/.]/g, (character) => `\\${character}`);
  return new RegExp(`^${escaped}${params.map(() => '/([^/]+)').join('')}$`);
}
