import { z } from 'zod';

/*
 * Loaded once per workflow thread, before any workflow, and shared by all of them frozen
 * (src/temporal/workflow-modules.ts, WORKFLOW_BUNDLER_OPTIONS). zod writes its default locale and
 * memoizer into its global config when it makes its first schema; once that config is frozen it
 * could not, so the first schema is made here.
 */
z.object({ preloaded: z.string() });
