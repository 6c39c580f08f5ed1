/** Which card provider the settings choose: the test gateway never takes a production shop by default. */
import { describe, expect, it } from 'vitest';
import { providerSetting } from '~/server/payments/payment-settings.ts';

describe('providerSetting', () => {
  it('is the test gateway outside production, and nothing in production unless asked for', () => {
    expect(providerSetting({ NODE_ENV: 'test' })).toEqual({ code: 'test' });
    expect(providerSetting({ NODE_ENV: 'development' })).toEqual({ code: 'test' });
    expect(providerSetting({ NODE_ENV: 'production' })).toMatchObject({
      code: undefined,
      note: expect.stringMatching(/^Card payments are off: no PAYMENT_PROVIDER is set/),
    });
    expect(providerSetting({})).toMatchObject({ code: undefined });
  });

  it('refuses the test gateway in production unless PAYMENT_TEST_GATEWAY=1', () => {
    expect(providerSetting({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'test' })).toMatchObject({
      code: undefined,
      note: expect.stringContaining('refused in production'),
    });
    expect(providerSetting({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'test', PAYMENT_TEST_GATEWAY: 'yes' })).toMatchObject({ code: undefined });
    expect(providerSetting({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'test', PAYMENT_TEST_GATEWAY: '1' })).toMatchObject({
      code: 'test',
      note: expect.stringContaining('TEST GATEWAY'),
    });
    expect(providerSetting({ NODE_ENV: 'production', PAYMENT_TEST_GATEWAY: '1' })).toMatchObject({ code: 'test' });
  });

  it('takes Stripe only with its secret key, and says when the webhook secret is missing', () => {
    expect(providerSetting({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'stripe' })).toMatchObject({
      code: undefined,
      note: expect.stringContaining('STRIPE_SECRET_KEY'),
    });
    expect(providerSetting({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'Stripe', STRIPE_SECRET_KEY: 'sk_live_x' })).toMatchObject({
      code: 'stripe',
      note: expect.stringContaining('STRIPE_WEBHOOK_SECRET'),
    });
    expect(providerSetting({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toEqual({
      code: 'stripe',
    });
    expect(providerSetting({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'paypal' })).toMatchObject({
      code: undefined,
      note: expect.stringContaining('not one of stripe, test'),
    });
  });
});
