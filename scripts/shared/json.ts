/** The JSON value of `text`, or undefined when it is not JSON (an answer or callback gone wrong). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
