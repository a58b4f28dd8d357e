import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

/**
 * The floors, lowest first (docs/architecture.md, "Floors"): a module imports from its own floor
 * and the floors below, never above. Each entry is a folder, or a file of the top floor.
 */
const FLOORS: readonly (readonly string[])[] = [
  // The typed client's signature functions are the service's too: one implementation of the scheme.
  ['clients/typescript/src', 'src/money', 'src/emv', 'src/keys', 'src/infra'],
  ['src/config'],
  ['src/db', 'src/observability', 'src/temporal', 'src/http'],
  ['src/auth', 'src/capacity', 'src/idempotency', 'src/health'],
  ['src/rails', 'src/fx', 'src/merchants', 'src/ledger', 'src/notifications'],
  ['src/orders'],
  ['src/payments', 'src/collections', 'src/refunds', 'src/qr', 'src/sandbox', 'src/reports', 'src/operations'],
  ['workflows', 'activities'],
  [
    'src/openapi',
    'src/cli',
    'src/processes',
    'src/codec-server',
    'src/api.ts',
    'src/app.module.ts',
    'src/main.ts',
    'src/healthcheck.ts',
  ],
  // The harness, above the product: the rails simulator, npm start's embedded servers, the drivers.
  ['sim'],
  ['dev'],
  ['scripts'],
];

/** The product: what the production image ships. The harness's folders above it are never among its imports. */
const PRODUCT = ['src', 'workflows', 'activities'];
const HARNESS = ['sim', 'dev', 'scripts'];

/** The imports that run back up, each with why it may (at most five). */
const ALLOWED_UP: Readonly<Record<string, string>> = {};

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(folder, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(folder, entry.name)]
        : [],
  );
}

const roomOf = (file: string) => FLOORS.flat().find((room) => file === room || file.startsWith(`${room}/`));
const floorOf = (room: string) => FLOORS.findIndex((rooms) => rooms.includes(room));

/** Every module `file` reads (imports and re-exports, of types too, and `require`s and `import()`s), as paths from the root. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const statements = [...text.matchAll(/^(?:import|export) [^;]*? from '(\.{1,2}\/[^']+)';/gms)];
  const calls = [...text.matchAll(/\b(?:require|import)\('(\.{1,2}\/[^']+)'\)/g)];
  return [...statements, ...calls].map((match) => relative(ROOT, resolve(ROOT, dirname(file), match[1]!)));
}

const productFiles = () => [...PRODUCT, ...HARNESS].flatMap(sources);

describe('the floors', () => {
  it('place every module of the product, its workflows and activities, the simulator, the dev harness and the scripts', () => {
    expect(productFiles().filter((file) => roomOf(file) === undefined)).toEqual([]);
  });

  it('point down: no import reaches a floor above its own, but the few named with their reason', () => {
    const up = productFiles().flatMap((file) =>
      importsOf(file).flatMap((target) => {
        const from = roomOf(file)!;
        const to = roomOf(target);
        return to !== undefined && floorOf(to) > floorOf(from) ? [`${file} → ${target}`] : [];
      }),
    );
    expect(up.filter((arrow) => !(arrow in ALLOWED_UP))).toEqual([]);
    expect(Object.keys(ALLOWED_UP).length).toBeLessThanOrEqual(5);
    // A named exception that no longer exists is removed, not kept.
    expect(Object.keys(ALLOWED_UP).filter((arrow) => !up.includes(arrow))).toEqual([]);
  });

  it('keep the harness out of the product: nothing in src/, workflows/ or activities/ imports sim/, dev/ or scripts/, with no exception', () => {
    const inHarness = (target: string) =>
      HARNESS.some((folder) => target === folder || target.startsWith(`${folder}/`));
    const arrows = PRODUCT.flatMap(sources).flatMap((file) =>
      importsOf(file)
        .filter(inHarness)
        .map((target) => `${file} → ${target}`),
    );
    expect(arrows).toEqual([]);
  });
});
