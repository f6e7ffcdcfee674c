/**
 * Being told, in a real browser: a lot the signed-in bidder bids on (and another user watches) comes within an
 * hour of its end, the worker runs its due ending-soon job, and the bidder sees the notice at once (the toast,
 * then the bell, which links to the lot) while the mails reach the SMTP server. The mail's unsubscribe link turns
 * ending-soon mail off with one confirmation, and the profile's Notifications section turns it back on.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startAccountStack } from '../support/account-stack.ts';
import { openSignedIn } from '../support/account-browser.ts';
import { newPage, keepScreenshot } from '../support/browser.ts';
import { anyAnswer, eventually } from '../support/eventually.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { createLot } from '../support/lots.ts';
import { createUser, signIn } from '../support/users.ts';

const suite = browserSuite(
  () => startAccountStack(),
  (stack) => stack.api.url,
);
const MINUTE = 60_000;

async function api<T>(token: string | null, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(suite.stack.api.url + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

describe('ending soon', () => {
  it('the bidder sees the notice in the dapp and gets the e-mail; the watcher gets it too; the link unsubscribes, the profile turns it back on', async () => {
    const { db, services } = suite.stack.api;
    const lot = await createLot(db, { endsInMs: 3 * 60 * MINUTE });
    const [bidder, watcher] = [await createUser(db, 'ready'), await createUser(db, 'ready')];
    const token = await signIn(suite.stack.api.url, bidder.email);
    await api(token, 'POST', `/auctions/${lot.id}/bids`, { amount: '10.00' });
    await db.prisma.watchedLot.create({ data: { userId: watcher.id, lotId: lot.id } });

    // The bidder is on the auctions page with the event stream open.
    const { page } = await newPage(suite.browser);
    const streamOpen = page.waitForResponse((response) => /\/events\?/.test(response.url()) && response.status() === 200);
    await openSignedIn(page, suite.dapp.url, token, '/auctions');
    await streamOpen;

    // The lot now ends in 50 minutes (as an admin's edit would move it): the 60-minute job is due and the worker runs it.
    const end = new Date(Date.now() + 50 * MINUTE);
    await db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: end } });
    await services.lotClock.scheduleEnd(lot.id, end, lot.endTime);

    const toast = page.locator('[data-testid=toast]', { hasText: 'Ending soon' });
    await toast.waitFor({ timeout: 15_000 });
    assert.match(await toast.innerText(), new RegExp(`“${lot.title}” ends in (50|49) minutes\\.`));
    await keepScreenshot(page, 'notices-ending-soon-toast');
    await page.click('[data-testid=notice-bell]');
    const item = page.locator('[data-testid=notice-item]', { hasText: lot.title });
    await item.waitFor();
    assert.match(await item.innerText(), /Ending soon/);
    assert.equal(await item.locator('a').getAttribute('href'), `/auctions/${lot.id}`);

    // The mails went out through SMTP, to the bidder and to the watcher, each with its unsubscribe link.
    for (const user of [bidder, watcher]) {
      const raw = await eventually(
        async () => {
          const mail = suite.stack.smtp.mails.find((m) => m.to.includes(user.email.toLowerCase()) && m.raw.includes('Ending soon'));
          if (!mail) throw new Error(`no ending-soon mail to ${user.email} yet`);
          return mail.raw;
        },
        { until: anyAnswer },
      );
      assert.match(raw, /unsubscribe\?token=/);
    }

    // The bidder follows the mail's unsubscribe link, signed out, and confirms.
    const mail = await db.prisma.outboxMail.findFirstOrThrow({ where: { to: bidder.email, subject: `Ending soon: ${lot.title}` } });
    const link = /(http\S+\/unsubscribe\?token=\S+)/.exec(mail.text)![1]!;
    const { page: mailPage } = await newPage(suite.browser);
    await mailPage.goto(suite.dapp.url + new URL(link).pathname + new URL(link).search);
    await mailPage.click('[data-testid=unsubscribe-confirm]');
    const done = mailPage.locator('[data-testid=unsubscribe-done]');
    await done.waitFor();
    assert.equal(await done.innerText(), 'You will no longer receive ending-soon e-mails. You can turn them back on in your profile.');
    assert.equal((await api<{ emailEndingSoon: boolean }>(token, 'GET', '/me/notification-preferences')).emailEndingSoon, false);

    // The profile shows it off, and turns it back on.
    await page.goto(`${suite.dapp.url}/profile`);
    const box = page.getByLabel('When a lot I bid on or watch ends soon', { exact: true });
    await box.waitFor();
    assert.equal(await box.isChecked(), false);
    await box.check();
    await page.locator('[data-testid=notifications-status]', { hasText: 'Notification preferences saved' }).waitFor();
    await keepScreenshot(page.locator('[data-testid=profile-notifications]'), 'notices-profile-preferences');
    assert.equal((await api<{ emailEndingSoon: boolean }>(token, 'GET', '/me/notification-preferences')).emailEndingSoon, true);
  });
});
