/** Thrown anywhere in the simulator to answer a non-2xx status with the wire error body. */
export class SimulatorHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SimulatorHttpError';
  }
}
