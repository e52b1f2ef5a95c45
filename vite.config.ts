import fs from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import type { ConfigEnv, PluginOption, UserConfig } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { DEFAULT_API_SEGMENT, MAIN_API_BASE, MICROSERVICE_API_BASE } from './domain/api/bases.ts';
import { catalogue } from './scripts/vite-catalogue.ts';
import { prerender } from './scripts/vite-prerender.ts';
import { firstLoadChunks } from './scripts/vite-chunks.ts';
import { HASH_NOISE, KNOWN_OVER, checkBundle, routeTable } from './scripts/check-bundle-size.mjs';
import {
  MERGE_PLAN_FILE,
  builtScore,
  compareScores,
  keptMerges,
  keptPlan,
  mergeCandidates,
  measureRouteSets,
  planKey,
  routeGroup,
  type KeptPlan,
  type ManifestChunk,
  type RouteSets,
} from './scripts/vite-route-chunks.ts';

/**
 * Set while one of the builds before the app's shipped one runs (ADR 245, ADR 258): `1` for the
 * bundler's own split, or the file of route sets for the build grouped by them. Both are measured,
 * not shipped.
 */
const FIRST_BUILD = 'MANUFACTURE_FIRST_BUILD';
/** `1`: the groups' merges planned again, and the best plan kept in MERGE_PLAN_FILE (ADR 266). */
const REPLAN = 'MANUFACTURE_REPLAN';
/**
 * With REPLAN: the index of the candidate to keep instead of the best scored (the candidates' file,
 * node_modules/.cache/manufacture-candidates.json, lists each one's score and route figures). For
 * when the figures are to be recorded again anyway, and a plan with fewer requests over the budget
 * is worth more than one that breaks fewer of the recorded figures (ADR 266's amendment).
 */
const CANDIDATE = 'MANUFACTURE_CANDIDATE';

/**
 * Writes `<file>.br` and `<file>.gz` for every emitted file matching `include`. Only for the app's
 * build: Storybook's build reuses this config with its own base and needs no copies.
 */
function compressedCopies(include: RegExp, brotliQuality: number): PluginOption[] {
  const apply = (config: UserConfig, env: ConfigEnv) => env.command === 'build' && !env.isSsrBuild && config.base === '/manufacture/' && !process.env[FIRST_BUILD];
  const brotli = defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality } });
  return [{ ...compression({ include, threshold: 512, logLevel: 'silent', algorithms: [brotli, defineAlgorithm('gzip', { level: 9 })] }), apply }];
}

/**
 * The app's build formats messages the catalogue plugin compiled, so intl-messageformat gets
 * FormatJS's parser-less build (`no-parser`: the same API, `parse` refuses), and the ICU parser (27 KB)
 * leaves the browser (ADR 133). Only for the app: Storybook's French toolbar formats sources.
 */
function withoutIcuParser(): PluginOption {
  return {
    name: 'manufacture:without-icu-parser',
    apply: (config, env) => env.command === 'build' && config.base === '/manufacture/',
    config: () => ({ resolve: { alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }] } }),
  };
}

/**
 * What the entries load goes in one `core` chunk, closed under its imports (ADR 229), and the rest
 * one chunk per set of routes that fetch it before their first input (ADR 245), measured on a
 * first build of the same sources (into node_modules/.cache/, not shipped). Only for the app's
 * browser build: Storybook's build and the prerender's Node build keep the bundler's chunks.
 */
