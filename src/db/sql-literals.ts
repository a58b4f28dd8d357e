/**
 * Constant words (statuses) written into a statement as a literal list, `'A', 'B'`: where a
 * parameter would not do, because PostgreSQL matches a partial index's predicate only against
 * literals. Anything but such a word is refused, so nothing a caller sends can get here.
 */
export function literalList(words: readonly string[]): string {
  for (const word of words) if (!/^[A-Z_]+$/.test(word)) throw new RangeError(`not a constant word: ${word}`);
  return words.map((word) => `'${word}'`).join(', ');
}
