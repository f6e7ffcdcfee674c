/**
 * Inscribing a file in a real browser against the local Bitcoin (the stand-in): an admin uploads a file on
 * /s/admin/inscriptions/new, gives the destination and fee rate (form errors name their field), sees the
 * payment instructions, a funded stand-in wallet pays the commit address, a block is mined, the api's job
 * broadcasts the reveal, the page shows the inscription id `<revealTxid>i0`, and ord shows the inscription at
 * the destination.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { adminMessages, inscriptionMessages } from '@gavel/domain';
import { networkOf, spend, TestKey } from '../support/bitcoin-wallet.ts';
import { newPage, keepScreenshot, SUITE_TIMEOUT_MS } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { startBitcoinStack } from '../support/bitcoin-stack.ts';
import { createUser, signIn } from '../support/users.ts';

const suite = browserSuite(
  () => startBitcoinStack({ INSCRIPTION_WATCH_MS: '200', INSCRIPTION_PAYMENT_CONFIRMATIONS: '1' }),
  (stack) => stack.api.url,
);
const net = networkOf('regtest');
const byTestId = (page: Page, id: string) => page.locator(`[data-testid=${id}]`);

async function adminPage(path: string) {
  const admin = await createUser(suite.stack.api.db, 'admin');
  const token = await signIn(suite.stack.api.url, admin.email);
  const { page } = await newPage(suite.browser);
  await page.addInitScript(`localStorage.setItem('admin_token', ${JSON.stringify(token)})`);
  await page.goto(`${suite.dapp.url}${path}`);
  return page;
}

describe('inscriptions', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('an inscription from upload to reveal: pay the commit address, the page shows the inscription id, ord has it at the destination', async () => {
    const page = await adminPage('/s/admin/inscriptions');
    await byTestId(page, 'new-inscription').click();
    await byTestId(page, 'inscribe-form').waitFor();

    // Nothing filled in: the file and the destination say what is missing.
    await byTestId(page, 'inscribe-submit').click();
    assert.equal(await byTestId(page, 'inscribe-file-error').innerText(), `File: ${inscriptionMessages.fileRequired}`);
    assert.equal(await byTestId(page, 'inscribe-destination-error').innerText(), 'Destination address: Bitcoin address is required');

    // A type ord does not render, a fee rate out of range: refused here.
    await byTestId(page, 'inscribe-file').setInputFiles({ name: 'archive.zip', mimeType: 'application/zip', buffer: Buffer.from('PK') });
    await byTestId(page, 'inscribe-fee-rate').fill('0');
    await byTestId(page, 'inscribe-submit').click();
    assert.equal(await byTestId(page, 'inscribe-file-error').innerText(), `File: ${adminMessages.invalidFile}`);
    assert.equal(await byTestId(page, 'inscribe-fee-rate-error').innerText(), `Fee rate: ${inscriptionMessages.feeRateInvalid}`);

    // An address of another network: the api refuses it and the page shows it beside the destination.
    const body = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#f7931a"/></svg>';
    await byTestId(page, 'inscribe-file').setInputFiles({ name: 'gavel.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(body) });
    await byTestId(page, 'inscribe-fee-rate').fill('2');
    await byTestId(page, 'inscribe-destination').fill('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx');
    await byTestId(page, 'inscribe-submit').click();
    await byTestId(page, 'inscribe-destination-error').waitFor();
    assert.match(await byTestId(page, 'inscribe-destination-error').innerText(), /^Destination address: tb1qw5… is a .+ address/);
    assert.equal(await byTestId(page, 'inscribe-file-error').count(), 0);
    await keepScreenshot(page, 'inscribe-form-errors');

    const destination = new TestKey('p2tr', net);
    await byTestId(page, 'inscribe-destination').fill(destination.address);
    await byTestId(page, 'inscribe-submit').click();
    await byTestId(page, 'payment-instructions').waitFor();
    const address = await byTestId(page, 'payment-address').inputValue();
    const amount = Number((await byTestId(page, 'payment-amount').innerText()).replace(/[^\d]/g, ''));
    assert.match(address, /^bcrt1p/);
    assert.ok(amount > 546, `amount ${amount}`);
    assert.equal(await byTestId(page, 'inscription-progress-detail').innerText(), 'Waiting for the payment to the address below.');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.dapp.url });
    await byTestId(page, 'payment-address-copy').click();
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), address);

    // A funded stand-in wallet pays the commit address in one output.
    const payer = new TestKey('p2wpkh', net);
    const coin = await suite.stack.dev.faucet(payer.address, 100_000);
    const paid = await fetch(`${suite.stack.btc.esploraUrl}/tx`, { method: 'POST', body: spend(payer, [{ ...coin, value: 100_000 }], [{ address, value: amount }], 500).toHex() });
    assert.equal(paid.status, 200, await paid.text());
    await page.getByText('Payment seen (0 confirmations)', { exact: false }).waitFor();

    // One block: the job broadcasts the reveal and the page shows the inscription id.
    await suite.stack.dev.mine();
    await byTestId(page, 'inscription-id').waitFor({ timeout: 30_000 });
    const inscriptionId = await byTestId(page, 'inscription-id').innerText();
    assert.match(inscriptionId, /^[0-9a-f]{64}i0$/);
    await page.getByText('The reveal transaction is broadcast', { exact: false }).waitFor();

    // Mined: confirmed on the page, and ord has the inscription at the destination.
    await suite.stack.dev.mine();
    await page.getByText('The reveal transaction is mined', { exact: false }).waitFor({ timeout: 30_000 });
    await keepScreenshot(page, 'inscription-confirmed', { fullPage: true });
    const ord = await fetch(`${suite.stack.btc.ordUrl}/inscription/${inscriptionId}`, { headers: { accept: 'application/json' } });
    assert.equal(ord.status, 200);
    const found = (await ord.json()) as { address: string; content_type: string };
    assert.equal(found.address, destination.address);
    assert.equal(found.content_type, 'image/svg+xml');

    // The admin list leads back to it.
    await page.goto(`${suite.dapp.url}/s/admin/inscriptions`);
    await page.getByText(inscriptionId).waitFor();
  });

  it('an unknown inscription says so', async () => {
    const page = await adminPage('/s/admin/inscriptions/no-such-inscription');
    await byTestId(page, 'admin-empty').waitFor();
    assert.match(await byTestId(page, 'admin-empty').innerText(), new RegExp(inscriptionMessages.notFound));
  });
});
