/** WorkGate: heavy work runs at most N at once, at most M more wait in order, beyond that 503 at once. */
import { describe, expect, it } from 'vitest';
import { WorkGate } from '~/server/runtime/work-gate.ts';
import { HttpError } from '~/server/endpoint/http.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('WorkGate', () => {
  it('runs at most `running` jobs at once, the rest in order, and refuses beyond `waiting` with a 503', async () => {
    const gate = new WorkGate(2, 2, 'busy now');
    const started: number[] = [];
    const releases = Array.from({ length: 4 }, deferred);
    const jobs = releases.map((d, i) =>
      gate.run(async () => {
        started.push(i);
        await d.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.load).toEqual({ running: 2, waiting: 2 });
    const refused = await gate.run(async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 503, message: 'busy now', headers: { 'retry-after': '5' } });
    releases[1]!.resolve();
    await jobs[1];
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2]);
    releases[0]!.resolve();
    releases[2]!.resolve();
    releases[3]!.resolve();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the place of a job that fails', async () => {
    const gate = new WorkGate(1, 0);
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});
