import { pipeline } from 'node:stream/promises';
import { Controller, Get, Logger, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ClientId } from '../auth/auth.decorators';
import { loggableError } from '../db/loggable-error';
import { ApiError } from '../http/api-error';
import { ApiErrors } from '../http/openapi-errors';
import { ConciliationQueryDto } from './conciliation-query.dto';
import { ConcurrencyLimit } from './concurrency-limit';
import { MovementsRepository } from './movement-cursor';
import { REPORT_COLUMNS } from './movement-row';
import { reportExample } from './report-example';
import { REPORT_FORMATS, reportBody } from './report-formats';
import { MAX_REPORT_DAYS, reportPeriod } from './report-period';

/** A reader that takes nothing for this long is cut off, so it cannot hold a connection forever. */
const STALLED_READER_MS = 60_000;
const RETRY_AFTER_SECONDS = 5;

@ApiTags('reports')
@Controller('v2/reports/conciliation')
export class ConciliationController {
  private readonly logger = new Logger(ConciliationController.name);

  constructor(
    private readonly movements: MovementsRepository,
    private readonly streams: ConcurrencyLimit,
  ) {}

  @Get('payins')
  @ApiOperation({
    summary: "Reconciliation file: the caller's payments and refunds of a period",
    description:
      `Every movement of the calling client, as payer or as collector, created from 00:00 UTC of \`from\` to the end of \`to\` ` +
      `(at most ${MAX_REPORT_DAYS} days), oldest first: one PAYMENT row per order whose payment was accepted ` +
      '(PROCESSING or later, REJECTED, and FAILED after the decision; not CANCELED or still-waiting orders), one REFUND row per refund. ' +
      'Dates ISO 8601 UTC, amounts at the currency’s minor unit, empty fields for nulls. ' +
      "A text field a spreadsheet would take for a formula (beginning with =, +, -, @, tab or CR), or beginning with ' itself, " +
      "has a ' put before it: drop the first character of a text field that begins with ' to get the value back. Streamed: any period size is fine.",
  })
  @ApiProduces('text/csv', 'text/plain')
  @ApiOkResponse({
    description: `A header row, then one row per movement: ${REPORT_COLUMNS.join(', ')}`,
    content: {
      'text/csv': { schema: { type: 'string' }, example: reportExample(REPORT_FORMATS.csv) },
      'text/plain': { schema: { type: 'string' }, example: reportExample(REPORT_FORMATS.txt) },
    },
  })
  @ApiErrors({
    400: `A missing or malformed date, \`to\` before \`from\`, a period over ${MAX_REPORT_DAYS} days, an unknown format or query parameter`,
    429: 'RATE_LIMITED: too many files are being streamed at once; retry after Retry-After seconds',
  })
  async payins(
    @ClientId() clientId: string,
    @Query() query: ConciliationQueryDto,
    @Res() response: Response,
  ): Promise<void> {
    const release = this.streams.tryAcquire();
    if (!release) {
      throw new ApiError(429, 'Too many reconciliation files are being generated; retry shortly', 'RATE_LIMITED', {
        'Retry-After': String(RETRY_AFTER_SECONDS),
      });
    }
    try {
      const movements = await this.movements.open(clientId, reportPeriod(query.from, query.to));
      const stalled = new Error(`reconciliation file: the reader took nothing for ${STALLED_READER_MS} ms`);
      try {
        const format = REPORT_FORMATS[query.format];
        response.status(200).set({
          'content-type': format.contentType,
          'content-disposition': `attachment; filename="conciliation-payins-${query.from}-${query.to}.${format.extension}"`,
          'cache-control': 'no-store',
        });
        response.setTimeout(STALLED_READER_MS, () => response.destroy(stalled));
        await pipeline(reportBody(format, movements.batches()), response);
      } catch (error) {
        // The status line is sent: a failure can only cut the file short, which the reader sees
        // as an unfinished chunked response, never as a complete file.
        if (error === stalled) this.logger.warn(stalled.message);
        else if ((error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE')
          this.logger.log('reconciliation file: the reader went away');
        else this.logger.error(loggableError(error));
      } finally {
        await movements.close();
      }
    } finally {
      release();
    }
  }
}
