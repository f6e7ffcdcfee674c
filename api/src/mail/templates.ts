/**
 * Every mail Gavel sends. What users or admins wrote (lot titles, names, KYC reasons, the sentences built from
 * them) is escaped in the HTML part, and subjects are kept to one line. Mail is read in a mail client, far from
 * the site, so every link is absolute: on PUBLIC_URL, the address users reach the dapp at (unset in
 * development: the dapp's dev server), given once at startup by setMailSite. The mails a user can turn off
 * (outbid, ending soon, won when nothing is owed) end with an unsubscribe link for that kind alone.
 */
import { randomBytes } from 'node:crypto';
import { EMAIL_KIND_NAMES, type EmailKind } from '@gavel/domain';
import type { MailMessage } from './mailer.ts';
import { UnsubscribeTokens } from './unsubscribe-tokens.ts';

const DEV_SITE = 'http://127.0.0.1:5173';
let site = DEV_SITE;
// Replaced at startup by the one signed with UNSUBSCRIBE_SECRET; until then, links no server would accept.
let unsubscribeTokens = new UnsubscribeTokens(randomBytes(32).toString('hex'));

/** Where mail links point: config.publicUrl (PUBLIC_URL); `tokens` sign the unsubscribe links. */
export function setMailSite(publicUrl: string | undefined, tokens?: UnsubscribeTokens): void {
  site = (publicUrl || DEV_SITE).replace(/\/+$/, '');
  if (tokens) unsubscribeTokens = tokens;
}

/** Whom a mail they can turn off goes to: the address, and the user the unsubscribe link is for. */
export interface Recipient {
  email: string;
  userId: string;
}

/** The dapp's unsubscribe page for this user and kind (it asks the api to turn the kind off). */
export function unsubscribeLink(recipient: Pick<Recipient, 'userId'>, kind: EmailKind): string {
  return `${site}/unsubscribe?token=${encodeURIComponent(unsubscribeTokens.sign({ userId: recipient.userId, kind }))}`;
}

/** The foot of a mail the user can turn off: this kind by one click, or any in the profile. */
function unsubscribeFoot(recipient: Pick<Recipient, 'userId'>, kind: EmailKind): { text: string; html: string } {
  const link = unsubscribeLink(recipient, kind);
  const profile = `${site}/profile`;
  return {
    text: `\n\nStop ${EMAIL_KIND_NAMES[kind]}: ${link}\nAll your e-mail preferences: ${profile}`,
    html: `<p style="color:#888;font-size:13px"><a href="${escapeHtml(link)}">Unsubscribe from ${escapeHtml(EMAIL_KIND_NAMES[kind])}</a> · <a href="${escapeHtml(profile)}">E-mail preferences</a></p>`,
  };
}

/** The lot's page on the dapp, as a link that works from a mail client. */
const lotPage = (lotId: string, eventId: string) => `${site}/details/${encodeURIComponent(lotId)}?auction=${encodeURIComponent(eventId)}`;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const layout = (title: string, body: string, foot = '') =>
  `<div style="font-family:system-ui,sans-serif;max-width:480px;margin:auto"><h2>${escapeHtml(title)}</h2>${body}<p style="color:#888">Gavel</p>${foot}</div>`;

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
const button = (href: string, label: string) => `<p><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></p>`;
const codeBlock = (code: string) => `<p style="font-size:28px;letter-spacing:6px;font-weight:700">${escapeHtml(code)}</p>`;

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

/** `reason`: the admin's words when the check was refused. */
/** `left`: what the user still has to do before bidding (the domain's gatesLeft labels), said only when approved. */
export function identityReviewedMail(to: string, approved: boolean, reason: string | null, left: readonly string[] = []): MailMessage {
  const next = left.length === 0 ? 'You can now bid.' : `Before you can bid: ${left.map((step) => step.charAt(0).toLowerCase() + step.slice(1)).join(', then ')}.`;
  const text = approved ? `Your identity is verified. ${next}` : `Your identity check was not approved${reason ? `: ${reason}` : ''}. You can submit it again.`;
  const title = approved ? 'Identity verified' : 'Identity check not approved';
  return { to, subject: title, text, html: layout(title, paragraph(text)) };
}

/** `text`: the outbid sentence, with the lot's title in it. */
/** Addressed when it is written (Mailer.sendIfWanted reads the address and the preference in the same statement). */
export function outbidMail(userId: string, text: string, lotId: string, eventId: string): Omit<MailMessage, 'to'> {
  const link = lotPage(lotId, eventId);
  const foot = unsubscribeFoot({ userId }, 'outbid');
  return {
    subject: "You've been outbid",
    text: `${text} Bid again: ${link}${foot.text}`,
    html: layout("You've been outbid", paragraph(text) + button(link, 'Increase your bid'), foot.html),
  };
}

