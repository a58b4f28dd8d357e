import { createZodDto } from 'nestjs-zod';
import { paymentResultViewSchema, previewViewSchema, statusHistoryViewSchema } from './order-views';

/** The order's views as the OpenAPI document names them, for every route that answers one. */
export class PreviewViewDto extends createZodDto(previewViewSchema) {}
export class PaymentResultViewDto extends createZodDto(paymentResultViewSchema) {}
export class StatusHistoryViewDto extends createZodDto(statusHistoryViewSchema) {}
