/** A string PostgreSQL can store: no NUL character. The OpenAPI document states it as this pattern. */
// The NUL character is the point of the pattern.
// eslint-disable-next-line no-control-regex
export const NUL_FREE = /^[^\x00]*$/;

/** Deeper than any request the API takes (three levels at most), far below what overflows a recursive walk. */
export const MAX_INPUT_DEPTH = 32;

interface Pending {
  value: unknown;
  path: string[];
  depth: number;
}

const fieldName = (path: string[]) => (path.length ? path.join('.') : 'body');

/**
 * What no handler may receive, whatever its schema says: strings with a NUL character
 * (PostgreSQL cannot store one, so it would fail as a 500) and values nested deeper than
 * MAX_INPUT_DEPTH (every JSON.stringify or recursive walk of them overflows the stack).
 * One message per problem, naming the field as zod messages do. The walk is iterative, so
 * the check itself survives any depth.
 */
export function inputLimitProblems(value: unknown): string[] {
  const problems: string[] = [];
  const pending: Pending[] = [{ value, path: [], depth: 0 }];
  while (pending.length > 0) {
    const { value: current, path, depth } = pending.pop()!;
    if (typeof current === 'string') {
      if (!NUL_FREE.test(current)) problems.push(`${fieldName(path)}: must not contain NUL characters`);
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= MAX_INPUT_DEPTH) return [`body: nested more than ${MAX_INPUT_DEPTH} levels deep`];
    const entries: Array<[string, unknown]> = Object.entries(current);
    if (entries.some(([key]) => key.includes('\0')))
      problems.push(`${fieldName(path)}: field names must not contain NUL characters`);
    // Pushed in reverse so that problems come out in document order.
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, nested] = entries[index]!;
      pending.push({ value: nested, path: [...path, key], depth: depth + 1 });
    }
  }
  return problems;
}
