import { defineConfig } from 'prisma/config';

// The CLI is used only for `prisma generate`: migrations run through the WASM schema engine
// (scripts/migrate.ts), because the native engine cannot be downloaded on a closed network.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});
