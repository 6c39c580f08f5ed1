import { describe, expect, it } from 'vitest';
import { caratFraction, caratLabel } from '~/lib/fractions.ts';

describe('carat weights as fractions', () => {
  it.each([
    [0.05, '1/20'],
    [0.1, '1/10'],
    [0.15, '1/6'],
    [0.17, '1/6'],
    [0.2, '1/5'],
    [0.25, '1/4'],
    [0.33, '1/3'],
    [0.4, '2/5'],
    [0.5, '1/2'],
    [0.6, '2/3'],
    [0.66, '2/3'],
    [0.75, '3/4'],
    [0.8, '4/5'],
    [0.83, '5/6'],
    [1, '1'],
    [0.97, '1'],
  ])('maps %f to %s', (weight, text) => {
    expect(caratFraction(weight)).toBe(text);
  });

  it('writes whole numbers with a fraction', () => {
    expect(caratFraction(1.5)).toBe('1 1/2');
    expect(caratFraction(1.25)).toBe('1 1/4');
    expect(caratFraction(2.33)).toBe('2 1/3');
    expect(caratFraction(3)).toBe('3');
    expect(caratFraction(10)).toBe('10');
    expect(caratFraction(2.98)).toBe('3');
    expect(caratFraction(4.01)).toBe('4');
  });

  it('reads zero, negative and non-numbers as 0, and a tiny positive weight as 1/20', () => {
    expect(caratFraction(0)).toBe('0');
    expect(caratFraction(-1)).toBe('0');
    expect(caratFraction(Number.NaN)).toBe('0');
    expect(caratFraction(0.01)).toBe('1/20');
  });

  it('labels a total carat weight', () => {
    expect(caratLabel(0.5)).toBe('1/2 ct. tw.');
    expect(caratLabel(1.5)).toBe('1 1/2 ct. tw.');
  });
});
