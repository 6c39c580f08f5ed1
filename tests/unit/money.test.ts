import { describe, expect, it } from 'vitest';
import { centsToDollars, formatCents } from '~/lib/money.ts';

describe('money', () => {
  it('formats integer cents as USD in en-US', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(99)).toBe('$0.99');
  });
  it('converts cents to dollars without float noise', () => {
    expect(centsToDollars(1999)).toBe(19.99);
    expect(centsToDollars(100000)).toBe(1000);
  });
});