/** A Buy Now ended a lot the recipient had bid on: `text` says their bid was cancelled and whether a card hold was released. Always sent: it is about their money. */
export function bidCancelledMail(to: string, title: string, text: string, lotId: string, eventId: string): MailMessage {
  const link = lotPage(lotId, eventId);
  return { to, subject: oneLine(`Bid cancelled: ${title} was bought with Buy Now`), text: `${text} ${link}`, html: layout('Your bid was cancelled', paragraph(text) + button(link, 'View the lot')) };
}

/** `text`: the ending-soon sentence ("“Lot” ends in 1 hour."), told to the lot's bidders and watchers. */
export function endingSoonMail(to: Recipient, title: string, text: string, lotId: string, eventId: string): MailMessage {
  const link = lotPage(lotId, eventId);
  const foot = unsubscribeFoot(to, 'ending_soon');
  return {
    to: to.email,
    subject: oneLine(`Ending soon: ${title}`),
    text: `${text} ${link}${foot.text}`,
    html: layout('Ending soon', paragraph(text) + button(link, 'View the lot'), foot.html),
  };
}

/** The bidder whose outbid bid leads again after the bid above it was removed. */
export function leadingAgainMail(to: string, title: string, text: string, lotId: string, eventId: string): MailMessage {
  const link = lotPage(lotId, eventId);
  return { to, subject: oneLine(title), text: `${text} ${link}`, html: layout(title, paragraph(text) + button(link, 'View the lot')) };
}

/**
 * How a win (or a Buy Now) is paid: `card_hold`, a hold on the buyer's card stands for it and is charged after
 * the close (`charge`: what it takes in USD, the winning price, never a maximum's whole hold; `upTo`: a bid in a
 * coin is charged its USD value then, at most `charge`, its hold); `pay_from_cart`, the buyer pays from their cart by `dueAt` (pay-later and wallet bids).
 */
export type WonPayment =
  | { by: 'card_hold'; charge: string; upTo: boolean }
  | { by: 'pay_from_cart'; dueAt: Date | null }
  /** A signed Bitcoin offer wins: it pays once the seller co-signs, which is due by `sellerSignBy`. */
  | { by: 'bitcoin_offer'; sellerSignBy: Date };

const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The winner's mail. One that asks for a payment is sent whatever the winner's preferences (an unpaid purchase
 * is cancelled and counted against them), so it carries no unsubscribe link. One for a card hold promises
 * nothing yet (the charge can still fail; the winner hears either way: cardChargedMail or paymentNeededMail) and
 * can be turned off like the others.
 */
export function wonMail(to: Recipient, title: string, amount: string, lotId: string, eventId: string, payment: WonPayment, invoice?: SaleInvoiceLink | null): MailMessage {
  const link = lotPage(lotId, eventId);
  const subject = oneLine(`You won ${title}`);
  const bill = invoiceLines(invoice);
  if (payment.by === 'card_hold') {
    const charge = payment.upTo ? `its value in USD, at most ${payment.charge},` : payment.charge;
    const text = `You won ${title} for ${amount}. We will charge ${charge} to the hold on your card, and e-mail you when it is charged.`;
    const foot = unsubscribeFoot(to, 'won');
    return { to: to.email, subject, text: `${text} ${link}${bill.text}${foot.text}`, html: layout('You won!', paragraph(text) + button(link, 'View the lot') + bill.html, foot.html) };
  }
  if (payment.by === 'bitcoin_offer') {
    const text = `You won ${title} for ${amount}. Your signed Bitcoin offer pays for it: the seller co-signs it by ${utc(payment.sellerSignBy)}, then the swap is broadcast and the inscription comes to your wallet. Keep the coins of your offer unspent until it confirms.`;
    return { to: to.email, subject, text: `${text} ${link}${bill.text}`, html: layout('You won!', paragraph(text) + button(link, 'View the lot') + bill.html) };
  }
  const cart = `${site}/cart`;
  const by = payment.dueAt ? ` by ${utc(payment.dueAt)}` : '';
  const text = `You won ${title} for ${amount}. Complete your payment from your cart${by}.`;
  return {
    to: to.email,
    subject,
    text: `${text} Pay now: ${cart}\nThe lot: ${link}${bill.text}`,
    html: layout('You won!', paragraph(text) + button(cart, 'Go to your cart') + button(link, 'View the lot') + bill.html),
  };
}

