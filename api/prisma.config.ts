import { defineConfig } from 'prisma/config';

// The url is only read by CLI commands that connect; the app builds its own adapter (src/db/client.ts).
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/gavel' },
});
