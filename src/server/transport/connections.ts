/**
 * Connection limits of the production server: a cap on the connections one client address holds open
 * (beyond it a new connection is closed at once, before a byte is read), the header, body and request
 * time-outs, and error answers for requests Node's parser refuses (JSON bodies; 414 for an address too
 * long to parse, 431 for headers, 408 for a time-out).
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { refusalBody } from './refusal.ts';
import { transportSettings } from './settings.ts';
import { URI_TOO_LONG } from './request-target.ts';

/** Closes each connection beyond `cap` from one remote address; `cap` 0 is no cap. */
export function capConnectionsPerAddress(server: Server, cap: number): void {
  if (!cap) return;
  // One entry per address with a connection open now: bounded by the connections themselves.
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > cap) return void socket.destroy();
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/** Whether the bytes Node's parser gave up on are (the start of) a request line longer than the URL limit. */
function longRequestLine(raw: unknown): boolean {
  if (!Buffer.isBuffer(raw)) return false;
  const lineEnd = raw.indexOf('\r\n');
  return lineEnd < 0 ? raw.length > transportSettings.maxUrlChars : lineEnd > transportSettings.maxUrlChars;
}

function answer(socket: Socket, status: number, reason: string, code: string, message: string) {
  // The request line may be lost: JSON, which every client of ours reads.
  const { type, body } = refusalBody(true, status, code, message);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}

export function applyConnectionLimits(server: Server): void {
  server.headersTimeout = transportSettings.headersTimeoutMs;
  server.requestTimeout = transportSettings.requestTimeoutMs;
  capConnectionsPerAddress(server, transportSettings.maxConnectionsPerAddress);
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    if (error.code === 'HPE_HEADER_OVERFLOW') {
      if (longRequestLine(error.rawPacket)) answer(socket, 414, 'URI Too Long', 'uri_too_long', URI_TOO_LONG);
      else answer(socket, 431, 'Request Header Fields Too Large', 'headers_too_large', 'The request headers are too large');
    } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') answer(socket, 408, 'Request Timeout', 'request_timeout', 'The request did not arrive in time');
    else answer(socket, 400, 'Bad Request', 'bad_request', 'The request could not be read');
  });
}