/** A won lot's invoice, as a mail links it (its page offers the PDF). */
export interface SaleInvoiceLink {
  id: string;
  number: string;
  /** "$50.00": the buyer's premium included in what is charged, when the lot's event charges one. */
  premium?: string | null;
  /** "$50.00": the buyer's tax included, when one is levied (its own line, as on the invoice). */
  tax?: string | null;
}

/** The invoice's line and button for a mail; nothing without an invoice. */
function invoiceLines(invoice: SaleInvoiceLink | null | undefined): { text: string; html: string } {
  if (!invoice) return { text: '', html: '' };
  const url = `${site}/invoices/${encodeURIComponent(invoice.id)}`;
  const premium = invoice.premium ? ` It includes the buyer’s premium of ${invoice.premium}.` : '';
  const tax = invoice.tax ? ` Tax: ${invoice.tax}.` : '';
  return { text: `\nYour invoice ${invoice.number}: ${url}${premium}${tax}`, html: paragraph(`Invoice ${invoice.number}.${premium}${tax}`) + button(url, 'View the invoice') };
}

/** The card hold behind a win or a Buy Now was charged: the receipt (always sent, it is about money taken). */
export function cardChargedMail(to: string, title: string, charged: string, lotId: string, eventId: string, invoice?: SaleInvoiceLink | null): MailMessage {
  const link = lotPage(lotId, eventId);
  const text = `Your card was charged ${charged} for ${title}. It is paid: there is nothing more to pay.`;
  const bill = invoiceLines(invoice);
  return {
    to,
    subject: oneLine(`Your card was charged ${charged}`),
    text: `${text} ${link}${bill.text}`,
    html: layout('Payment received', paragraph(text) + button(link, 'View the lot') + bill.html),
  };
}

/**
 * The card hold behind a win or a Buy Now could not be charged (released or expired): the buyer must pay from
 * the cart by the deadline, or the purchase is cancelled and counted against them. Always sent. `owed`: what
 * the cart takes by card (USD), or null when the cart cannot take this lot by card.
 */
export function paymentNeededMail(to: string, title: string, owed: string | null, dueAt: Date | null, lotId: string, eventId: string): MailMessage {
  const link = lotPage(lotId, eventId);
  const cart = `${site}/cart`;
  const by = dueAt ? ` by ${utc(dueAt)}` : '';
  const what = owed ? `Please pay ${owed} from your cart${by}` : `Please contact us${by} to arrange the payment: ${site}/support`;
  const text = `We could not charge your card hold for ${title}, which you won. ${what}; a purchase not paid by its deadline is cancelled and recorded as unpaid on your profile.`;
  const subject = oneLine(`Payment needed: ${title}`);
  if (!owed) return { to, subject, text: `${text}\nThe lot: ${link}`, html: layout('Payment needed', paragraph(text) + button(link, 'View the lot')) };
  return {
    to,
    subject,
    text: `${text} Pay now: ${cart}\nThe lot: ${link}`,
    html: layout('Payment needed', paragraph(text) + button(cart, 'Go to your cart') + button(link, 'View the lot')),
  };
}

/** The buyer who did not pay by the deadline: the purchase is cancelled and counted on their profile. */
export function unpaidVoidedMail(to: string, title: string, amount: string, lotId: string, eventId: string): MailMessage {
  const link = lotPage(lotId, eventId);
  const text = `Your purchase of ${title} for ${amount} was not paid by its deadline, so it has been cancelled and the lot may be offered to another bidder. It is recorded as an unpaid purchase on your profile.`;
  return { to, subject: oneLine(`Purchase cancelled: ${title}`), text: `${text} ${link}`, html: layout('Purchase cancelled', paragraph(text) + button(link, 'View the lot')) };
}

/** A Bitcoin winner whose offer's coins were spent before its swap: the purchase is cancelled and counted. */
export function bitcoinOfferSpentMail(to: string, title: string, amount: string, lotId: string, eventId: string): MailMessage {
  const link = lotPage(lotId, eventId);
  const text = `Your winning offer of ${amount} for ${title} can no longer be completed: the coins it spends were spent elsewhere before the swap. The purchase has been cancelled and the lot may be offered to another bidder. It is recorded as an unpaid purchase on your profile.`;
  return { to, subject: oneLine(`Purchase cancelled: ${title}`), text: `${text} ${link}`, html: layout('Purchase cancelled', paragraph(text) + button(link, 'View the lot')) };
}

/** The seller of a BTC lot whose winning offer still waits for their co-signature past its deadline. */
export function sellerSignReminderMail(to: string, title: string, dueAt: Date, lotId: string, eventId: string): MailMessage {
  const link = lotPage(lotId, eventId);
  const text = `The winner's offer for ${title} has waited for your co-signature since ${utc(dueAt)}. Sign it from the lot page to receive your payment; if it stays unsigned, our team will contact you.`;
  return { to, subject: oneLine(`Please co-sign the sale of ${title}`), text: `${text} ${link}`, html: layout('Your signature is due', paragraph(text) + button(link, 'Sign the sale')) };
}

