/**
 * The look of every e-mail the shop sends, written in MJML (a well-kept e-mail markup that compiles to
 * the table-based HTML mail clients need): the shop's wordmark as its logo, a body of paragraphs, order
 * lines with their pictures and prices, a call-to-action button, and a footer with the shop's address.
 * Mail parts are written as MJML and compiled when the message is queued (mailer.ts), so that callers keep
 * building plain objects synchronously.
 */
import mjml2html from 'mjml';
import { shopConfig } from '~/server/shop/shop-config.ts';

const NAVY = '#1d2a3f';
const GOLD = '#b8975a';
const INK = '#1b1b1b';
const MUTED = '#6b6b6b';

export const esc = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface MailLine {
  name: string;
  /** What else to say under the name: quantity, options. */
  detail?: string;
  price: string;
  /** An absolute URL of the line's picture. */
  image?: string | null;
}

export interface MailBody {
  /** The first line, larger (the greeting or the news). */
  heading?: string;
  paragraphs: string[];
  lines?: MailLine[];
  /** Label and amount pairs under the lines (subtotal, shipping, total: the last one bold). */
  totals?: [string, string][];
  after?: string[];
  action?: { label: string; url: string };
}

const paragraph = (text: string) => `<mj-text font-size="15px" line-height="22px" color="${INK}" padding="0 0 12px">${esc(text)}</mj-text>`;

function lineSection(line: MailLine): string {
  const picture = line.image
    ? `<mj-column width="22%" vertical-align="middle"><mj-image src="${esc(line.image)}" alt="${esc(line.name)}" width="88px" padding="4px" border="1px solid #eee" border-radius="4px" /></mj-column>`
    : '';
  return `<mj-section padding="8px 0" border-bottom="1px solid #eeeeee">${picture}
    <mj-column width="${line.image ? '53%' : '75%'}" vertical-align="middle"><mj-text font-size="14px" color="${INK}" padding="4px 8px"><strong>${esc(line.name)}</strong>${line.detail ? `<br/><span style="color:${MUTED}">${esc(line.detail)}</span>` : ''}</mj-text></mj-column>
    <mj-column width="25%" vertical-align="middle"><mj-text align="right" font-size="14px" color="${INK}" padding="4px 8px">${esc(line.price)}</mj-text></mj-column>
  </mj-section>`;
}

function totalsSection(totals: [string, string][]): string {
  const rows = totals
    .map(([label, amount], i) => {
      const style = i === totals.length - 1 ? 'font-weight:bold;font-size:16px' : `color:${MUTED}`;
      return `<tr><td style="padding:4px 8px;${style}">${esc(label)}</td><td style="padding:4px 8px;text-align:right;${style}">${esc(amount)}</td></tr>`;
    })
    .join('');
  return `<mj-section padding="8px 0"><mj-column><mj-table font-size="14px" color="${INK}" padding="0">${rows}</mj-table></mj-column></mj-section>`;
}

/** The MJML document of a message. */
export function mailMjml(body: MailBody): string {
  const shop = shopConfig;
  const text = (parts: string[]) => (parts.length ? `<mj-section padding="0 0 8px"><mj-column>${parts.map(paragraph).join('')}</mj-column></mj-section>` : '');
  const button = body.action
    ? `<mj-section padding="8px 0 24px"><mj-column><mj-button href="${esc(body.action.url)}" background-color="${NAVY}" color="#ffffff" border-radius="24px" font-size="15px" inner-padding="12px 28px">${esc(body.action.label)}</mj-button></mj-column></mj-section>`
    : '';
  return `<mjml lang="en">
  <mj-head>
    <mj-title>${esc(shop.shop_name)}</mj-title>
    <mj-attributes><mj-all font-family="Helvetica, Arial, sans-serif" /></mj-attributes>
    <mj-style>a { color: ${NAVY}; }</mj-style>
  </mj-head>
  <mj-body background-color="#f6f4f0" width="600px">
    <mj-section background-color="${NAVY}" padding="24px 0">
      <mj-column>
        <mj-text align="center" font-family="Georgia, 'Times New Roman', serif" font-size="28px" letter-spacing="4px" color="#ffffff" padding="0">${esc(shop.shop_name.toUpperCase())}</mj-text>
        <mj-divider border-color="${GOLD}" border-width="1px" width="48px" padding="10px 0 0" />
      </mj-column>
    </mj-section>
    <mj-wrapper background-color="#ffffff" padding="24px 24px 8px">
      ${body.heading ? `<mj-section padding="0 0 8px"><mj-column><mj-text font-family="Georgia, 'Times New Roman', serif" font-size="22px" color="${INK}" padding="0">${esc(body.heading)}</mj-text></mj-column></mj-section>` : ''}
      ${text(body.paragraphs)}
      ${(body.lines ?? []).map(lineSection).join('')}
      ${body.totals?.length ? totalsSection(body.totals) : ''}
      ${text(body.after ?? [])}
      ${button}
    </mj-wrapper>
    <mj-section padding="16px 0">
      <mj-column>
        <mj-text align="center" font-size="12px" line-height="18px" color="${MUTED}">${esc(shop.shop_name)} · ${esc(shop.phone)} · <a href="mailto:${esc(shop.email)}">${esc(shop.email)}</a></mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

/** Compiles MJML to the HTML sent; a markup mistake is a bug, not a message to send broken. */
export async function compileMjml(source: string): Promise<string> {
  const { html, errors } = await mjml2html(source, { validationLevel: 'strict', minify: false });
  if (errors?.length) throw new Error(`MJML: ${errors.map((e) => e.formattedMessage).join('; ')}`);
  return html;
}

export const isMjml = (html: string | undefined): html is string => html !== undefined && html.trimStart().startsWith('<mjml');
