/** The shop's test clock, the payment windows and the order statuses' labels. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clockOffsetMs, nowMs, parseOffset } from '~/server/config/clock.ts';
import { cardHoldMinutes, holdMs, paymentDueAt, transferHoldHours, transferWindowWords } from '~/server/orders/payment-hold.ts';
import { statusLabel } from '~/server/orders/order-status.ts';

const saved = { ...process.env };
afterEach(() => {
  for (const key of ['NODE_ENV', 'NOW_OFFSET', 'NOW_OFFSET_FILE', 'UNPAID_CARD_HOLD_MINUTES', 'UNPAID_TRANSFER_HOLD_HOURS']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

describe('the test clock', () => {
  it('reads offsets in milliseconds or with a unit', () => {
    expect(parseOffset('1800000')).toBe(1_800_000);
    expect(parseOffset('31m')).toBe(31 * 60_000);
    expect(parseOffset('-2h')).toBe(-7_200_000);
    expect(parseOffset('1.5d')).toBe(129_600_000);
    expect(parseOffset('soon')).toBeUndefined();
    expect(parseOffset(undefined)).toBeUndefined();
  });

  it('moves only under NODE_ENV=test, by NOW_OFFSET and the offset in NOW_OFFSET_FILE', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'clock-')), 'offset');
    fs.writeFileSync(file, '1h');
    process.env.NOW_OFFSET = '31m';
    process.env.NOW_OFFSET_FILE = file;
    process.env.NODE_ENV = 'production';
    expect(clockOffsetMs()).toBe(0);
    process.env.NODE_ENV = 'test';
    expect(clockOffsetMs()).toBe(91 * 60_000);
    fs.writeFileSync(file, '2h!');
    expect(clockOffsetMs()).toBe(31 * 60_000);
    fs.writeFileSync(file, '48h');
    expect(Math.abs(nowMs() - (Date.now() + 31 * 60_000 + 48 * 3_600_000))).toBeLessThan(1_000);
    fs.rmSync(path.dirname(file), { recursive: true });
  });
});

describe('payment windows', () => {
  it('default to 30 minutes (card) and 72 hours (transfer); the environment wins', () => {
    delete process.env.UNPAID_CARD_HOLD_MINUTES;
    delete process.env.UNPAID_TRANSFER_HOLD_HOURS;
    expect([cardHoldMinutes(), transferHoldHours()]).toEqual([30, 72]);
    expect(paymentDueAt('pending_payment', Date.parse('2026-01-01T00:00:00.000Z'))).toBe('2026-01-01T00:30:00.000Z');
    expect(paymentDueAt('pending', Date.parse('2026-01-01T00:00:00.000Z'))).toBe('2026-01-04T00:00:00.000Z');
    expect(paymentDueAt('processing', 0)).toBeNull();
    process.env.UNPAID_CARD_HOLD_MINUTES = '45';
    process.env.UNPAID_TRANSFER_HOLD_HOURS = '36';
    expect([holdMs('pending_payment'), holdMs('pending')]).toEqual([45 * 60_000, 36 * 3_600_000]);
    process.env.UNPAID_CARD_HOLD_MINUTES = 'half an hour';
    expect(cardHoldMinutes()).toBe(30);
    expect([transferWindowWords(72), transferWindowWords(24), transferWindowWords(36), transferWindowWords(1)]).toEqual([
      '3 days',
      '24 hours',
      '36 hours',
      '1 hour',
    ]);
  });
});

describe('status labels', () => {
  it('say what a shopper needs to know', () => {
    expect(statusLabel('pending_payment')).toBe('Pending payment');
    expect(statusLabel('shipped')).toBe('Shipped');
    expect(statusLabel('canceled', 'payment_not_received')).toBe('Cancelled: payment not received');
    expect(statusLabel('canceled', 'staff')).toBe('Cancelled');
    expect(statusLabel('on_hold')).toBe('On hold');
  });
});
