import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { daysCovered, MAX_REPORT_DAYS } from './report-period';
import { REPORT_FORMAT_NAMES } from './report-formats';

const utcDay = z.iso.date();
const isUtcDay = (value: string) => utcDay.safeParse(value).success;

export const conciliationQuerySchema = z
  .strictObject({
    from: utcDay.describe('First UTC day of the period, YYYY-MM-DD'),
    to: utcDay.describe(
      `Last UTC day of the period, YYYY-MM-DD, included; at most ${MAX_REPORT_DAYS} days from \`from\` counting both`,
    ),
    format: z
      .enum(REPORT_FORMAT_NAMES)
      .default('csv')
      .describe(
        '`csv`: text/csv, RFC 4180 (CRLF lines, double-quote quoting). `txt`: text/plain, pipe-separated (LF lines, backslash escapes)',
      ),
  })
  .superRefine(({ from, to }, context) => {
    // zod runs this even when a day is malformed; that day is reported already.
    if (!isUtcDay(from) || !isUtcDay(to)) return;
    const days = daysCovered(from, to);
    if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: `must not be before from (${from})` });
    else if (days > MAX_REPORT_DAYS)
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `the period covers ${days} days; at most ${MAX_REPORT_DAYS}`,
      });
  });
export class ConciliationQueryDto extends createZodDto(conciliationQuerySchema) {}
