/// <reference types="vitest/config" />
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';
import { serviceWorker } from './build/service-worker.ts';

// The dapp talks to the api same-origin through `/api` (and loads images from `/ipfs`), so dev, preview and the
// browser tests need no CORS. GAVEL_API_URL moves the target, e.g. to the api a test started on a free port.
const apiTarget = process.env.GAVEL_API_URL || 'http://127.0.0.1:4000';
// The chain's JSON-RPC, same-origin at `/rpc` like the api (the wallet code's reads and receipt waits use it).
const rpcTarget = process.env.GAVEL_RPC_URL || `http://127.0.0.1:${process.env.ANVIL_PORT || 8545}`;

const proxy: Record<string, ProxyOptions> = {
  '/api/': { target: apiTarget, changeOrigin: true, rewrite: (path) => path.replace(/^\/api/, '') },
  '/ipfs/': { target: apiTarget, changeOrigin: true },
  '/rpc': { target: rpcTarget, changeOrigin: true, rewrite: () => '/' },
};

const dappDir = path.dirname(fileURLToPath(import.meta.url));
const checkout = path.resolve(dappDir, '..');

/**
 * What the dev server may read and send (`/@fs/...` reaches any file it allows): the dapp, the shared domain code,
 * the contracts' generated ABIs and addresses, and installed packages. Never the checkout's root, where .data keeps
 * the session-signing secret, the PGlite database and identity documents; those and every key are denied anyway.
 */
const fs = {
  strict: true,
  allow: [dappDir, path.join(checkout, 'domain/src'), path.join(checkout, 'contracts/generated'), path.join(checkout, 'node_modules')],
  deny: ['.env', '.env.*', '*.{crt,pem,key}', '**/.git/**', '**/.data/**', '**/jwt-secret', '**/*-secret', '**/private/identity/**'],
};

export default defineConfig({
  plugins: [react(), serviceWorker(), precompress()],
  server: { port: 5173, proxy, fs },
  preview: { port: 4173, proxy },
  build: {
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: in chunks of their own they stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            // Only the app shell's libraries: wallet libraries (wagmi, RainbowKit, viem, sats-connect and theirs)
            // must stay in the chunks of the dynamic import that needs them, or every page would load them.
            {
              name: 'vendor',
              test: /node_modules[\\/](react-router|@tanstack|@reduxjs|redux|redux-thunk|immer|reselect|react-redux|use-sync-external-store|cookie|set-cookie-parser)[\\/]/,
              priority: 1,
            },
            // The app's own modules that every first visit loads anyway (the shell, /auctions and what the lazy
            // pages share with them), as one file: a phone on a slow network pays a round trip per request, and
            // twenty files of a kilobyte each cost more in waiting than in bytes.
            { name: 'app', test: /[\\/](dapp|domain)[\\/]src[\\/]/, tags: ['$initial'], priority: 0 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // One jsdom per worker, shared by its files: with a window made per file the suite took 94 s on two cores,
    // shared it takes 9 s. Mocks are restored after each test, and the files pass in any order
    // (checked with --sequence.shuffle.files).
    isolate: false,
    restoreMocks: true,
  },
});
