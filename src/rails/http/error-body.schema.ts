import { z } from 'zod';

/** Every non-2xx answer of the simulator's rails; real rails may omit it, so callers treat it as optional. */
export const errorBodySchema = z.object({ code: z.string(), message: z.string() });
