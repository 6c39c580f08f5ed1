/**
 * Which card provider the settings choose, from the environment alone (no provider code loaded, so
 * the server's start-up can say it in one line before anything else):
 *   PAYMENT_PROVIDER      stripe | test; unset: test outside production, none in production
 *   PAYMENT_TEST_GATEWAY  1: the test gateway is allowed in production, on purpose (it takes no money);
 *                         with PAYMENT_PROVIDER unset it then chooses it (a demo shop on `npm start`)
 *   STRIPE_SECRET_KEY     required by stripe; STRIPE_WEBHOOK_SECRET verifies its notifications
 */
import { env } from '~/server/config/env.ts';

export const PROVIDER_CODES = ['stripe', 'test'] as const;
export type ProviderCode = (typeof PROVIDER_CODES)[number];

export interface ProviderSetting {
  code: ProviderCode | undefined;
  /** One line for the operator: why cards are off, or what is missing. */
  note?: string;
}

export function providerSetting(source: NodeJS.ProcessEnv = process.env): ProviderSetting {
  const production = (env('NODE_ENV', source) ?? 'production') === 'production';
  const testGateway = env('PAYMENT_TEST_GATEWAY', source) === '1';
  const asked = env('PAYMENT_PROVIDER', source)?.toLowerCase() || (production && !testGateway ? '' : 'test');
  if (!asked)
    return {
      code: undefined,
      note: 'Card payments are off: no PAYMENT_PROVIDER is set (set PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take cards, or PAYMENT_TEST_GATEWAY=1 for a demo with test cards).',
    };
  if (!(PROVIDER_CODES as readonly string[]).includes(asked))
    return { code: undefined, note: `Card payments are off: PAYMENT_PROVIDER=${asked} is not one of ${PROVIDER_CODES.join(', ')}.` };
  if (asked === 'test' && production && !testGateway) {
    return {
      code: undefined,
      note: 'Card payments are off: the test gateway takes no real money and is refused in production (PAYMENT_TEST_GATEWAY=1 allows it on purpose).',
    };
  }
  if (asked === 'stripe' && !env('STRIPE_SECRET_KEY', source))
    return { code: undefined, note: 'Card payments are off: PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY.' };
  if (asked === 'stripe' && !env('STRIPE_WEBHOOK_SECRET', source)) {
    return {
      code: 'stripe',
      note: "Stripe: STRIPE_WEBHOOK_SECRET is unset, so Stripe's notifications are refused; payments are still confirmed when shoppers return and by the expiry pass.",
    };
  }
  if (asked === 'test' && production) return { code: 'test', note: 'Card payments go to the TEST GATEWAY (PAYMENT_TEST_GATEWAY=1): no real money is taken.' };
  return { code: asked as ProviderCode };
}
