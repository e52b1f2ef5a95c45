import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { DEFAULT_API_SEGMENT, MAIN_API_BASE, MICROSERVICE_API_BASE } from './domain/api/bases.ts';

/** Where the API server listens during `npm run dev` (the Vite dev server proxies to it). */
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/manufacture/',
  plugins: [react(), tailwindcss()],
  define: {
    __API_SEGMENT__: JSON.stringify(process.env.API_SEGMENT ?? DEFAULT_API_SEGMENT),
  },
  server: {
    port: 5173,
    proxy: {
      [MAIN_API_BASE]: apiTarget,
      [MICROSERVICE_API_BASE]: apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
  },
  worker: { format: 'es' },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/{ui,lib,machines,features,routes}/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup-dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/{domain,lint,scripts}/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          exclude: ['tests/server/contract/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Every test file opens its own database; PostgreSQL runs share one cluster.
          fileParallelism: !process.env.DATABASE_URL,
          // Each test app records the routes it called; server-contract reads them afterwards. Not
          // group 0: Vitest runs a group-0 project without file parallelism (PostgreSQL) last of all.
          globalSetup: ['tests/server/helpers/contract-setup.ts'],
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          // After the whole server suite (groupOrder 2): every route of the OpenAPI documents was
          // answered by some test, or is an exception with its reason (ADR 060).
          name: 'server-contract',
          environment: 'node',
          include: ['tests/server/contract/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['tests/server/helpers/contract-setup.ts'],
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
