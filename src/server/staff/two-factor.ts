/**
 * Two-factor sign-in with an authenticator app: TOTP (RFC 6238: SHA-1, 6 digits, 30 s steps, as every
 * authenticator app reads them) with the otpauth library; one step either side is accepted for clock
 * drift, and each step's code is good once (staff.repository.ts claimTotpStep). Enrolment shows the
 * secret as a QR code (the qrcode package, a PNG data URL the page's CSP allows) and as text, and takes
 * effect when the first code from the app is confirmed. Ten one-time recovery codes are shown once and
 * kept as their SHA-256.
 */
import { randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { sha256 } from '~/server/accounts/crypto.ts';
import { shopConfig } from '~/server/shop/shop-config.ts';

const PERIOD = 30;

function totp(secret: string, email: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: `${shopConfig.shop_name} back office`,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

export function totpUri(secret: string, email: string): string {
  return totp(secret, email).toString();
}

export async function totpQrDataUrl(secret: string, email: string): Promise<string> {
  return QRCode.toDataURL(totpUri(secret, email), { errorCorrectionLevel: 'M', margin: 2, width: 220 });
}

/** The time step a code belongs to (within one step of now), or undefined when it is not a current code. */
export function totpStep(secret: string, email: string, code: string, now = Date.now()): number | undefined {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  const delta = totp(secret, email).validate({ token, timestamp: now, window: 1 });
  return delta === null ? undefined : Math.floor(now / 1000 / PERIOD) + delta;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes such as `k7m2-x9pq`, and the hashes to store. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: 10 }, () => {
    const bytes = randomBytes(8);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });
  return { codes, hashes: codes.map(hashRecovery) };
}

export const hashRecovery = (code: string) =>
  sha256(
    code
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]/g, ''),
  );

export const looksLikeRecoveryCode = (code: string) => /^[a-z0-9]{4}-?[a-z0-9]{4}$/i.test(code.trim());
