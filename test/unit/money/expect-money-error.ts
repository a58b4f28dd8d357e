import { MoneyError, MoneyErrorCode } from '../../../src/money';

/** Runs fn and returns the MoneyError it must throw, failing on anything else. */
export function expectMoneyError(fn: () => unknown, code: MoneyErrorCode): MoneyError {
  let thrown: unknown;
  try {
    fn();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(MoneyError);
  const error = thrown as MoneyError;
  expect(error.code).toBe(code);
  expect(error.message.length).toBeGreaterThan(10);
  return error;
}
