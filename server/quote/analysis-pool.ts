import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { AnalysisOutcome, AnalysisReply, AnalysisRequest, ChecksOutcome, SplitOutcome } from './analysis-types.ts';

/** The analysis of one file could not finish: the worker crashed or took too long. */
export class AnalysisFailedError extends Error {
  constructor(
    readonly reason: 'timeout' | 'crash' | 'closed',
    message: string,
  ) {
    super(message);
  }
}

interface Job {
  id: number;
  path: string;
  split?: AnalysisRequest['split'];
  deferAbove?: number;
  priceFor?: AnalysisRequest['priceFor'];
  resolve(outcome: AnalysisOutcome | SplitOutcome | DeferredAnalysis): void;
  reject(error: Error): void;
  /** Set once a deferred analysis has answered: its walls and holes are still being measured. */
  settleChecks?: (checks: ChecksOutcome | null) => void;
}

/**
 * A file's analysis answered before its walls and holes (ADR 145): `checks` settles with them
 * (null when they failed: a crash, the time limit, a shutdown), or is null when nothing was deferred.
 */
export interface DeferredAnalysis {
  outcome: AnalysisOutcome;
  checks: Promise<ChecksOutcome | null> | null;
}

interface Slot {
  worker: Worker;
  job: Job | undefined;
  timer: NodeJS.Timeout | undefined;
  /** The thread has read a file of `recycleAboveBytes` or more: it is replaced once idle (ADR 228). */
  large: boolean;
  /** Settles when the thread's warm-up is done (ADR 256); unset for a thread started for a job. */
  warmedUp?: (ms: number) => void;
}

/**
 * A file this large (a binary STL of about 330,000 triangles) leaves its thread holding memory that
 * V8 may not give back for a long time: the thread is replaced by a fresh one after it (ADR 228).
 */
export const RECYCLE_ABOVE_BYTES = 16 * 1024 * 1024;

const BOOT = new URL('./analysis-worker-boot.mjs', import.meta.url);

/**
 * A fixed-size pool of geometry analysis threads (ADR 041). Threads start on the first job (or on
 * `warm`) and then stay (OpenCascade is initialised once per thread); jobs queue in arrival order. A
 * thread that crashes or exceeds the time limit is terminated and replaced, and only its job fails.
 * A thread that has read a large file (`recycleAboveBytes`) is terminated once its job is done,
 * walls and holes included, and a fresh one started in its place: the memory the analysis used goes
 * back to the system instead of staying with the thread (ADR 228).
 */
