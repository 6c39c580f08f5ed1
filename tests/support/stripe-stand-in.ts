/**
 * A stand-in for Stripe's API on a local port, for tests without the network: the shop's Stripe SDK
 * is pointed at it with STRIPE_API_URL. It keeps Checkout Sessions, PaymentIntents, Charges and
 * Refunds in memory and answers them in Stripe's shapes (every object is checked against the schema
 * derived from the SDK's declarations in tests/api/payments-stripe.test.ts), honours Idempotency-Key
 * as Stripe does (the same key and body: the first answer again; another body: 400), refuses what
 * Stripe refuses (expires_at outside 30 minutes to 24 hours, refunds above what is left, expiring a
 * session that is not open), serves a hosted payment page (/c/pay/{id}), and signs the webhook
 * events it sends exactly as Stripe does (the SDK's generateTestHeaderString: HMAC-SHA256 of
 * `{t}.{body}` with the endpoint secret).
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

type Obj = Record<string, any>;

export interface StandInOptions {
  /** The signing secret of the shop's webhook endpoint (STRIPE_WEBHOOK_SECRET). */
  webhookSecret: string;
  /** Where events are delivered (the shop's /api/payments/stripe/webhook); unset: none are sent. */
  webhookUrl?: string;
}

export interface StandInRequest {
  method: string;
  path: string;
  body: Obj;
  idempotencyKey: string | undefined;
  status: number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowS = () => Math.floor(Date.now() / 1000);

/** Parses Stripe's form encoding (`line_items[0][price_data][unit_amount]=100`) into objects and arrays. */
export function parseStripeForm(text: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: any = out;
    for (let i = 0; i < path.length; i++) {
      const part = path[i]!;
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]!);
      if (last) node[part] = value;
      else node = node[part] ??= nextIsIndex ? [] : {};
    }
  }
  return out;
}

class StripeFail extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
    readonly type = 'invalid_request_error',
    readonly code?: string,
  ) {
    super(message);
  }
}

export class StripeStandIn {
  readonly sessions = new Map<string, Obj>();
  readonly intents = new Map<string, Obj>();
  readonly charges = new Map<string, Obj>();
  readonly refunds = new Map<string, Obj>();
  readonly requests: StandInRequest[] = [];
  /** Every event built, delivered or not. */
  readonly events: Obj[] = [];
  private idempotency = new Map<string, { body: string; status: number; answer: Obj }>();
  private server: http.Server;
  url = '';
  webhookUrl: string | undefined;

