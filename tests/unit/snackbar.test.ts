import { describe, expect, it } from 'vitest';
import { snackbarFor } from '~/features/snackbar/snackbar.ts';

describe('snackbar messages', () => {
  it('shows the message with its severity for 5000 ms by default', () => {
    expect(snackbarFor({ message: 'Saved', severity: 'success' })).toEqual({ text: 'Saved', severity: 'success', duration: 5000 });
    expect(snackbarFor({ message: 'Careful', severity: 'warning', duration: 1500 })).toEqual({ text: 'Careful', severity: 'warning', duration: 1500 });
  });
  it('reads an unknown severity as the default one', () => {
    expect(snackbarFor({ message: 'Hello', severity: 'info' })?.severity).toBe('default');
    expect(snackbarFor({ message: 'Hello' })?.severity).toBe('default');
  });
  it('shows an error with an empty or blank message as Something went wrong', () => {
    expect(snackbarFor({ message: '', severity: 'error' })?.text).toBe('Something went wrong');
    expect(snackbarFor({ message: '   ', severity: 'error' })?.text).toBe('Something went wrong');
    expect(snackbarFor({ severity: 'error' })?.text).toBe('Something went wrong');
  });
  it('shows nothing for a blank message that is not an error', () => {
    expect(snackbarFor({ message: ' ', severity: 'success' })).toBeUndefined();
    expect(snackbarFor(null)).toBeUndefined();
  });
  it('keeps a message with the reload action until it is closed, and ignores unknown actions', () => {
    expect(snackbarFor({ message: 'Could not load', severity: 'error', action: 'reload' })).toEqual({
      text: 'Could not load',
      severity: 'error',
      duration: 0,
      action: 'reload',
    });
    expect(snackbarFor({ message: 'Hello', action: 'explode' })).toEqual({ text: 'Hello', severity: 'default', duration: 5000 });
  });
});

describe('snackbar open: false (issue 26)', () => {
  it('shows nothing for a message with open: false, even an error', () => {
    expect(snackbarFor({ message: 'Saved', severity: 'success', open: false })).toBeUndefined();
    expect(snackbarFor({ message: '', severity: 'error', open: false })).toBeUndefined();
    expect(snackbarFor({ message: 'Saved', open: true })).toEqual({ text: 'Saved', severity: 'default', duration: 5000 });
  });
});
