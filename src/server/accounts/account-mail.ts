/** The account e-mails: what they say and where their links lead. Links carry the raw token once. */
import { shopConfig } from '~/server/shop/shop-config.ts';
import { siteUrl, simpleHtml, type MailMessage } from '~/server/mail/mailer.ts';

interface Recipient {
  email: string;
  first_name: string;
}

const shop = () => shopConfig.shop_name;
const hello = (to: Recipient) => `Dear ${to.first_name || 'customer'},`;
const expiry = 'The link works once and expires in 60 minutes.';
const ignore = 'If you did not ask for this, you can ignore this message: nothing changes until the link is used.';

function message(to: Recipient, subject: string, lines: string[], action: { label: string; url: string }): MailMessage {
  const text = [hello(to), '', ...lines.flatMap((l) => [l, '']), `${action.label}: ${action.url}`, '', `${shop()}`].join('\n');
  return { to: to.email, subject, text, html: simpleHtml([hello(to), ...lines], action) };
}

export function resetPasswordMail(to: Recipient, token: string): MailMessage {
  const url = `${siteUrl()}/customer/reset-password/${token}?email=${encodeURIComponent(to.email)}`;
  return message(to, `Reset your ${shop()} password`, ['We received a request to reset the password of your account.', expiry, ignore], {
    label: 'Choose a new password',
    url,
  });
}

export function firstTimeLoginMail(to: Recipient, token: string): MailMessage {
  const url = `${siteUrl()}/customer/first-time-login?token=${token}&email=${encodeURIComponent(to.email)}`;
  return message(
    to,
    `Set the password of your ${shop()} account`,
    ['An account was created for you when you placed an order with us. Choose a password to see your orders and save your addresses.', expiry, ignore],
    { label: 'Set my password', url },
  );
}

export function verifyAccountMail(to: Recipient, token: string): MailMessage {
  const url = `${siteUrl()}/customer?verify=${token}`;
  return message(to, `Confirm your e-mail address for ${shop()}`, ['Please confirm that this is your e-mail address.', expiry, ignore], {
    label: 'Confirm my e-mail address',
    url,
  });
}

/** Sent instead of a second account when someone signs up with an address that already has one. */
export function accountExistsMail(to: Recipient, hasPassword: boolean): MailMessage {
  const url = hasPassword ? `${siteUrl()}/customer/forgot-password` : `${siteUrl()}/customer/first-time-login`;
  return message(
    to,
    `You already have a ${shop()} account`,
    [
      'Someone, probably you, tried to create an account with this e-mail address, which already has one.',
      hasPassword
        ? `You can sign in at ${siteUrl()}/customer, or choose a new password if you have forgotten it.`
        : 'Your account was created when you placed an order. Set its password to sign in.',
      'If this was not you, no action is needed.',
    ],
    { label: hasPassword ? 'Reset my password' : 'Set my password', url },
  );
}

/** To the old address when the account's e-mail address changes: what happened, and the way back. */
export function emailChangedMail(to: Recipient, newEmail: string, undoToken: string): MailMessage {
  const url = `${siteUrl()}/customer?undo_email=${undoToken}`;
  return message(
    to,
    `The e-mail address of your ${shop()} account was changed`,
    [
      `The e-mail address of your account was changed from ${to.email} to ${newEmail}.`,
      'If you made this change, no action is needed.',
      'If you did not, follow the link below within 14 days: it gives your account this address back, signs every device out and sends you a link to choose a new password.',
    ],
    { label: 'Undo this change', url },
  );
}
