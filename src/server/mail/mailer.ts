/**
 * Outgoing e-mail for every area (accounts, order confirmation, appointments): `sendMail` goes through
 * SMTP when SMTP_URL is set (smtp://user:pass@host:port, smtps:// for TLS); otherwise each message is
 * written to var/mail/ as an .eml file and its path logged, so a demo shop needs no mail server.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import { config } from '~/server/config.ts';
import { shopConfig } from '~/server/shop/shop-config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** A calendar invitation (appointments): sent as a text/calendar alternative and an .ics attachment. */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };
}

let transport: { url: string | undefined; transporter: Transporter } | undefined;

function transporter(): Transporter {
  const url = config.smtpUrl;
  if (transport?.url !== url || !transport) {
    transport = {
      url,
      transporter: url ? nodemailer.createTransport(url) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    };
  }
  return transport.transporter;
}

/** The sender: MAIL_FROM, or the shop's name and e-mail from the shop configuration. */
export function mailFrom(): string {
  return process.env.MAIL_FROM?.trim() || `"${shopConfig.shop_name}" <${shopConfig.email}>`;
}

/** Sends one message; resolves once the SMTP server accepted it (or the file is written). */
export async function sendMail(message: MailMessage): Promise<void> {
  const info = await transporter().sendMail({ from: mailFrom(), ...message });
  if (config.smtpUrl) return;
  const dir = path.join(config.varDir, 'mail');
  await fs.mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
  await fs.writeFile(file, info.message as Buffer);
  console.log(`Mail "${message.subject}" to ${message.to} written to ${file}`);
}

/**
 * Sends without making the caller wait. Used where the answer must not depend on whether a message
 * went out (password recovery answers the same for unknown addresses) and where SMTP latency should
 * not hold up the shopper. A failure is logged, never shown.
 */
export function sendMailLater(build: () => Promise<MailMessage | undefined>): void {
  void (async () => {
    try {
      const message = await build();
      if (message) await sendMail(message);
    } catch (error) {
      console.error('Sending mail failed:', error);
    }
  })();
}

/** The shop's public address for links in e-mail: SITE_URL, never the request's Host header
 * (a forged Host would otherwise put an attacker's domain into a password-reset link). */
export function siteUrl(): string {
  const configured = process.env.SITE_URL?.trim();
  return (configured || `http://localhost:${config.port}`).replace(/\/+$/, '');
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A plain, accessible HTML body: paragraphs and one call-to-action link. */
export function simpleHtml(paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1d2a3f;color:#fff;padding:12px 24px;border-radius:24px;text-decoration:none">${escapeHtml(action.label)}</a></p>`
    : '';
  return `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1b1b1b;max-width:560px;margin:auto;padding:24px"><h1 style="font-family:Georgia,serif;font-weight:normal">${escapeHtml(shopConfig.shop_name)}</h1>${body}${button}</body></html>`;
}
