/**
 * Web Push in a real browser, on the production server (the service worker is the production build's): the
 * preferences page asks for permission, gets the server's key and calls PushManager.subscribe through the worker;
 * a push delivered to the worker is shown as a notification that names the lot to open.
 *
 * What headless Chromium here cannot do: PushManager.subscribe needs Chromium's own push service (Google's
 * FCM, reached through the browser's GCM connection), which no browser here can reach, so the subscription itself
 * is refused by the browser ("Registration failed - permission denied": Chromium has no Push API in the
 * off-the-record contexts Playwright opens, and no push service to reach in any other). The first test
 * asserts that refusal as the page shows it (nothing saved); the last puts the push-service stand-in's subscription
 * in the place of that one browser call, so the rest runs for real: the page registers it with the api, an outbid
 * is pushed through the stand-in, and what it received is delivered to the worker, which shows it. A push reaches
 * the worker through the DevTools protocol (ServiceWorker.deliverPushMessage),
 * which runs the worker's real push handler; clicking a notification needs the operating system's notification
 * centre, which headless Chromium does not have, so the click handler is not exercised here.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { pushPayloadSchema } from '@gavel/domain';
import { createApp } from '../../api/src/app.ts';
import { startPushStandIn, type PushStandIn } from '../../scripts/stand-ins/push/index.ts';
import { openSignedIn } from '../support/account-browser.ts';
import { DAPP_DIST, ensureDappBuilt, launchChromium, newPage, SUITE_TIMEOUT_MS } from '../support/browser.ts';
import { anyAnswer, eventually } from '../support/eventually.ts';
import { createLot } from '../support/lots.ts';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { readyBidder } from '../support/users.ts';

let stack: TestStack;
let push: PushStandIn;
let browser: Browser;
let site: { url: string; close(): Promise<void> };

before(async () => {
  await ensureDappBuilt();
  push = await startPushStandIn();
  stack = await startApiForTest({ seed: 'none', env: { PUSH_SERVICES: push.origin, PUSH_SERVICE_CA_FILE: push.caFile } });
  const server = createApp(stack.services, DAPP_DIST).listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  site = {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      return closed;
    },
  };
  // Notifications reach the screen only in the full browser, not in the headless shell.
  browser = await launchChromium({ full: true });
});

after(async () => {
  await browser?.close();
  await site?.close();
  await stack?.stop();
  await push?.close();
});

/** A signed-in bidder's profile, notifications allowed for the site, once the worker controls the page. */
async function profile(): Promise<{ page: Page; token: string; userId: string }> {
  const bidder = await readyBidder(stack);
  const { context, page } = await newPage(browser, undefined, { serviceWorkers: 'allow' });
  await context.grantPermissions(['notifications'], { origin: site.url });
  await openSignedIn(page, site.url, bidder.token, '/profile');
  await page.locator('[data-testid=profile-push]').waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 20_000 });
  await page.reload();
  await page.locator('[data-testid=push-pushOutbid]').waitFor();
  return { page, token: bidder.token, userId: bidder.user.id };
}

