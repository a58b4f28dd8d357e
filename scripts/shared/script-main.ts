/** How a script talks: `[name] message` on stderr, so that stdout holds only its report. */
export const sayAs =
  (name: string) =>
  (message: string): void => {
    process.stderr.write(`[${name}] ${message}\n`);
  };

/** Runs a script's `main` and exits with the code it answers; a failure is said with its stack, and exits 1. */
export function runScript(main: () => Promise<number>, say: (message: string) => void): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      say(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exit(1);
    },
  );
}
