/**
 * The characters that make a spreadsheet read a cell as a formula (OWASP, CSV injection): `=`,
 * `+`, `-`, `@`, and tab or carriage return, which some programs skip before looking. A cell
 * already beginning with a single quote is in the set too: every cell that begins with one then
 * got it here, so a reader gets the value back by dropping that one character.
 */
const FORMULA_START = /^[=+\-@\t\r']/;

/**
 * A text cell a spreadsheet shows as text: a single quote before a value that begins with one of
 * the characters above, the value itself otherwise. Numbers the service formats (amounts, rates)
 * are not text cells and never pass through here: `-5.00` is a number to a spreadsheet.
 */
export function neutralCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
