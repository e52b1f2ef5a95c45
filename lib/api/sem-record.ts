import { mainApi } from './client.ts';

/** The utm_* parameters of a landing address, or null when there are none. */
export function utmParameters(search: string): Record<string, string> | null {
  const utm: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) if (key.toLowerCase().startsWith('utm')) utm[key] = value;
  return Object.keys(utm).length ? utm : null;
}

/**
 * `POST tools/semRecord` with the referer, the landing address and the UTM query, sent when any
 * utm-prefixed query parameter exists (spec section 7). Fire and forget: it never bothers the visitor.
 */
export function recordCampaignVisit(location: Pick<Location, 'href' | 'search'>, referrer: string): Promise<void> | null {
  const query = utmParameters(location.search);
  if (!query) return null;
  return mainApi('tools/semRecord', {
    method: 'POST',
    body: { referer: referrer || null, browse_url: location.href, query },
    quiet: true,
  }).then(
    () => undefined,
    () => undefined,
  );
}
