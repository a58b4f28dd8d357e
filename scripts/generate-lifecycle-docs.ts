import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../src/config/dev-defaults';
import { ARCHITECTURE_PATH, LIFECYCLE_DOCS_COMMAND, withLifecycleSection } from './lifecycle-docs';
import { runScript, sayAs } from './shared/script-main';

/**
 * `npm run docs:lifecycle`: rewrites the lifecycle section of docs/architecture.md (the order's
 * and the refund's state diagrams and transition tables) from the lifecycle modules. Commit the
 * result; a unit test fails while the document and the modules disagree.
 */
const say = sayAs(LIFECYCLE_DOCS_COMMAND.replace('npm run ', ''));

async function main(): Promise<number> {
  const path = join(PROJECT_ROOT, ARCHITECTURE_PATH);
  writeFileSync(path, withLifecycleSection(readFileSync(path, 'utf8')));
  say(`wrote ${ARCHITECTURE_PATH}`);
  return 0;
}

runScript(main, say);
