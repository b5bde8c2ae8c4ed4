import crypto from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { baseUrl, phone, useBrowser } from './support/browser.ts';

/** Logs a demo player in through the API (solving the proof of work as the site's widget does). */
async function memberToken(username: string, password: string): Promise<string> {
  const challenge = (await (await fetch(`${baseUrl()}/wps/system/challenge`)).json()).value;
  const solution = await solveChallenge({ challenge, deriveKey });
  const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const response = await fetch(`${baseUrl()}/wps/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, challenge: payload }),
  });
  const body = (await response.json()) as { value: { token: string } };
  return body.value.token;
}

const money = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);

describe('in-house slots', () => {
  const browser = useBrowser();

  it('plays a real round for at least 2.5 s, and the verifier recomputes it exactly after the seed is revealed', async () => {
    const token = await memberToken('player1', 'player-pass-1');
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/games/slot/TALA-RNG-0002#token=${token}`);
    const spin = page.getByRole('button', { name: 'Spin', exact: true });
    await expect.poll(() => spin.isEnabled(), { timeout: 15_000 }).toBe(true);
    const before = money(await page.getByTestId('balance').textContent());
    expect(before).toBeGreaterThan(0);

    // The fairness panel shows the commitment before play; the player sets a client seed.
    await page.getByRole('button', { name: 'Fairness' }).click();
    const shownHash = (await page.getByTestId('server-seed-hash').textContent()) ?? '';
    expect(shownHash).toMatch(/^[0-9a-f]{64}$/);
    await page.getByLabel('Client seed').fill('browser-test-seed');
    await page.getByRole('button', { name: 'Save client seed' }).click();
    await page.getByText('Client seed saved').waitFor();
    await page.getByRole('button', { name: 'Close' }).click();

    // Choose P2.00 and spin with the keyboard.
    await page.getByLabel('Bet', { exact: true }).selectOption('200');
    // Space spins when no control has the focus (a focused button or list keeps its own keys).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const started = Date.now();
    await page.keyboard.press('Space');
    await expect
      .poll(() => page.getByRole('button', { name: 'Spinning…' }).count(), { timeout: 10_000 })
      .toBe(1);
    await spin.waitFor({ timeout: 120_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2500);

    // The round is in the recall with its nonce, and the balance is the old one less the bet plus the win.
    await page.getByRole('button', { name: 'Last 10 rounds' }).click();
    const rows = page.getByTestId('recall').locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    const cells = rows.first().locator('td');
    expect(await cells.nth(1).textContent()).toBe('1');
    expect(money(await cells.nth(2).textContent())).toBe(200);
    const won = money(await cells.nth(3).textContent());
    await page.getByRole('button', { name: 'Close' }).click();
    expect(money(await page.getByTestId('balance').textContent())).toBe(before - 200 + won);

    // Rotating reveals the server seed, whose SHA-256 is the hash shown before play.
    await page.getByRole('button', { name: 'Fairness' }).click();
    await page.getByRole('button', { name: /Rotate seed pair/ }).click();
    const revealed = (await page.getByTestId('revealed-seed').first().textContent()) ?? '';
    expect(crypto.createHash('sha256').update(revealed).digest('hex')).toBe(shownHash);
    await page.getByRole('button', { name: 'Close' }).click();

    // The verifier loads the played round and recomputes it in the browser.
    await page.getByRole('button', { name: 'Last 10 rounds' }).click();
    await page.getByRole('link', { name: 'Verify' }).first().click();
    await expect
      .poll(() => page.getByTestId('record-check').textContent(), { timeout: 15_000 })
      .toContain('exactly the round that was played');
    expect(await page.getByTestId('hash-check').textContent()).toContain('matches');
    expect(await page.getByLabel('Server seed', { exact: true }).inputValue()).toBe(revealed);
    expect(await page.getByLabel('Client seed').inputValue()).toBe('browser-test-seed');
    expect(money(await page.getByTestId('verify-win').textContent())).toBe(won);

    // Changing one input gives another round: the check is real.
    await page.getByLabel('Nonce').fill('2');
    await page.getByRole('button', { name: 'Recompute' }).click();
    expect(await page.getByTestId('record-check').count()).toBe(0);
  });

  it('shows the declared RTP with the rules and paytable, and plays a demo on a phone, marked as play money', async () => {
    const page = await browser.newPage({ viewport: phone });
    await page.goto(`${baseUrl()}/games/`);
    await page.getByRole('link', { name: 'Play demo Golden Carabao' }).click();
    expect(await page.getByRole('note').textContent()).toContain('DEMO');
    await page.getByRole('button', { name: 'Game rules' }).click();
    const rtp = await page.getByTestId('declared-rtp').textContent();
    expect(rtp).toMatch(/^9\d\.\d\d%$/);
    expect(await page.getByRole('table').first().textContent()).toContain('Crown');
    await page.getByRole('button', { name: 'Close' }).click();
    const before = money(await page.getByTestId('balance').textContent());
    await page.getByRole('button', { name: 'Spin', exact: true }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Spinning…' }).count(), { timeout: 10_000 })
      .toBe(1);
    await page.getByRole('button', { name: 'Spin', exact: true }).waitFor({ timeout: 120_000 });
    const after = money(await page.getByTestId('balance').textContent());
    const win = money(await page.getByTestId('win').textContent());
    expect(after).toBe(before - 100 + win);
  });
});
