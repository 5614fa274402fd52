// On PostgreSQL too: the migrated tables as each database reports them.
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '#tests/support/test-database.js';
import { schema } from './schema.js';

/**
 * schema.ts is Drizzle's view of the tables the SQL migrations create: this proves the two agree,
 * column by column (name, type, nullability), on the migrated test database.
 */
const database = useTestDatabase();

interface ColumnShape {
  type: string;
  notNull: boolean;
}

async function migratedTables(): Promise<Map<string, Record<string, ColumnShape>>> {
  const rows = await database.query<{
    table: string;
    column: string;
    type: string;
    not_null: boolean;
  }>(
    `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
            a.attnotnull AS not_null
     FROM pg_attribute a
     JOIN pg_class c ON c.oid = a.attrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
     ORDER BY c.relname, a.attnum`,
  );
  const tables = new Map<string, Record<string, ColumnShape>>();
  for (const row of rows) {
    const columns = tables.get(row.table) ?? {};
    columns[row.column] = { type: row.type, notNull: row.not_null };
    tables.set(row.table, columns);
  }
  return tables;
}

/** Drizzle's SQL type in the words `format_type` uses. */
function normalise(type: string): string {
  return type.replace(/^char\((\d+)\)$/, 'character($1)');
}

function drizzleShape(table: PgTable): Record<string, ColumnShape> {
  const shape: Record<string, ColumnShape> = {};
  for (const column of getTableConfig(table).columns) {
    shape[column.name] = { type: normalise(column.getSQLType()), notNull: column.notNull };
  }
  return shape;
}

describe('schema.ts', () => {
  it('defines every table the migrations create, and no other', async () => {
    const migrated = await migratedTables();
    const defined = Object.values(schema).map((t) => getTableConfig(t).name);
    expect([...defined].sort()).toEqual([...migrated.keys()].sort());
  });

  it.each(Object.values(schema).map((t) => [getTableConfig(t).name, t] as const))(
    '%s: every column with its type and nullability',
    async (name, table) => {
      const migrated = (await migratedTables()).get(name);
      expect(drizzleShape(table)).toEqual(migrated);
    },
  );
});
