import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '#ui/theme.css';
import { recordCampaignVisit } from '#lib/api/sem-record';
import { App } from './app.tsx';

// The session (xstate and the session machine) is a chunk of its own, fetched at once beside the
// page's: a page's first render does not wait for it (ADR 139).
const session = import('./session.ts').then(({ sessionActor }) => sessionActor.start());
recordCampaignVisit(window.location, document.referrer);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App session={session} />
  </StrictMode>,
);
