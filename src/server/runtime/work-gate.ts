/**
 * A gate for heavy work (password hashing, share-image drawing): at most `running` jobs at once, at most
 * `waiting` more queued in order; beyond that a caller is refused at once with 503 and Retry-After rather
 * than queued without end. Each waiting job is one promise, so the queue's memory is bounded too.
 */
import { HttpError } from '../endpoint/http.ts';

export class WorkGate {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly running: number,
    private readonly waiting: number,
    private readonly busyMessage = 'The shop is busy. Please try again in a moment.',
  ) {}

  /** Runs `job` when a place is free; throws a 503 when the queue is full. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active >= this.running) {
      if (this.queue.length >= this.waiting) throw new HttpError(503, this.busyMessage, 'busy', undefined, { 'retry-after': '5' });
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else this.active++;
    try {
      return await job();
    } finally {
      // The place passes straight to the next job in line, or is freed.
      const next = this.queue.shift();
      if (next) next();
      else this.active--;
    }
  }

  /** Jobs running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.active, waiting: this.queue.length };
  }
}
