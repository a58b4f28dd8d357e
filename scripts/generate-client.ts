import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApiDocument } from '../src/api';
import { PROJECT_ROOT } from '../src/config/dev-defaults';
import { CLIENT_SCHEMA_PATH, clientSchemaSource } from './client-schema';
import { runScript, sayAs } from './shared/script-main';

/**
 * `npm run client:generate`: rewrites the client package's schema.d.ts from the OpenAPI
 * document, built in-process (no database, Temporal or server needed). Commit the result; a
 * unit test fails while the committed file and the document disagree.
 */
const say = sayAs('client:generate');

async function main(): Promise<number> {
  writeFileSync(join(PROJECT_ROOT, CLIENT_SCHEMA_PATH), clientSchemaSource(await buildApiDocument()));
  say(`wrote ${CLIENT_SCHEMA_PATH}`);
  return 0;
}

runScript(main, say);
