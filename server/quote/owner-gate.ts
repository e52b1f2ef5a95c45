import { HttpError } from '../errors.ts';

/**
 * At most `running` uploads of one owner (a visitor's temporary subject or an account) are
 * received and analysed at once; the next ones wait their turn (their bytes wait in the network,
 * not in memory), and beyond `waiting` queued ones the answer is 429 (issue 12 item 4, ADR 080).
 * One visitor dropping twenty files then takes turns with everyone else in the analysis pool
 * instead of filling it, and cannot hold more than a few analyses' memory at once.
 */
export class OwnerGate {
  private readonly owners = new Map<string, { running: number; waiting: (() => void)[] }>();

  constructor(
    private readonly running: number,
    private readonly waiting: number,
  ) {}

  /** Runs `work` in one of the owner's slots, waiting for a slot when all are taken. */
  async run<T>(owner: string, work: () => Promise<T>): Promise<T> {
    let entry = this.owners.get(owner);
    if (!entry) {
      entry = { running: 0, waiting: [] };
      this.owners.set(owner, entry);
    }
    if (entry.running < this.running) entry.running += 1;
    else {
      if (entry.waiting.length >= this.waiting) {
        throw new HttpError(429, `You are uploading ${this.running + this.waiting} files at once already; please wait for them to finish.`, undefined, { 'Retry-After': '10' });
      }
      // The slot is handed over by the upload that finishes (its `running` count stays).
      await new Promise<void>((resolve) => entry.waiting.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = entry.waiting.shift();
      if (next) next();
      else if (--entry.running === 0) this.owners.delete(owner);
    }
  }

  /** Uploads of `owner` running and waiting (for tests and the health of the pool). */
  load(owner: string): { running: number; waiting: number } {
    const entry = this.owners.get(owner);
    return { running: entry?.running ?? 0, waiting: entry?.waiting.length ?? 0 };
  }
}
