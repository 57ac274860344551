import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The shared tables, and each record kind's table, a named export of its folder's index.ts (db/ never imports
  // modules/).
  schema: ['./src/db/schema.ts', './src/db/account-schema.ts', './src/modules/records/kinds/*/index.ts'],
  out: './drizzle',
});
