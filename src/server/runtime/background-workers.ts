/**
 * Heavy CPU work (password hashing, share-image drawing) on worker threads of its own, never on the event
 * loop and never on libuv's pool (whose 4 threads every request needs for file lookups). A thread may
 * lower its own scheduling priority (`nice`; Linux sets it per thread), so that when the machine is busy
 * the event loop answering other requests runs first (share drawings and password hashing, nice 10). `size` threads at most, at most `waiting` jobs
 * queued (beyond: 503 with Retry-After, work-gate.ts). Threads start on first use and are started again
 * if one ever dies; an idle thread never keeps the process alive.
 *
 * `code` is a CommonJS module body evaluated in the thread: it receives `run(message, workerData)` to
 * define, returning the answer (and a list of ArrayBuffers to transfer, optionally).
 */
import { Worker } from 'node:worker_threads';
import { WorkGate } from './work-gate.ts';

const PRELUDE = `
const { parentPort, workerData } = require('node:worker_threads');
if (workerData.nice) try { require('node:os').setPriority(workerData.nice); } catch {}
let run;
`;
const LOOP = `
parentPort.on('message', async ({ id, message }) => {
  try {
    parentPort.postMessage({ id, result: await run(message, workerData) });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

interface Job {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export class BackgroundWorkers<In, Out> {
  private readonly idle: Worker[] = [];
  private readonly jobs = new Map<number, Job>();
  private started = 0;
  private nextId = 0;
  private readonly gate: WorkGate;

  constructor(
    private readonly name: string,
    private readonly code: string,
    private readonly size: number,
    waiting: number,
    busyMessage: string,
    private readonly options: { nice?: number; data?: Record<string, unknown> } = {},
  ) {
    this.gate = new WorkGate(size, waiting, busyMessage);
  }

  private thread(): Worker {
    const free = this.idle.pop();
    if (free) return free;
    const worker = new Worker(`${PRELUDE}${this.code}${LOOP}`, {
      eval: true,
      workerData: { ...this.options.data, nice: this.options.nice ?? 0 },
      name: this.name,
    });
    worker.unref();
    this.started++;
    worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
      const job = this.jobs.get(id);
      this.jobs.delete(id);
      // An idle thread never keeps the process alive; a busy one does, so a script awaiting a hash finishes.
      worker.unref();
      this.idle.push(worker);
      if (!job) return;
      if (error === undefined) job.resolve(result);
      else job.reject(new Error(`${this.name}: ${error}`));
    });
    worker.on('error', (error) => console.error(`${this.name} thread failed:`, error));
    worker.on('exit', () => {
      this.started--;
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      for (const [id, job] of this.jobs) {
        if ((job as Job & { worker?: Worker }).worker === worker) {
          this.jobs.delete(id);
          job.reject(new Error(`${this.name}: the thread stopped`));
        }
      }
    });
    return worker;
  }

  /** Runs one job on a free thread (waiting for one if all `size` are busy). */
  run(message: In): Promise<Out> {
    return this.gate.run(
      () =>
        new Promise<Out>((resolve, reject) => {
          const worker = this.thread();
          const id = ++this.nextId;
          this.jobs.set(id, { resolve: resolve as (v: unknown) => void, reject, worker } as Job);
          worker.ref();
          worker.postMessage({ id, message });
        }),
    );
  }
}
