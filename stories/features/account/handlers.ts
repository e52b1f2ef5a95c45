import { http, HttpResponse } from 'msw';
import { STORY_COUNTRIES, STORY_PHONE_CODES, STORY_STATES } from './fixtures.ts';

/** `tools/countryList` as the server answers it: phone codes, countries, or one country's states. */
export const countryList = http.get('*/api/*/tools/countryList', ({ request }) => {
  const url = new URL(request.url);
  const type = url.searchParams.get('type');
  if (type === 'country') return HttpResponse.json(STORY_COUNTRIES);
  if (type === 'state') return HttpResponse.json(url.searchParams.get('country') === 'US' ? STORY_STATES : []);
  return HttpResponse.json(STORY_PHONE_CODES);
});

export const pageOf = <T,>(list: T[]) => ({ list, total: list.length, page: 1, pageSize: 3 });
