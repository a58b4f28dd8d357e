import type { DataSource } from 'typeorm';

/** The month the generated movements fall in: 31 days, the longest period a report may ask for. */
export const BENCH_PERIOD = { from: '2026-10-01', to: '2026-10-31' } as const;

export interface GeneratedMovements {
  payments: number;
  refunds: number;
}

/** At least `movements`: four payments for each refund, as a busy merchant's month might have. */
export function movementMix(movements: number): GeneratedMovements {
  const payments = Math.ceil((movements * 4) / 5);
  return { payments, refunds: movements - payments };
}

/**
 * Writes the client's movements straight into PostgreSQL, set-wise (INSERT … SELECT
 * generate_series), spread over the first 30 days of BENCH_PERIOD; each refund an hour after
 * its order, so it falls in the period too. Every order is one the report lists (a decided
 * status); one in ten has a merchant name that needs quoting, one in fifty was rejected, and
 * every fourth was partly refunded. Ids are md5-derived so refunds can name their orders.
 */
export async function generateMovements(
  dataSource: DataSource,
  clientId: string,
  movements: number,
): Promise<GeneratedMovements> {
  const mix = movementMix(movements);
  const orderId = (i: string) => `md5($1::uuid::text || ':' || ${i})::uuid`;
  await dataSource.query(
    `INSERT INTO orders (id, flow, status, last_seq, payer_client_id, external_reference, payment_notification_url, local_country,
                         local_currency, local_amount, user_currency, user_amount, fx_rate, merchant_name, merchant_identification_number,
                         error_code, payout_reference, payment_date, expires_at, created_at, updated_at)
     SELECT ${orderId('i')}, 'QR',
            CASE WHEN i % 4 = 0 THEN 'PARTIALLY_REFUNDED' WHEN i % 50 = 1 THEN 'REJECTED' ELSE 'COMPLETED' END,
            4, $1::uuid, 'bench-' || i, 'https://integrator.example/hooks/payments', 'BR',
            'BRL', amount, 'USD', round(amount * 0.1862, 2), 0.1862,
            CASE WHEN i % 10 = 0 THEN 'Bar "Zé", Copa|Cozinha' ELSE 'Padaria Central' END, '12345678000199',
            CASE WHEN i % 50 = 1 THEN 'DESTINATION_REJECTED' END,
            'E2E' || i, at + interval '20 seconds', at + interval '10 minutes', at, at + interval '20 seconds'
     FROM generate_series(1, $2::int) AS i,
          LATERAL (SELECT 10 + (i % 5000) + (i % 100) / 100.0 AS amount,
                          timestamptz '${BENCH_PERIOD.from}T00:00:00Z' + (i - 1) * (interval '30 days' / $2::int) AS at) AS generated`,
    [clientId, mix.payments],
  );
  await dataSource.query(
    `INSERT INTO refunds (id, order_id, requested_by_client_id, seq, status, local_amount, local_currency, user_amount, user_currency,
                          reason, rail_reference, created_at, updated_at)
     SELECT md5($1::uuid::text || ':refund:' || j)::uuid, o.id, $1::uuid, 1, 'COMPLETED', round(o.local_amount / 2, 2), 'BRL',
            round(o.user_amount / 2, 2), 'USD', 'customer asked', 'RF' || j, o.created_at + interval '1 hour', o.created_at + interval '1 hour'
     FROM generate_series(1, $2::int) AS j
     JOIN orders o ON o.id = ${orderId('4 * j')}`,
    [clientId, mix.refunds],
  );
  await dataSource.query('ANALYZE orders');
  await dataSource.query('ANALYZE refunds');
  return mix;
}
