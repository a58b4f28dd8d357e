import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApiDocument } from '../src/api';
import { PROJECT_ROOT } from '../src/config/dev-defaults';
import { CLIENT_SCHEMA_PATH, clientSchemaSource } from './client-schema';

/**
 * `npm run client:generate`: rewrites the client package's schema.d.ts from the OpenAPI
 * document, built in-process (no database, Temporal or server needed). Commit the result; a
 * unit test fails while the committed file and the document disagree.
 */
async function main(): Promise<void> {
  writeFileSync(join(PROJECT_ROOT, CLIENT_SCHEMA_PATH), clientSchemaSource(await buildApiDocument()));
  process.stderr.write(`[client:generate] wrote ${CLIENT_SCHEMA_PATH}\n`);
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`[client:generate] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
