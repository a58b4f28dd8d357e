import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The double-entry ledger of pre-funded accounts and the FX quotes. Balances are bigint minor
 * units; client balances can never go negative (CHECK), every entry's lines sum to zero
 * (deferred constraint trigger, checked at COMMIT), and the journal is append-only.
 */
export class CreateLedger1763800200000 implements MigrationInterface {
  name = 'CreateLedger1763800200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ledger_accounts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        client_id uuid REFERENCES clients(id),
        currency char(3) NOT NULL,
        kind varchar(32) NOT NULL
          CHECK (kind IN ('CLIENT_AVAILABLE', 'CLIENT_RESERVED', 'FUNDING', 'SETTLEMENT')),
        balance_minor bigint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ledger_accounts_owner_ck
          CHECK ((client_id IS NOT NULL) = (kind IN ('CLIENT_AVAILABLE', 'CLIENT_RESERVED'))),
        CONSTRAINT ledger_accounts_client_not_negative_ck
          CHECK (client_id IS NULL OR balance_minor >= 0)
      )`);
    await q.query(
      `CREATE UNIQUE INDEX ledger_accounts_client_uq ON ledger_accounts (client_id, currency, kind) WHERE client_id IS NOT NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX ledger_accounts_system_uq ON ledger_accounts (currency, kind) WHERE client_id IS NULL`,
    );

    await q.query(`
      CREATE TABLE journal_entries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        operation_id varchar(255) NOT NULL,
        kind varchar(16) NOT NULL CHECK (kind IN ('FUND', 'RESERVE', 'COMMIT', 'RELEASE', 'CREDIT')),
        client_id uuid NOT NULL REFERENCES clients(id),
        currency char(3) NOT NULL,
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        reference varchar(255),
        reservation_entry_id uuid REFERENCES journal_entries(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT journal_entries_operation_id_uq UNIQUE (operation_id),
        CONSTRAINT journal_entries_reservation_ck
          CHECK ((reservation_entry_id IS NOT NULL) = (kind IN ('COMMIT', 'RELEASE')))
      )`);
    // A reservation is resolved (committed or released) at most once, whatever the code does.
    await q.query(
      `CREATE UNIQUE INDEX journal_entries_resolution_uq ON journal_entries (reservation_entry_id) WHERE reservation_entry_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX journal_entries_reference_idx ON journal_entries (client_id, reference)`);

    await q.query(`
      CREATE TABLE journal_lines (
        id bigserial PRIMARY KEY,
        entry_id uuid NOT NULL REFERENCES journal_entries(id),
        account_id uuid NOT NULL REFERENCES ledger_accounts(id),
        amount_minor bigint NOT NULL CHECK (amount_minor <> 0),
        balance_after_minor bigint NOT NULL
      )`);
    await q.query(`CREATE INDEX journal_lines_account_idx ON journal_lines (account_id, id)`);
    await q.query(`CREATE INDEX journal_lines_entry_idx ON journal_lines (entry_id)`);

    await q.query(`
      CREATE FUNCTION journal_entry_must_balance() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF (SELECT sum(amount_minor) FROM journal_lines WHERE entry_id = NEW.entry_id) <> 0 THEN
          RAISE EXCEPTION 'journal entry % does not balance', NEW.entry_id USING ERRCODE = 'check_violation';
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE CONSTRAINT TRIGGER journal_lines_balance_tg
        AFTER INSERT ON journal_lines DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW EXECUTE FUNCTION journal_entry_must_balance()`);

    await q.query(`
      CREATE FUNCTION journal_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION '% is append-only: post a compensating entry instead', TG_TABLE_NAME;
      END $$`);
    await q.query(`
      CREATE TRIGGER journal_entries_append_only_tg BEFORE UPDATE OR DELETE ON journal_entries
        FOR EACH ROW EXECUTE FUNCTION journal_is_append_only()`);
    await q.query(`
      CREATE TRIGGER journal_lines_append_only_tg BEFORE UPDATE OR DELETE ON journal_lines
        FOR EACH ROW EXECUTE FUNCTION journal_is_append_only()`);

    await q.query(`
      CREATE TABLE fx_quotes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        client_id uuid NOT NULL REFERENCES clients(id),
        base char(3) NOT NULL,
        target char(3) NOT NULL,
        mid_rate numeric(30, 10) NOT NULL CHECK (mid_rate > 0),
        rate numeric(30, 10) NOT NULL CHECK (rate > 0),
        spread_bps integer NOT NULL CHECK (spread_bps >= 0),
        quoted_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        order_id uuid,
        CONSTRAINT fx_quotes_expiry_ck CHECK (expires_at > quoted_at)
      )`);
    // One quote per order: the rate shown at preview is the rate charged.
    await q.query(`CREATE UNIQUE INDEX fx_quotes_order_uq ON fx_quotes (order_id) WHERE order_id IS NOT NULL`);
    await q.query(`CREATE INDEX fx_quotes_client_idx ON fx_quotes (client_id, quoted_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE fx_quotes');
    await q.query('DROP TABLE journal_lines');
    await q.query('DROP TABLE journal_entries');
    await q.query('DROP FUNCTION journal_is_append_only()');
    await q.query('DROP FUNCTION journal_entry_must_balance()');
    await q.query('DROP TABLE ledger_accounts');
  }
}
