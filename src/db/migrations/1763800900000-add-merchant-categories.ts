import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Merchant category codes (ISO 18245, four digits, kept as the number the POS read shows): a
 * collector's default for its points of sale, and the bounds of the POS column that existed,
 * unused, until now.
 */
export class AddMerchantCategories1763800900000 implements MigrationInterface {
  name = 'AddMerchantCategories1763800900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE collectors ADD COLUMN category integer CONSTRAINT collectors_category_mcc CHECK (category BETWEEN 0 AND 9999)`,
    );
    await q.query(
      `ALTER TABLE points_of_sale ADD CONSTRAINT points_of_sale_category_mcc CHECK (category BETWEEN 0 AND 9999)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE points_of_sale DROP CONSTRAINT points_of_sale_category_mcc');
    await q.query('ALTER TABLE collectors DROP COLUMN category');
  }
}
