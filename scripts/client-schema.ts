import type { OpenAPIObject } from '@nestjs/swagger';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../src/config/dev-defaults';

/** Where the generated types live, committed with the client package. */
export const CLIENT_SCHEMA_PATH = 'clients/typescript/src/schema.d.ts';

/**
 * The client package's types for `document` (openapi-typescript, run by openapi-to-types.mjs in
 * a Node process of its own). Deterministic: the same document gives the same text, which lets
 * a test compare it with the committed file.
 */
export function clientSchemaSource(document: OpenAPIObject): string {
  return execFileSync(process.execPath, [join(PROJECT_ROOT, 'scripts', 'openapi-to-types.mjs')], {
    cwd: PROJECT_ROOT,
    input: JSON.stringify(document),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}
