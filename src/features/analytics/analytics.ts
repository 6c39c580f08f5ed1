/**
 * The browser's analytics queue (docs/api.md): events wait in memory, the queue drains every
 * 3000 ms while the browser is online, and it starts only once its plugins are ready or 10000 ms have
 * passed. Nothing here runs during rendering: events are queued and sent later, from timers.
 */
import type { PageEvent } from './analytics.schema.ts';

export const DRAIN_INTERVAL_MS = 3000;
export const PLUGIN_WAIT_MS = 10_000;
/** Events kept while offline; the oldest go first when more arrive. */
export const MAX_QUEUED = 100;

/** 'sent' and 'dropped' leave the queue; 'retry' keeps the event (and the rest) for the next drain. */
export type SendResult = 'sent' | 'retry' | 'dropped';
export type Transport = (event: PageEvent) => Promise<SendResult>;

export interface QueueOptions {
  transport: Transport;
  online?: boolean;
  intervalMs?: number;
  maxQueued?: number;
}

export class AnalyticsQueue {
  private events: PageEvent[] = [];
  private timer: ReturnType<typeof setInterval> | undefined;
  private draining = false;
  private online: boolean;

  constructor(private readonly options: QueueOptions) {
    this.online = options.online ?? true;
  }

  get size(): number {
    return this.events.length;
  }

  enqueue(event: PageEvent): void {
    this.events.push(event);
    const max = this.options.maxQueued ?? MAX_QUEUED;
    if (this.events.length > max) this.events.splice(0, this.events.length - max);
  }

  /** Starts draining every interval; call once the plugins are ready. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.drain(), this.options.intervalMs ?? DRAIN_INTERVAL_MS);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  setOnline(online: boolean): void {
    this.online = online;
    if (online && this.timer) void this.drain();
  }

  /** Sends queued events in order; stops at the first that must be retried. Does nothing offline. */
  async drain(): Promise<void> {
    if (this.draining || !this.online) return;
    this.draining = true;
    try {
      while (this.events.length && this.online) {
        const result = await this.options.transport(this.events[0]!).catch((): SendResult => 'retry');
        if (result === 'retry') break;
        this.events.shift();
      }
    } finally {
      this.draining = false;
    }
  }

  /** Hands over what is left (when the page goes away) and empties the queue. */
  takeAll(): PageEvent[] {
    return this.events.splice(0);
  }
}

/** Resolves 'ready' when every plugin is ready, or 'timeout' after `timeoutMs`, whichever comes first. */
export function whenPluginsReady(plugins: Promise<unknown>[], timeoutMs = PLUGIN_WAIT_MS): Promise<'ready' | 'timeout'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), timeoutMs);
    Promise.allSettled(plugins).then(() => {
      clearTimeout(timer);
      resolve('ready');
    });
  });
}

export interface Referrer {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  term: string | null;
  utm: Record<string, string>;
  url: string | null;
}

/** Where the visit came from: UTM parameters first, then the referring site. */
export function referrerOf(pageUrl: string, referrer: string): Referrer {
  const url = new URL(pageUrl);
  const utm: Record<string, string> = {};
  for (const [key, value] of url.searchParams) if (key.startsWith('utm_')) utm[key] = value;
  let host: string | null = null;
  try {
    host = referrer ? new URL(referrer).hostname : null;
  } catch {
    host = null;
  }
  const external = host && host !== url.hostname ? host : null;
  return {
    source: utm.utm_source ?? external ?? (referrer ? null : 'direct'),
    medium: utm.utm_medium ?? (external ? 'referral' : referrer ? 'internal' : 'none'),
    campaign: utm.utm_campaign ?? null,
    term: utm.utm_term ?? null,
    utm,
    url: referrer || null,
  };
}

export interface PageContext {
  url: string;
  title: string;
  referrer: string;
  language: string;
  userAgent: string;
  viewport: { width: number; height: number };
  screen: { width: number; height: number };
  config: { app_id: string; app_version: string; shop_name: string };
  userId: string | number | null;
}

/** A page event as the API's collector expects it. */
export function pageEvent(ctx: PageContext): PageEvent {
  const url = new URL(ctx.url);
  const payload = {
    page: { url: ctx.url, path: url.pathname, search: url.search, title: ctx.title },
    device: { userAgent: ctx.userAgent, viewport: ctx.viewport, screen: ctx.screen, mobile: ctx.viewport.width < 768 },
    language: ctx.language,
    referrer: referrerOf(ctx.url, ctx.referrer),
    shop: ctx.config,
    at: new Date().toISOString(),
  };
  return { payload: JSON.stringify(payload), type: 'page', user_id: ctx.userId };
}
