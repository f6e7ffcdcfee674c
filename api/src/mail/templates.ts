import type { MailMessage } from './mailer.ts';

const layout = (title: string, body: string) =>
  `<div style="font-family:system-ui,sans-serif;max-width:480px;margin:auto"><h2>${title}</h2>${body}<p style="color:#888">Gavel</p></div>`;

const codeBlock = (code: string) => `<p style="font-size:28px;letter-spacing:6px;font-weight:700">${code}</p>`;

export function verifyEmailMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: 'Verify your Gavel e-mail',
    text: `Your Gavel verification code is ${code}. It expires in 10 minutes.`,
    html: layout('Verify your e-mail', `<p>Your verification code:</p>${codeBlock(code)}<p>It expires in 10 minutes.</p>`),
  };
}

export function resetPasswordMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: 'Reset your Gavel password',
    text: `Your Gavel password reset code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this e-mail.`,
    html: layout('Reset your password', `<p>Your reset code:</p>${codeBlock(code)}<p>It expires in 10 minutes. If you did not ask for it, ignore this e-mail.</p>`),
  };
}

export function passwordChangedMail(to: string): MailMessage {
  return {
    to,
    subject: 'Your Gavel password was changed',
    text: 'Your Gavel password was just changed, and every other session was signed out. If this was not you, reset your password now.',
    html: layout('Password changed', '<p>Your password was just changed, and every other session was signed out. If this was not you, reset your password now.</p>'),
  };
}

export function identityReviewedMail(to: string, approved: boolean, reason: string | null): MailMessage {
  const text = approved ? 'Your identity is verified. You can now bid once your payment method and terms are in place.' : `Your identity check was not approved${reason ? `: ${reason}` : ''}. You can submit it again.`;
  return { to, subject: approved ? 'Identity verified' : 'Identity check not approved', text, html: layout(approved ? 'Identity verified' : 'Identity check not approved', `<p>${text}</p>`) };
}

export function outbidMail(to: string, text: string, lotId: string, eventId: string): MailMessage {
  const link = `/details/${lotId}?auction=${eventId}`;
  return { to, subject: "You've been outbid", text: `${text} Bid again: ${link}`, html: layout("You've been outbid", `<p>${text}</p><p><a href="${link}">Increase your bid</a></p>`) };
}

/** The bidder whose outbid bid leads again after the bid above it was removed. */
export function leadingAgainMail(to: string, title: string, text: string, lotId: string, eventId: string): MailMessage {
  const link = `/details/${lotId}?auction=${eventId}`;
  return { to, subject: title, text: `${text} ${link}`, html: layout(title, `<p>${text}</p><p><a href="${link}">View the lot</a></p>`) };
}

export function wonMail(to: string, title: string, amount: string, link: string): MailMessage {
  const text = `You won ${title} for ${amount}. Complete your payment from your cart.`;
  return { to, subject: `You won ${title}`, text: `${text} ${link}`, html: layout('You won!', `<p>${text}</p><p><a href="${link}">View the lot</a></p>`) };
}
