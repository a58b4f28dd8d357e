import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDockerfile } from '../../support/dockerfile';

/**
 * One Node for the service: `.nvmrc` pins the exact version the image ships and `npm run
 * test:lts` tests; the Dockerfile's base, `engines`, `@types/node` and `packageManager` agree
 * with it. Node 20, which these machines run, stays in `engines` because CI tests it too.
 */
const root = join(__dirname, '..', '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pinned = readFileSync(join(root, '.nvmrc'), 'utf8').trim();
const major = pinned.split('.')[0];

describe("the service's Node", () => {
  it('is pinned to an exact version of a long-term-support line that still gets security fixes', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    // Even majors are the LTS lines; 24 is supported until 2028-04-30.
    expect(Number(major) % 2).toBe(0);
    expect(Number(major)).toBeGreaterThanOrEqual(24);
  });

  it("is the Node the image's base is made with, and the one npm run test:lts tests on", () => {
    const runScript = readFileSync(join(root, 'scripts', 'run.mjs'), 'utf8');
    const [, baseNode] = /const BASE_NODE = \{[^}]*version: '([^']+)'/.exec(runScript) ?? [];
    expect(baseNode).toBe(pinned);
  });

  it("is the image's base", () => {
    const stages = parseDockerfile(readFileSync(join(root, 'Dockerfile'), 'utf8'));
    for (const stage of stages.filter((each) => each.base.startsWith('node:'))) {
      expect(stage.base).toBe(`node:${major}-bookworm-slim`);
    }
  });

  it('is what engines accepts, what @types/node describes and what packageManager runs on', () => {
    expect(pkg.engines.node.split('||').map((range: string) => range.trim())).toContain(`^${major}.0.0`);
    expect(pkg.devDependencies['@types/node']).toMatch(new RegExp(`^\\^${major}\\.`));
    // npm 11 is the line Node 24 ships; an exact version, as corepack requires.
    expect(pkg.packageManager).toMatch(/^npm@11\.\d+\.\d+$/);
  });
});
