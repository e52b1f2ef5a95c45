// The loopback quick-login provider for the end-to-end tests (ADR 022): the server test suite's
// small OAuth 2.0 server, on a port next to the app's, with a page where the browser picks a user.
// Started by playwright.config.ts; the app is told about it through OAUTH_* variables.
import { startOAuthProvider } from '../../server/helpers/oauth-provider.ts';

export const LOOPBACK = {
  channel: 'loopback',
  label: 'Loopback ID',
  clientId: 'e2e-client',
  clientSecret: 'e2e-secret',
  users: {
    quinn: { sub: 'e2e-quinn', email: 'quinn.quick@example.com', email_verified: true, name: 'Quinn Quick' },
  },
} as const;

const port = Number(process.env.OAUTH_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('OAUTH_PORT is not set (playwright.config.ts sets it)');
const provider = await startOAuthProvider({ clientId: LOOPBACK.clientId, clientSecret: LOOPBACK.clientSecret, users: { ...LOOPBACK.users }, port, label: LOOPBACK.label });
console.log(`[oauth-loopback] listening on ${provider.base}`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
