import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { MAIN_API_BASE } from '#domain/api/bases';
import type { DeviceTrust } from '../accounts/accounts.ts';
import type { AppContext } from './app-context.ts';
import { clientAddress } from './client-address.ts';

/**
 * The request's known-device cookies for the sign-in service (ADR 080): read from the request,
 * set on the answer; and the client's address, which the sign-in back-off counts per account. HttpOnly, SameSite=Lax, sent only to the account calls, Secure when the site
 * is served over https.
 */
export function deviceTrust(ctx: AppContext, c: Context): DeviceTrust {
  const cookies = getCookie(c);
  return {
    client: clientAddress(c, ctx.config.trustProxy),
    known: (userId) => ctx.knownDevices.isKnown(cookies, userId, ctx.clock()),
    remember: (userId) => {
      const cookie = ctx.knownDevices.issue(userId, ctx.clock());
      setCookie(c, cookie.name, cookie.value, {
        httpOnly: true,
        sameSite: 'Lax',
        secure: ctx.config.publicUrl.startsWith('https:'),
        path: `${MAIN_API_BASE}/${ctx.config.apiSegment}/account/`,
        maxAge: cookie.maxAgeSeconds,
      });
    },
  };
}
