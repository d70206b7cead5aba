import { defineTemplate } from "~/lib/templates.server";

/** The mails of joining and signing in (decision 0025): code defaults an administrator may override. */

export const RESET_PASSWORD_MAIL = defineTemplate({
  key: "reset-password",
  kind: "mail",
  description: "Sent when someone asks to reset an account's password (Forgot password).",
  variables: { site: "The site's name", link: "The one-time reset link (valid 1 hour)" },
  sample: { link: "https://www.example.com/reset-password?token=sample" },
  subject: "{{ site }}: reset your password",
  text: "Someone asked to reset the password of your {{ site }} account.\n\nTo choose a new password, open this link within 1 hour:\n{{ link }}\n\nThe link works once. If you did not ask for this, ignore this message: your password stays the same.",
  html: '<p>Someone asked to reset the password of your {{ site }} account.</p><p><a href="{{ link }}">Choose a new password</a> (the link works once, within 1 hour).</p><p>If you did not ask for this, ignore this message: your password stays the same.</p>',
});

const PIN_PURPOSE: Record<string, string> = {
  "email-verification": "to verify your email",
  "change-email": "to confirm your new email",
  "forget-password": "to reset your password",
  "sign-in": "to sign in",
};

/** The 4-digit pin mails, one template per purpose (`otp-email-verification`, ...). */
export const PIN_MAILS = Object.fromEntries(
  Object.entries(PIN_PURPOSE).map(([type, purpose]) => [
    type,
    defineTemplate({
      key: `otp-${type}`,
      kind: "mail",
      description: `The 4-digit pin sent ${purpose}.`,
      variables: { site: "The site's name", pin: "The 4-digit pin (valid 10 minutes)" },
      sample: { pin: "4821" },
      subject: "{{ site }}: your verification pin",
      text: `Your {{ site }} pin is {{ pin }}, ${purpose}. It expires in 10 minutes.`,
      html: `<p>Your {{ site }} pin is <strong>{{ pin }}</strong>, ${purpose}.</p><p>It expires in 10 minutes.</p>`,
    }),
  ]),
);

/** A pin mail for a purpose better-auth names that has no template of its own. */
export const PIN_MAIL_OTHER = defineTemplate({
  key: "otp-other",
  kind: "mail",
  description: "The 4-digit pin sent for any other purpose.",
  variables: { site: "The site's name", pin: "The 4-digit pin (valid 10 minutes)" },
  sample: { pin: "4821" },
  subject: "{{ site }}: your verification pin",
  text: "Your {{ site }} pin is {{ pin }}. It expires in 10 minutes.",
  html: "<p>Your {{ site }} pin is <strong>{{ pin }}</strong>.</p><p>It expires in 10 minutes.</p>",
});

export const ADMIN_SET_PASSWORD_MAIL = defineTemplate({
  key: "admin-set-password",
  kind: "mail",
  description: "Sent when an administrator creates an account and lets its owner choose the password.",
  variables: { site: "The site's name", name: "The new account's name", link: "The set-password link (valid 3 days)" },
  sample: { name: "Jordan Rivera", link: "https://www.example.com/set-password?token=sample" },
  subject: "Your {{ site }} account: choose a password",
  text: "Hello {{ name }},\n\nAn account was created for you at {{ site }}. Choose your password here (the link works for 3 days):\n\n{{ link }}\n",
  html: '<p>Hello {{ name }},</p><p>An account was created for you at {{ site }}. <a href="{{ link }}">Choose your password</a> (the link works for 3 days).</p>',
});

export const EMAIL_CHANGE_PIN_MAIL = defineTemplate({
  key: "email-change-pin",
  kind: "mail",
  description: "The pin sent to a new email address before it replaces the account's address.",
  variables: { site: "The site's name", pin: "The 4-digit pin (valid 10 minutes)" },
  sample: { pin: "4821" },
  subject: "{{ site }}: your email change pin",
  text: "Your {{ site }} pin is {{ pin }}. Enter it on your profile to use this address for your account. It expires in 10 minutes.\n\nIf you did not ask to change your email address, ignore this message.",
  html: "<p>Your {{ site }} pin is <strong>{{ pin }}</strong>.</p><p>Enter it on your profile to use this address for your account. It expires in 10 minutes.</p><p>If you did not ask to change your email address, ignore this message.</p>",
});

export const EMAIL_CHANGED_MAIL = defineTemplate({
  key: "email-changed",
  kind: "mail",
  description: "The notice sent to the old address after an account's email address changed.",
  variables: { site: "The site's name", email: "The new address" },
  sample: { email: "jordan.rivera@example.com" },
  subject: "{{ site }}: your email address was changed",
  text: "The email address of your {{ site }} account was changed to {{ email }}. If you did not do this, contact us at once.",
  html: "<p>The email address of your {{ site }} account was changed to <strong>{{ email }}</strong>.</p><p>If you did not do this, contact us at once.</p>",
});

export const ACCOUNT_TEMPLATES = [
  RESET_PASSWORD_MAIL,
  ...Object.values(PIN_MAILS),
  PIN_MAIL_OTHER,
  ADMIN_SET_PASSWORD_MAIL,
  EMAIL_CHANGE_PIN_MAIL,
  EMAIL_CHANGED_MAIL,
];

/** Issue 28: someone used up the wrong-password attempts for the account from one address (once per lock window). */
export const SIGN_IN_ATTEMPTS_MAIL = defineTemplate({
  key: "sign-in-attempts",
  kind: "mail",
  description: "Sent to the account's owner when someone typed wrong passwords for it (once per 15 minutes at most).",
  variables: {
    site: "The site's name",
    failures: "How many wrong passwords were typed from that address",
    ip: "The address they came from",
    link: "The page to reset the password",
  },
  sample: { failures: 5, ip: "203.0.113.7", link: "https://www.example.com/forgot-password" },
  subject: "{{ site }}: someone tried to sign in to your account",
  text: "Someone typed {{ failures }} wrong passwords for your {{ site }} account from the address {{ ip }}. Sign-in from that address is paused for 15 minutes; you can still sign in as usual.\n\nIf this was not you, your password is still safe, but you may want to choose a new one and turn on two-factor authentication:\n{{ link }}",
  html: '<p>Someone typed {{ failures }} wrong passwords for your {{ site }} account from the address {{ ip }}. Sign-in from that address is paused for 15 minutes; you can still sign in as usual.</p><p>If this was not you, your password is still safe, but you may want to <a href="{{ link }}">choose a new one</a> and turn on two-factor authentication.</p>',
});
