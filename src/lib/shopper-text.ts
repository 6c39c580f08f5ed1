/**
 * The one place that turns a failed request into words a shopper reads. The API's answers
 * keep their own messages for clients (`message`, `code`, `errors` per field); what reaches a shopper's
 * screen goes through here, so a raw URL, an HTTP method or a field key never does:
 *
 * - no answer at all (offline, the connection dropped, a time-out) → CONNECTION_MESSAGE;
 * - a 5xx → GENERIC_ERROR;
 * - 409 or 410 because a stone is no longer for sale, where the shopper acted on a diamond → SOLD_MESSAGE;
 * - a validation error → the first field's message without its key ("cart_item_id: this item is not in
 *   your cart" reads "This item is not in your cart");
 * - any other 4xx → the server's message, unless it still looks technical (then GENERIC_ERROR).
 */
export const CONNECTION_MESSAGE = 'We could not reach the shop. Check your connection and try again.';
export const GENERIC_ERROR = 'Something went wrong';
export const SOLD_MESSAGE = 'This diamond has just been sold';

/** What the shop API answered (src/server/endpoint/http.ts `ErrorBody`), as far as it could be read. */
export interface ErrorAnswer {
  status: number;
  message?: string;
  code?: string;
  errors?: Record<string, string[]>;
}

export interface ShopperContext {
  /** The shopper acted on a diamond: "no longer available" reads as sold. */
  stone?: boolean;
}

/** `snake_case: `, `a.b.0: ` or `_: ` at the start of a message: a field key the server put there for clients. */
const KEY_PREFIX = /^\s*[A-Za-z_][\w.[\]-]*:\s+/;
/** Text that must never reach a shopper: an address, a request line, a stack or a key left inside. */
const TECHNICAL = /(https?:\/\/|\b(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) \/|\b[a-z]+_[a-z_]+:|\bat \S+:\d+|\[object |undefined|null\b)/;

const sentence = (text: string) => {
  const t = text.trim();
  return t ? t[0]!.toUpperCase() + t.slice(1) : t;
};

/** Strips a field key and refuses text that still looks technical. */
export function readable(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const text = sentence(message.replace(KEY_PREFIX, ''));
  return text && !TECHNICAL.test(text) ? text : undefined;
}

/** The words for an answer the server gave (status 0: no answer). */
export function shopperTextFor(answer: ErrorAnswer, context: ShopperContext = {}): string {
  const { status } = answer;
  if (status === 0) return CONNECTION_MESSAGE;
  if (status >= 500) return GENERIC_ERROR;
  if ((status === 409 || status === 410) && context.stone && (status === 410 || answer.code === 'unavailable' || answer.code === 'sold')) return SOLD_MESSAGE;
  const fieldMessage = answer.errors ? Object.values(answer.errors).flat()[0] : undefined;
  // A validation error speaks through its field; any other refusal through its own message.
  const validation = status === 400 || status === 422 || answer.code === 'validation_failed';
  return (validation ? (readable(fieldMessage) ?? readable(answer.message)) : (readable(answer.message) ?? readable(fieldMessage))) ?? GENERIC_ERROR;
}

/** The shape src/lib/http.ts throws (kept structural so that this file imports nothing). */
interface Answered {
  status: number;
  code?: string;
  errors?: Record<string, string[]>;
  serverMessage?: string;
}

const isAnswered = (error: unknown): error is Answered & Error => error instanceof Error && typeof (error as Partial<Answered>).status === 'number';

/** fetch's TypeError ("Failed to fetch"), ky's NetworkError and TimeoutError, a timed-out signal. */
const NO_ANSWER = new Set(['TypeError', 'NetworkError', 'TimeoutError']);

/**
 * The words for anything a request threw: an ApiError (src/lib/http.ts) by its answer; fetch's and ky's
 * errors for a request that got no answer as a connection failure; any other error by its message when
 * that reads as words (the browser code's own checks), else the generic text.
 */
export function shopperMessage(error: unknown, context: ShopperContext = {}): string {
  if (isAnswered(error))
    return shopperTextFor({ status: error.status, code: error.code, errors: error.errors, message: error.serverMessage ?? error.message }, context);
  if (!(error instanceof Error) || NO_ANSWER.has(error.name)) return CONNECTION_MESSAGE;
  return readable(error.message) ?? GENERIC_ERROR;
}
