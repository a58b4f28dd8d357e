// Generated from the OpenAPI document by `npm run client:generate`; do not edit.
export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["HealthController_health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["HealthController_ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AuthController_token"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AuthController_refresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/qr/decode": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decode and check an EMVCo merchant-presented QR payload
         * @description Creates nothing. Three questions are answered apart: is the payload well-formed EMVCo (`emvco_valid`, `emvco_errors`), does it keep its scheme's rules (`scheme_valid`, `scheme_violations`), and can this service pay it (`payable`, `not_payable_reasons`). `valid` is true exactly when `errors`, all three lists together, is empty. Whatever the answers, the response is 200 with whatever could be read; 400 is only for a body without a string `qr` (or with unknown fields).
         */
        post: operations["QrDecodeController_decode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["NotificationsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notifications/{event_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sends one of your callbacks again, delivered or not
         * @description The same stored body with a fresh signature, through the same delivery path and retries as any callback. The answer is the callback as it stands when the redelivery is queued; the redelivery is the first attempt numbered above its attempt_count in GET /v2/notifications. Available in every environment.
         */
        post: operations["NotificationsController_redeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notifications/webhook-secret/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replaces your webhook secret, the old one signing beside it for an overlap
         * @description Every callback is signed with both secrets until previous_secret_valid_until (two v1 and two v2 entries in `signature`, two in `webhook-signature`), then with the new one only. Switch your receivers to the new secret within the overlap. A rotation during an overlap ends the older secret at once.
         */
        post: operations["NotificationsController_rotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notifications/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["NotificationsController_verify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every callback you were sent or are owed, across orders, newest first
         * @description Filtered by event type, delivery status and creation time, each callback with every delivery attempt and the receiver's status code. Paged by an opaque cursor: pass a page's next_cursor as starting_after for the next.
         */
        get: operations["EventsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/events/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sends again every callback that matches the filters, e.g. every FAILED one since an outage began
         * @description The filters of GET /v2/events; each matching callback, newest first, is redelivered as POST /v2/notifications/{event_id}/redeliver would redeliver it. Each callback queued counts one against the redeliveries quota: at most `limit`, and no more than the quota holds; has_more and next_cursor say where to go on. Send an idempotency-key: a retry with it queues nothing again.
         */
        post: operations["EventsController_redeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhooks/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sends a signed PING callback to a URL of yours and answers what your receiver did with it
         * @description The body is {"event":"PING","event_id":…,"created_at":…}, signed under your webhook secret and sent with the headers of every callback (signature, x-event-id), from where callbacks leave, under the rules of notification_url: in production only https to a public address. One attempt of at most 10 s; nothing is stored or retried. Counts against the redeliveries quota.
         */
        post: operations["WebhooksController_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/collectors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the client's collectors, oldest first, without their stores */
        get: operations["CollectorController_list"];
        put?: never;
        /**
         * Create a collector
         * @description `code` is generated by the service; a `code` in the body is ignored.
         */
        post: operations["CollectorController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/collectors/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a collector with its stores */
        get: operations["CollectorController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a collector
         * @description The spec documents 204 yet shows a { status, message } body: the service answers 200 with that body. `email` updates regular_contact_email, `phone` regular_contact_phone, `address` address; `manager` is stored but not read back. A disabled collector can still be updated.
         */
        patch: operations["CollectorController_update"];
        trace?: never;
    };
    "/collectors/disable/{collector_uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Disable a collector
         * @description Its stores and POS keep their own flag, but none can get children or collect while it is disabled.
         */
        put: operations["CollectorController_disable"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/collectors/{collector_uuid}/stores": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a collector's stores, oldest first, without their points of sale */
        get: operations["StoreController_list"];
        put?: never;
        /** Create a store under a collector */
        post: operations["StoreController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stores/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a store with its points of sale (as POS list entries) */
        get: operations["StoreController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Replace a store's five fields
         * @description Answers 201 { status, message } as the spec gives it. A disabled store can still be updated.
         */
        patch: operations["StoreController_update"];
        trace?: never;
    };
    "/stores/{uuid}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Disable a store
         * @description Its points of sale keep their own flag, but none can be created or collect while it is disabled.
         */
        put: operations["StoreController_disable"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stores/{store_uuid}/pos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a store's points of sale, oldest first
         * @description `enabled` is the string "true" or "false", as the spec sample carries it.
         */
        get: operations["PosController_list"];
        put?: never;
        /**
         * Create a point of sale under a store
         * @description The spec does not show the body: it is the store creation's { status, message, uuid }.
         */
        post: operations["PosController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pos/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a point of sale with its store and collector
         * @description `name` and `enabled` (a boolean) are added to the spec's fields.
         */
        get: operations["PosController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a point of sale
         * @description The spec does not show the response: 200 { status, message }, like the collector update.
         */
        patch: operations["PosController_update"];
        trace?: never;
    };
    "/pos/{uuid}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Disable a point of sale
         * @description Not in the spec: added for symmetry with collectors and stores. A disabled POS cannot collect.
         */
        put: operations["PosController_disable"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calling client's pre-funded balances
         * @description One row per currency the client has an account in, by currency code; [] before the first funding.
         */
        get: operations["AccountsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/accounts/{currency}/movements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Journal lines of one currency account, newest first, a page at a time
         * @description Lines of both the available and the reserved balance; `account` tells which. Send next_cursor back as starting_after while has_more is true: lines written meanwhile never shift the pages that follow. page and page_size (offset paging) still work, deprecated: such an answer also carries page, page_size and total, and a `Deprecation: true` header.
         */
        get: operations["AccountsController_movements"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/exchange-rates/rates/payins/{base}/{target}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A payin rate at the calling client's spread, stored as a quote valid for 10 minutes
         * @description rate = mid × (1 + spread_bps / 10000). base = target answers rate "1" with spread_bps 0.
         */
        get: operations["ExchangeRatesController_payinRate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/payments/previews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["PaymentsController_submitAmount"];
        post: operations["PaymentsController_preview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's own orders, newest first, a page at a time
         * @description Every order the caller previewed (as payer) or created as a collection QR (as collector), whatever its status, waiting ones included: the way to find an order whose preview callback was lost, by its external_reference. Pages are cut by a cursor: send next_cursor back as starting_after while has_more is true; orders created meanwhile never shift the pages that follow.
         */
        get: operations["PaymentsController_search"];
        put?: never;
        post: operations["PaymentsController_pay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/payments/{order_id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["PaymentsController_status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payins/orders/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["PaymentsController_quickRead"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/payments/validations/dictkey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Checks a key's format for its country and looks it up in that country's directory */
        post: operations["KeyPaymentsController_validateKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/validations/wallet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Peru's phone flow, second step: the account behind the wallet the payer picked */
        post: operations["KeyPaymentsController_validateWallet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/payments/previews/dictkey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Previews a payment to a key: the ack, then the preview callback (payment_type DICT_KEY) with the order to pay
         * @description The currency is set by the server from local_country: BRL, PEN or COP. A phone key's callback lists its `wallets` (and, in Peru, the `walletId` record); pay it with one of them as `wallet_id`.
         */
        post: operations["KeyPaymentsController_preview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/payments/previews/dictkey/peru": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The older Peru variant of the key preview: no local_country, and the payer's tax_id_type (DNI, CUIT, CUIL) is required */
        post: operations["KeyPaymentsController_previewPeru"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/qr": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Creates a QR code for one of your points of sale; the QR creation notification follows
         * @description With amount: a dynamic closed-amount QR (order CREATED); without: a static open-amount QR (WAITING_AMOUNT), whose payer enters the amount. Any client can pay it through POST /v2/payments/previews; your account is credited in the local currency when it is paid. It expires after QR_EXPIRY_SECONDS (QR_EXPIRED notification).
         */
        post: operations["CollectionsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/payins/qr/{order_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Cancels a QR nobody has paid; a payment racing the cancel either wins or is refused, never half-applied */
        delete: operations["CollectionsController_cancel"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/payins/orders/{order_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A QR you created: its current status and status history, under your external_reference */
        get: operations["CollectionsController_read"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/qr/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refunds a paid order in full or in part; the payer is credited its share, and the refund notification follows
         * @description Refunds any COMPLETED or PARTIALLY_REFUNDED order the caller paid (QR or key flow), or collected. The refund executes at the rail that paid the merchant; the payer's account is then credited pro rata in its currency at the order's rate. Send an idempotency-key: a retry with it names the same refund.
         */
        post: operations["RefundsController_refund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/qr/refund/{refund_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One refund by its id (the refund_id of the refund answer)
         * @description A refund of an order the caller paid or collected, whatever its status: the way to learn how a PENDING refund ended when its notification was lost.
         */
        get: operations["RefundsController_read"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/reports/conciliation/payins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Reconciliation file: the caller's payments and refunds of a period
         * @description Every movement of the calling client, as payer or as collector, created from 00:00 UTC of `from` to the end of `to` (at most 31 days), oldest first: one PAYMENT row per order whose payment was accepted (PROCESSING or later, REJECTED, and FAILED after the decision; not CANCELED or still-waiting orders), one REFUND row per refund. Dates ISO 8601 UTC, amounts at the currency’s minor unit, empty fields for nulls. A text field a spreadsheet would take for a formula (beginning with =, +, -, @, tab or CR), or beginning with ' itself, has a ' put before it: drop the first character of a text field that begins with ' to get the value back. Streamed: any period size is fine.
         */
        get: operations["ConciliationController_payins"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/sandbox/orders/{order_id}/expire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox only: the order's expiry timer fires now
         * @description An order still waiting for its amount, its decision (or, for a collection, a payer) is canceled as EXPIRED exactly as after QR_EXPIRY_SECONDS, and the QR expiration notification is sent. Answers the order in the shape of GET /v2/payments/{order_id}/status.
         */
        post: operations["SandboxController_expire"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/sandbox/orders/{order_id}/payout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox only: fixes the rail's answer to this order's payout
         * @description Told to the rails simulator, which answers the payout so when the order is paid, whatever its amount or destination. Only before the decision: once the payout was sent, the rail has answered.
         */
        post: operations["SandboxController_forcePayout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    PREVIEW: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A preview: after a preview request, and after the amount of an open-amount QR is given
         * @description POSTed to your notification_url. Answer any 2xx within 10 s; anything else is retried with back-off for 72 h, the same body byte for byte and a fresh signature each time.
         */
        post: operations["callback_PREVIEW"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    PAYMENT: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A payment's result (COMPLETED, CANCELED, REJECTED, FAILED, and PROCESSING in key flows)
         * @description POSTed to your notification_url. Answer any 2xx within 10 s; anything else is retried with back-off for 72 h, the same body byte for byte and a fresh signature each time.
         */
        post: operations["callback_PAYMENT"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    QR_CREATED: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A collection QR was created: the order, its amounts and the indicative rates
         * @description POSTed to your notification_url. Answer any 2xx within 10 s; anything else is retried with back-off for 72 h, the same body byte for byte and a fresh signature each time.
         */
        post: operations["callback_QR_CREATED"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    QR_EXPIRED: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A collection QR expired unpaid
         * @description POSTed to your notification_url. Answer any 2xx within 10 s; anything else is retried with back-off for 72 h, the same body byte for byte and a fresh signature each time.
         */
        post: operations["callback_QR_EXPIRED"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    REFUND: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A refund's outcome (PARTIALLY_REFUNDED, REFUNDED, or the order's status with an error_code)
         * @description POSTed to your notification_url. Answer any 2xx within 10 s; anything else is retried with back-off for 72 h, the same body byte for byte and a fresh signature each time.
         */
        post: operations["callback_REFUND"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        ProbeDto: {
            /** @enum {string} */
            status: "up" | "down";
        };
        TokenResponseDto: {
            /** @description Lifetime of the access token in seconds, as a string: "3600" */
            expiresIn: string;
            accessToken: string;
            refreshToken: string;
        };
        RefreshRequestDto: {
            refreshToken: string;
        };
        QrDecodeRequestDto: {
            /** @description The EMVCo merchant-presented QR payload, as read from the code; at most 1024 characters */
            qr: string;
        };
        QrDecodeResponseDto: {
            /** @description True exactly when `errors` is empty, which makes it equal to `payable`: the QR can be previewed and paid (POST /v2/payments/previews) */
            valid: boolean;
            /** @description Every finding, not only the first: `emvco_errors`, then `scheme_violations`, then `not_payable_reasons` */
            errors: {
                /** @description Stable code, e.g. CRC_MISMATCH, MISSING_TAG, PIX_MISSING_TXID, UNSUPPORTED_CURRENCY */
                code: string;
                message: string;
                /** @description The tag concerned; a sub-tag is written with its template, as in "62.05" */
                tag?: string;
            }[];
            /** @description The payload is well-formed EMVCo MPM: TLV structure, CRC, mandatory tags, formats, lengths counted in characters */
            emvco_valid: boolean;
            /** @description The EMVCo defects, e.g. CRC_MISMATCH, MISSING_TAG, INVALID_CURRENCY (not an ISO 4217 code) */
            emvco_errors: {
                /** @description Stable code, e.g. CRC_MISMATCH, MISSING_TAG, PIX_MISSING_TXID, UNSUPPORTED_CURRENCY */
                code: string;
                message: string;
                /** @description The tag concerned; a sub-tag is written with its template, as in "62.05" */
                tag?: string;
            }[];
            /** @description The rules of the QR's scheme or country profile (see `profile`) hold; true when no profile applies */
            scheme_valid: boolean;
            /** @description The broken rules of the profile, e.g. PIX_MISSING_TXID, CURRENCY_COUNTRY_MISMATCH */
            scheme_violations: {
                /** @description Stable code, e.g. CRC_MISMATCH, MISSING_TAG, PIX_MISSING_TXID, UNSUPPORTED_CURRENCY */
                code: string;
                message: string;
                /** @description The tag concerned; a sub-tag is written with its template, as in "62.05" */
                tag?: string;
            }[];
            /** @description This service can pay it: `emvco_valid`, `scheme_valid`, and no entry in `not_payable_reasons` */
            payable: boolean;
            /** @description Why this service cannot pay the QR whatever its form: UNSUPPORTED_COUNTRY, UNSUPPORTED_CURRENCY, NOTHING_TO_PAY (a Pix Automático recurrence alone) */
            not_payable_reasons: {
                /** @description Stable code, e.g. CRC_MISMATCH, MISSING_TAG, PIX_MISSING_TXID, UNSUPPORTED_CURRENCY */
                code: string;
                message: string;
                /** @description The tag concerned; a sub-tag is written with its template, as in "62.05" */
                tag?: string;
            }[];
            /**
             * @description The country or scheme profile whose extra rules were applied; null when none matched
             * @enum {string|null}
             */
            profile: "BR_PIX" | "PE" | "CO" | "AR" | null;
            /**
             * @description Tag 01; null when absent or invalid
             * @enum {string|null}
             */
            point_of_initiation: "STATIC" | "DYNAMIC" | null;
            /** @description Tag 54 as a number; null for an open-amount QR, or when tag 54 is invalid (see `errors`) */
            amount: number | null;
            /** @description Tag 53, any ISO 4217 currency; null when absent or invalid */
            currency: {
                alpha: string;
                numeric: string;
            } | null;
            /** @description Tag 58; null when absent or invalid */
            country: string | null;
            /** @description Null when none of tags 52, 59, 60 and 61 is present */
            merchant: {
                /** @description Tag 59 */
                name: string | null;
                /** @description Tag 60 */
                city: string | null;
                /** @description Tag 52 */
                mcc: string | null;
            } | null;
            /** @description Merchant account information, in payload order */
            merchant_accounts: {
                /** @description 02-51 */
                tag: string;
                /**
                 * @description primitive: a card-network tag 02-25; template: a 26-51 tag read as sub-fields; opaque: a 26-51 tag whose value is no sub-TLV, kept as written
                 * @enum {string}
                 */
                format: "primitive" | "template" | "opaque";
                /** @description Sub-tag 00 of a template; null for primitive and opaque accounts */
                gui: string | null;
                /** @description The other sub-fields of a template, by sub-tag id; empty otherwise */
                fields: {
                    [key: string]: string;
                };
                /** @description The raw value: the network's merchant id of a primitive tag, the encoded template otherwise */
                value: string;
            }[];
            /** @description Tag 62, by name for the EMVCo sub-tags (bill_number, reference_label, ...) and by id otherwise */
            additional_data: {
                [key: string]: string;
            };
            /** @description Both null when tag 63 is absent */
            crc: {
                /** @description Tag 63 as written */
                declared: string | null;
                /** @description CRC-16/CCITT-FALSE over the payload up to "6304" */
                computed: string | null;
            };
            /** @description The Pix account (GUI br.gov.bcb.pix) read: key (01), dynamic-QR URL (25), description (02); null for other QRs */
            pix: {
                /** @description Sub-tag 01: the Pix key of a static QR */
                key: string | null;
                /** @description Sub-tag 25: the payload URL of a dynamic QR */
                url: string | null;
                /** @description Sub-tag 02 */
                description: string | null;
                /** @description Pix Automático: sub-tag 25 of a template 80-99 led by the Pix GUI, where the recurrence parameters are read */
                recurrence_url: string | null;
            } | null;
        };
        NotificationViewDto: {
            /**
             * Format: uuid
             * @description The x-event-id header of every attempt
             */
            event_id: string;
            /** @enum {string} */
            event: "PREVIEW" | "PAYMENT" | "QR_CREATED" | "QR_EXPIRED" | "REFUND";
            url: string;
            /** @enum {string} */
            status: "PENDING" | "DELIVERED" | "FAILED";
            attempt_count: number;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description When a receiver acknowledged it; null until then
             */
            delivered_at: string | null;
            /** @description Why the last attempt failed; null when none failed */
            last_error: string | null;
            /** @description The callback body, parsed */
            payload: {
                [key: string]: unknown;
            };
            attempts: {
                /** @description 1-based */
                attempt: number;
                /** Format: date-time */
                started_at: string;
                duration_ms: number;
                /** @description Null when no response came back */
                status_code: number | null;
                /** @description Null when acknowledged */
                error: string | null;
                /** @description The first 256 bytes of the receiver's answer, as text; null when it had no body, when no answer came back, or (in the sandbox) when it came from an address that is not public */
                response_excerpt: string | null;
            }[];
        };
        RotateWebhookSecretRequestDto: {
            /**
             * @description How long the secret being replaced keeps signing beside the new one (both signatures on every callback), so your receivers can switch over; 0 stops it at once (a leaked secret). Default 86400 (24 h).
             * @default 86400
             */
            overlap_seconds: number;
        };
        RotatedWebhookSecretDto: {
            /** @description The new secret; shown this once. Every callback is signed with it from now on */
            webhook_secret: string;
            /**
             * Format: date-time
             * @description Until when the replaced secret still signs too; null when it stopped at once
             */
            previous_secret_valid_until: string | null;
        };
        VerifySignatureRequestDto: {
            /** @description The callback body exactly as received (a string). An object is accepted too and re-serialised with JSON.stringify, which only matches when key order and number formatting survived your JSON parser: send the raw string. */
            payload: string | {
                [key: string]: unknown;
            };
            /** @description The `signature` header as received: t=<unix seconds>,v1=<hex>,v2=<hex> (v1 only during its window) */
            signature: string;
            /**
             * Format: uuid
             * @description The `x-event-id` header as received. Given, the `v2` signature is checked, which covers the event id as well as the body: a callback resent under another id is refused. Without it only `v1` is checked, which does not cover the id and is sent only until CALLBACK_SIGNATURE_V1_UNTIL (docs/decisions.md).
             */
            event_id?: string;
        };
        VerifySignatureResponseDto: {
            valid: boolean;
        };
        EventPageDto: {
            /** @description Newest first */
            data: {
                /**
                 * Format: uuid
                 * @description The x-event-id header of every attempt
                 */
                event_id: string;
                /** @enum {string} */
                event: "PREVIEW" | "PAYMENT" | "QR_CREATED" | "QR_EXPIRED" | "REFUND";
                url: string;
                /** @enum {string} */
                status: "PENDING" | "DELIVERED" | "FAILED";
                attempt_count: number;
                /** Format: date-time */
                created_at: string;
                /**
                 * Format: date-time
                 * @description When a receiver acknowledged it; null until then
                 */
                delivered_at: string | null;
                /** @description Why the last attempt failed; null when none failed */
                last_error: string | null;
                /** @description The callback body, parsed */
                payload: {
                    [key: string]: unknown;
                };
                attempts: {
                    /** @description 1-based */
                    attempt: number;
                    /** Format: date-time */
                    started_at: string;
                    duration_ms: number;
                    /** @description Null when no response came back */
                    status_code: number | null;
                    /** @description Null when acknowledged */
                    error: string | null;
                    /** @description The first 256 bytes of the receiver's answer, as text; null when it had no body, when no answer came back, or (in the sandbox) when it came from an address that is not public */
                    response_excerpt: string | null;
                }[];
                /**
                 * Format: uuid
                 * @description The order (or QR) the callback reports on
                 */
                order_id: string;
            }[];
            /** @description Whether rows follow this page */
            has_more: boolean;
            /** @description Send it as starting_after for the next page; null when has_more is false (the last row's key) */
            next_cursor: string[];
        };
        RedeliverEventsRequestDto: {
            /**
             * @description The callback's event (the `event` of its body)
             * @enum {string}
             */
            type?: "PREVIEW" | "PAYMENT" | "QR_CREATED" | "QR_EXPIRED" | "REFUND";
            /**
             * @description FAILED: retries given up; PENDING: not acknowledged yet, still retried; DELIVERED: acknowledged
             * @enum {string}
             */
            status?: "PENDING" | "DELIVERED" | "FAILED";
            /**
             * Format: date-time
             * @description Only callbacks created at or after this instant
             */
            created_after?: string;
            /**
             * Format: date-time
             * @description Only callbacks created before this instant
             */
            created_before?: string;
            /** @description Opaque: the next_cursor of the previous page, as it came */
            starting_after?: string;
            /** @description At most this many callbacks are queued, newest first, 1 to 100 (the default); fewer when the redeliveries quota holds fewer */
            limit?: number;
        };
        RedeliverEventsResponseDto: {
            /** @description How many callbacks were queued for redelivery by this request */
            queued: number;
            /** @description Whether more callbacks match after the last one queued: send again with next_cursor */
            has_more: boolean;
            /** @description Send it as `starting_after` (with the same filters) to queue the next ones; null when has_more is false */
            next_cursor: string | null;
        };
        WebhookTestRequestDto: {
            /**
             * Format: uri
             * @description Where callbacks go. The sandbox takes http and https to any host; production only https to a public address. A host label in punycode (xn--) must also be valid punycode, which the pattern does not check
             */
            url: string;
        };
        WebhookTestResponseDto: {
            /**
             * Format: uuid
             * @description The x-event-id of the ping; it is not stored and never redelivered
             */
            event_id: string;
            /** @description Whether the receiver acknowledged the ping with a 2xx */
            delivered: boolean;
            /** @description Null when no response came back */
            status_code: number | null;
            /** @description Why the ping was not acknowledged, as the delivery log would say it; null when it was */
            error: string | null;
            /** @description The first 256 bytes of the receiver's answer, as the delivery log would quote it */
            response_excerpt: string | null;
            /** @description From the request to the answer, the worker scheduling it included */
            duration_ms: number;
        };
        CreateCollectorDto: {
            /** @description Accepted because the spec lists it, and ignored: the service generates the code */
            code?: string & unknown;
            /** @description Unique among the client's collectors */
            external_reference: string & unknown;
            name: string & unknown;
            fantasy_name?: string & unknown;
            tax_id?: string & unknown;
            legal_address?: string & unknown;
            /** Format: email */
            regular_contact_email: string;
            regular_contact_phone?: string;
            country_code?: string;
            description: string & unknown;
            /** @description Not in the spec: the merchant category code of its points of sale that have none of their own */
            category?: number | string;
        };
        CollectorCreatedDto: {
            /** Format: uuid */
            collector_uuid: string;
        };
        CollectorReadDto: {
            /** Format: uuid */
            uuid: string;
            /**
             * Format: date-time
             * @description ISO 8601
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description ISO 8601
             */
            updatedAt: string;
            externalReference: string;
            name: string;
            /** @description Spelled so in the interface; set by `fantasy_name` on create */
            fantasty_name: string | null;
            description: string;
            tax_id: string | null;
            /** @description Always null: shown because the spec lists it, not managed by this service */
            image: string | null;
            regular_contact_email: string;
            regular_contact_phone: string | null;
            country_code: string | null;
            /** @description Set by `legal_address` on create and `address` on update */
            address: string | null;
            /** @description Generated by the service, unique */
            code: string;
            /** @description Always null: shown because the spec lists it, not managed by this service */
            company: string | null;
            /** @description Merchant category code (ISO 18245) its points of sale take when they have none; null when not set */
            category: number | null;
            /** @description Always null: shown because the spec lists it, not managed by this service */
            color: string | null;
            enabled: boolean;
        };
        CollectorDetailDto: {
            /** Format: uuid */
            uuid: string;
            /**
             * Format: date-time
             * @description ISO 8601
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description ISO 8601
             */
            updatedAt: string;
            externalReference: string;
            name: string;
            /** @description Spelled so in the interface; set by `fantasy_name` on create */
            fantasty_name: string | null;
            description: string;
            tax_id: string | null;
            /** @description Always null: shown because the spec lists it, not managed by this service */
            image: string | null;
            regular_contact_email: string;
            regular_contact_phone: string | null;
            country_code: string | null;
            /** @description Set by `legal_address` on create and `address` on update */
            address: string | null;
            /** @description Generated by the service, unique */
            code: string;
            /** @description Always null: shown because the spec lists it, not managed by this service */
            company: string | null;
            /** @description Merchant category code (ISO 18245) its points of sale take when they have none; null when not set */
            category: number | null;
            /** @description Always null: shown because the spec lists it, not managed by this service */
            color: string | null;
            enabled: boolean;
            store: {
                /** Format: uuid */
                uuid: string;
                /**
                 * Format: date-time
                 * @description ISO 8601
                 */
                createdAt: string;
                /**
                 * Format: date-time
                 * @description ISO 8601
                 */
                updatedAt: string;
                description: string;
                externalReference: string;
                address: string;
                phone: string;
                manager: string;
                enabled: boolean;
            }[];
        };
        UpdateCollectorDto: {
            name?: string & unknown;
            /**
             * Format: email
             * @description Updates regular_contact_email
             */
            email?: string;
            description?: string & unknown;
            external_reference?: string & unknown;
            address?: string & unknown;
            /** @description Updates regular_contact_phone */
            phone?: string;
            /** @description Stored; the read representation does not show it */
            manager?: string & unknown;
            /** @description Not in the spec: the default merchant category code of its points of sale; null removes it */
            category?: (number | string) | null;
        };
        StatusMessageDto: {
            /** @description The HTTP status, repeated in the body as the spec shows it */
            status: number;
            /** @description Informational only; may change */
            message: string;
        };
        StoreBodyDto: {
            description: string & unknown;
            /** @description Unique among the collector's stores */
            external_reference: string & unknown;
            address: string & unknown;
            phone: string;
            manager: string & unknown;
        };
        CreatedWithUuidDto: {
            /** @description The HTTP status, repeated in the body as the spec shows it */
            status: number;
            /** @description Informational only; may change */
            message: string;
            /** Format: uuid */
            uuid: string;
        };
        StoreConflictDto: {
            response: {
                message: string;
            };
        };
        StoreReadDto: {
            /** Format: uuid */
            uuid: string;
            /**
             * Format: date-time
             * @description ISO 8601
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description ISO 8601
             */
            updatedAt: string;
            description: string;
            externalReference: string;
            address: string;
            phone: string;
            manager: string;
            enabled: boolean;
        };
        StoreDetailDto: {
            /** Format: uuid */
            uuid: string;
            /**
             * Format: date-time
             * @description ISO 8601
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description ISO 8601
             */
            updatedAt: string;
            description: string;
            externalReference: string;
            address: string;
            phone: string;
            manager: string;
            enabled: boolean;
            point_of_sales: {
                name: string;
                description: string | null;
                external_reference: string;
                /** Format: uuid */
                uuid: string;
                /**
                 * @description A string, as the spec sample carries it
                 * @enum {string}
                 */
                enabled: "true" | "false";
            }[];
        };
        CreatePosDto: {
            name: string & unknown;
            /** @description Unique among the store's points of sale */
            external_reference: string & unknown;
            description?: string & unknown;
            /** @description Its merchant category code (the read's `category`); absent takes the collector's */
            category?: number | string;
        };
        PosListEntryDto: {
            name: string;
            description: string | null;
            external_reference: string;
            /** Format: uuid */
            uuid: string;
            /**
             * @description A string, as the spec sample carries it
             * @enum {string}
             */
            enabled: "true" | "false";
        };
        PosReadDto: {
            /** Format: uuid */
            uuid: string;
            /**
             * Format: date-time
             * @description ISO 8601
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description ISO 8601
             */
            updatedAt: string;
            externalReference: string;
            name: string;
            description: string | null;
            /** @description Merchant category code (ISO 18245), the MCC of its QR codes: its own, else its collector's, else 0 ("0000", not informed) */
            category: number;
            enabled: boolean;
            store: {
                /** Format: uuid */
                uuid: string;
                /**
                 * Format: date-time
                 * @description ISO 8601
                 */
                createdAt: string;
                /**
                 * Format: date-time
                 * @description ISO 8601
                 */
                updatedAt: string;
                description: string;
                externalReference: string;
                address: string;
                phone: string;
                manager: string;
                enabled: boolean;
                collector: {
                    /** Format: uuid */
                    uuid: string;
                    /**
                     * Format: date-time
                     * @description ISO 8601
                     */
                    createdAt: string;
                    /**
                     * Format: date-time
                     * @description ISO 8601
                     */
                    updatedAt: string;
                    externalReference: string;
                    name: string;
                    /** @description Spelled so in the interface; set by `fantasy_name` on create */
                    fantasty_name: string | null;
                    description: string;
                    tax_id: string | null;
                    /** @description Always null: shown because the spec lists it, not managed by this service */
                    image: string | null;
                    regular_contact_email: string;
                    regular_contact_phone: string | null;
                    country_code: string | null;
                    /** @description Set by `legal_address` on create and `address` on update */
                    address: string | null;
                    /** @description Generated by the service, unique */
                    code: string;
                    /** @description Always null: shown because the spec lists it, not managed by this service */
                    company: string | null;
                    /** @description Merchant category code (ISO 18245) its points of sale take when they have none; null when not set */
                    category: number | null;
                    /** @description Always null: shown because the spec lists it, not managed by this service */
                    color: string | null;
                    enabled: boolean;
                };
            };
        };
        UpdatePosDto: {
            name: string & unknown;
            description: string & unknown;
            external_reference?: string & unknown;
            /** @description Its merchant category code; null takes the collector's again, absent keeps it */
            category?: (number | string) | null;
        };
        AccountBalanceDto: {
            currency: string;
            /** @description Major units, e.g. 1250.5; what reservations can draw on */
            available: number;
            /** @description Major units held for orders in PROCESSING */
            reserved: number;
        };
        MovementPageDto: {
            /** @description Newest first */
            data: {
                /** @description Journal line id (a decimal integer as a string), increasing with time */
                id: string;
                /** Format: uuid */
                entry_id: string;
                operation_id: string;
                /** @enum {string} */
                kind: "FUND" | "RESERVE" | "COMMIT" | "RELEASE" | "CREDIT" | "COLLECT" | "CLAWBACK";
                /**
                 * @description Which of the two balances the line moved
                 * @enum {string}
                 */
                account: "AVAILABLE" | "RESERVED";
                /** @description Signed, major units: positive adds to the balance */
                amount: number;
                /** @description That balance right after this line */
                balance_after: number;
                /** @description The order id for RESERVE, COMMIT, RELEASE and CREDIT; null for FUND */
                reference: string | null;
                /** Format: date-time */
                created_at: string;
            }[];
            /** @description Whether rows follow this page */
            has_more: boolean;
            /** @description Send it as starting_after for the next page; null when has_more is false (the last row's key) */
            next_cursor: string[];
            /** @description Deprecated: only when asked with page or page_size */
            page?: number;
            /** @description Deprecated: only when asked with page or page_size */
            page_size?: number;
            /** @description Deprecated: only when asked with page or page_size; the account's lines, counted each time */
            total?: number;
        };
        ExchangeRateDto: {
            base: string;
            target: string;
            /** @description Units of target per unit of base, spread included; up to 10 decimals, trailing zeros trimmed */
            rate: string;
            /** @description 1 / rate at 10 decimals (half-even) */
            inverse_rate: string;
            /** @description The client's spread in basis points; 0 when base = target */
            spread_bps: number;
            /** Format: date-time */
            quoted_at: string;
            /**
             * Format: date-time
             * @description quoted_at + 10 minutes
             */
            expires_at: string;
        };
        QrPreviewDto: {
            qr: string;
            external_reference: string & unknown;
            /**
             * Format: uri
             * @description Where callbacks go. The sandbox takes http and https to any host; production only https to a public address. A host label in punycode (xn--) must also be valid punycode, which the pattern does not check
             */
            notification_url: string;
            user: {
                full_name: string & unknown;
                /**
                 * @description ISO 4217 code the FX provider quotes, upper case
                 * @enum {string}
                 */
                currency: "USD" | "EUR" | "BRL" | "PEN" | "COP" | "ARS" | "CLP" | "MXN" | "UYU";
                account_number: string & unknown;
                tax_id: string & unknown;
                /** @enum {string} */
                tax_id_type?: "DNI" | "CUIT" | "CUIL";
            };
        };
        PreviewAckDto: {
            /** @enum {string} */
            status: "success" | "missing_amount";
            external_reference: string;
            message: string;
            local_currency: string;
            /**
             * Format: uuid
             * @description The order this preview opened (added to the spec's ack): the same id the preview callback's order.id carries
             */
            order_id: string;
        };
        SubmitAmountDto: {
            /** Format: uuid */
            order_id: string;
            amount: string | number;
        };
        PreviewViewDto: {
            /** @enum {string} */
            payment_type: "QR" | "DICT_KEY";
            /** @description The payer's reference */
            external_reference: string | null;
            /** @description Only for a successful read */
            collector?: {
                /** @description Merchant name. The holder of a Brazilian or Colombian payment key shows only its first name and initials ("Ana S. O.") */
                name: string | null;
                /** @description The merchant's tax identification. The holder of a Brazilian or Colombian payment key shows its document masked: CPF "***.456.789-**", CNPJ "**.345.678/****-**" (alphanumeric "**.ABC.345/****-**"), cédula "****789", NIT "****456-*" */
                identification_number: string | null;
                /** @description Branch number; may be empty */
                branch_office: string | null;
            };
            /** @description Only for a successful read */
            order?: {
                /**
                 * Format: uuid
                 * @description Pay it with POST /v2/payments
                 */
                id: string;
                /**
                 * @description QR previews only, as the spec's table says
                 * @enum {string}
                 */
                status?: "WAITING_AMOUNT" | "PROCESS_LATER" | "CREATED" | "PROCESSING" | "COMPLETED" | "CANCELED" | "REFUNDED" | "PARTIALLY_REFUNDED" | "REJECTED" | "FAILED";
                /** @description Null while an open-amount QR waits for its amount */
                local_total_amount: number | null;
                local_currency: string;
                /** @description What the payer pays; null while the amount is unknown */
                user_total_amount: number | null;
                /** @description The payer's currency */
                user_currency: string | null;
                /**
                 * @description QR previews only
                 * @enum {string|null}
                 */
                qr_type?: "STATIC" | "DYNAMIC" | null;
            };
            /** @description Every phone key's wallets, to pick one from when paying (wallet_id): a Peru phone's wallets, or the one account a Brazilian or Colombian phone names */
            wallets?: {
                /**
                 * Format: uuid
                 * @description Send it as wallet_id to pay
                 */
                id: string;
                brand: string;
                mobile: string;
                present: boolean;
                directory: string;
                participant_code: string;
            }[];
            /** @description Peru: the wallet record, sent later as wallet_record_id */
            walletId?: string;
            /**
             * @description Why the preview failed; then collector and order are absent
             * @enum {string}
             */
            error_code?: "USER_REJECTED" | "EXPIRED" | "INSUFFICIENT_FUNDS" | "DESTINATION_REJECTED" | "UPSTREAM_ERROR" | "INVALID_DICT_KEY" | "CANCELED_BY_COLLECTOR" | "INTERNAL_ERROR";
            version: string;
        };
        PayDto: {
            /** Format: uuid */
            order_id: string;
            /** @enum {string} */
            status: "accepted" | "rejected";
            /**
             * Format: uri
             * @description Where callbacks go. The sandbox takes http and https to any host; production only https to a public address. A host label in punycode (xn--) must also be valid punycode, which the pattern does not check
             */
            notification_url: string;
            /**
             * Format: uuid
             * @description Phone keys only: the merchant's wallet, one of the `wallets` of the preview callback (every phone key lists them: a Peru phone its wallets, a Brazilian or Colombian phone the one account it names). Required to accept an order whose preview listed wallets; refused for any other order
             */
            wallet_id?: string;
        };
        PaymentResultViewDto: {
            /** Format: uuid */
            order_id: string;
            /** @description The payer's reference; null for an order nobody has paid yet */
            external_reference: string | null;
            /** @description The same, under the name the spec also uses */
            external_reference_id: string | null;
            /** @enum {string} */
            status: "WAITING_AMOUNT" | "PROCESS_LATER" | "CREATED" | "PROCESSING" | "COMPLETED" | "CANCELED" | "REFUNDED" | "PARTIALLY_REFUNDED" | "REJECTED" | "FAILED";
            /**
             * Format: date-time
             * @description When this answer was made
             */
            date: string;
            /**
             * Format: date-time
             * @description When the order was paid; null until then
             */
            payment_date: string | null;
            /** @description The merchant's tax identification; null until the merchant is known. The holder of a Brazilian or Colombian payment key shows its document masked: CPF "***.456.789-**", CNPJ "**.345.678/****-**" (alphanumeric "**.ABC.345/****-**"), cédula "****789", NIT "****456-*" */
            merchant_identification_number: string | null;
            /** @description Null until the merchant is known. The holder of a Brazilian or Colombian payment key shows only its first name and initials ("Ana S. O.") */
            merchant_name: string | null;
            /**
             * @description Why the order failed or was canceled; null otherwise
             * @enum {string|null}
             */
            error_code: "USER_REJECTED" | "EXPIRED" | "INSUFFICIENT_FUNDS" | "DESTINATION_REJECTED" | "UPSTREAM_ERROR" | "INVALID_DICT_KEY" | "CANCELED_BY_COLLECTOR" | "INTERNAL_ERROR" | null;
        };
        OrderSearchPageDto: {
            /** @description Newest first (created_at, then id) */
            data: {
                /** Format: uuid */
                order_id: string;
                /** @description Your own reference of the order: the one you previewed it with, or for a QR you created (collections) the one you created it with; null for a collection nobody has paid when you are its payer's side */
                external_reference: string | null;
                /**
                 * @description QR, KEY (a payment key), or COLLECTION (a QR created for a point of sale)
                 * @enum {string}
                 */
                flow: "QR" | "KEY" | "COLLECTION";
                /** @enum {string} */
                status: "WAITING_AMOUNT" | "PROCESS_LATER" | "CREATED" | "PROCESSING" | "COMPLETED" | "CANCELED" | "REFUNDED" | "PARTIALLY_REFUNDED" | "REJECTED" | "FAILED";
                local_country: string;
                local_currency: string;
                /** @description Decimal in the local currency; null while an open amount is not given */
                local_amount: string | null;
                /** @description The payer's currency; null until a payer previewed it */
                user_currency: string | null;
                /** @description Decimal in the payer's currency; null until priced */
                user_amount: string | null;
                /**
                 * @description Why the order failed or was canceled; null otherwise
                 * @enum {string|null}
                 */
                error_code: "USER_REJECTED" | "EXPIRED" | "INSUFFICIENT_FUNDS" | "DESTINATION_REJECTED" | "UPSTREAM_ERROR" | "INVALID_DICT_KEY" | "CANCELED_BY_COLLECTOR" | "INTERNAL_ERROR" | null;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
            }[];
            /** @description Whether rows follow this page */
            has_more: boolean;
            /** @description Send it as starting_after for the next page; null when has_more is false (the last row's key) */
            next_cursor: string[];
        };
        StatusHistoryViewDto: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            status: "WAITING_AMOUNT" | "PROCESS_LATER" | "CREATED" | "PROCESSING" | "COMPLETED" | "CANCELED" | "REFUNDED" | "PARTIALLY_REFUNDED" | "REJECTED" | "FAILED";
            /** Format: date-time */
            creation_date: string;
            /** Format: date-time */
            update_date: string;
            /** @description Decimal in the local currency; null while an open-amount QR waits for its amount */
            local_amount: string | null;
            local_currency: string;
            /** @description Decimal in the payer's currency; null until priced */
            user_amount: string | null;
            /** @description The payer's currency; null for a collection nobody has scanned */
            user_currency: string | null;
            /** @description The payer's reference */
            external_reference: string | null;
            /** @description Null until the merchant is known. The holder of a Brazilian or Colombian payment key shows its document masked: CPF "***.456.789-**", CNPJ "**.345.678/****-**" (alphanumeric "**.ABC.345/****-**"), cédula "****789", NIT "****456-*" */
            merchant_identification_number: string | null;
            /** @description Null until the merchant is known. The holder of a Brazilian or Colombian payment key shows only its first name and initials ("Ana S. O.") */
            merchant_name: string | null;
            /** @description In order of occurrence */
            statuses: {
                /** @enum {string} */
                status: "WAITING_AMOUNT" | "PROCESS_LATER" | "CREATED" | "PROCESSING" | "COMPLETED" | "CANCELED" | "REFUNDED" | "PARTIALLY_REFUNDED" | "REJECTED" | "FAILED";
                /** Format: date-time */
                created_at: string;
            }[];
        };
        ReceiptNotFoundDto: {
            /** Format: uuid */
            eventId: string;
            details: string;
            /** @description The request id (x-request-id) */
            correlationId: string;
            errors: {
                /** @description 2105 */
                code: number;
                title: string;
                detail: string;
            }[];
        };
        QuickReadDto: {
            /** Format: uuid */
            order_uuid: string;
            /** @description Decimal in the local currency; null while an open-amount QR waits for its amount */
            total: string | null;
            /** @description The merchant's identification; null until the merchant is known. The holder of a Brazilian or Colombian payment key shows its document masked: CPF "***.456.789-**", CNPJ "**.345.678/****-**" (alphanumeric "**.ABC.345/****-**"), cédula "****789", NIT "****456-*" */
            destination_wallet: string | null;
            /** @enum {string} */
            status: "WAITING_AMOUNT" | "PROCESS_LATER" | "CREATED" | "PROCESSING" | "COMPLETED" | "CANCELED" | "REFUNDED" | "PARTIALLY_REFUNDED" | "REJECTED" | "FAILED";
        };
        KeyValidationDto: {
            /**
             * @description The payment key, unformatted.
             *
             *     Keys are sent unformatted: a CPF, CNPJ or CCI with dots, dashes, slashes or spaces, or a phone with spaces, dashes or parentheses, is refused with 400, never stripped. A 400 lists the key types of the country, after a specific reason when the key's form shows what is wrong.
             *
             *     **Brazil (Pix DICT)**, `local_country` `BR`
             *     - `CPF`: 11 digits without dots or dashes; both check digits are verified.
             *     - `CNPJ`: 14 characters without dots, slashes or dashes: 12 letters (A-Z) or digits, then 2 check digits, both verified; a numeric CNPJ is 14 digits. Lower-case letters are taken in upper case.
             *     - `EMAIL`: an e-mail address of at most 77 characters, kept in lower case.
             *     - `PHONE`: +55, a two-digit area code, then an 8-digit landline or 9-digit mobile number, digits only.
             *     - `EVP`: the random key, a version-4 UUID with hyphens, kept in lower case.
             *
             *     **Peru**, `local_country` `PE`
             *     - `CCI`: 20 to 22 digits without dashes or spaces; a 20-digit CCI (bank 3, branch 3, account 12, check 2) must carry its two check digits.
             *     - `PHONE`: +51, then a 9-digit mobile number starting with 9, digits only; it is validated in two steps, the second one choosing the wallet.
             *
             *     **Colombia (Bre-B)**, `local_country` `CO`. The spec's Bre-B table gives lengths only (name 21, id 17-18, random 10, open_input 21) while its preview page lists Brazil's key types; the table is followed, with the grammar below keeping the types apart.
             *     - `NAME`: "@" then 20 ASCII letters or digits (21 characters).
             *     - `ID`: 17 or 18 digits.
             *     - `RANDOM`: exactly 10 ASCII letters or digits (so ten bare digits are a RANDOM key, not a phone).
             *     - `OPEN_INPUT`: exactly 21 ASCII letters or digits, without "@".
             *     - `PHONE`: +57, then a 10-digit mobile number starting with 3, digits only.
             *     - `EMAIL`: an e-mail address of at most 77 characters, kept in lower case.
             */
            dict_key: string;
            /**
             * @description ISO 3166-1 alpha-2 of the key: BR (Pix), PE (CCI or phone), CO (Bre-B)
             * @default BR
             * @enum {string}
             */
            local_country: "BR" | "PE" | "CO";
        };
        WalletValidationDto: {
            /** @description The `walletId` of the phone validation (or of the preview callback) */
            wallet_record_id: string;
            /**
             * Format: uuid
             * @description The `id` of the wallet the payer picked
             */
            selected_wallet_id: string;
            /**
             * @description Only Peru has wallets
             * @enum {string}
             */
            local_country: "PE";
        };
        WalletValidationResponseDto: {
            name: string;
            accountNumber: string;
            identificationNumber: string;
            mcc: string;
            branchOffice: string;
            /** @enum {string} */
            category: "CHECKING" | "SAVINGS";
            postalCode: string[];
            bank: string;
            terminal: string[];
            wallet_name: string;
        };
        KeyPreviewDto: {
            /**
             * @description The payment key, unformatted.
             *
             *     Keys are sent unformatted: a CPF, CNPJ or CCI with dots, dashes, slashes or spaces, or a phone with spaces, dashes or parentheses, is refused with 400, never stripped. A 400 lists the key types of the country, after a specific reason when the key's form shows what is wrong.
             *
             *     **Brazil (Pix DICT)**, `local_country` `BR`
             *     - `CPF`: 11 digits without dots or dashes; both check digits are verified.
             *     - `CNPJ`: 14 characters without dots, slashes or dashes: 12 letters (A-Z) or digits, then 2 check digits, both verified; a numeric CNPJ is 14 digits. Lower-case letters are taken in upper case.
             *     - `EMAIL`: an e-mail address of at most 77 characters, kept in lower case.
             *     - `PHONE`: +55, a two-digit area code, then an 8-digit landline or 9-digit mobile number, digits only.
             *     - `EVP`: the random key, a version-4 UUID with hyphens, kept in lower case.
             *
             *     **Peru**, `local_country` `PE`
             *     - `CCI`: 20 to 22 digits without dashes or spaces; a 20-digit CCI (bank 3, branch 3, account 12, check 2) must carry its two check digits.
             *     - `PHONE`: +51, then a 9-digit mobile number starting with 9, digits only; it is validated in two steps, the second one choosing the wallet.
             *
             *     **Colombia (Bre-B)**, `local_country` `CO`. The spec's Bre-B table gives lengths only (name 21, id 17-18, random 10, open_input 21) while its preview page lists Brazil's key types; the table is followed, with the grammar below keeping the types apart.
             *     - `NAME`: "@" then 20 ASCII letters or digits (21 characters).
             *     - `ID`: 17 or 18 digits.
             *     - `RANDOM`: exactly 10 ASCII letters or digits (so ten bare digits are a RANDOM key, not a phone).
             *     - `OPEN_INPUT`: exactly 21 ASCII letters or digits, without "@".
             *     - `PHONE`: +57, then a 10-digit mobile number starting with 3, digits only.
             *     - `EMAIL`: an e-mail address of at most 77 characters, kept in lower case.
             */
            dict_key: string;
            /** @description Decimal, in the key's country currency (set by the server: BRL, PEN, COP) */
            amount: string | number;
            external_reference: string & unknown;
            /**
             * Format: uri
             * @description Where callbacks go. The sandbox takes http and https to any host; production only https to a public address. A host label in punycode (xn--) must also be valid punycode, which the pattern does not check
             */
            notification_url: string;
            /**
             * @description ISO 3166-1 alpha-2 of the key: BR (Pix), PE (CCI or phone), CO (Bre-B)
             * @default BR
             * @enum {string}
             */
            local_country: "BR" | "PE" | "CO";
            user: {
                full_name: string & unknown;
                /**
                 * @description ISO 4217 code the FX provider quotes, upper case
                 * @enum {string}
                 */
                currency: "USD" | "EUR" | "BRL" | "PEN" | "COP" | "ARS" | "CLP" | "MXN" | "UYU";
                account_number: string & unknown;
                tax_id: string & unknown;
                /** @enum {string} */
                tax_id_type?: "DNI" | "CUIT" | "CUIL";
            };
        };
        KeyPreviewAckDto: {
            /** @enum {string} */
            status: "success";
            external_reference: string;
            message: string;
            /** @enum {string} */
            local_currency: "BRL" | "PEN" | "COP";
            /**
             * Format: uuid
             * @description The order this preview opened (added to the spec's ack): the same id the preview callback's order.id carries
             */
            order_id: string;
            /** @description Peru (local_country PE) only */
            collector?: {
                name: string;
                identification_number: string;
                identification_type: string;
                branch_office: string;
                account_id: string;
                account_type: string;
                mcc: string;
            };
        };
        PeruKeyPreviewDto: {
            /**
             * @description The payment key, unformatted.
             *
             *     Keys are sent unformatted: a CPF, CNPJ or CCI with dots, dashes, slashes or spaces, or a phone with spaces, dashes or parentheses, is refused with 400, never stripped. A 400 lists the key types of the country, after a specific reason when the key's form shows what is wrong.
             *
             *     **Brazil (Pix DICT)**, `local_country` `BR`
             *     - `CPF`: 11 digits without dots or dashes; both check digits are verified.
             *     - `CNPJ`: 14 characters without dots, slashes or dashes: 12 letters (A-Z) or digits, then 2 check digits, both verified; a numeric CNPJ is 14 digits. Lower-case letters are taken in upper case.
             *     - `EMAIL`: an e-mail address of at most 77 characters, kept in lower case.
             *     - `PHONE`: +55, a two-digit area code, then an 8-digit landline or 9-digit mobile number, digits only.
             *     - `EVP`: the random key, a version-4 UUID with hyphens, kept in lower case.
             *
             *     **Peru**, `local_country` `PE`
             *     - `CCI`: 20 to 22 digits without dashes or spaces; a 20-digit CCI (bank 3, branch 3, account 12, check 2) must carry its two check digits.
             *     - `PHONE`: +51, then a 9-digit mobile number starting with 9, digits only; it is validated in two steps, the second one choosing the wallet.
             *
             *     **Colombia (Bre-B)**, `local_country` `CO`. The spec's Bre-B table gives lengths only (name 21, id 17-18, random 10, open_input 21) while its preview page lists Brazil's key types; the table is followed, with the grammar below keeping the types apart.
             *     - `NAME`: "@" then 20 ASCII letters or digits (21 characters).
             *     - `ID`: 17 or 18 digits.
             *     - `RANDOM`: exactly 10 ASCII letters or digits (so ten bare digits are a RANDOM key, not a phone).
             *     - `OPEN_INPUT`: exactly 21 ASCII letters or digits, without "@".
             *     - `PHONE`: +57, then a 10-digit mobile number starting with 3, digits only.
             *     - `EMAIL`: an e-mail address of at most 77 characters, kept in lower case.
             */
            dict_key: string;
            /** @description Decimal, in PEN */
            amount: string | number;
            external_reference: string & unknown;
            /**
             * Format: uri
             * @description Where callbacks go. The sandbox takes http and https to any host; production only https to a public address. A host label in punycode (xn--) must also be valid punycode, which the pattern does not check
             */
            notification_url: string;
            user: {
                full_name: string & unknown;
                /**
                 * @description ISO 4217 code the FX provider quotes, upper case
                 * @enum {string}
                 */
                currency: "USD" | "EUR" | "BRL" | "PEN" | "COP" | "ARS" | "CLP" | "MXN" | "UYU";
                account_number: string & unknown;
                tax_id: string & unknown;
                /** @enum {string} */
                tax_id_type: "DNI" | "CUIT" | "CUIL";
            };
        };
        CreateQrDto: {
            /**
             * Format: uuid
             * @description One of your enabled points of sale
             */
            pos_uuid: string;
            /** @description Your own reference for this collection, unique among your QRs */
            external_reference: string & unknown;
            /**
             * Format: uri
             * @description Where the QR creation, payment, expiration and refund notifications go
             */
            notification_url: string;
            /** @description In the local currency: a dynamic closed-amount QR (order CREATED); absent: a static open-amount QR (WAITING_AMOUNT) */
            amount?: string | number;
            /** @description ISO 4217: the collector's country's currency; it names the country of a collector created without country_code */
            currency?: string;
        };
        CreatedQrDto: {
            /** Format: uuid */
            order_id: string;
            /** @enum {string} */
            status: "WAITING_AMOUNT" | "PROCESS_LATER" | "CREATED" | "PROCESSING" | "COMPLETED" | "CANCELED" | "REFUNDED" | "PARTIALLY_REFUNDED" | "REJECTED" | "FAILED";
            /** @description EMVCo merchant-presented payload, CRC included */
            qr: string;
            /** @description The QR as a PNG data URL */
            qr_image: string;
            /** @description ISO 8601; the order is canceled (QR_EXPIRED) if nobody paid it by then */
            expires_at: string;
            local_amount: number[];
            local_currency: string;
            exchange_rates: {
                currency: string;
                /** @description Units of this currency per unit of the local currency, at your spread; indicative, the payer is priced at its own */
                rate: string;
                /** @description The amount in this currency; null for an open amount */
                amount: number | null;
            }[];
        };
        CanceledQrDto: {
            /** Format: uuid */
            order_id: string;
            /** @enum {string} */
            status: "CANCELED";
            /** @enum {string} */
            error_code: "CANCELED_BY_COLLECTOR";
        };
        RefundRequestDto: {
            /** Format: uuid */
            order_id: string;
            /** @description In the order's local currency; absent: the whole remaining amount */
            amount?: string | number;
            reason?: string & unknown;
        };
        RefundResultDto: {
            /** Format: uuid */
            refund_id: string;
            /** Format: uuid */
            order_id: string;
            /**
             * @description REFUNDED: nothing is left to refund; PARTIALLY_REFUNDED: some is; PENDING: the rail has not confirmed yet (the refund notification follows); REJECTED/FAILED: the rail did not refund
             * @enum {string}
             */
            status: "REFUNDED" | "PARTIALLY_REFUNDED" | "PENDING" | "REJECTED" | "FAILED";
            /** @description This refund, in the local currency */
            amount: number;
            currency: string;
            /** @description Refunded so far, this refund included once it went through */
            refunded_total: number;
            /** @description Still refundable */
            remaining: number;
        };
        RefundViewDto: {
            /** Format: uuid */
            refund_id: string;
            /** Format: uuid */
            order_id: string;
            /**
             * @description PENDING: the rail has not confirmed yet; COMPLETED: refunded, the payer credited; REJECTED/FAILED: the rail did not refund (error_code says why)
             * @enum {string}
             */
            status: "PENDING" | "COMPLETED" | "REJECTED" | "FAILED";
            /** @description This refund, in the order's local currency */
            amount: number;
            /** @description The order's local currency */
            currency: string;
            /** @description What the payer's account was credited, in user_currency; null until COMPLETED */
            user_amount: number | null;
            user_currency: string;
            /** @description The reason given with the refund, if any */
            reason: string | null;
            /** @description Why the rail did not refund; null otherwise */
            error_code: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        ForcePayoutRequestDto: {
            /**
             * @description The rail's answer to this order's payout: completed (paid), rejected (the destination refuses: the order ends REJECTED, DESTINATION_REJECTED, and the funds are released), unknown (the rail never says: the order stays PROCESSING with its funds reserved, is flagged PayoutUnconfirmed after PAYOUT_RETRY_WINDOW, and waits for an operator)
             * @enum {string}
             */
            outcome: "completed" | "rejected" | "unknown";
        };
        ForcePayoutResponseDto: {
            /** Format: uuid */
            order_id: string;
            /** @enum {string} */
            outcome: "completed" | "rejected" | "unknown";
            /**
             * @description The order's status now; the forced answer comes once it is paid
             * @enum {string}
             */
            status: "WAITING_AMOUNT" | "PROCESS_LATER" | "CREATED" | "PROCESSING" | "COMPLETED" | "CANCELED" | "REFUNDED" | "PARTIALLY_REFUNDED" | "REJECTED" | "FAILED";
        };
        ErrorBodyDto: {
            /** @description The HTTP status, repeated */
            statusCode: number;
            /** @description Informational only, may change: a sentence, or for a refused input one line per problem, each naming its field */
            message: string | string[];
            /**
             * @description A stable code to act on: the table in the description of this document says what each means
             * @enum {string}
             */
            error_code?: "INVALID_DICT_KEY" | "INVALID_STATUS" | "ALREADY_PROCESSED" | "REQUEST_IN_PROGRESS" | "AMOUNT_EXCEEDS_REFUNDABLE" | "IDEMPOTENCY_KEY_REUSED" | "RATE_LIMITED" | "INTERNAL_ERROR" | "OVERLOADED" | "SERVICE_UNAVAILABLE" | "UPSTREAM_ERROR";
            /** @description The request's id, as in its `x-request-id` header and in the service's logs: quote it when reporting */
            request_id: string;
        };
        ValidationErrorBodyDto: {
            /** @description The HTTP status, repeated */
            statusCode: number;
            /** @description One line per problem, each starting with the field it concerns, e.g. "user.currency: Invalid option" */
            message: string[];
            /**
             * @description A stable code to act on: the table in the description of this document says what each means
             * @enum {string}
             */
            error_code?: "INVALID_DICT_KEY" | "INVALID_STATUS" | "ALREADY_PROCESSED" | "REQUEST_IN_PROGRESS" | "AMOUNT_EXCEEDS_REFUNDABLE" | "IDEMPOTENCY_KEY_REUSED" | "RATE_LIMITED" | "INTERNAL_ERROR" | "OVERLOADED" | "SERVICE_UNAVAILABLE" | "UPSTREAM_ERROR";
            /** @description The request's id, as in its `x-request-id` header and in the service's logs: quote it when reporting */
            request_id: string;
            /** @description The problems of `message`, one each, for a program to act on */
            errors: {
                /** @description The field, as a dotted path (`user.currency`), or `body` for the body as a whole */
                field: string;
                /**
                 * @description What is wrong: zod's issue code, or INVALID for a rule the service checks itself
                 * @enum {string}
                 */
                code: "INVALID_TYPE" | "INVALID_VALUE" | "INVALID_FORMAT" | "TOO_SMALL" | "TOO_BIG" | "UNKNOWN_FIELD" | "INVALID";
            }[];
        };
        PreviewCallback: {
            /** @enum {string} */
            payment_type: "QR" | "DICT_KEY";
            /** @description The payer's reference */
            external_reference: string | null;
            /** @description Only for a successful read */
            collector?: {
                /** @description Merchant name. The holder of a Brazilian or Colombian payment key shows only its first name and initials ("Ana S. O.") */
                name: string | null;
                /** @description The merchant's tax identification. The holder of a Brazilian or Colombian payment key shows its document masked: CPF "***.456.789-**", CNPJ "**.345.678/****-**" (alphanumeric "**.ABC.345/****-**"), cédula "****789", NIT "****456-*" */
                identification_number: string | null;
                /** @description Branch number; may be empty */
                branch_office: string | null;
            };
            /** @description Only for a successful read */
            order?: {
                /**
                 * Format: uuid
                 * @description Pay it with POST /v2/payments
                 */
                id: string;
                /**
                 * @description QR previews only, as the spec's table says
                 * @enum {string}
                 */
                status?: "WAITING_AMOUNT" | "PROCESS_LATER" | "CREATED" | "PROCESSING" | "COMPLETED" | "CANCELED" | "REFUNDED" | "PARTIALLY_REFUNDED" | "REJECTED" | "FAILED";
                /** @description Null while an open-amount QR waits for its amount */
                local_total_amount: number | null;
                local_currency: string;
                /** @description What the payer pays; null while the amount is unknown */
                user_total_amount: number | null;
                /** @description The payer's currency */
                user_currency: string | null;
                /**
                 * @description QR previews only
                 * @enum {string|null}
                 */
                qr_type?: "STATIC" | "DYNAMIC" | null;
            };
            /** @description Every phone key's wallets, to pick one from when paying (wallet_id): a Peru phone's wallets, or the one account a Brazilian or Colombian phone names */
            wallets?: {
                /**
                 * Format: uuid
                 * @description Send it as wallet_id to pay
                 */
                id: string;
                brand: string;
                mobile: string;
                present: boolean;
                directory: string;
                participant_code: string;
            }[];
            /** @description Peru: the wallet record, sent later as wallet_record_id */
            walletId?: string;
            /**
             * @description Why the preview failed; then collector and order are absent
             * @enum {string}
             */
            error_code?: "USER_REJECTED" | "EXPIRED" | "INSUFFICIENT_FUNDS" | "DESTINATION_REJECTED" | "UPSTREAM_ERROR" | "INVALID_DICT_KEY" | "CANCELED_BY_COLLECTOR" | "INTERNAL_ERROR";
            version: string;
            webhook: {
                /**
                 * Format: uuid
                 * @description The event id: the x-event-id and webhook-id headers, the same on every attempt
                 */
                id: string;
                /** @enum {string} */
                type: "PREVIEW";
                /**
                 * Format: date-time
                 * @description When the event happened (the change that emitted it)
                 */
                created_at: string;
                /**
                 * @description The API version the body follows
                 * @enum {string}
                 */
                version: "2";
            };
        };
        PaymentCallback: {
            /** Format: uuid */
            order_id: string;
            /** @description The payer's reference; null for an order nobody has paid yet */
            external_reference: string | null;
            /** @description The same, under the name the spec also uses */
            external_reference_id: string | null;
            /** @enum {string} */
            status: "WAITING_AMOUNT" | "PROCESS_LATER" | "CREATED" | "PROCESSING" | "COMPLETED" | "CANCELED" | "REFUNDED" | "PARTIALLY_REFUNDED" | "REJECTED" | "FAILED";
            /**
             * Format: date-time
             * @description When this answer was made
             */
            date: string;
            /**
             * Format: date-time
             * @description When the order was paid; null until then
             */
            payment_date: string | null;
            /** @description The merchant's tax identification; null until the merchant is known. The holder of a Brazilian or Colombian payment key shows its document masked: CPF "***.456.789-**", CNPJ "**.345.678/****-**" (alphanumeric "**.ABC.345/****-**"), cédula "****789", NIT "****456-*" */
            merchant_identification_number: string | null;
            /** @description Null until the merchant is known. The holder of a Brazilian or Colombian payment key shows only its first name and initials ("Ana S. O.") */
            merchant_name: string | null;
            /**
             * @description Why the order failed or was canceled; null otherwise
             * @enum {string|null}
             */
            error_code: "USER_REJECTED" | "EXPIRED" | "INSUFFICIENT_FUNDS" | "DESTINATION_REJECTED" | "UPSTREAM_ERROR" | "INVALID_DICT_KEY" | "CANCELED_BY_COLLECTOR" | "INTERNAL_ERROR" | null;
            /** @enum {string} */
            version: "2";
            webhook: {
                /**
                 * Format: uuid
                 * @description The event id: the x-event-id and webhook-id headers, the same on every attempt
                 */
                id: string;
                /** @enum {string} */
                type: "PAYMENT";
                /**
                 * Format: date-time
                 * @description When the event happened (the change that emitted it)
                 */
                created_at: string;
                /**
                 * @description The API version the body follows
                 * @enum {string}
                 */
                version: "2";
            };
        };
        QrCreatedCallback: {
            /** @enum {string} */
            event: "QR_CREATED";
            /** Format: uuid */
            order_id: string;
            /** @description The collector's reference */
            external_reference: string | null;
            /** @enum {string} */
            status: "WAITING_AMOUNT" | "PROCESS_LATER" | "CREATED" | "PROCESSING" | "COMPLETED" | "CANCELED" | "REFUNDED" | "PARTIALLY_REFUNDED" | "REJECTED" | "FAILED";
            /** @description Null for an open-amount QR */
            local_amount: number | null;
            local_currency: string;
            exchange_rates: {
                currency: string;
                /** @description Units of this currency per unit of the local currency, at your spread; indicative, the payer is priced at its own */
                rate: string;
                /** @description The amount in this currency; null for an open amount */
                amount: number | null;
            }[];
            /** Format: date-time */
            expires_at: string;
            /** Format: date-time */
            date: string;
            version: string;
            webhook: {
                /**
                 * Format: uuid
                 * @description The event id: the x-event-id and webhook-id headers, the same on every attempt
                 */
                id: string;
                /** @enum {string} */
                type: "QR_CREATED";
                /**
                 * Format: date-time
                 * @description When the event happened (the change that emitted it)
                 */
                created_at: string;
                /**
                 * @description The API version the body follows
                 * @enum {string}
                 */
                version: "2";
            };
        };
        QrExpiredCallback: {
            /** @enum {string} */
            event: "QR_EXPIRED";
            /** Format: uuid */
            order_id: string;
            /** @description The collector's reference */
            external_reference: string | null;
            /** @enum {string} */
            status: "WAITING_AMOUNT" | "PROCESS_LATER" | "CREATED" | "PROCESSING" | "COMPLETED" | "CANCELED" | "REFUNDED" | "PARTIALLY_REFUNDED" | "REJECTED" | "FAILED";
            /**
             * @description EXPIRED for an expiry
             * @enum {string|null}
             */
            error_code: "USER_REJECTED" | "EXPIRED" | "INSUFFICIENT_FUNDS" | "DESTINATION_REJECTED" | "UPSTREAM_ERROR" | "INVALID_DICT_KEY" | "CANCELED_BY_COLLECTOR" | "INTERNAL_ERROR" | null;
            /** Format: date-time */
            expires_at: string;
            /** Format: date-time */
            date: string;
            version: string;
            webhook: {
                /**
                 * Format: uuid
                 * @description The event id: the x-event-id and webhook-id headers, the same on every attempt
                 */
                id: string;
                /** @enum {string} */
                type: "QR_EXPIRED";
                /**
                 * Format: date-time
                 * @description When the event happened (the change that emitted it)
                 */
                created_at: string;
                /**
                 * @description The API version the body follows
                 * @enum {string}
                 */
                version: "2";
            };
        };
        RefundCallback: {
            /** Format: uuid */
            order_id: string;
            /** @description The reference of whoever is notified */
            external_reference: string | null;
            /**
             * @description REFUNDED or PARTIALLY_REFUNDED once a refund went through
             * @enum {string}
             */
            status: "WAITING_AMOUNT" | "PROCESS_LATER" | "CREATED" | "PROCESSING" | "COMPLETED" | "CANCELED" | "REFUNDED" | "PARTIALLY_REFUNDED" | "REJECTED" | "FAILED";
            /** Format: date-time */
            date: string;
            /**
             * Format: date-time
             * @description When the order was paid
             */
            payment_date: string | null;
            /** @description Null until the merchant is known */
            merchant_identification_number: string | null;
            /** @description Merchant display name (spelled so in the spec) */
            merchart_name: string | null;
            /** @description Null for a refund that went through */
            error_code: string | null;
            /** @description This refund's amount, in the order's local currency */
            amount: number;
            currency: string;
            /**
             * Format: uuid
             * @description Not in the spec: which refund this is (the refund_id of POST /v2/qr/refund), as an order may have several
             */
            refund_id: string;
            /** @enum {string} */
            version: "2";
            webhook: {
                /**
                 * Format: uuid
                 * @description The event id: the x-event-id and webhook-id headers, the same on every attempt
                 */
                id: string;
                /** @enum {string} */
                type: "REFUND";
                /**
                 * Format: date-time
                 * @description When the event happened (the change that emitted it)
                 */
                created_at: string;
                /**
                 * @description The API version the body follows
                 * @enum {string}
                 */
                version: "2";
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    HealthController_health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is alive: always `{"status":"up"}` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProbeDto"];
                };
            };
        };
    };
    HealthController_ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Taking traffic: `{"status":"up"}` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProbeDto"];
                };
            };
            /** @description Not taking traffic: `{"status":"down"}`, while shutting down or while PostgreSQL or Temporal does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProbeDto"];
                };
            };
        };
    };
    AuthController_token: {
        parameters: {
            query?: never;
            header: {
                "x-api-key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenResponseDto"];
                };
            };
            /** @description Forbidden resource: the API key is missing, unknown or disabled */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description RATE_LIMITED: too many refused credentials from this address this minute; retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    AuthController_refresh: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefreshRequestDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenResponseDto"];
                };
            };
            /** @description The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description Unauthorized: the refresh token is unknown, expired, revoked or already used (a reuse revokes its whole family) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 100kb */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A Content-Encoding other than identity, gzip, deflate or br, or a charset other than utf-8 */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description RATE_LIMITED: too many refused credentials from this address this minute; retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    QrDecodeController_decode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QrDecodeRequestDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QrDecodeResponseDto"];
                };
            };
            /**
             * @description - qr missing, not a string or longer than 1024 characters
             *     - The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 100kb */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A Content-Encoding other than identity, gzip, deflate or br, or a charset other than utf-8 */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    NotificationsController_list: {
        parameters: {
            query: {
                order_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's callbacks for the order, each with every delivery attempt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationViewDto"][];
                };
            };
            /** @description The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    NotificationsController_redeliver: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                event_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The redelivery is queued */
            202: {
                headers: {
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationViewDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Notification not found: no such callback of the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description RATE_LIMITED: the client spent its quota of this class of route; retry after Retry-After seconds (the RateLimit headers say the quota and what is left) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    NotificationsController_rotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RotateWebhookSecretRequestDto"];
            };
        };
        responses: {
            /** @description The new secret, shown this once */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RotatedWebhookSecretDto"];
                };
            };
            /** @description The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 100kb */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A Content-Encoding other than identity, gzip, deflate or br, or a charset other than utf-8 */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    NotificationsController_verify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VerifySignatureRequestDto"];
            };
        };
        responses: {
            /** @description Whether the signature is valid for this body under the caller's webhook secret */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerifySignatureResponseDto"];
                };
            };
            /** @description The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 100kb */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A Content-Encoding other than identity, gzip, deflate or br, or a charset other than utf-8 */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    EventsController_list: {
        parameters: {
            query?: {
                /** @description The callback's event (the `event` of its body) */
                type?: "PREVIEW" | "PAYMENT" | "QR_CREATED" | "QR_EXPIRED" | "REFUND";
                /** @description FAILED: retries given up; PENDING: not acknowledged yet, still retried; DELIVERED: acknowledged */
                status?: "PENDING" | "DELIVERED" | "FAILED";
                /** @description Only callbacks created at or after this instant */
                created_after?: string;
                /** @description Only callbacks created before this instant */
                created_before?: string;
                /** @description Opaque: the next_cursor of the previous page, as it came */
                starting_after?: string;
                /** @description Rows per page, 1 to 100 (20 unless given) */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventPageDto"];
                };
            };
            /**
             * @description - A malformed filter, a limit outside 1..100, or a starting_after this listing did not give
             *     - The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    EventsController_redeliver: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1-255 printable ASCII characters. A retry with the same key and the same body bytes gets the first response again (header idempotency-replay: true); with other bytes 422 IDEMPOTENCY_KEY_REUSED; while the first is still running 409 REQUEST_IN_PROGRESS with Retry-After. A 5xx is not kept: its retry gets the result of whatever the first attempt did meanwhile, never that attempt done twice. Keys are kept 24 h. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RedeliverEventsRequestDto"];
            };
        };
        responses: {
            /** @description The redeliveries are queued */
            202: {
                headers: {
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RedeliverEventsResponseDto"];
                };
            };
            /**
             * @description - A malformed filter, a limit outside 1..100, or a starting_after this listing did not give
             *     - The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON)
             *     - idempotency-key: not 1 to 255 printable ASCII characters, or only spaces
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description REQUEST_IN_PROGRESS: a request with this idempotency-key is still running; retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 100kb */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A Content-Encoding other than identity, gzip, deflate or br, or a charset other than utf-8 */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSED: this idempotency-key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description RATE_LIMITED: the client spent its quota of this class of route; retry after Retry-After seconds (the RateLimit headers say the quota and what is left) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    WebhooksController_test: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookTestRequestDto"];
            };
        };
        responses: {
            /** @description The ping was sent (acknowledged or not) */
            200: {
                headers: {
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookTestResponseDto"];
                };
            };
            /**
             * @description - url: not a URL a callback may be sent to
             *     - The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 100kb */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A Content-Encoding other than identity, gzip, deflate or br, or a charset other than utf-8 */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description RATE_LIMITED: the client spent its quota of this class of route; retry after Retry-After seconds (the RateLimit headers say the quota and what is left) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description - SERVICE_UNAVAILABLE: the ping could not be sent within 30 s (the workers are behind)
             *     - SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    CollectorController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CollectorReadDto"][];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    CollectorController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCollectorDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CollectorCreatedDto"];
                };
            };
            /** @description The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Conflict: the client already has a collector with this external_reference */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 100kb */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A Content-Encoding other than identity, gzip, deflate or br, or a charset other than utf-8 */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    CollectorController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CollectorDetailDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Collector not found (also for a malformed uuid or another client's collector) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    CollectorController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateCollectorDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatusMessageDto"];
                };
            };
            /** @description The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Collector not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Conflict: another collector of the client has this external_reference */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 100kb */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A Content-Encoding other than identity, gzip, deflate or br, or a charset other than utf-8 */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    CollectorController_disable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                collector_uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Collector not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Conflict: already disabled */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    StoreController_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                collector_uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreReadDto"][];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Collector not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    StoreController_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                collector_uuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StoreBodyDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedWithUuidDto"];
                };
            };
            /** @description The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Collector not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The collector is disabled or already has a store with this external_reference, in the spec's body for it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreConflictDto"];
                };
            };
            /** @description The body is larger than 100kb */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A Content-Encoding other than identity, gzip, deflate or br, or a charset other than utf-8 */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    StoreController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreDetailDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Store not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    StoreController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StoreBodyDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatusMessageDto"];
                };
            };
            /** @description The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Store not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Conflict: another store of the collector has this external_reference */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 100kb */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A Content-Encoding other than identity, gzip, deflate or br, or a charset other than utf-8 */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    StoreController_disable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Store not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Already disabled; no body, as the spec gives it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    PosController_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                store_uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PosListEntryDto"][];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Store not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    PosController_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                store_uuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePosDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedWithUuidDto"];
                };
            };
            /** @description The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Store not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Conflict: the store or its collector is disabled, or the store already has a POS with this external_reference */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 100kb */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A Content-Encoding other than identity, gzip, deflate or br, or a charset other than utf-8 */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    PosController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PosReadDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description POS not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    PosController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdatePosDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatusMessageDto"];
                };
            };
            /** @description The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description POS not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Conflict: another POS of the store has this external_reference */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 100kb */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A Content-Encoding other than identity, gzip, deflate or br, or a charset other than utf-8 */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    PosController_disable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description POS not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Conflict: already disabled */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    AccountsController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountBalanceDto"][];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    AccountsController_movements: {
        parameters: {
            query?: {
                /** @description Rows per page, 1 to 100 (20 unless given) */
                limit?: number;
                /** @description Opaque: the next_cursor of the previous page, as it came */
                starting_after?: string;
                /** @description Deprecated (offset paging: a line written meanwhile shifts every later page): use limit and starting_after. 1-based */
                page?: number;
                /** @description Deprecated (offset paging: a line written meanwhile shifts every later page): use limit and starting_after. 50 unless given */
                page_size?: number;
            };
            header?: never;
            path: {
                /** @description ISO 4217 alphabetic code, upper case */
                currency: "ARS" | "BOB" | "BRL" | "CLP" | "COP" | "CRC" | "EUR" | "GTQ" | "MXN" | "PEN" | "PYG" | "USD" | "UYU";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MovementPageDto"];
                };
            };
            /**
             * @description - Unsupported currency, invalid paging, a cursor this listing did not give, or page/page_size mixed with limit/starting_after
             *     - The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The client has no account in this currency */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    ExchangeRatesController_payinRate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ISO 4217 code the FX provider quotes, upper case */
                base: "USD" | "EUR" | "BRL" | "PEN" | "COP" | "ARS" | "CLP" | "MXN" | "UYU";
                /** @description ISO 4217 code the FX provider quotes, upper case */
                target: "USD" | "EUR" | "BRL" | "PEN" | "COP" | "ARS" | "CLP" | "MXN" | "UYU";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExchangeRateDto"];
                };
            };
            /**
             * @description - Unsupported currency
             *     - The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description RATE_LIMITED: the client spent its quota of this class of route; retry after Retry-After seconds (the RateLimit headers say the quota and what is left) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description - UPSTREAM_ERROR: the FX provider did not answer; retry after Retry-After seconds
             *     - SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    PaymentsController_submitAmount: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1-255 printable ASCII characters. A retry with the same key and the same body bytes gets the first response again (header idempotency-replay: true); with other bytes 422 IDEMPOTENCY_KEY_REUSED; while the first is still running 409 REQUEST_IN_PROGRESS with Retry-After. A 5xx is not kept: its retry gets the result of whatever the first attempt did meanwhile, never that attempt done twice. Keys are kept 24 h. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubmitAmountDto"];
            };
        };
        responses: {
            /** @description The full preview; the preview callback carries it too */
            200: {
                headers: {
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PreviewViewDto"];
                };
            };
            /**
             * @description - The amount is not positive, has more decimals than the currency allows, or is above the country's limit
             *     - The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON)
             *     - idempotency-key: not 1 to 255 printable ASCII characters, or only spaces
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Order not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description - INVALID_STATUS: the order's status does not allow it, or the order has expired (past its expires_at undecided, whether or not it reads CANCELED yet: the message says when it expired); ALREADY_PROCESSED: the order was already decided with another idempotency-key
             *     - REQUEST_IN_PROGRESS: a request with this idempotency-key is still running; retry after Retry-After seconds
             */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 100kb */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A Content-Encoding other than identity, gzip, deflate or br, or a charset other than utf-8 */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSED: this idempotency-key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description RATE_LIMITED: the client spent its quota of this class of route; retry after Retry-After seconds (the RateLimit headers say the quota and what is left) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description - UPSTREAM_ERROR: the FX provider did not answer; retry after Retry-After seconds
             *     - OVERLOADED: the workers are behind on the previews already taken (admission on the backlog), or an action outwaited its order's preparation; retry after Retry-After seconds
             *     - SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    PaymentsController_preview: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1-255 printable ASCII characters. A retry with the same key and the same body bytes gets the first response again (header idempotency-replay: true); with other bytes 422 IDEMPOTENCY_KEY_REUSED; while the first is still running 409 REQUEST_IN_PROGRESS with Retry-After. A 5xx is not kept: its retry gets the result of whatever the first attempt did meanwhile, never that attempt done twice. Keys are kept 24 h. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QrPreviewDto"];
            };
        };
        responses: {
            /** @description The preview callback follows */
            200: {
                headers: {
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PreviewAckDto"];
                };
            };
            /**
             * @description - The QR code is not a payable EMVCo QR (each defect named), its country is not supported, its amount is out of range, or notification_url is not allowed here
             *     - The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON)
             *     - idempotency-key: not 1 to 255 printable ASCII characters, or only spaces
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description - ALREADY_PROCESSED: this external_reference already names an order, or another client already scanned this collection QR; INVALID_STATUS: the collection QR was canceled or has expired
             *     - REQUEST_IN_PROGRESS: a request with this idempotency-key is still running; retry after Retry-After seconds
             */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 100kb */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A Content-Encoding other than identity, gzip, deflate or br, or a charset other than utf-8 */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSED: this idempotency-key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description RATE_LIMITED: the client spent its quota of this class of route; retry after Retry-After seconds (the RateLimit headers say the quota and what is left) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description - UPSTREAM_ERROR: the FX provider did not answer; retry after Retry-After seconds
             *     - OVERLOADED: the workers are behind on the previews already taken (admission on the backlog), or an action outwaited its order's preparation; retry after Retry-After seconds
             *     - SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    PaymentsController_search: {
        parameters: {
            query?: {
                /** @description Your own reference of the order (for a QR you created: the reference you created it with) */
                external_reference?: string & unknown;
                status?: "WAITING_AMOUNT" | "PROCESS_LATER" | "CREATED" | "PROCESSING" | "COMPLETED" | "CANCELED" | "REFUNDED" | "PARTIALLY_REFUNDED" | "REJECTED" | "FAILED";
                flow?: "QR" | "KEY" | "COLLECTION";
                /** @description Orders created at or after this instant (ISO 8601, e.g. 2026-11-27T00:00:00Z) */
                created_after?: string;
                /** @description Orders created before this instant (ISO 8601, e.g. 2026-11-27T00:00:00Z) */
                created_before?: string;
                /** @description Rows per page, 1 to 100 (20 unless given) */
                limit?: number;
                /** @description Opaque: the next_cursor of the previous page, as it came */
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderSearchPageDto"];
                };
            };
            /**
             * @description - A filter is not valid, or starting_after is not a cursor this listing gave
             *     - The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description RATE_LIMITED: the client spent its quota of this class of route; retry after Retry-After seconds (the RateLimit headers say the quota and what is left) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    PaymentsController_pay: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1-255 printable ASCII characters. A retry with the same key and the same body bytes gets the first response again (header idempotency-replay: true); with other bytes 422 IDEMPOTENCY_KEY_REUSED; while the first is still running 409 REQUEST_IN_PROGRESS with Retry-After. A 5xx is not kept: its retry gets the result of whatever the first attempt did meanwhile, never that attempt done twice. Keys are kept 24 h. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PayDto"];
            };
        };
        responses: {
            /** @description The result so far; the final one may come only by notification */
            200: {
                headers: {
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentResultViewDto"];
                };
            };
            /**
             * @description - wallet_id is missing or not one of the preview's wallets (phone keys), or sent for an order whose preview listed none; or notification_url is not allowed here
             *     - The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON)
             *     - idempotency-key: not 1 to 255 printable ASCII characters, or only spaces
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Order not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description - INVALID_STATUS: the order's status does not allow it, or the order has expired (past its expires_at undecided, whether or not it reads CANCELED yet: the message says when it expired); ALREADY_PROCESSED: the order was already decided with another idempotency-key
             *     - REQUEST_IN_PROGRESS: a request with this idempotency-key is still running; retry after Retry-After seconds
             */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 100kb */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A Content-Encoding other than identity, gzip, deflate or br, or a charset other than utf-8 */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSED: this idempotency-key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description RATE_LIMITED: the client spent its quota of this class of route; retry after Retry-After seconds (the RateLimit headers say the quota and what is left) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description - OVERLOADED: the workers are behind on the previews already taken (admission on the backlog), or an action outwaited its order's preparation; retry after Retry-After seconds
             *     - SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    PaymentsController_status: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatusHistoryViewDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such order of the caller: the spec's body with code 2105 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReceiptNotFoundDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    PaymentsController_quickRead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuickReadDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    KeyPaymentsController_validateKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1-255 printable ASCII characters. A retry with the same key and the same body bytes gets the first response again (header idempotency-replay: true); with other bytes 422 IDEMPOTENCY_KEY_REUSED; while the first is still running 409 REQUEST_IN_PROGRESS with Retry-After. A 5xx is not kept: its retry gets the result of whatever the first attempt did meanwhile, never that attempt done twice. Keys are kept 24 h. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["KeyValidationDto"];
            };
        };
        responses: {
            /** @description The key's account: Peru's CCI fields (plus walletId and wallets for a phone), or the holder in Brazil and Colombia, masked as Pix apps show it (first name and initials, a masked document and account) */
            200: {
                headers: {
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        name: string;
                        accountNumber: string;
                        identificationNumber: string;
                        mcc: string;
                        branchOffice: string;
                        /** @enum {string} */
                        category: "CHECKING" | "SAVINGS";
                        postalCode: string | null;
                        bank: string;
                        terminal: string | null;
                    } | {
                        name: string;
                        accountNumber: string;
                        identificationNumber: string;
                        mcc: string;
                        branchOffice: string;
                        /** @enum {string} */
                        category: "CHECKING" | "SAVINGS";
                        postalCode: string | null;
                        bank: string;
                        terminal: string | null;
                        /** @description Send it as wallet_record_id to POST /v2/validations/wallet */
                        walletId: string;
                        wallets: {
                            /** Format: uuid */
                            id: string;
                            contactNumber: string;
                            entityCode: string;
                            directoryCode: string;
                            bankName: string;
                        }[];
                    } | {
                        /** @description The holder of a Brazilian or Colombian payment key shows only its first name and initials ("Ana S. O.") */
                        name: string;
                        /** @description Masked: "****" and the last 4 letters or digits, never more than half of them ("****5678") */
                        accountNumber: string;
                        /** @description The holder of a Brazilian or Colombian payment key shows its document masked: CPF "***.456.789-**", CNPJ "**.345.678/****-**" (alphanumeric "**.ABC.345/****-**"), cédula "****789", NIT "****456-*" */
                        identificationNumber: string;
                        /** @enum {string} */
                        identificationType: "CPF" | "CNPJ" | "CC" | "NIT";
                        branchOffice: string;
                        /** @enum {string} */
                        category: "CHECKING" | "SAVINGS" | "PAYMENT";
                        bank: string;
                        /** @description ISPB in Brazil, the entity code in Colombia */
                        bankCode: string;
                        keyType: string;
                    };
                };
            };
            /**
             * @description - INVALID_DICT_KEY: `message` says what is wrong with the key when its form shows it, then lists the key types the country accepts; a key its directory does not know answers `message: ['INVALID_DICT_KEY']`
             *     - The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON)
             *     - idempotency-key: not 1 to 255 printable ASCII characters, or only spaces
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description REQUEST_IN_PROGRESS: a request with this idempotency-key is still running; retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 100kb */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A Content-Encoding other than identity, gzip, deflate or br, or a charset other than utf-8 */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSED: this idempotency-key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description RATE_LIMITED: the client spent its quota of this class of route; retry after Retry-After seconds (the RateLimit headers say the quota and what is left) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description - UPSTREAM_ERROR: the key directory or the FX provider did not answer; retry after Retry-After seconds
             *     - SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    KeyPaymentsController_validateWallet: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1-255 printable ASCII characters. A retry with the same key and the same body bytes gets the first response again (header idempotency-replay: true); with other bytes 422 IDEMPOTENCY_KEY_REUSED; while the first is still running 409 REQUEST_IN_PROGRESS with Retry-After. A 5xx is not kept: its retry gets the result of whatever the first attempt did meanwhile, never that attempt done twice. Keys are kept 24 h. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WalletValidationDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletValidationResponseDto"];
                };
            };
            /**
             * @description - An unknown wallet record (INVALID_DICT_KEY), or a wallet that is not in it
             *     - The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON)
             *     - idempotency-key: not 1 to 255 printable ASCII characters, or only spaces
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description REQUEST_IN_PROGRESS: a request with this idempotency-key is still running; retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 100kb */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A Content-Encoding other than identity, gzip, deflate or br, or a charset other than utf-8 */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSED: this idempotency-key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description RATE_LIMITED: the client spent its quota of this class of route; retry after Retry-After seconds (the RateLimit headers say the quota and what is left) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description - UPSTREAM_ERROR: the key directory or the FX provider did not answer; retry after Retry-After seconds
             *     - SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    KeyPaymentsController_preview: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1-255 printable ASCII characters. A retry with the same key and the same body bytes gets the first response again (header idempotency-replay: true); with other bytes 422 IDEMPOTENCY_KEY_REUSED; while the first is still running 409 REQUEST_IN_PROGRESS with Retry-After. A 5xx is not kept: its retry gets the result of whatever the first attempt did meanwhile, never that attempt done twice. Keys are kept 24 h. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["KeyPreviewDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KeyPreviewAckDto"];
                };
            };
            /**
             * @description - INVALID_DICT_KEY: `message` says what is wrong with the key when its form shows it, then lists the key types the country accepts; a key its directory does not know answers `message: ['INVALID_DICT_KEY']`. Without error_code: the amount is out of range for the country, or notification_url is not allowed here
             *     - The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON)
             *     - idempotency-key: not 1 to 255 printable ASCII characters, or only spaces
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description - ALREADY_PROCESSED: this external_reference already names an order
             *     - REQUEST_IN_PROGRESS: a request with this idempotency-key is still running; retry after Retry-After seconds
             */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 100kb */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A Content-Encoding other than identity, gzip, deflate or br, or a charset other than utf-8 */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSED: this idempotency-key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description RATE_LIMITED: the client spent its quota of this class of route; retry after Retry-After seconds (the RateLimit headers say the quota and what is left) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description - UPSTREAM_ERROR: the key directory or the FX provider did not answer; retry after Retry-After seconds
             *     - OVERLOADED: the workers are behind on the previews already taken (admission on the backlog), or an action outwaited its order's preparation; retry after Retry-After seconds
             *     - SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    KeyPaymentsController_previewPeru: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1-255 printable ASCII characters. A retry with the same key and the same body bytes gets the first response again (header idempotency-replay: true); with other bytes 422 IDEMPOTENCY_KEY_REUSED; while the first is still running 409 REQUEST_IN_PROGRESS with Retry-After. A 5xx is not kept: its retry gets the result of whatever the first attempt did meanwhile, never that attempt done twice. Keys are kept 24 h. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PeruKeyPreviewDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KeyPreviewAckDto"];
                };
            };
            /**
             * @description - INVALID_DICT_KEY: `message` says what is wrong with the key when its form shows it, then lists the key types the country accepts; a key its directory does not know answers `message: ['INVALID_DICT_KEY']`. Without error_code: the amount is out of range for the country, or notification_url is not allowed here
             *     - The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON)
             *     - idempotency-key: not 1 to 255 printable ASCII characters, or only spaces
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description - ALREADY_PROCESSED: this external_reference already names an order
             *     - REQUEST_IN_PROGRESS: a request with this idempotency-key is still running; retry after Retry-After seconds
             */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 100kb */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A Content-Encoding other than identity, gzip, deflate or br, or a charset other than utf-8 */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSED: this idempotency-key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description RATE_LIMITED: the client spent its quota of this class of route; retry after Retry-After seconds (the RateLimit headers say the quota and what is left) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description - UPSTREAM_ERROR: the key directory or the FX provider did not answer; retry after Retry-After seconds
             *     - OVERLOADED: the workers are behind on the previews already taken (admission on the backlog), or an action outwaited its order's preparation; retry after Retry-After seconds
             *     - SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    CollectionsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1-255 printable ASCII characters. A retry with the same key and the same body bytes gets the first response again (header idempotency-replay: true); with other bytes 422 IDEMPOTENCY_KEY_REUSED; while the first is still running 409 REQUEST_IN_PROGRESS with Retry-After. A 5xx is not kept: its retry gets the result of whatever the first attempt did meanwhile, never that attempt done twice. Keys are kept 24 h. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateQrDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedQrDto"];
                };
            };
            /**
             * @description - An amount out of range for the country or with too many decimals, a notification_url not allowed here, or a currency that is not the collector's
             *     - The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON)
             *     - idempotency-key: not 1 to 255 printable ASCII characters, or only spaces
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description POS not found: not one of your points of sale */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description - The POS, its store or its collector is disabled; ALREADY_PROCESSED: external_reference already names another of your QRs
             *     - REQUEST_IN_PROGRESS: a request with this idempotency-key is still running; retry after Retry-After seconds
             */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 100kb */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A Content-Encoding other than identity, gzip, deflate or br, or a charset other than utf-8 */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSED: this idempotency-key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description RATE_LIMITED: the client spent its quota of this class of route; retry after Retry-After seconds (the RateLimit headers say the quota and what is left) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description - UPSTREAM_ERROR: the FX provider did not answer; retry after Retry-After seconds
             *     - OVERLOADED: the workers are behind on the previews already taken (admission on the backlog), or an action outwaited its order's preparation; retry after Retry-After seconds
             *     - SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    CollectionsController_cancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CanceledQrDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Order not found: not a QR you created */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description INVALID_STATUS: already being paid, paid, expired or failed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description RATE_LIMITED: the client spent its quota of this class of route; retry after Retry-After seconds (the RateLimit headers say the quota and what is left) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description - OVERLOADED: the workers are behind on the previews already taken (admission on the backlog), or an action outwaited its order's preparation; retry after Retry-After seconds
             *     - SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    CollectionsController_read: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatusHistoryViewDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Order not found: not a QR you created */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    RefundsController_refund: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1-255 printable ASCII characters. A retry with the same key and the same body bytes gets the first response again (header idempotency-replay: true); with other bytes 422 IDEMPOTENCY_KEY_REUSED; while the first is still running 409 REQUEST_IN_PROGRESS with Retry-After. A 5xx is not kept: its retry gets the result of whatever the first attempt did meanwhile, never that attempt done twice. Keys are kept 24 h. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundRequestDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefundResultDto"];
                };
            };
            /**
             * @description - A zero, negative or over-precise amount
             *     - The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON)
             *     - idempotency-key: not 1 to 255 printable ASCII characters, or only spaces
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Order not found: no such order of the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description - INVALID_STATUS: not paid, already refunded, canceled, or past the refund window
             *     - REQUEST_IN_PROGRESS: a request with this idempotency-key is still running; retry after Retry-After seconds
             */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 100kb */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A Content-Encoding other than identity, gzip, deflate or br, or a charset other than utf-8 */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description - AMOUNT_EXCEEDS_REFUNDABLE: more than what remains (refunds in flight hold their amount)
             *     - IDEMPOTENCY_KEY_REUSED: this idempotency-key was used with another request
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description RATE_LIMITED: the client spent its quota of this class of route; retry after Retry-After seconds (the RateLimit headers say the quota and what is left) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    RefundsController_read: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                refund_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefundViewDto"];
                };
            };
            /**
             * @description - refund_id is not a UUID
             *     - The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Refund not found: no such refund of the caller's orders */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    ConciliationController_payins: {
        parameters: {
            query: {
                /** @description First UTC day of the period, YYYY-MM-DD */
                from: string;
                /** @description Last UTC day of the period, YYYY-MM-DD, included; at most 31 days from `from` counting both */
                to: string;
                /** @description `csv`: text/csv, RFC 4180 (CRLF lines, double-quote quoting). `txt`: text/plain, pipe-separated (LF lines, backslash escapes) */
                format?: "csv" | "txt";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A header row, then one row per movement: order_id, external_reference, type, status, created_at, updated_at, local_amount, local_currency, user_amount, user_currency, fx_rate, merchant_name, merchant_identification_number, error_code */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example order_id,external_reference,type,status,created_at,updated_at,local_amount,local_currency,user_amount,user_currency,fx_rate,merchant_name,merchant_identification_number,error_code
                     *     1b4e28ba-2fa1-4d3b-9f6e-0c2d3e4f5a6b,order-1,PAYMENT,PARTIALLY_REFUNDED,2026-11-02T14:03:11Z,2026-11-02T14:20:40Z,100.00,BRL,18.62,USD,0.1862,"Bar ""Zé"", Copa|Cozinha",12345678000199,
                     *     1b4e28ba-2fa1-4d3b-9f6e-0c2d3e4f5a6b,order-1,REFUND,COMPLETED,2026-11-02T14:20:40Z,2026-11-02T14:20:41Z,40.00,BRL,7.45,USD,0.1862,"Bar ""Zé"", Copa|Cozinha",12345678000199,
                     */
                    "text/csv": string;
                    /**
                     * @example order_id|external_reference|type|status|created_at|updated_at|local_amount|local_currency|user_amount|user_currency|fx_rate|merchant_name|merchant_identification_number|error_code
                     *     1b4e28ba-2fa1-4d3b-9f6e-0c2d3e4f5a6b|order-1|PAYMENT|PARTIALLY_REFUNDED|2026-11-02T14:03:11Z|2026-11-02T14:20:40Z|100.00|BRL|18.62|USD|0.1862|Bar "Zé", Copa\|Cozinha|12345678000199|
                     *     1b4e28ba-2fa1-4d3b-9f6e-0c2d3e4f5a6b|order-1|REFUND|COMPLETED|2026-11-02T14:20:40Z|2026-11-02T14:20:41Z|40.00|BRL|7.45|USD|0.1862|Bar "Zé", Copa\|Cozinha|12345678000199|
                     */
                    "text/plain": string;
                };
            };
            /**
             * @description - A missing or malformed date, `to` before `from`, a period over 31 days, an unknown format or query parameter
             *     - The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description RATE_LIMITED: too many files are being streamed at once; retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    SandboxController_expire: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order, now CANCELED with its status history */
            200: {
                headers: {
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatusHistoryViewDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Order not found: no such order of the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description INVALID_STATUS: the order no longer waits (decided, paid, canceled) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description RATE_LIMITED: the client spent its quota of this class of route; retry after Retry-After seconds (the RateLimit headers say the quota and what is left) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description - OVERLOADED: the workers are behind on the previews already taken (admission on the backlog), or an action outwaited its order's preparation; retry after Retry-After seconds
             *     - SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    SandboxController_forcePayout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ForcePayoutRequestDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForcePayoutResponseDto"];
                };
            };
            /** @description The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Order not found: no such order of the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description INVALID_STATUS: the payout was already sent, the order is final, or it is a collection (no rail pays it) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 100kb */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A Content-Encoding other than identity, gzip, deflate or br, or a charset other than utf-8 */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description RATE_LIMITED: the client spent its quota of this class of route; retry after Retry-After seconds (the RateLimit headers say the quota and what is left) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2` */
                    "RateLimit-Policy"?: string;
                    /** @description What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description - UPSTREAM_ERROR: the rails simulator did not answer; retry after Retry-After seconds
             *     - OVERLOADED: the workers are behind on the previews already taken (admission on the backlog), or an action outwaited its order's preparation; retry after Retry-After seconds
             *     - SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    callback_PREVIEW: {
        parameters: {
            query?: never;
            header: {
                /** @description t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>,v2=<hex HMAC-SHA256(secret, "<t>.<event id>.<raw body>")>: v2 covers the event id; v1, which does not, is sent until CALLBACK_SIGNATURE_V1_UNTIL. One entry of each per secret during a secret rotation. Check it with verifyCallback of the client package or POST /v2/notifications/verify. */
                signature: string;
                /** @description The event id, the same on every attempt: de-duplicate on it (it equals webhook-id and the body's webhook.id) */
                "x-event-id": string;
                /** @description Standard Webhooks: the event id */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">`, space-separated, one per secret; the key is the UTF-8 bytes of your webhook secret (whsec_ + their base64 for a Standard Webhooks library) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PreviewCallback"];
            };
        };
        responses: {
            /** @description Acknowledged (any 2xx is) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    callback_PAYMENT: {
        parameters: {
            query?: never;
            header: {
                /** @description t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>,v2=<hex HMAC-SHA256(secret, "<t>.<event id>.<raw body>")>: v2 covers the event id; v1, which does not, is sent until CALLBACK_SIGNATURE_V1_UNTIL. One entry of each per secret during a secret rotation. Check it with verifyCallback of the client package or POST /v2/notifications/verify. */
                signature: string;
                /** @description The event id, the same on every attempt: de-duplicate on it (it equals webhook-id and the body's webhook.id) */
                "x-event-id": string;
                /** @description Standard Webhooks: the event id */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">`, space-separated, one per secret; the key is the UTF-8 bytes of your webhook secret (whsec_ + their base64 for a Standard Webhooks library) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentCallback"];
            };
        };
        responses: {
            /** @description Acknowledged (any 2xx is) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    callback_QR_CREATED: {
        parameters: {
            query?: never;
            header: {
                /** @description t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>,v2=<hex HMAC-SHA256(secret, "<t>.<event id>.<raw body>")>: v2 covers the event id; v1, which does not, is sent until CALLBACK_SIGNATURE_V1_UNTIL. One entry of each per secret during a secret rotation. Check it with verifyCallback of the client package or POST /v2/notifications/verify. */
                signature: string;
                /** @description The event id, the same on every attempt: de-duplicate on it (it equals webhook-id and the body's webhook.id) */
                "x-event-id": string;
                /** @description Standard Webhooks: the event id */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">`, space-separated, one per secret; the key is the UTF-8 bytes of your webhook secret (whsec_ + their base64 for a Standard Webhooks library) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QrCreatedCallback"];
            };
        };
        responses: {
            /** @description Acknowledged (any 2xx is) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    callback_QR_EXPIRED: {
        parameters: {
            query?: never;
            header: {
                /** @description t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>,v2=<hex HMAC-SHA256(secret, "<t>.<event id>.<raw body>")>: v2 covers the event id; v1, which does not, is sent until CALLBACK_SIGNATURE_V1_UNTIL. One entry of each per secret during a secret rotation. Check it with verifyCallback of the client package or POST /v2/notifications/verify. */
                signature: string;
                /** @description The event id, the same on every attempt: de-duplicate on it (it equals webhook-id and the body's webhook.id) */
                "x-event-id": string;
                /** @description Standard Webhooks: the event id */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">`, space-separated, one per secret; the key is the UTF-8 bytes of your webhook secret (whsec_ + their base64 for a Standard Webhooks library) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QrExpiredCallback"];
            };
        };
        responses: {
            /** @description Acknowledged (any 2xx is) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    callback_REFUND: {
        parameters: {
            query?: never;
            header: {
                /** @description t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>,v2=<hex HMAC-SHA256(secret, "<t>.<event id>.<raw body>")>: v2 covers the event id; v1, which does not, is sent until CALLBACK_SIGNATURE_V1_UNTIL. One entry of each per secret during a secret rotation. Check it with verifyCallback of the client package or POST /v2/notifications/verify. */
                signature: string;
                /** @description The event id, the same on every attempt: de-duplicate on it (it equals webhook-id and the body's webhook.id) */
                "x-event-id": string;
                /** @description Standard Webhooks: the event id */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">`, space-separated, one per secret; the key is the UTF-8 bytes of your webhook secret (whsec_ + their base64 for a Standard Webhooks library) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundCallback"];
            };
        };
        responses: {
            /** @description Acknowledged (any 2xx is) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
