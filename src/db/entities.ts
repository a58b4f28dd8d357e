import { ApiKeyEntity } from '../auth/api-key.entity';
import { ClientEntity } from '../auth/client.entity';
import { RefreshTokenEntity } from '../auth/refresh-token.entity';
import { FxQuoteEntity } from '../fx/fx-quote.entity';
import { IdempotencyKeyEntity } from '../idempotency/idempotency-key.entity';
import { JournalEntryEntity } from '../ledger/journal-entry.entity';
import { JournalLineEntity } from '../ledger/journal-line.entity';
import { LedgerAccountEntity } from '../ledger/ledger-account.entity';
import { CollectorEntity } from '../merchants/collector.entity';
import { PosEntity } from '../merchants/pos.entity';
import { StoreEntity } from '../merchants/store.entity';
import { NotificationAttemptEntity } from '../notifications/notification-attempt.entity';
import { NotificationEntity } from '../notifications/notification.entity';
import { OrderEntity, OrderStatusHistoryEntity } from '../orders/order.entity';
import { RefundEntity } from '../refunds/refund.entity';

/** Every TypeORM entity of the service; each module adds its own here. */
export const entities = [
  ClientEntity,
  ApiKeyEntity,
  RefreshTokenEntity,
  CollectorEntity,
  StoreEntity,
  PosEntity,
  NotificationEntity,
  NotificationAttemptEntity,
  OrderEntity,
  OrderStatusHistoryEntity,
  LedgerAccountEntity,
  JournalEntryEntity,
  JournalLineEntity,
  FxQuoteEntity,
  IdempotencyKeyEntity,
  RefundEntity,
];
