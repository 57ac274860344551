import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The shared tables, and each record kind's table in its folder (db/ never imports modules/).
  schema: ['./src/db/schema.ts', './src/db/account-schema.ts', './src/modules/records/kinds/*/table.ts'],
  out: './drizzle',
});
