/** A streamed upload held to a size: the stock-file and product-file imports read their bodies through it. */
import { HttpError } from '~/server/endpoint/http.ts';

export const tooLarge = (max: number) =>
  new HttpError(413, `The file is larger than ${max.toLocaleString('en-US')} bytes (ADMIN_IMPORT_MAX_BYTES)`, 'payload_too_large');

export async function* limited(body: ReadableStream<Uint8Array>, max: number): AsyncGenerator<Uint8Array> {
  let size = 0;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > max) throw tooLarge(max);
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
