import { ofetch, type $Fetch } from 'ofetch';
import { API_TIMEOUT_MS, MAIN_API_BASE, MICROSERVICE_API_BASE } from '#domain/api/bases';
import { apiSegment } from '../env.ts';

function createClient(base: string): $Fetch {
  return ofetch.create({
    baseURL: `${base}/${apiSegment}`,
    timeout: API_TIMEOUT_MS,
    retry: 0,
    onRequest({ options }) {
      // ofetch drops its timeout when the caller passes a signal; keep both.
      if (options.signal && options.timeout) {
        options.signal = AbortSignal.any([options.signal, AbortSignal.timeout(options.timeout)]);
      }
    },
  });
}

/** The main API (accounts, tools, orders). */
export const mainApi = createClient(MAIN_API_BASE);
/** The microservice API (quotes, projects, files). */
export const microserviceApi = createClient(MICROSERVICE_API_BASE);
