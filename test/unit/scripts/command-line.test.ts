import {
  choiceOption,
  flowOptions,
  parseScriptOptions,
  UsageError,
  wholeNumber,
} from '../../../scripts/shared/command-line';

describe("the scripts' command lines", () => {
  let stderr: jest.SpyInstance;
  beforeEach(() => {
    stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  });
  afterEach(() => stderr.mockRestore());

  const parse = (...argv: string[]) =>
    parseScriptOptions(argv, { plan: { type: 'string' }, short: { type: 'boolean' } }, 'usage: test', (values) => ({
      ...flowOptions(values, { flows: 60, concurrency: 10 }),
      plan: choiceOption(values, 'plan', ['default', 'partitions'] as const, 'default'),
      short: values.short === true,
    }));

  it('reads the flow options and the script’s own, with their defaults', () => {
    expect(parse()).toEqual({ flows: 60, concurrency: 10, json: false, plan: 'default', short: false });
    expect(parse('--flows', '20', '--concurrency=5', '--json', '--plan', 'partitions', '--short')).toEqual({
      flows: 20,
      concurrency: 5,
      json: true,
      plan: 'partitions',
      short: true,
    });
  });

  it('answers 2 with the usage for an unknown option, a missing value, a bad number or choice, or a positional argument', () => {
    for (const argv of [
      ['--flow', '3'],
      ['--flows'],
      ['--flows', '0'],
      ['--flows', 'ten'],
      ['--plan', 'everything'],
      ['chaos'],
    ]) {
      expect(parse(...argv)).toBe(2);
    }
    expect(stderr.mock.calls.map(([text]) => String(text)).join('')).toContain(
      '--plan must be one of default, partitions',
    );
  });

  it('answers 0 with the usage for --help', () => {
    expect(parse('--help')).toBe(0);
    expect(stderr).toHaveBeenCalledWith('usage: test\n');
  });

  it('gives each value its own check', () => {
    expect(wholeNumber({ open: '7' }, 'open', 1)).toBe(7);
    expect(() => wholeNumber({ open: '100001' }, 'open', 1)).toThrow(
      new UsageError('--open must be a whole number from 1 to 100000'),
    );
  });
});