  constructor(readonly options: StandInOptions) {
    this.webhookUrl = options.webhookUrl;
    this.server = http.createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address() as { port: number };
    this.url = `http://127.0.0.1:${address.port}`;
    return this;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The API calls the shop made to one path pattern, e.g. `POST /v1/refunds`. */
  calls(method: string, path: RegExp | string): StandInRequest[] {
    return this.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }

  // -------------------------------------------------------------------------------------------------
  // Objects, in Stripe's shapes (fields the SDK declares; no other)

  private session(body: Obj): Obj {
    const lines = (body.line_items ?? []) as Obj[];
    const total = lines.reduce((s, l) => s + Number(l.price_data?.unit_amount) * Number(l.quantity ?? 1), 0);
    const sid = `cs_test_${randomBytes(24).toString('hex')}`;
    return {
      id: sid,
      object: 'checkout.session',
      adaptive_pricing: { enabled: false },
      after_expiration: null,
      allow_promotion_codes: null,
      allowed_payment_method_types: null,
      amount_subtotal: total,
      amount_total: total,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null,
      cancel_url: body.cancel_url ?? null,
      client_reference_id: body.client_reference_id ?? null,
      client_secret: null,
      collected_information: null,
      consent: null,
      consent_collection: null,
      created: nowS(),
      currency: body.currency ?? 'usd',
      currency_conversion: null,
      custom_fields: [],
      custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
      customer: null,
      customer_account: null,
      customer_creation: 'if_required',
      customer_details: null,
      customer_email: body.customer_email ?? null,
      discounts: [],
      expires_at: Number(body.expires_at ?? nowS() + 24 * 3600),
      integration_identifier: null,
      invoice: null,
      invoice_creation: null,
      livemode: false,
      locale: null,
      managed_payments: null,
      metadata: body.metadata ?? {},
      mode: body.mode,
      origin_context: null,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: 'if_required',
      payment_method_configuration_details: null,
      payment_method_options: {},
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      permissions: null,
      recovered_from: null,
      saved_payment_method_options: null,
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_options: [],
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: body.success_url ?? null,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted_page',
      url: `${this.url}/c/pay/${sid}`,
      wallet_options: null,
      // Kept for the hosted page; taken off in answers.
      _private: {
        capture_method: body.payment_intent_data?.capture_method === 'manual' ? 'manual' : 'automatic_async',
        pi_metadata: body.payment_intent_data?.metadata ?? {},
      },
    };
  }

  private intent(session: Obj, capture: string): Obj {
    return {
      id: id('pi'),
      object: 'payment_intent',
      allowed_payment_method_types: null,
      amount: session.amount_total,
      amount_capturable: 0,
      amount_received: 0,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: capture,
      client_secret: `${id('pi')}_secret_${randomBytes(8).toString('hex')}`,
      confirmation_method: 'automatic',
      created: nowS(),
      currency: session.currency,
      customer: null,
      customer_account: null,
      description: null,
      excluded_payment_method_types: null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      managed_payments: null,
      metadata: session._private.pi_metadata,
      next_action: null,
      on_behalf_of: null,
      payment_method: id('pm'),
      payment_method_configuration_details: null,
      payment_method_options: null,
      payment_method_types: ['card'],
      payment_record: null,
      processing: null,
      receipt_email: session.customer_email,
      review: null,
      setup_future_usage: null,
      shipping: null,
      source: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      status: 'requires_payment_method',
      transfer_group: null,
    };
  }

  private charge(pi: Obj): Obj {
    return {
      id: id('ch'),
      object: 'charge',
      amount: pi.amount,
      amount_captured: pi.capture_method === 'manual' ? 0 : pi.amount,
      amount_refunded: 0,
      application: null,
      application_fee: null,
      application_fee_amount: null,
      balance_transaction: id('txn'),
      billing_details: { address: null, email: pi.receipt_email, name: null, phone: null, tax_id: null },
      calculated_statement_descriptor: 'AURELLE',
      captured: pi.capture_method !== 'manual',
      created: nowS(),
      currency: pi.currency,
      customer: null,
      description: null,
      disputed: false,
      failure_balance_transaction: null,
      failure_code: null,
      failure_message: null,
      fraud_details: {},
      livemode: false,
      metadata: pi.metadata,
      on_behalf_of: null,
      outcome: null,
      paid: true,
      payment_intent: pi.id,
      payment_method: pi.payment_method,
      payment_method_details: null,
      presentment_details: undefined,
      receipt_email: pi.receipt_email,
      receipt_number: null,
      receipt_url: null,
      refunded: false,
      review: null,
      shipping: null,
      source: null,
      source_transfer: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      status: 'succeeded',
      transfer_data: null,
      transfer_group: null,
    };
  }

  private refund(pi: Obj, amount: number, metadata: Obj, reason: string | null): Obj {
    return {
      id: id('re'),
      object: 'refund',
      amount,
      balance_transaction: id('txn'),
      charge: pi.latest_charge,
      created: nowS(),
      currency: pi.currency,
      customer: null,
      customer_account: null,
      metadata,
      payment_intent: pi.id,
      payment_method: pi.payment_method,
      reason,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
  }

  /** An object as the API answers it (internal fields off). */
  answer(o: Obj): Obj {
    const { _private, ...rest } = o;
    return JSON.parse(JSON.stringify(rest));
  }

  event(type: string, object: Obj): Obj {
    const e = {
      id: id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION ?? '2026-10-28.endive',
      created: nowS(),
      data: { object: this.answer(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.events.push(e);
    return e;
  }

  /** Signs a body as Stripe signs its deliveries. */
  sign(payload: string, secret = this.options.webhookSecret): string {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret });
  }

  /** Delivers an event to the shop's webhook, signed; answers the shop's status. */
  async deliver(event: Obj, url = this.webhookUrl): Promise<number> {
    if (!url) return 0;
    const payload = JSON.stringify(event, null, 2);
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': this.sign(payload) }, body: payload });
    await res.arrayBuffer();
    return res.status;
  }

  // -------------------------------------------------------------------------------------------------
  // What happens at Stripe

  /**
   * The shopper pays the session on Stripe's page (or a test does, without the shopper coming back):
   * a PaymentIntent and its Charge, the session complete; with `notify`, checkout.session.completed
   * is delivered to the webhook.
   */
  async pay(sessionId: string, options: { notify?: boolean; card?: string; async?: boolean } = {}): Promise<{ declined?: string }> {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (session.status !== 'open') return { declined: 'This Checkout Session is no longer active.' };
    if (session.expires_at <= nowS()) {
      session.status = 'expired';
      return { declined: 'This Checkout Session has expired.' };
    }
    const card = (options.card ?? '4242424242424242').replace(/\D/g, '');
    if (card === '4000000000000002') return { declined: 'Your card was declined.' };
    const pi = this.intent(session, session._private.capture_method);
    const charge = this.charge(pi);
    pi.latest_charge = charge.id;
    if (options.async) {
      // A delayed payment method: the shopper is done, the money is not confirmed yet.
      pi.status = 'processing';
    } else if (pi.capture_method === 'manual') {
      pi.status = 'requires_capture';
      pi.amount_capturable = pi.amount;
    } else {
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
    }
    this.intents.set(pi.id, pi);
    this.charges.set(charge.id, charge);
    session.payment_intent = pi.id;
    session.status = 'complete';
    session.payment_status = pi.status === 'succeeded' ? 'paid' : 'unpaid';
    session.url = null;
    session.customer_details = {
      address: null,
      business_name: null,
      email: session.customer_email,
      individual_name: null,
      name: 'Ada Lovelace',
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    };
    const event = this.event('checkout.session.completed', session);
    if (options.notify !== false) await this.deliver(event);
    return {};
  }

  /** A delayed payment (pay with `async`) succeeds: checkout.session.async_payment_succeeded follows. */
  async succeedAsync(sessionId: string): Promise<number> {
    const session = this.sessions.get(sessionId)!;
    const pi = this.intents.get(session.payment_intent)!;
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
    session.payment_status = 'paid';
    return this.deliver(this.event('checkout.session.async_payment_succeeded', session));
  }

  /** A refund made in Stripe's dashboard: the charge.refunded event follows. */
  async dashboardRefund(paymentIntent: string, amount: number): Promise<Obj> {
    const pi = this.intents.get(paymentIntent)!;
    const refund = this.makeRefund(pi, amount, {}, 'requested_by_customer');
    await this.deliver(this.event('charge.refunded', this.charges.get(pi.latest_charge)!));
    return refund;
  }

  private makeRefund(pi: Obj, amount: number, metadata: Obj, reason: string | null): Obj {
    const charge = this.charges.get(pi.latest_charge);
    if (!charge)
      throw new StripeFail(
        400,
        `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`,
        'payment_intent',
        'invalid_request_error',
        'charge_not_refundable',
      );
    const left = charge.amount_captured - charge.amount_refunded;
    if (amount > left)
      throw new StripeFail(
        400,
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        'amount',
        'invalid_request_error',
        'amount_too_large',
      );
    const refund = this.refund(pi, amount, metadata, reason);
    this.refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount_captured;
    return refund;
  }

  // -------------------------------------------------------------------------------------------------
  // HTTP

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    const method = req.method ?? 'GET';
    if (url.pathname.startsWith('/c/pay/')) return this.hosted(method, url, raw, res);
    const body = method === 'GET' ? Object.fromEntries(url.searchParams) : parseStripeForm(raw);
    const key = req.headers['idempotency-key'] as string | undefined;
    const record = (status: number) => this.requests.push({ method, path: url.pathname, body, idempotencyKey: key, status });
    const send = (status: number, answer: Obj) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...(key ? { 'idempotency-key': key } : {}) });
      res.end(JSON.stringify(answer));
    };
    if (!/^Bearer sk_test_\w+/.test(req.headers.authorization ?? '')) {
      record(401);
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (key && method === 'POST') {
      const seen = this.idempotency.get(`${url.pathname} ${key}`);
      if (seen) {
        record(seen.status);
        if (seen.body !== raw)
          return send(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          });
        return send(seen.status, seen.answer);
      }
    }
    let status = 200;
    let answer: Obj;
    try {
      answer = this.route(method, url, body);
    } catch (error) {
      if (!(error instanceof StripeFail)) throw error;
      status = error.status;
      answer = {
        error: { type: error.type, message: error.message, ...(error.param ? { param: error.param } : {}), ...(error.code ? { code: error.code } : {}) },
      };
    }
    record(status);
    if (key && method === 'POST') this.idempotency.set(`${url.pathname} ${key}`, { body: raw, status, answer });
    send(status, answer);
  }

  private route(method: string, url: URL, body: Obj): Obj {
    const p = url.pathname;
    let m: RegExpMatchArray | null;
    if (method === 'POST' && p === '/v1/checkout/sessions') return this.answer(this.createSession(body));
    if ((m = p.match(/^\/v1\/checkout\/sessions\/([\w]+)$/)) && method === 'GET') return this.answer(this.find(this.sessions, m[1]!, 'checkout.session'));
    if ((m = p.match(/^\/v1\/checkout\/sessions\/([\w]+)\/expire$/)) && method === 'POST') {
      const s = this.find(this.sessions, m[1]!, 'checkout.session');
      if (s.status !== 'open')
        throw new StripeFail(
          400,
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${s.status}".`,
          undefined,
          'invalid_request_error',
          'checkout_session_not_open',
        );
      s.status = 'expired';
      s.url = null;
      return this.answer(s);
    }
    if ((m = p.match(/^\/v1\/payment_intents\/([\w]+)$/)) && method === 'GET') return this.answer(this.find(this.intents, m[1]!, 'payment_intent'));
    if ((m = p.match(/^\/v1\/payment_intents\/([\w]+)\/capture$/)) && method === 'POST') {
      const pi = this.find(this.intents, m[1]!, 'payment_intent');
      if (pi.status !== 'requires_capture')
        throw new StripeFail(
          400,
          `This PaymentIntent could not be captured because it has a status of ${pi.status}.`,
          undefined,
          'invalid_request_error',
          'payment_intent_unexpected_state',
        );
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
      pi.amount_capturable = 0;
      const charge = this.charges.get(pi.latest_charge)!;
      charge.captured = true;
      charge.amount_captured = pi.amount;
      return this.answer(pi);
    }
    if ((m = p.match(/^\/v1\/payment_intents\/([\w]+)\/cancel$/)) && method === 'POST') {
      const pi = this.find(this.intents, m[1]!, 'payment_intent');
      if (!['requires_capture', 'requires_payment_method', 'requires_confirmation', 'requires_action'].includes(pi.status))
        throw new StripeFail(
          400,
          `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`,
          undefined,
          'invalid_request_error',
          'payment_intent_unexpected_state',
        );
      pi.status = 'canceled';
      pi.canceled_at = nowS();
      pi.cancellation_reason = 'requested_by_customer';
      pi.amount_capturable = 0;
      return this.answer(pi);
    }
    if (method === 'POST' && p === '/v1/refunds') {
      const pi = this.find(this.intents, String(body.payment_intent ?? ''), 'payment_intent', 'payment_intent');
      const charge = this.charges.get(pi.latest_charge);
      const amount = body.amount === undefined ? (charge ? charge.amount_captured - charge.amount_refunded : 0) : Number(body.amount);
      if (!Number.isInteger(amount) || amount < 1) throw new StripeFail(400, 'Invalid positive integer', 'amount');
      return this.answer(this.makeRefund(pi, amount, body.metadata ?? {}, body.reason ?? null));
    }
    if (method === 'GET' && p === '/v1/refunds') {
      const data = [...this.refunds.values()]
        .filter((r) => !url.searchParams.get('payment_intent') || r.payment_intent === url.searchParams.get('payment_intent'))
        .reverse();
      return { object: 'list', data: data.map((r) => this.answer(r)), has_more: false, url: '/v1/refunds' };
    }
    throw new StripeFail(404, `Unrecognized request URL (${method}: ${p}).`);
  }

  private find(map: Map<string, Obj>, key: string, kind: string, param = 'id'): Obj {
    const o = map.get(key);
    if (!o) throw new StripeFail(404, `No such ${kind}: '${key}'`, param, 'invalid_request_error', 'resource_missing');
    return o;
  }

  private createSession(body: Obj): Obj {
    if (body.mode !== 'payment') throw new StripeFail(400, 'Invalid mode: must be one of payment, setup, or subscription', 'mode');
    if (!body.success_url) throw new StripeFail(400, 'Missing required param: success_url.', 'success_url');
    const lines = body.line_items as Obj[] | undefined;
    if (!Array.isArray(lines) || !lines.length) throw new StripeFail(400, 'Missing required param: line_items.', 'line_items');
    for (const [i, l] of lines.entries()) {
      if (l.price_data?.currency !== body.currency && l.price_data?.currency !== 'usd')
        throw new StripeFail(400, 'Invalid currency', `line_items[${i}][price_data][currency]`);
      if (!/^\d+$/.test(String(l.price_data?.unit_amount)))
        throw new StripeFail(400, 'Invalid non-negative integer', `line_items[${i}][price_data][unit_amount]`);
      if (!l.price_data?.product_data?.name)
        throw new StripeFail(400, 'Missing required param: line_items[0][price_data][product_data][name].', `line_items[${i}][price_data][product_data][name]`);
    }
    if (body.expires_at !== undefined) {
      const at = Number(body.expires_at);
      if (at < nowS() + 30 * 60 || at > nowS() + 24 * 3600)
        throw new StripeFail(400, 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'expires_at');
    }
    const session = this.session(body);
    this.sessions.set(session.id, session);
    return session;
  }

  /** Stripe's hosted page, in miniature: a card form; paying sends the shopper to success_url. */
  private async hosted(method: string, url: URL, raw: string, res: ServerResponse) {
    const sid = url.pathname.slice('/c/pay/'.length);
    const session = this.sessions.get(sid);
    const page = (message = '') => {
      res.writeHead(session ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      const amount = session ? `$${(session.amount_total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}` : '';
      res.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe Checkout (stand-in)</title></head><body><main><h1>Pay Aurelle</h1>${
          session && session.status === 'open'
            ? `<p>Amount: <strong data-testid="stripe-amount">${amount}</strong></p>${message ? `<p role="alert">${message}</p>` : ''}<form method="post"><label>Card number <input name="card" autocomplete="cc-number"></label> <button type="submit">Pay ${amount}</button></form><p><a href="${session.cancel_url}">Back</a></p>`
            : '<p>This Checkout Session is no longer active.</p>'
        }</main></body></html>`,
      );
    };
    if (!session || method !== 'POST') return page();
    const card = new URLSearchParams(raw).get('card') ?? '';
    const outcome = await this.pay(sid, { card, notify: true });
    if (outcome.declined) return page(outcome.declined);
    res.writeHead(303, { location: String(session.success_url).replace('{CHECKOUT_SESSION_ID}', sid) });
    res.end();
  }
}

export async function startStripeStandIn(options: StandInOptions): Promise<StripeStandIn> {
  return new StripeStandIn(options).start();
}
