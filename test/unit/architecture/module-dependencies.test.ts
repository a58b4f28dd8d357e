import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(folder, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(folder, entry.name)]
        : [],
  );
}

/** Every relative import of `file`, as a path from the repository's root, and whether it imports types only. */
function importsOf(file: string): Array<{ path: string; typeOnly: boolean }> {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(/^import (type )?[^;]*? from '(\.{1,2}\/[^']+)';/gms)].map((match) => ({
    path: relative(ROOT, resolve(ROOT, dirname(file), match[2]!)),
    typeOnly: match[1] !== undefined,
  }));
}

/** The source file an import path names (a module, or a folder's index), or undefined for anything else. */
function sourceFile(path: string): string | undefined {
  return [`${path}.ts`, join(path, 'index.ts')].find((candidate) => existsSync(join(ROOT, candidate)));
}

/** The modules `file` reads, re-exports included: the edges of the import graph. */
function dependenciesOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(/^(?:import|export) [^;]*? from '(\.{1,2}\/[^']+)';/gms)].flatMap(
    (match) => sourceFile(relative(ROOT, resolve(ROOT, dirname(file), match[1]!))) ?? [],
  );
}

/** Every import cycle among `files`: each as the path that closes it. */
function cycles(files: string[]): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (file: string, path: string[]) => {
    state.set(file, 'open');
    for (const next of dependenciesOf(file)) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), file, next]);
      else if (!state.has(next)) visit(next, [...path, file]);
    }
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file, []);
  return found;
}

const importers = (folder: string, target: string) =>
  sources(folder).flatMap((file) =>
    importsOf(file)
      .filter(({ path }) => path === target || path.startsWith(`${target}/`))
      .map(({ path }) => `${file} → ${path}`),
  );

/** Dependencies point down (docs/architecture.md): who may not import whom. */
describe('module dependencies', () => {
  it('orders import nothing of refunds: refunds read orders', () => {
    expect(importers('src/orders', 'src/refunds')).toEqual([]);
  });

  it('payments and collections do not import each other: what they share lives in src/orders', () => {
    expect([...importers('src/payments', 'src/collections'), ...importers('src/collections', 'src/payments')]).toEqual(
      [],
    );
  });

  it('the ground floor (money, the QR codec, payment keys) imports neither the rails nor the orders', () => {
    for (const floor of ['src/money', 'src/emv', 'src/keys'])
      expect([...importers(floor, 'src/rails'), ...importers(floor, 'src/orders')]).toEqual([]);
  });

  it('the lifecycle imports no framework and nothing of the order row beyond types', () => {
    const lifecycle = sources('src/orders/lifecycle').flatMap((file) =>
      importsOf(file)
        .filter(({ path, typeOnly }) => !typeOnly && !path.startsWith('src/orders'))
        .map(({ path }) => `${file} → ${path}`),
    );
    expect(lifecycle).toEqual([]);
    expect(
      sources('src/orders/lifecycle').filter((file) => /from '(?!\.)/.test(readFileSync(join(ROOT, file), 'utf8'))),
    ).toEqual([]);
  });

  it('no module imports itself through others: every import, of types too, points one way', () => {
    expect(cycles(['src', 'workflows', 'activities'].flatMap(sources)).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('workflows learn their contract from src/, and take only the activities’ types from activities/', () => {
    const values = sources('workflows').flatMap((file) =>
      importsOf(file)
        .filter(({ path, typeOnly }) => path.startsWith('activities/') && !typeOnly)
        .map(({ path }) => `${file} → ${path}`),
    );
    expect(values).toEqual([]);
  });
});
