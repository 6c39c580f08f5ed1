/**
 * Outgoing e-mail for every area (accounts, orders, appointments, payments): callers queue, the outbox
 * delivers (outbox.ts, outbox-sender.ts). `sendMail` writes the message into the outbox at once (resolving
 * when it is written, not when it is delivered), `sendMailLater` builds and queues it without making the
 * caller wait, and `queueMail` writes it with a transaction's handle, so that it commits with what caused it.
 * The sender delivers through SMTP when SMTP_URL is set (smtp://user:pass@host:port, smtps:// for TLS);
 * otherwise each message is written to var/mail/ as an .eml file, so a demo shop needs no mail server.
 *
 * HTML parts are written with `simpleHtml` or `mailMjml` (layout.ts: MJML) and compiled by the sender.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import { config } from '~/server/config/config.ts';
import { getDb, type Db } from '~/server/db/database.ts';
import { shopConfig } from '~/server/shop/shop-config.ts';
import { log, maskEmails } from '~/server/observe/log.ts';
import { compileMjml, isMjml, mailMjml } from './layout.ts';
import { queue, type StoredMessage } from './outbox.ts';
import { env } from '~/server/config/env.ts';

/**
 * A message as callers build it: the outbox's StoredMessage, whose `html` may still be MJML (from
 * simpleHtml or mailMjml), compiled to HTML when sent; `icalEvent` is an appointment's invitation.
 */
export type MailMessage = StoredMessage;

export interface QueueOptions {
  /** A message queued under a key already used is not queued again (notifications are sent once). */
  dedupeKey?: string;
}

let transport: { url: string | undefined; transporter: Transporter } | undefined;

function transporter(): Transporter {
  const url = config.smtpUrl;
  if (transport?.url !== url || !transport) {
    transport = {
      url,
      transporter: url
        ? // A mail server that does not answer fails the attempt in seconds (the outbox retries), not minutes.
          nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    };
  }
  return transport.transporter;
}

/** The sender: MAIL_FROM, or the shop's name and e-mail from the shop configuration. */
export function mailFrom(): string {
  return env('MAIL_FROM') || `"${shopConfig.shop_name}" <${shopConfig.email}>`;
}

/** Where the staff's notifications go: STAFF_EMAIL, else the shop's e-mail (shop.json). */
export function staffEmail(): string {
  return env('STAFF_EMAIL') || shopConfig.email;
}

/** The message as stored: its MJML compiled to HTML. */
export async function finished(message: MailMessage): Promise<StoredMessage> {
  return isMjml(message.html) ? { ...message, html: await compileMjml(message.html) } : message;
}

/** Writes the message into the outbox with `db`: pass a transaction's handle to commit it with the change that caused it. */
export async function queueMail(db: Db, message: MailMessage, options: QueueOptions = {}): Promise<void> {
  // Kept as written (its MJML compiled by the sender), so a transaction's write lock is not held for it.
  await queue(db, { message, dedupeKey: options.dedupeKey });
}

/** Queues one message at once, on its own (resolves once it is in the outbox; the sender delivers it). */
export async function sendMail(message: MailMessage, options: QueueOptions = {}): Promise<void> {
  await queueMail(await getDb(), message, options);
}

/**
 * Builds and queues without making the caller wait. Used where the answer must not depend on the message
 * (password recovery answers the same for unknown addresses) and where there is no transaction to join.
 * A failure to build or queue is logged, never shown.
 */
export function sendMailLater(build: () => Promise<MailMessage | undefined>, options: QueueOptions = {}): void {
  const work = (async () => {
    try {
      const message = await build();
      if (message) await sendMail(message, options);
    } catch (error) {
      log.error({ err: error }, 'Queuing mail failed');
    }
  })();
  queuing.add(work);
  void work.finally(() => queuing.delete(work));
}

const queuing = new Set<Promise<void>>();

/** Resolves once every message sendMailLater was given is in the outbox: a command-line run waits for it before it exits. */
export async function mailQueued(): Promise<void> {
  while (queuing.size) await Promise.all([...queuing]);
}

/**
 * Hands one message to the mail server (or writes it to var/mail/ without SMTP_URL): the outbox's sender
 * calls this; resolves once the server accepted it.
 */
export async function deliver(message: StoredMessage): Promise<void> {
  const info = await transporter().sendMail({ from: mailFrom(), ...message });
  if (config.smtpUrl) return;
  const dir = path.join(config.varDir, 'mail');
  await fs.mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
  await fs.writeFile(file, info.message as Buffer);
  log.info({ file }, `Mail "${maskEmails(message.subject)}" written to ${file} (SMTP_URL is not set)`);
}

/** The shop's public address for links in e-mail: SITE_URL, never the request's Host header
 * (a forged Host would otherwise put an attacker's domain into a password-reset link). */
export function siteUrl(): string {
  const configured = env('SITE_URL');
  return (configured || `http://localhost:${config.port}`).replace(/\/+$/, '');
}

/** The shop's e-mail look (layout.ts) with paragraphs and one call-to-action link: MJML, compiled when sent. */
export function simpleHtml(paragraphs: string[], action?: { label: string; url: string }): string {
  return mailMjml({ paragraphs, action });
}
