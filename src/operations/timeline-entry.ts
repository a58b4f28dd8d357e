/**
 * One line of an order's timeline. `source` says where it was read: `order` (the status
 * history), `callback` (the delivery log), or the workflow it happened in (`workflow` for
 * order-<id>, `refunds` for refunds-<id>). `error` is set when something went wrong.
 */
export interface TimelineEntry {
  at: Date;
  source: string;
  what: string;
  error: string | null;
}
