/** ISO 8601 `YYYY-MM-DDTHH:MM:SSZ`, the format the spec gives payment dates. Pure: the workflow bundle uses it too. */
export function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
