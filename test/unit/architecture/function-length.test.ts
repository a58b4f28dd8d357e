import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '..', '..', '..');

/** A function longer than this does more than one step: split it, as workflows/order/ is split per step. */
const MAX_LINES = 80;

/** The folders held to it: the workflows and their activities (issue "Floors that point down", item 6). */
const FOLDERS = ['workflows', 'activities'];

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(folder, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(folder, entry.name)]
        : [],
  );
}

/** What a function is called where it is written: its own name, or the variable or property it is given to. */
function nameOf(node: ts.FunctionLikeDeclaration, file: ts.SourceFile): string {
  const named =
    node.name ??
    (ts.isVariableDeclaration(node.parent) || ts.isPropertyAssignment(node.parent) ? node.parent.name : undefined);
  return named?.getText(file) ?? 'a function';
}

/** Every function of `path` (declarations, methods, arrows, expressions) longer than MAX_LINES, with its length. */
function longFunctions(path: string): string[] {
  const file = ts.createSourceFile(path, readFileSync(join(ROOT, path), 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const lines = file.getLineAndCharacterOfPosition(node.end).line - first + 1;
      if (lines > MAX_LINES) found.push(`${path}:${first + 1} ${nameOf(node, file)}: ${lines} lines`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('function length', () => {
  it(`keeps every function in ${FOLDERS.join(' and ')} within ${MAX_LINES} lines`, () => {
    expect(FOLDERS.flatMap(sources).flatMap(longFunctions)).toEqual([]);
  });
});
