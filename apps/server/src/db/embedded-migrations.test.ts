import { readMigrationFiles } from 'drizzle-orm/migrator';
import { describe, expect, it } from 'vitest';
import { embeddedMigrations, keepOnEmbedded } from './embedded-migrations.js';
import { migrationsFolder } from './client.js';

describe('the statements embedded PGlite leaves out', () => {
  it('leaves out trigram indexes and the extension, and later drops of those indexes only', () => {
    const left = new Set<string>();
    const keep = (statement: string) => keepOnEmbedded(statement, left);
    expect(keep('CREATE EXTENSION IF NOT EXISTS pg_trgm;')).toBe(false);
    expect(keep('CREATE INDEX "A_Search" ON "t" USING gin ("c" gin_trgm_ops);')).toBe(false);
    expect(keep('CREATE INDEX IF NOT EXISTS plain_search ON t USING gist (c gist_trgm_ops);')).toBe(false);
    expect(keep('CREATE INDEX "t_date_idx" ON "t" USING btree ("date");')).toBe(true);
    expect(keep('ALTER TABLE "t" ADD COLUMN "gin_trgm_ops_note" text;')).toBe(true);
    expect(keep('DROP INDEX "A_Search";')).toBe(false);
    expect(keep('DROP INDEX IF EXISTS "public"."plain_search";')).toBe(false);
    // Another index of the same name in other case, and any other index, are dropped as written.
    expect(keep('DROP INDEX "a_search";')).toBe(true);
    expect(keep('DROP INDEX "t_date_idx";')).toBe(true);
  });

  it('of the real migrations leaves out every trigram statement, guarded or generated, and nothing else', () => {
    const folder = migrationsFolder();
    const embedded = embeddedMigrations(folder);
    const full = readMigrationFiles({ migrationsFolder: folder });
    const left = full.flatMap((migration, n) =>
      migration.sql.filter((statement) => !embedded[n]!.sql.includes(statement)),
    );
    // 0006 and 0010 carry hand-written guarded blocks; later kinds' generated migrations plain CREATE INDEX ... gin_trgm_ops.
    expect(left.length).toBeGreaterThan(0);
    for (const statement of left) expect(statement).toMatch(/trgm/);
    const trigram = full.flatMap((migration) =>
      migration.sql.filter((statement) => /_trgm_ops/.test(statement)),
    );
    expect(left).toEqual(expect.arrayContaining(trigram));
    expect(embedded.map((m) => m.hash)).toEqual(full.map((m) => m.hash));
  });
});
