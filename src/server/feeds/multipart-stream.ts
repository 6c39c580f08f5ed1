/**
 * A multipart/form-data body read as it arrives, for the back office's stock upload (/admin/inventory):
 * the small text fields before the file are collected, then the file part is handed on as a stream of
 * bytes, never buffered whole (a stock file may be hundreds of megabytes). The form puts its fields before
 * its file input, and browsers send the parts in the form's order.
 */
import { HttpError } from '~/server/endpoint/http.ts';

/** The back office's upload form posts here; the transport lets its body stream (src/server/transport/request-body.ts). */
export const BACK_OFFICE_UPLOAD_PATH = '/admin/inventory';

const CRLF2 = Buffer.from('\r\n\r\n');
const MAX_HEADER = 8 * 1024;
const MAX_FIELD = 4 * 1024;

export interface MultipartUpload {
  fields: Record<string, string>;
  /** The file part's name as the browser gave it, and its bytes. */
  fileName: string;
  file: AsyncGenerator<Uint8Array>;
}

export function boundaryOf(contentType: string | null): string | undefined {
  const m = /^multipart\/form-data\s*;.*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType ?? '');
  return m?.[1] ?? m?.[2];
}

export async function readMultipartUpload(body: ReadableStream<Uint8Array>, boundary: string, maxBytes: number): Promise<MultipartUpload> {
  const reader = body.getReader();
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The body starts with --boundary; a CRLF in front makes every delimiter look the same.
  let buf: Buffer = Buffer.from('\r\n');
  let total = 0;
  let done = false;
  const more = async (): Promise<boolean> => {
    if (done) return false;
    const r = await reader.read();
    if (r.done) {
      done = true;
      return false;
    }
    total += r.value.byteLength;
    if (total > maxBytes)
      throw new HttpError(413, `The file is larger than ${maxBytes.toLocaleString('en-US')} bytes (ADMIN_IMPORT_MAX_BYTES)`, 'payload_too_large');
    buf = buf.length ? Buffer.concat([buf, r.value]) : Buffer.from(r.value);
    return true;
  };
  const until = async (needle: Buffer, limit: number): Promise<number> => {
    for (;;) {
      const at = buf.indexOf(needle);
      if (at !== -1) return at;
      if (buf.length > limit) throw new HttpError(400, 'The upload is not a well-formed form', 'bad_request');
      if (!(await more())) throw new HttpError(400, 'The upload ended early', 'bad_request');
    }
  };
  const fields: Record<string, string> = {};
  for (;;) {
    const at = await until(delimiter, MAX_HEADER + MAX_FIELD);
    buf = buf.subarray(at + delimiter.length);
    while (buf.length < 2 && (await more()));
    if (buf.subarray(0, 2).toString() === '--')
      throw new HttpError(400, 'file: Choose a stock file to upload', 'validation_failed', { file: ['Choose a stock file to upload'] });
    const headEnd = await until(CRLF2, MAX_HEADER);
    const head = buf.subarray(0, headEnd).toString('utf8');
    buf = buf.subarray(headEnd + CRLF2.length);
    const name = /name="([^"]*)"/i.exec(head)?.[1] ?? '';
    const fileName = /filename="([^"]*)"/i.exec(head)?.[1];
    if (fileName === undefined) {
      const end = await until(delimiter, MAX_FIELD);
      fields[name] = buf.subarray(0, end).toString('utf8');
      buf = buf.subarray(end);
      continue;
    }
    if (!fileName) throw new HttpError(400, 'file: Choose a stock file to upload', 'validation_failed', { file: ['Choose a stock file to upload'] });
    async function* file(): AsyncGenerator<Uint8Array> {
      try {
        for (;;) {
          const end = buf.indexOf(delimiter);
          if (end !== -1) {
            if (end > 0) yield buf.subarray(0, end);
            break;
          }
          // Keep a tail that could be the start of the delimiter.
          const safe = buf.length - delimiter.length;
          if (safe > 0) {
            yield buf.subarray(0, safe);
            buf = buf.subarray(safe);
          }
          if (!(await more())) throw new HttpError(400, 'The upload ended early', 'bad_request');
        }
        // The rest of the body (the closing delimiter) is read and dropped.
        while (await more()) buf = Buffer.alloc(0);
      } finally {
        reader.releaseLock();
      }
    }
    return { fields, fileName, file: file() };
  }
}
