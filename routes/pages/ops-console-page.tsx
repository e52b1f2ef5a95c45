import { OpsConsole } from '#features/ops/components/ops-console';

// Reads server state: drawn inside the cache of server state (routes/app.tsx lazyPage, ADR 259).
export { ServerState } from '../server-state.tsx';

/**
 * /manufacture/ops/… (issue 38): the staff console, a chunk of its own that no customer page loads
 * (app.tsx mounts it on a route nested at /ops, outside the customers' route table and frame). Links
 * inside it are written from the app's base (`/ops/orders/…`), as react-aria's router is the app's.
 */
export function OpsConsolePage() {
  return <OpsConsole />;
}
