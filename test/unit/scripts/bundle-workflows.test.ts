import { resolve } from 'node:path';
import { bundleArguments } from '../../../scripts/bundle-workflows';

describe('bundle-workflows arguments', () => {
  it('takes the output file, and the workflows to bundle after --workflows', () => {
    expect(bundleArguments(['out.js'])).toEqual({ out: 'out.js' });
    expect(bundleArguments(['out.js', '--workflows', 'next/index.js'])).toEqual({
      out: 'out.js',
      workflowsPath: resolve('next/index.js'),
    });
  });

  it.each([
    [[]],
    [['--workflows', 'x.js']],
    [['out.js', '--workflows']],
    [['out.js', '--other', 'x']],
    [['out.js', '--workflows', 'x.js', 'more']],
  ])('refuses %j', (argv) => {
    expect(bundleArguments(argv)).toBeNull();
  });
});
