import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * An entity's columns for hand-written statements (PreparedStatement), taken from its TypeORM
 * mapping so that the two never disagree: the list that reads a row under the entity's
 * property names, and the values that write one in column order. node-postgres reads every
 * column type these entities use as TypeORM does (numeric as a string, jsonb parsed,
 * timestamptz as a Date), so a row needs no conversion; writes differ only for jsonb, which
 * node-postgres would send an array of as a PostgreSQL array. An entity with a transformer or
 * a relation column is refused: its rows would need TypeORM's hydration.
 */
export class EntityColumns<T extends ObjectLiteral> {
  /** `id, flow, last_seq, …`: the columns, for an INSERT's column list. */
  readonly names: string;
  /** `id AS "id", last_seq AS "lastSeq", …`, optionally of a table alias. */
  readonly selectList: (alias?: string) => string;
  private readonly properties: Array<{ name: string; json: boolean }>;
  private readonly columnOf: Map<string, string>;

  constructor(
    dataSource: DataSource,
    private readonly target: EntityTarget<T> & (new () => T),
  ) {
    const metadata = dataSource.getMetadata(target);
    const refused = metadata.columns.filter(
      (column) => column.transformer || column.relationMetadata || column.embeddedMetadata,
    );
    if (refused.length > 0)
      throw new Error(
        `${metadata.name} has columns a plain row cannot hold: ${refused.map((column) => column.propertyName).join(', ')}`,
      );
    const columns = metadata.columns.map((column) => ({
      column: column.databaseName,
      property: column.propertyName,
      json: column.type === 'jsonb' || column.type === 'json',
    }));
    this.names = columns.map(({ column }) => column).join(', ');
    const listOf = (alias?: string) =>
      columns.map(({ column, property }) => `${alias ? `${alias}.` : ''}${column} AS "${property}"`).join(', ');
    // Every order change reads the row with the plain list: built once, not per statement.
    const plain = listOf();
    this.selectList = (alias) => (alias ? listOf(alias) : plain);
    this.properties = columns.map(({ property, json }) => ({ name: property, json }));
    this.columnOf = new Map(columns.map(({ column, property }) => [property, column]));
  }

  /** `$from, $from+1, …`: one placeholder per column, for the values of `values`. */
  placeholders(from: number): string {
    return this.properties.map((_, index) => `$${from + index}`).join(', ');
  }

  /** The entity's values in column order. */
  values(entity: T): unknown[] {
    return this.properties.map(({ name, json }) => stored(entity[name], json));
  }

  /**
   * `last_seq = $4, status = $5, …` for the properties `patch` sets (undefined ones left out),
   * each value added to `params` as it is placed.
   */
  assignments(patch: Partial<T>, params: unknown[]): string {
    return this.properties
      .filter(({ name }) => patch[name] !== undefined)
      .map(({ name, json }) => `${this.columnOf.get(name)} = $${params.push(stored(patch[name], json))}`)
      .join(', ');
  }

  /** A row read with `selectList` as the entity. */
  hydrate(row: ObjectLiteral): T {
    return Object.assign(new this.target(), row);
  }
}

/** A value as node-postgres must be given it: jsonb as its text. */
function stored(value: unknown, json: boolean): unknown {
  return json && value !== null && value !== undefined ? JSON.stringify(value) : (value ?? null);
}
