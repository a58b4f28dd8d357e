const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/**
 * A duration as people write it in configuration and on the command line: a whole number and
 * a unit (`250ms`, `30s`, `5m`, `2h`, `1d`). Null for anything else, including a bare number,
 * whose unit nobody could guess.
 */
export function parseDuration(text: string): number | null {
  const match = /^(\d{1,9})(ms|s|m|h|d)$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}