function appChunks(): PluginOption {
  return {
    name: 'manufacture:app-chunks',
    apply: (config, env) => env.command === 'build' && !env.isSsrBuild && config.base === '/manufacture/',
    async config(userConfig, env) {
      const root = path.resolve(userConfig.root ?? process.cwd());
      // A build before the shipped one: the bundler's own split, or grouped by the routes of the sets
      // its variable names (a file of the first build's measures).
      const stage = process.env[FIRST_BUILD];
      if (stage === '1') return { build: { rolldownOptions: { output: { codeSplitting: firstLoadChunks() } } } };
      if (stage) {
        const { sets, merges } = JSON.parse(fs.readFileSync(stage, 'utf8')) as { sets: RouteSets; merges?: [string, string][] };
        return { build: { rolldownOptions: { output: { codeSplitting: firstLoadChunks(routeGroup(sets, root, new Map(merges))) } } } };
      }
      const { build } = await import('vite');
      const cache = path.join(root, 'node_modules/.cache');
      const earlierBuild = async (name: string, value: string) => {
        const outDir = path.join(cache, name);
        process.env[FIRST_BUILD] = value;
        try {
          await build({ root, configFile: path.join(root, 'vite.config.ts'), mode: env.mode, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
        } finally {
          delete process.env[FIRST_BUILD];
        }
        return outDir;
      };
      // 1. the bundler's split, measured: the routes of each module (ADR 245);
      const sets = await measureRouteSets(await earlierBuild('manufacture-first-build', '1'), root);
      const stageFile = (name: string, merges: Map<string, string> = new Map()) => {
        const file = path.join(cache, `manufacture-${name}.json`);
        fs.writeFileSync(file, JSON.stringify({ sets, merges: [...merges] }));
        return file;
      };
      // 2. one chunk per set of routes: its groups merged by the kept plan (ADR 258, ADR 266);
      const grouped = await earlierBuild('manufacture-grouped-build', stageFile('route-sets'));
      const planFile = path.join(root, MERGE_PLAN_FILE);
      const kept = fs.existsSync(planFile) ? (JSON.parse(fs.readFileSync(planFile, 'utf8')) as KeptPlan) : undefined;
      const groupedManifest = JSON.parse(fs.readFileSync(path.join(grouped, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
      let merges = kept ? keptMerges(groupedManifest, kept) : new Map<string, string>();
      // 3. or planned again (MANUFACTURE_REPLAN=1, or no plan kept): a few plans, the kept one among
      // them, each built and measured by the bundle check; the best kept when asked.
      if (process.env[REPLAN] === '1' || !kept) {
        const candidates = await mergeCandidates(grouped, root);
        if (kept && !candidates.some((candidate) => planKey(candidate) === planKey(merges))) candidates.unshift(merges);
        const table = await routeTable(root);
        const scores: { candidate: number; score: number[]; routes: string[] }[] = [];
        let best: number[] | undefined;
        for (const [index, candidate] of candidates.entries()) {
          const dir = await earlierBuild('manufacture-candidate-build', stageFile(`candidate-${index}`, candidate));
          const { routes, failures } = checkBundle(dir, { table, known: KNOWN_OVER, root, copies: false });
          const score = builtScore(routes, failures, KNOWN_OVER, HASH_NOISE);
          scores.push({ candidate: index, score, routes: routes.map((r) => `${r.path} ${(r.gzip / 1000).toFixed(1)} ${r.requests}`) });
          if (!best || compareScores(score, best) < 0) [best, merges] = [score, candidate];
        }
        const asked = process.env[CANDIDATE];
        if (asked !== undefined) {
          const chosen = candidates[Number(asked)];
          if (!chosen) throw new Error(`${CANDIDATE}=${asked}: there are ${candidates.length} candidates`);
          merges = chosen;
        }
        // [other failures, routes over their budgets or recorded figures, −routes within, requests over, bytes]
        fs.writeFileSync(path.join(cache, 'manufacture-candidates.json'), JSON.stringify({ chosen: candidates.indexOf(merges), scores }, null, 1));
        if (process.env[REPLAN] === '1') fs.writeFileSync(planFile, `{\n  "merged": [\n${keptPlan(merges).merged.map((names) => `    ${JSON.stringify(names)}`).join(',\n')}\n  ]\n}\n`);
      }
      // 4. the build that ships.
      return { build: { rolldownOptions: { output: { codeSplitting: firstLoadChunks(routeGroup(sets, root, merges)) } } } };
    },
  };
}

/** Where the API server listens during `npm run dev` (the Vite dev server proxies to it). */
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/manufacture/',
  plugins: [
    // React Aria ships its built-in strings (date fields, combo boxes, …) for 34 locales: keep the
    // product's English and the catalogue's French twin (lib/i18n/fr) and drop the rest (ADR 107).
    { ...optimizeLocales.vite({ locales: ['en-US', 'fr-FR'] }), enforce: 'pre' },
    // Each module brings the catalogue messages it names; the build ships them compiled (ADR 133).
    catalogue(),
    withoutIcuParser(),
    appChunks(),
    react(),
    tailwindcss(),
    // Brotli and gzip copies of every text asset and the STEP reader's WASM, written next to each
    // file at build time; the server sends the best one the browser accepts (ADR 106). Brotli's
    // best quality (11) for the app's code; 5 for the 7.6 MB WASM, where 11 took 100 s for 15 % fewer bytes.
    ...compressedCopies(/\.(?:html|js|mjs|css|svg|json|txt|webmanifest)$/, 11),
    ...compressedCopies(/\.wasm$/, 5),
    // The quote page's first screen as HTML, rendered by the app's components after the build (ADR 141).
    prerender(),
  ],
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
    // dist/.vite/manifest.json: which chunks each entry loads, read by scripts/check-bundle-size.mjs.
    manifest: true,
    chunkSizeWarningLimit: 1200,
  },
  worker: { format: 'es' },
  test: {
    // One known fault of a test tool, and only it: @guidepup/virtual-screen-reader 0.33 reads the
    // name of a live-region node after React removed it, and dom-accessibility-api throws
    // (`root.getElementById is not a function`) from its observer, outside any test. The screen-reader
    // journeys (tests/routes/screen-reader-journeys.test.tsx) assert on what it did say; any other
    // unhandled error still fails the run.
    onUnhandledError(error) {
      const stack = `${error.message ?? ''}\n${'stack' in error ? String(error.stack) : ''}`;
      if (stack.includes('root.getElementById is not a function') && stack.includes('virtual-screen-reader')) return false;
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/{ui,lib,machines,features,routes}/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup-dom.ts'],
          // A cap, not a measure: keyboard journeys in jsdom take 1–2 s on a quiet machine and went
          // past Vitest's 5 s default on a machine loaded 15 deep (2026-12-01); no test asserts a time.
          // 60 s since a fresh-clone run whose unit suite took 38 min beside five other jobs
          // (2026-12-02): two tests with their own 30 s cap (now 90 s) ran out.
          testTimeout: 60_000,
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
      {
        extends: true,
        test: {
          // Issue 21 item 5 (ADR 135): PostgreSQL, s3rver, two API processes, a worker and a proxy,
          // started by the test itself; `npm test` runs it as its own suite under with-postgres.
          name: 'topology',
          environment: 'node',
          include: ['tests/topology/**/*.test.ts'],
          testTimeout: 400_000,
          hookTimeout: 400_000,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
