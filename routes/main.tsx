// First: an input made before a lazily loaded page arrives is seen (ADR 189).
import '#lib/first-input';
import { StrictMode, startTransition, useLayoutEffect, type ReactNode } from 'react';
import '#ui/theme.css';
import { recordCampaignVisit } from '#lib/api/sem-record';
import type { SessionActorRef } from '#machines/session-context';
import { App, preloadPage } from './app.tsx';
import { ROUTES, guardReadsSession } from './route-table.ts';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The session (the session machine and its effects) is a chunk of its own, fetched at once beside
// the page's: a page's first render does not wait for it (ADR 139).
// Its chunk's evaluation, the actor's making (its first state) and its start each take a task of
// their own (ADR 252): at a phone's CPU they were one task of 30–60 ms after the first paint.
// Once started it is given to the app's first render itself, if it is there by then: the screens
// read it in that render instead of drawing again when its promise settles.
let startedSession: SessionActorRef | undefined;
const session = import('./session.ts').then(async ({ sessionActor }) => {
  await nextTask();
  const actor = sessionActor();
  await nextTask();
  return (startedSession = actor.start());
});
recordCampaignVisit(window.location, document.referrer);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const container = root;

/** Lets the page be used once the app's first render has replaced the prerendered one (ADR 141). */
function TakeOver({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    container.removeAttribute('inert');
    container.removeAttribute('data-prerendered');
  }, []);
  return children;
}

// A prerendered page (the quote page, ADR 141; log in, ADR 235), named by `data-prerendered`, is on
// screen already: the app's first render waits for the page's chunk, so it replaces that screen with
// the same one, not with "Loading page…" (a chunk that cannot be fetched is the page's own Suspense
// and error boundary's to tell); and for the session where the page's guard reads it (log in).
// The page's chunks are asked for from a task of their own (ADR 249): the bundler's preload adds
// one `modulepreload` link per file the page imports (about forty on the quote page: 60–95 ms at a
// phone's CPU), which in the entry's own evaluation lengthened the longest task of the start.
const prerendered = ROUTES.find((route) => route.page === container.getAttribute('data-prerendered'));
const ready = prerendered
  ? nextTask().then(() => Promise.all([preloadPage(prerendered.page), guardReadsSession(prerendered) ? session.catch(() => undefined) : undefined]))
  : Promise.resolve();
// The first render is a transition: React renders it in slices of a few milliseconds, yielding
// between them, instead of one task of 100–150 ms on a slow phone that no tap could interrupt
// (ADR 234: total blocking time).
// React DOM's client (200 KB of the core's code) is set up in a task of its own, not in the
// entry's evaluation (ADR 252): its module's first run took 40–70 ms of that task at a phone's CPU.
const client = nextTask().then(() => import('react-dom/client'));
void Promise.all([client, ready]).then(([{ createRoot }]) => {
  const app = createRoot(container);
  startTransition(() =>
    app.render(
      <StrictMode>
        <TakeOver>
          <App session={startedSession ?? session} />
        </TakeOver>
      </StrictMode>,
    ),
  );
});
