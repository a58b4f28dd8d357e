import { SetMetadata } from '@nestjs/common';

export const IS_PROBE = 'health:isProbe';

/** Marks a probe: it answers for itself, so the OpenAPI document gives it no shared 503 body. */
export const Probe = () => SetMetadata(IS_PROBE, true);
