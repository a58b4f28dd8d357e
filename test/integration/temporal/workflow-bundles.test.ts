import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { workflowCode } from '../../../src/processes/worker.process';
import { writeWorkflowBundles } from '../../../src/temporal/workflow-bundle';

/**
 * The prebuilt bundles: the one untraced workers run carries no OpenTelemetry, which each cached
 * workflow would evaluate afresh (docs/performance.md, "The tracing interceptors' memory"); a
 * worker that traces runs the twin that does.
 */
describe('the prebuilt workflow bundles', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bundles-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('leave the tracing interceptors, and OpenTelemetry with them, to the traced twin', async () => {
    const out = join(dir, 'workflow-bundle.js');
    const written = await writeWorkflowBundles(out);
    expect(written).toEqual([out, join(dir, 'workflow-bundle.traced.js')]);
    const [plain, traced] = written.map((path) => readFileSync(path, 'utf8'));
    expect(plain).toContain('orderWorkflow');
    expect(traced).toContain('orderWorkflow');
    // webpack names each module it bundles by its path.
    for (const module of [
      '"./node_modules/@temporalio/interceptors-opentelemetry/',
      '"./node_modules/@opentelemetry/api/',
    ]) {
      expect(plain).not.toContain(module);
      expect(traced).toContain(module);
    }
  }, 180_000);

  it('are picked by whether the worker traces, and a missing one stops the worker at start', () => {
    const bundle = join(dir, 'picked.js');
    writeFileSync(bundle, '');
    expect(workflowCode({ WORKFLOW_BUNDLE_PATH: bundle }, false)).toEqual({ workflowBundle: { codePath: bundle } });
    expect(() => workflowCode({ WORKFLOW_BUNDLE_PATH: bundle }, true)).toThrow(
      `no traced bundle (tracing is on) at ${join(dir, 'picked.traced.js')}`,
    );
    writeFileSync(join(dir, 'picked.traced.js'), '');
    expect(workflowCode({ WORKFLOW_BUNDLE_PATH: bundle }, true)).toEqual({
      workflowBundle: { codePath: join(dir, 'picked.traced.js') },
    });
    expect(workflowCode({}, true)).toHaveProperty('workflowsPath');
  });
});
