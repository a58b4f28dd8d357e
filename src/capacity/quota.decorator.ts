import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { QUOTA_CLASSES_OF, QuotaGuard } from './quota.guard';
import type { QuotaClass } from '../config/quota-policy';

/**
 * Counts the route against the caller's quota of each class (src/config/quota-policy.ts): a
 * route that starts or changes work. The OpenAPI document gets its 429 (and, for previews, the
 * admission's 503) from this metadata (openapi-common-responses.ts).
 */
export const Quota = (...classes: [QuotaClass, ...QuotaClass[]]) =>
  applyDecorators(SetMetadata(QUOTA_CLASSES_OF, classes), UseGuards(QuotaGuard));
