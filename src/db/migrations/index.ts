import { CreateClientsAndAuth1763800000000 } from './1763800000000-create-clients-and-auth';
import { CreateMerchants1763800100000 } from './1763800100000-create-merchants';
import { CreateLedger1763800200000 } from './1763800200000-create-ledger';
import { CreateNotifications1763800300000 } from './1763800300000-create-notifications';
import { CreateIdempotencyKeys1763800400000 } from './1763800400000-create-idempotency-keys';
import { CreateOrders1763800500000 } from './1763800500000-create-orders';
import { OrderSafetyNet1763800600000 } from './1763800600000-order-safety-net';
import { AddMerchantCategories1763800900000 } from './1763800900000-add-merchant-categories';
import { CreateRefunds1763801000000 } from './1763801000000-create-refunds';
import { KeyPayments1763801100000 } from './1763801100000-key-payments';
import { Collections1763801200000 } from './1763801200000-collections';
import { IndexOrdersForReports1763801500000 } from './1763801500000-index-orders-for-reports';
import { StuckOrderIndexes1763801600000 } from './1763801600000-stuck-order-indexes';
import { OrderChangeRequests1763801780000 } from './1763801780000-order-change-requests';
import { ClientCapacity1763801800000 } from './1763801800000-client-capacity';
import { FxQuotesExpiryIndex1763801960000 } from './1763801960000-fx-quotes-expiry-index';
import { EventLog1763802000000 } from './1763802000000-event-log';
import { WebhookSecretRotation1763802100000 } from './1763802100000-webhook-secret-rotation';
import { OrderSearchIndexes1763802200000 } from './1763802200000-order-search-indexes';

/** Applied in timestamp order; each module appends its own, one per line. */
export const migrations = [
  CreateClientsAndAuth1763800000000,
  CreateMerchants1763800100000,
  CreateLedger1763800200000,
  CreateNotifications1763800300000,
  CreateIdempotencyKeys1763800400000,
  CreateOrders1763800500000,
  OrderSafetyNet1763800600000,
  AddMerchantCategories1763800900000,
  CreateRefunds1763801000000,
  KeyPayments1763801100000,
  Collections1763801200000,
  IndexOrdersForReports1763801500000,
  StuckOrderIndexes1763801600000,
  OrderChangeRequests1763801780000,
  ClientCapacity1763801800000,
  FxQuotesExpiryIndex1763801960000,
  EventLog1763802000000,
  WebhookSecretRotation1763802100000,
  OrderSearchIndexes1763802200000,
];