describe('push notifications in the browser', { timeout: SUITE_TIMEOUT_MS }, () => {
  it("turning a kind on asks the worker's PushManager to subscribe with the server's key; a refusal is said and nothing is saved", async () => {
    const { page, userId } = await profile();
    const keyAsked = page.waitForResponse((response) => response.url().endsWith('/api/push/public-key') && response.status() === 200);
    await page
      .locator('[data-testid=push-pushOutbid]')
      .check({ force: true })
      .catch(() => {});
    const { publicKey } = (await (await keyAsked).json()) as { publicKey: string };
    assert.equal(publicKey, stack.services.pushes.publicKey);
    const status = page.locator('[data-testid=push-status]');
    const outcome = await Promise.race([
      status
        .getByText('This device could not be set up for notifications')
        .waitFor()
        .then(() => 'refused' as const),
      status
        .getByText('This device will get the notifications you turn on.')
        .waitFor()
        .then(() => 'subscribed' as const),
    ]);
    const saved = await stack.db.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { pushOutbid: true, pushSubscriptions: true } });
    if (outcome === 'subscribed') {
      // A Chromium that reaches its push service: the subscription is the api's now.
      assert.equal(saved.pushOutbid, true);
      assert.equal(saved.pushSubscriptions.length, 1);
    } else {
      assert.equal(saved.pushOutbid, false, 'a kind is not turned on for a device that cannot get it');
      assert.equal(saved.pushSubscriptions.length, 0);
      assert.equal(await page.locator('[data-testid=push-pushOutbid]').isChecked(), false);
    }
    console.log(`PushManager.subscribe in headless Chromium here: ${outcome}: ${await status.innerText()}`);
  });

  it('a push delivered to the worker is shown as a notification with its words and the lot to open', async () => {
    const { page } = await profile();
    const lot = await createLot(stack.db);
    const payload = pushPayloadSchema.parse({
      kind: 'outbid',
      title: `Outbid on “${lot.title}”`,
      body: 'Your bid was $20.00. The price is now $30.00.',
      url: `/details/${lot.id}?auction=${lot.auctionEventId}`,
      tag: `outbid:${lot.id}`,
    });
    assert.deepEqual(await deliverAndShow(page, JSON.stringify(payload)), { title: payload.title, body: payload.body, tag: payload.tag, data: { url: payload.url } });
  });

  it('with a subscription the push service gave, the page registers it with the api, and an outbid reaches the worker as a notification', async () => {
    const bidder = await readyBidder(stack);
    const phone = push.subscribe(stack.services.pushes.publicKey);
    const { context, page } = await newPage(browser, undefined, { serviceWorkers: 'allow' });
    await context.grantPermissions(['notifications'], { origin: site.url });
    // The one call headless Chromium cannot make: PushManager.subscribe answers with the stand-in's subscription,
    // and remembers the applicationServerKey the page passed.
    // As text: a function would be sent with the helpers tsx adds to it, which the page does not have.
    await page.addInitScript({
      content: `(() => {
        const json = ${JSON.stringify(phone.toJSON())};
        const made = { endpoint: json.endpoint, options: { applicationServerKey: null }, toJSON: () => json, unsubscribe: async () => true };
        PushManager.prototype.getSubscription = async () => null;
        PushManager.prototype.subscribe = async (options) => {
          made.options.applicationServerKey = new Uint8Array(options.applicationServerKey).buffer;
          window.subscribedWith = [...new Uint8Array(made.options.applicationServerKey)];
          return made;
        };
      })();`,
    });
    await openSignedIn(page, site.url, bidder.token, '/profile');
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 20_000 });
    await page.locator('[data-testid=push-pushOutbid]').check();
    await page.locator('[data-testid=push-status]').getByText('This device will get the notifications you turn on.').waitFor();
    const key = Buffer.from((await page.evaluate(() => (window as unknown as { subscribedWith: number[] }).subscribedWith)) as number[]).toString('base64url');
    assert.equal(key, stack.services.pushes.publicKey, "subscribed with the server's public key");
    assert.deepEqual(await stack.db.prisma.pushSubscription.findMany({ where: { userId: bidder.user.id }, select: { endpoint: true } }), [{ endpoint: phone.endpoint }]);

    const lot = await createLot(stack.db);
    await stack.services.pushes.tell(bidder.user.id, {
      type: 'outbid',
      data: {
        id: `e2e-${lot.id}`,
        timestamp: new Date().toISOString(),
        auctionTitle: lot.title,
        auctionId: lot.id,
        auctionEventId: lot.auctionEventId,
        userBidAmount: '20.00',
        currentBidAmount: '30.00',
        currencyUnit: 'USD',
      },
    });
    const worker = await stack.services.pushes.startWorker();
    try {
      const received = await push.nextMessage(phone, { after: 0 });
      const shown = await deliverAndShow(page, received.text);
      assert.deepEqual(shown, {
        title: `Outbid on “${lot.title}”`,
        body: 'Your bid was $20.00. The price is now $30.00.',
        tag: `outbid:${lot.id}`,
        data: { url: `/details/${lot.id}?auction=${lot.auctionEventId}` },
      });
    } finally {
      await worker.close();
    }
  });
});

/** Delivers `data` as a push to the page's service worker (DevTools protocol) and returns the notification it shows. */
async function deliverAndShow(page: Page, data: string): Promise<unknown> {
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: Array<{ registrationId: string; scopeURL: string }> }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${site.url}/`);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: site.url, registrationId: await registrationId, data });
  // Polled from here: waitForFunction would take the async check's promise itself as a truthy answer.
  return eventually(
    async () => {
      const shown = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        const [notification] = await registration.getNotifications();
        return notification ? { title: notification.title, body: notification.body, tag: notification.tag, data: notification.data as unknown } : null;
      });
      assert.ok(shown, 'the worker shows a notification');
      return shown;
    },
    { until: anyAnswer },
  );
}
