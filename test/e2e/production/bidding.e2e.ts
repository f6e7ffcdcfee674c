/**
 * bidding.e2e.ts again, against the production server: the api serving the built dapp on one origin, with its
 * headers, as `NODE_ENV=production npm start` serves them. It runs beside the other browser files.
 */
import { describe } from 'node:test';

process.env.E2E_SERVER = 'production';
describe('against the production server', async () => {
  await import('../bidding.e2e.ts');
});
