import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '#ui/theme.css';
import { recordCampaignVisit } from '#lib/api/sem-record';
import { App } from './app.tsx';
import { sessionActor } from './session.ts';

sessionActor.start();
recordCampaignVisit(window.location, document.referrer);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App session={sessionActor} />
  </StrictMode>,
);
