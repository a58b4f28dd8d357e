/** A reconciliation file covers at most this many UTC days, `from` and `to` included. */
export const MAX_REPORT_DAYS = 31;

const DAY_MS = 86_400_000;

/** Milliseconds at 00:00 UTC of a `YYYY-MM-DD` day (already validated as a calendar date). */
const utcMidnight = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** How many UTC days `from`…`to` covers, both included: 1 when they are the same day, ≤ 0 when `to` is earlier. */
export function daysCovered(from: string, to: string): number {
  return (utcMidnight(to) - utcMidnight(from)) / DAY_MS + 1;
}

/** The instants a movement's created_at must fall in: start included, end excluded. */
export interface ReportPeriod {
  start: Date;
  end: Date;
}

/** From 00:00 UTC of `from` to 00:00 UTC of the day after `to`, so `to` is included whole. */
export function reportPeriod(from: string, to: string): ReportPeriod {
  return { start: new Date(utcMidnight(from)), end: new Date(utcMidnight(to) + DAY_MS) };
}
