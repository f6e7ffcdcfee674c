import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SCHEMA_PATH = path.join(apiRoot, 'prisma/schema.prisma');
export const MIGRATIONS_DIR = path.join(apiRoot, 'prisma/migrations');
