import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin, ResolvedConfig } from 'vite';
import type { renderPrerenderedPages as RenderPages } from '../routes/prerender.tsx';
import { PRERENDER_DIR } from '../domain/rules/prerendered-pages.ts';
import { withHeadTexts } from './vite-catalogue.ts';

/**
 * Prerenders the first screens of the quote, log-in, sign-up, reset-password and checkout pages, a
 * project's opening screen and the account pages' frames into HTML after the app's build (ADR 141,
 * 235, 243, 244, 247, 264, 267): builds
 * `routes/prerender.tsx` for Node with the same config, renders each page of `PRERENDERED_PAGES`
 * with the app's components, and writes the built index.html with that markup in `#root` (marked
 * `data-prerendered` and `inert` until the app's first render replaces it) and the page's title
 * and description, into `dist/.prerender/`, where the server picks one per answer. The quote pages
 * (and a project's) also load `lib/early-files-script.ts`, emitted as a chunk of its own, which keeps a file dropped
 * before the app takes over (ADR 168). The checkout's pages also name `lib/early-calls-script.ts`, a
 * chunk of its own that starts the checkout's API calls before the app runs (ADR 227). No page's
 * HTML preloads its page's scripts (ADR 250): the entry asks for them (ADR 249).
 * Only for the app's build: Storybook's build reuses the config with its own base.
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  // The script that keeps a file dropped before the app takes over (ADR 168): a chunk of its own.
  let earlyFilesRef = '';
  let earlyFilesScript = '';
  // The script that starts the checkout's API calls from its HTML (ADR 227): a chunk of its own.
  let earlyCallsRef = '';
  let earlyCallsScript = '';
  return {
    name: 'manufacture:prerender',
    apply: (userConfig, env) => env.command === 'build' && !env.isSsrBuild && userConfig.base === '/manufacture/',
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      earlyFilesRef = this.emitFile({ type: 'chunk', id: path.join(config.root, 'lib/early-files-script.ts'), name: 'early-files' });
      earlyCallsRef = this.emitFile({ type: 'chunk', id: path.join(config.root, 'lib/early-calls-script.ts'), name: 'early-calls' });
      // The script that loads the browser's locale data before the app starts (ADR 242): a chunk of its own.
      this.emitFile({ type: 'chunk', id: path.join(config.root, 'lib/warm-intl-script.ts'), name: 'warm-intl' });
    },
    // Every HTML (index.html, hence the prerendered pages made from it) names the locale-data script
    // first, async: it arrives and runs in a task of its own while the app's scripts load (ADR 242).
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find((output) => output.type === 'chunk' && output.name === 'warm-intl');
        if (!chunk) throw new Error('prerender: the locale-data script was not emitted');
        // Right after the character set, which stays the head's first element.
        const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html);
        if (!charset) throw new Error('prerender: index.html declares no <meta charset>');
        const at = charset.index + charset[0].length;
        return `${html.slice(0, at)}\n    <script type="module" async crossorigin src="${config.base}${chunk.fileName}"></script>${html.slice(at)}`;
      },
    },
    generateBundle() {
      earlyFilesScript = this.getFileName(earlyFilesRef);
      earlyCallsScript = this.getFileName(earlyCallsRef);
    },
    async closeBundle() {
      const { build } = await import('vite');
      const outDir = path.join(config.root, 'node_modules/.cache/manufacture-prerender');
      await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        build: { ssr: path.join(config.root, 'routes/prerender.tsx'), outDir, emptyOutDir: true, sourcemap: false, manifest: false, copyPublicDir: false },
      });
      const entry = path.join(outDir, 'prerender.js');
      const { renderPrerenderedPages } = (await import(pathToFileURL(entry).href)) as { renderPrerenderedPages: typeof RenderPages };
      const distDir = path.resolve(config.root, config.build.outDir);
      const template = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
      if (!template.includes('<div id="root"></div>')) throw new Error('prerender: the built index.html has no empty <div id="root"></div>');
      const target = path.join(distDir, PRERENDER_DIR);
      fs.rmSync(target, { recursive: true, force: true });
      fs.mkdirSync(target, { recursive: true });
      if (!earlyFilesScript) throw new Error('prerender: the early files script was not emitted');
      // Loaded async, right after the screen it serves: it runs as soon as it arrives, before the app.
      const early = `<script type="module" async crossorigin src="${config.base}${earlyFilesScript}"></script>`;
      if (!earlyCallsScript) throw new Error('prerender: the early calls script was not emitted');
      // Named before the entry, async: it is asked first and runs as soon as it arrives, so the
      // checkout's calls start while the app's scripts still load (ADR 227).
      const calls = `<script type="module" async crossorigin src="${config.base}${earlyCallsScript}"></script>`;
      const firstScript = template.indexOf('<script');
      if (firstScript === -1) throw new Error('prerender: the built index.html names no script');
      const checkoutTemplate = template.slice(0, firstScript) + calls + template.slice(firstScript);
      for (const page of await renderPrerenderedPages()) {
        // `data-prerendered` names the page, whose chunk the app's first render waits for; a page whose
        // screen has the drop zone (`takesFiles`: the quote page's, a project's) keeps a file dropped
        // before the app runs.
        // No page's HTML preloads its scripts: its first screen is in the HTML, and scripts fetched
        // beside it only delay that screen's paint (ADR 239, 250).
        const base = page.page === 'checkout' ? checkoutTemplate : template;
        const html = withHeadTexts(base, page).replace('<div id="root"></div>', () => `<div id="root" data-prerendered="${page.page}" inert>${page.html}</div>${page.takesFiles ? early : ''}`);
        fs.writeFileSync(path.join(target, page.file), html);
      }
    },
  };
}
