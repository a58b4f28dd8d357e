import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const DOCUMENTS = ['README.md', 'clients/typescript/README.md', ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/**
 * A path in backquotes, rooted in one of the repository's folders (or in `shared/`, where the
 * documents once pointed outside the repository): `docs/ledger.md`, `src/rails/phone-wallets.ts`.
 * Placeholders (`src/rails/<rail>/`) and wildcards are not paths to check.
 */
const PATH = /`((?:README\.md|(?:activities|clients|docs|scripts|shared|src|test|workflows)\/[\w./-]*))`/g;

describe('the README and docs', () => {
  it.each(DOCUMENTS)('%s names only files and folders the repository holds', (document) => {
    const text = readFileSync(join(ROOT, document), 'utf8');
    // From the repository's root, or from the document's own folder (the client's README names its `src/`).
    const exists = (path: string) => existsSync(join(ROOT, path)) || existsSync(join(ROOT, dirname(document), path));
    const missing = [...text.matchAll(PATH)].map((match) => match[1]!).filter((path) => !exists(path));
    expect(missing).toEqual([]);
  });

  it.each(DOCUMENTS)('%s sends no reader to a document outside the repository', (document) => {
    expect(readFileSync(join(ROOT, document), 'utf8')).not.toMatch(/\bCONTRACT\b|ARCHITECTURE\.md|STYLE\.md|shared\/spec/);
  });
});
