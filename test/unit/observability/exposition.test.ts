import { gatherExposition } from '../../../src/observability/exposition';
import { parseExposition, valueOf } from '../../../scripts/shared/prometheus-text';

const source = (name: string, read: () => Promise<string>) => ({ name, read });

describe('gatherExposition', () => {
  it('joins the sources in order, each ending its last line, and says each was read', async () => {
    const { text, failures } = await gatherExposition([
      source('first', async () => '# TYPE a_total counter\na_total 1'),
      source('second', async () => 'b 2\n'),
    ]);
    expect(failures).toEqual([]);
    expect(text).toBe(
      '# TYPE a_total counter\na_total 1\nb 2\n' +
        '# HELP cbp_metrics_source_up Whether this scrape could read the source (1) or left it out (0).\n' +
        '# TYPE cbp_metrics_source_up gauge\n' +
        'cbp_metrics_source_up{source="first"} 1\ncbp_metrics_source_up{source="second"} 1\n',
    );
  });

  it('leaves out a source that fails or is too slow, keeps the others, and reports it as down', async () => {
    const broken = new Error('database is down');
    const { text, failures } = await gatherExposition(
      [
        source('fine', async () => 'fine_gauge 3\n'),
        source('broken', () => Promise.reject(broken)),
        source('slow', () => new Promise<string>(() => undefined)),
      ],
      50,
    );
    const samples = parseExposition(text);
    expect(valueOf(samples, 'fine_gauge')).toBe(3);
    expect(
      samples
        .filter((sample) => sample.name === 'cbp_metrics_source_up')
        .map(({ labels, value }) => [labels.source, value]),
    ).toEqual([
      ['fine', 1],
      ['broken', 0],
      ['slow', 0],
    ]);
    expect(failures.map(({ source: name }) => name)).toEqual(['broken', 'slow']);
    expect(failures[0]!.error).toBe(broken);
    expect(String(failures[1]!.error)).toContain('did not answer within 50 ms');
  });

  it('refuses a source name that would need escaping in a label value', async () => {
    await expect(gatherExposition([source('bad"name', async () => '')])).rejects.toThrow(RangeError);
  });
});