export class AnalysisPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private recycled = 0;

  constructor(
    readonly size: number,
    private readonly timeoutMs: number,
    private readonly log: (line: string) => void = () => {},
    private readonly recycleAboveBytes: number = RECYCLE_ABOVE_BYTES,
  ) {}

  /** Reads and analyses the file at `path` in a worker thread. */
  analyse(path: string): Promise<AnalysisOutcome> {
    if (this.closed) return Promise.reject(new AnalysisFailedError('closed', 'The analysis service is shutting down.'));
    return new Promise<AnalysisOutcome>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, path, resolve: resolve as Job['resolve'], reject });
      this.pump();
    });
  }

  /**
   * Like `analyse`, but a mesh of more than `deferAbove` triangles is answered before its walls and
   * holes are measured (ADR 145): the thread stays busy with them, and `checks` settles after.
   */
  analyseDeferred(path: string, deferAbove: number, priceFor?: AnalysisRequest['priceFor']): Promise<DeferredAnalysis> {
    if (this.closed) return Promise.reject(new AnalysisFailedError('closed', 'The analysis service is shutting down.'));
    return new Promise<DeferredAnalysis>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, path, deferAbove, ...(priceFor ? { priceFor } : {}), resolve: resolve as Job['resolve'], reject });
      this.pump();
    });
  }

  /**
   * Splits the file at `path` into its parts in a worker thread (ADR 131), read with `mmPerUnit`
   * millimetres per unit of its coordinates. Same queue, threads and time limit as `analyse`.
   */
  split(path: string, mmPerUnit: number): Promise<SplitOutcome> {
    if (this.closed) return Promise.reject(new AnalysisFailedError('closed', 'The analysis service is shutting down.'));
    return new Promise<SplitOutcome>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, path, split: { mmPerUnit }, resolve: resolve as Job['resolve'], reject });
      this.pump();
    });
  }

  /**
   * Starts a thread now when none is idle and the pool has room, so that its start-up (tsx, the
   * domain modules, OpenCascade: about half a second) overlaps an upload's transfer instead of
   * following it. The thread then stays, as after any job. With `compile`, for a thread started
   * while no file waits (the server's start, a large file's thread replaced), the thread also runs
   * the engine on a small generated part first (ADR 256), so that the next file does not run the
   * engine's code unoptimised; answers when that is done (at once without it, or when no thread
   * was started).
   */
  warm({ compile = false }: { compile?: boolean } = {}): Promise<void> {
    if (this.closed || this.slots.length >= this.size || this.slots.some((s) => !s.job)) return Promise.resolve();
    const slot = this.spawn();
    if (!compile) return Promise.resolve();
    return new Promise<void>((resolve) => {
      // A thread that ends before it answers (the pool closed, a crash) leaves nothing waiting.
      const exited = () => resolve();
      slot.warmedUp = (ms) => {
        slot.warmedUp = undefined;
        slot.worker.off('exit', exited);
        this.log(`[quote] analysis thread warmed up in ${Math.round(ms)} ms`);
        resolve();
      };
      slot.worker.postMessage({ warmUp: true });
      slot.worker.once('exit', exited);
    });
  }

  /** Threads running now, and jobs waiting for one; `recycled`: threads replaced after a large file. */
  get stats(): { threads: number; busy: number; queued: number; recycled: number } {
    return { threads: this.slots.length, busy: this.slots.filter((s) => s.job).length, queued: this.queue.length, recycled: this.recycled };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new AnalysisFailedError('closed', 'The analysis service is shutting down.'));
    for (const slot of this.slots) slot.job?.settleChecks?.(null);
    await Promise.all(this.slots.splice(0).map((slot) => this.stop(slot)));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.job);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.shift() as Job;
      slot.job = job;
      if (!slot.large && sizeOf(job.path) >= this.recycleAboveBytes) slot.large = true;
      slot.timer = setTimeout(() => this.fail(slot as Slot, new AnalysisFailedError('timeout', `The analysis took longer than ${Math.round(this.timeoutMs / 1000)} s and was stopped.`)), this.timeoutMs);
      slot.worker.postMessage({
        id: job.id,
        path: job.path,
        ...(job.split ? { split: job.split } : {}),
        ...(job.deferAbove !== undefined ? { deferWallsAndHolesAbove: job.deferAbove } : {}),
        ...(job.priceFor ? { priceFor: job.priceFor } : {}),
      } satisfies AnalysisRequest);
    }
  }

  private spawn(): Slot {
    // execArgv: [] so the boot file registers tsx itself whatever the parent runs under.
    const worker = new Worker(BOOT, { execArgv: [] });
    worker.unref();
    const slot: Slot = { worker, job: undefined, timer: undefined, large: false };
    worker.on('message', (message: AnalysisReply | 'ready') => {
      if (message !== 'ready' && 'warmedUp' in message) {
        slot.warmedUp?.(message.warmedUp);
        return;
      }
      if (message === 'ready' || !slot.job || message.id !== slot.job.id) return;
      const job = slot.job;
      if (message.ok && 'outcome' in message && job.deferAbove !== undefined) {
        const outcome = message.outcome as AnalysisOutcome;
        if (outcome.checks === 'pending') {
          // Answered now; the thread stays this job's (and its time limit runs) until the checks come.
          job.resolve({ outcome, checks: new Promise<ChecksOutcome | null>((settle) => (job.settleChecks = settle)) } satisfies DeferredAnalysis);
          return;
        }
        job.resolve({ outcome, checks: null } satisfies DeferredAnalysis);
      } else if (message.ok && 'checks' in message) {
        job.settleChecks?.(message.checks);
      } else if (message.ok) job.resolve(message.outcome);
      else job.reject(new AnalysisFailedError('crash', message.error));
      clearTimeout(slot.timer);
      slot.job = undefined;
      if (slot.large) this.recycle(slot);
      else this.pump();
    });
    worker.on('error', (error) => this.fail(slot, new AnalysisFailedError('crash', error.message)));
    worker.on('exit', (code) => {
      if (this.slots.includes(slot)) this.fail(slot, new AnalysisFailedError('crash', `The analysis thread stopped (exit code ${code}).`));
    });
    this.slots.push(slot);
    return slot;
  }

  /**
   * Ends a thread that has read a large file and starts a fresh one in its place once it is gone
   * (not before, or both would be held at once), so that one is ready for the next upload.
   */
  private recycle(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    this.slots.splice(index, 1);
    this.recycled++;
    void this.stop(slot).then(() => {
      if (this.closed) return;
      if (this.queue.length > 0) this.pump();
      else void this.warm({ compile: true });
    });
  }

  /** Fails the slot's job, replaces the thread, and carries on with the queue. */
  private fail(slot: Slot, error: AnalysisFailedError): void {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    this.slots.splice(index, 1);
    const job = slot.job;
    slot.job = undefined;
    void this.stop(slot);
    if (job) {
      this.log(`[quote] analysis of ${job.path} failed (${error.reason}): ${error.message}`);
      // A deferred analysis that already answered loses only its walls and holes.
      if (job.settleChecks) job.settleChecks(null);
      else job.reject(error);
    }
    if (!this.closed) this.pump();
  }

  private async stop(slot: Slot): Promise<void> {
    clearTimeout(slot.timer);
    await slot.worker.terminate();
  }
}

/** The file's size in bytes, or 0 when it cannot be read (the analysis then says so itself). */
function sizeOf(path: string): number {
  try {
    return fs.statSync(path).size;
  } catch {
    return 0;
  }
}
