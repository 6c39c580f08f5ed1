/**
 * A real SMTP server for tests (smtp-server). Every message it receives is parsed (mailparser) and written
 * as JSON into a folder, so that test workers in other processes can read it: the servers under test
 * get SMTP_URL pointing here and send for real.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface Mailbox {
  url: string;
  dir: string;
  stop(): Promise<void>;
}

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Attached parts (an appointment's .ics invitation), their content as UTF-8 text. */
  attachments?: { filename: string; contentType: string; content: string; base64?: string }[];
  /** Every header line as sent, by lower-cased name (List-Unsubscribe, List-Unsubscribe-Post, …). */
  headers?: Record<string, string>;
  receivedAt: number;
}

export interface MailboxOptions {
  /** Listen on this port (a mail server brought back where it was); default: a free one. */
  port?: number;
  /** Keep what the folder holds (a mail server brought back keeps its mail). */
  keep?: boolean;
  /** Refuse this recipient (550, a permanent failure) when it answers true. */
  refuse?: (address: string) => boolean;
}

export async function startMailbox(dir: string, options: MailboxOptions = {}): Promise<Mailbox> {
  if (!options.keep) fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  let n = fs.readdirSync(dir).length;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) callback(Object.assign(new Error(`No such mailbox: ${address.address}`), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            attachments: parsed.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              content: a.content.toString('utf8'),
              base64: a.content.toString('base64'),
            })),
            headers: Object.fromEntries(parsed.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(':') + 1).trim()])),
            receivedAt: Date.now(),
          };
          const file = path.join(dir, `${String(++n).padStart(6, '0')}-${process.pid}.json`);
          // Written whole then renamed, so a reader never sees half a message.
          fs.writeFileSync(`${file}.tmp`, JSON.stringify(mail));
          fs.renameSync(`${file}.tmp`, file);
          callback();
        })
        .catch((error) => callback(error));
    },
  });
  // A shop server killed in the middle of sending (the SIGKILL tests) resets its connection: not an error of the test.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, dir, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Every message sent to this address so far, oldest first. */
export function mailsTo(dir: string, email: string): ReceivedMail[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as ReceivedMail)
    .filter((m) => m.to.includes(email.toLowerCase()));
}

/** Waits for the n-th (from 1) message to this address whose subject matches. */
export async function waitForMail(dir: string, email: string, subject: RegExp = /./, nth = 1, timeoutMs = 15_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mailsTo(dir, email).filter((m) => subject.test(m.subject));
    if (found.length >= nth) return found[nth - 1]!;
    if (Date.now() > deadline)
      throw new Error(
        `no mail #${nth} to ${email} matching ${subject} within ${timeoutMs} ms (got: ${
          mailsTo(dir, email)
            .map((m) => m.subject)
            .join('; ') || 'none'
        })`,
      );
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The first link in the message's text whose path starts with `pathPrefix`. */
export function linkIn(mail: ReceivedMail, pathPrefix: string): URL {
  for (const match of mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.startsWith(pathPrefix)) return url;
  }
  throw new Error(`no link to ${pathPrefix} in mail "${mail.subject}":\n${mail.text}`);
}
