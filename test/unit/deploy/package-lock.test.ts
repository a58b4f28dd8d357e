import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface LockedPackage {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const root = join(__dirname, '..', '..', '..');
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { lockfileVersion: number; packages: Record<string, LockedPackage> };
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };

/** Where Node would find `name` for the package installed at `from`: its own node_modules, then each one above. */
function resolves(from: string, name: string): boolean {
  for (let dir = from; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/node_modules/')))) {
    if (lock.packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
    if (dir === '') return false;
  }
}

/**
 * `npm ci` installs exactly the lock, and refuses a lock that lacks an entry for any optional
 * dependency, other platforms' native binaries included (npm leaves those out when the registry
 * it resolved against did not serve them): every machine must get the same tree.
 */
describe('package-lock.json', () => {
  it('lists every optional dependency of every locked package, for every platform', () => {
    const missing = Object.entries(lock.packages).flatMap(([path, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !resolves(path, name))
        .map((name) => `${path || '(root)'} → ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('locks what package.json asks for', () => {
    const root = lock.packages[''] as LockedPackage & { devDependencies?: Record<string, string> };
    expect(root.dependencies).toEqual(manifest.dependencies);
    expect(root.devDependencies).toEqual(manifest.devDependencies);
  });
});
