// The environment our scripts start the production server with (`npm start`, the end-to-end
// server, Lighthouse): the caller's, plus
// - MALLOC_MMAP_THRESHOLD_=131072 unless set: large freed buffers go back to the system (ADR 228),
//   as `npm run serve` and `npm run worker` set it in package.json;
// - the labelled demo bank accounts unless BANK_ACCOUNTS or BANK_ACCOUNTS_FILE is set: production
//   refuses to start with bank transfer on and no account to show (ADR 093);
// - NODE_ENV=production; then `extra`, which wins.

/** @param {Record<string, string | undefined>} extra */
export function productionEnv(extra = {}) {
  const bank = process.env.BANK_ACCOUNTS || process.env.BANK_ACCOUNTS_FILE ? {} : { BANK_ACCOUNTS: 'demo' };
  return { ...process.env, MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ || '131072', ...bank, NODE_ENV: 'production', ...extra };
}
