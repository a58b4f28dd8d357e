/**
 * Resolves with the exit code of the first SIGINT (130) or SIGTERM (143). The listeners stay:
 * the API these scripts run in-process re-raises the signal once its shutdown hooks are done,
 * and without a listener that would end the script before its own clean-up.
 */
export function interruption(): Promise<number> {
  return new Promise((resolve) => {
    process.on('SIGINT', () => resolve(130));
    process.on('SIGTERM', () => resolve(143));
  });
}
