import { conciliationQuerySchema } from '../../../src/reports/conciliation-query.dto';
import { daysCovered, reportPeriod } from '../../../src/reports/report-period';
import { describeIssues } from '../../../src/http/zod-issues';

const problems = (query: Record<string, unknown>) => {
  const parsed = conciliationQuerySchema.safeParse(query);
  return parsed.success ? [] : describeIssues(parsed.error.issues);
};

describe('reportPeriod', () => {
  it('runs from 00:00 UTC of from to 00:00 UTC of the day after to', () => {
    expect(reportPeriod('2026-01-01', '2026-01-31')).toEqual({
      start: new Date('2026-01-01T00:00:00Z'),
      end: new Date('2026-02-01T00:00:00Z'),
    });
    expect(reportPeriod('2028-02-29', '2028-02-29')).toEqual({
      start: new Date('2028-02-29T00:00:00Z'),
      end: new Date('2028-03-01T00:00:00Z'),
    });
  });

  it('counts days with both ends included', () => {
    expect(daysCovered('2026-03-05', '2026-03-05')).toBe(1);
    expect(daysCovered('2026-01-01', '2026-01-31')).toBe(31);
    expect(daysCovered('2026-12-15', '2027-01-15')).toBe(32);
    expect(daysCovered('2026-03-05', '2026-03-04')).toBe(0);
  });
});

describe('conciliation query', () => {
  it('takes two UTC days and a format, csv by default', () => {
    expect(conciliationQuerySchema.parse({ from: '2026-01-01', to: '2026-01-31' })).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      format: 'csv',
    });
    expect(conciliationQuerySchema.parse({ from: '2026-02-01', to: '2026-03-03', format: 'txt' }).format).toBe('txt');
    expect(problems({ from: '2026-03-05', to: '2026-03-05' })).toEqual([]);
  });

  it('refuses a period over 31 days, naming to', () => {
    expect(problems({ from: '2026-01-01', to: '2026-02-01' })).toEqual(['to: the period covers 32 days; at most 31']);
  });

  it('refuses to before from', () => {
    expect(problems({ from: '2026-01-02', to: '2026-01-01' })).toEqual(['to: must not be before from (2026-01-02)']);
  });

  it.each([
    [{ to: '2026-01-01' }, 'from'],
    [{ from: '2026-02-30', to: '2026-03-01' }, 'from'],
    [{ from: '2026-1-01', to: '2026-01-02' }, 'from'],
    [{ from: '2026-01-01', to: '2026-01-02T00:00:00Z' }, 'to'],
    [{ from: '2026-01-01', to: ['2026-01-02', '2026-01-03'] }, 'to'],
    [{ from: '2026-01-01', to: '2026-01-02', format: 'xlsx' }, 'format'],
    [{ from: '2026-01-01', to: '2026-01-02', client_id: 'x' }, 'client_id'],
  ])('refuses %j, naming %s', (query, field) => {
    const found = problems(query);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^${field}: `));
  });
});