/** The admins: a seller has not co-signed a won BTC lot long after the reminder. */
export function sellerSignOverdueMail(to: string, title: string, seller: string, dueAt: Date, lotId: string, eventId: string): MailMessage {
  const link = lotPage(lotId, eventId);
  const text = `The seller (${seller}) of ${title} has not co-signed the winning offer, due ${utc(dueAt)}, and was reminded. The winner's coins stay committed until it is signed: contact the seller, or cancel the sale.`;
  return { to, subject: oneLine(`Seller has not signed: ${title}`), text: `${text} ${link}`, html: layout('A sale waits for its seller', paragraph(text) + button(link, 'View the lot')) };
}

/**
 * A seller's message to the winner of their lot, sent by Gavel so that the seller never learns the winner's address.
 * The seller chose to write, so the winner may answer them directly at the seller's own address.
 */
export function sellerMessageMail(to: string, title: string, seller: { name: string; email: string }, message: string, lotId: string, eventId: string): MailMessage {
  const link = lotPage(lotId, eventId);
  const intro = `${seller.name}, the seller of ${title}, which you won, sent you this message through Gavel. Your e-mail address was not shared with them.`;
  const answer = `To answer, write to the seller at ${seller.email}.`;
  const quoted = message
    .split('\n')
    .map((row) => escapeHtml(row))
    .join('<br>');
  return {
    to,
    subject: oneLine(`A message from the seller of ${title}`),
    text: `${intro}\n\n${message}\n\n${answer}\n${link}`,
    html: layout('A message from the seller', `${paragraph(intro)}<blockquote>${quoted}</blockquote>${paragraph(answer)}${button(link, 'View the lot')}`),
  };
}

/** The runner-up of an unpaid lot: it is theirs at their last bid if they accept by card before `expiresAt`. */
export function secondChanceOfferMail(to: string, title: string, amount: string, expiresAt: Date): MailMessage {
  const link = `${site}/cart`;
  const until = utc(expiresAt);
  const text = `${title} is available to you at your last bid of ${amount}: the winning buyer did not pay. Accept the offer in your cart by ${until}; your saved card is charged when you accept.`;
  return { to, subject: oneLine(`Second chance: ${title}`), text: `${text} ${link}`, html: layout('A second chance', paragraph(text) + button(link, 'See the offer')) };
}

/**
 * The acknowledgement of a contact form message: its reference and where to write again, and, with `quote` (only
 * for a signed-in sender writing from their own verified address), what was written, quoted back (escaped). The
 * form takes any address, so a mail to an address nobody proved quotes nothing a sender typed.
 */
export function supportReceivedMail(to: string, reference: string, quote: { name: string; subject: string; message: string } | null): MailMessage {
  const link = `${site}/support`;
  if (!quote) {
    const text = `We received a message sent from our support page with this address and will reply to it. Its reference is ${reference}. If you did not write to us, you can ignore this mail.`;
    return {
      to,
      subject: 'We received your message',
      text: `${text}\n\nWrite to us again: ${link}`,
      html: layout('We received your message', paragraph(text) + button(link, 'Visit the support page')),
    };
  }
  const request = { ...quote, reference };
  const intro = `Hello ${request.name}, we received your message and will reply to this address. Your reference is ${request.reference}.`;
  const quoted = request.message
    .split('\n')
    .map((row) => escapeHtml(row))
    .join('<br>');
  return {
    to,
    subject: oneLine(`We received your message: ${request.subject}`),
    text: `${intro}\n\nSubject: ${request.subject}\n\n${request.message}\n\nWrite to us again: ${link}`,
    html: layout(
      'We received your message',
      paragraph(intro) +
        `<p><strong>${escapeHtml(request.subject)}</strong></p><blockquote style="margin:0;padding-left:12px;border-left:3px solid #ddd">${quoted}</blockquote>` +
        button(link, 'Visit the support page'),
    ),
  };
}

/** A consignor whose item the house declined: the admin's reason, and where to follow their other submissions. */
export function consignmentDeclinedMail(to: string, title: string, reason: string): MailMessage {
  const text = `Thank you for offering ${title} to Gavel. We are not able to take it this time. The reason: ${reason}`;
  const link = `${site}/my-sales`;
  return {
    to,
    subject: oneLine(`About the item you offered: ${title}`),
    text: `${text}\n\nYour submissions: ${link}`,
    html: layout('About the item you offered', paragraph(text) + button(link, 'Your submissions')),
  };
}
