import type Router from '@koa/router';
import type { Services } from '../services.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * GET /dev/mailbox: the outbox as a page, so a developer without SMTP can read verification codes.
 * Mounted only when no SMTP_URL is set; in production real mail goes out and this page does not exist.
 */
export function mountDevMailbox(router: Router, { mailer, config }: Services): void {
  if (config.smtpUrl) return;
  router.get('/dev/mailbox', async (ctx) => {
    const mails = await mailer.latest(50);
    const rows = mails.map((m) => `<article><header><b>${escapeHtml(m.subject)}</b> to ${escapeHtml(m.to)} <time>${m.createdAt.toISOString()}</time></header>${m.html}</article>`).join('');
    ctx.type = 'html';
    ctx.body = `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>Gavel dev mailbox</title>
<style>body{font-family:system-ui;max-width:760px;margin:2rem auto}article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}time{color:#888;float:right}</style>
<h1>Dev mailbox</h1><p>Mail the api would send (no SMTP_URL set). Refreshes every 5 s.</p>${rows || '<p>No mail yet.</p>'}`;
  });
}
