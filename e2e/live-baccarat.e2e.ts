import { type BaccaratResult, betReturn } from '@tala/live/baccarat';
import { describe, expect, it } from 'vitest';
import { baseUrl, phone, useBrowser } from './support/browser.ts';
import { bettingOpen, memberToken, money, placeChips } from './support/live.ts';

describe('live baccarat table', () => {
  const browser = useBrowser();

  it('places chips on Player and Banker, shows the deal, pays the round by the rules, and lists it in the recall', async () => {
    const token = await memberToken('player1', 'player-pass-1');
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/games/live/BAC-2#token=${token}`);
    await page.getByRole('heading', { name: 'Speed Baccarat Cebu' }).waitFor();
    expect(await page.getByTestId('seed-hash').textContent()).toMatch(/^[0-9a-f]{64}$/);

    await expect.poll(async () => money(await page.getByTestId('balance').textContent())).toBeGreaterThan(0);
    const before = money(await page.getByTestId('balance').textContent());

    // The table's minimum is ₱20: the first chip chosen is ₱50. One on Player, one on Banker.
    const roundNo = await placeChips(page, ['player', 'banker'], 5000, 4);
    const stake = 10_000;
    await expect
      .poll(async () => money(await page.getByTestId('balance').textContent()), { timeout: 10_000 })
      .toBe(before - stake);
    expect(money(await page.getByTestId('placed-total').textContent())).toBe(stake);
    expect(money(await page.getByTestId('placed-player').textContent())).toBe(5000);

    // No more bets, then the deal, then what the round returned.
    await expect
      .poll(() => page.getByTestId('phase').textContent(), { timeout: 15_000 })
      .toMatch(/^(No more bets|Result)$/);
    await page.getByTestId('round-win').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('round-no').textContent()).toContain(String(roundNo));
    expect(await page.getByTestId('verified').textContent()).toContain('Verified');

    const round = (await (await fetch(`${baseUrl()}/wps/live/tables/BAC-2/rounds/${roundNo}`)).json()).value;
    const result = round.result as BaccaratResult;
    expect(await page.getByTestId('winner').textContent()).toContain(
      { player: 'Player wins', banker: 'Banker wins', tie: 'Tie' }[result.winner],
    );
    const returned = Number(
      betReturn(result, { type: 'player', stake: 5000n }) +
        betReturn(result, { type: 'banker', stake: 5000n }),
    );
    expect(money(await page.getByTestId('balance').textContent())).toBe(before - stake + returned);

    await page.getByRole('button', { name: 'Last 10 rounds' }).click();
    const row = page.getByTestId('live-recall').locator(`tr[data-round="${roundNo}"]`);
    await row.waitFor();
    expect(money(await row.getByTestId('recall-returned').textContent())).toBe(returned);
    await page.getByRole('button', { name: 'Close' }).click();
  });

  it('fits a phone: the spots and chips are on screen without scrolling the page sideways; guests may watch', async () => {
    const token = await memberToken('player1', 'player-pass-1');
    const page = await browser.newPage({ viewport: phone });
    await page.goto(`${baseUrl()}/games/live/BAC-2?theme=dark#token=${token}`);
    await page.getByTestId('spot-bankerPair').waitFor();
    await bettingOpen(page, 1);
    for (const id of ['spot-player', 'spot-banker', 'spot-tie', 'spot-playerPair', 'spot-bankerPair']) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box).not.toBeNull();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= phone.width).toBe(true);
    }
    const chips = await page.locator('.chips .chip').all();
    expect(chips).toHaveLength(5);
    for (const chip of chips) {
      const box = await chip.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(phone.width);
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await page.getByTestId('spot-player').click();

    // A guest sees the table but is asked to log in to bet.
    const guest = await browser.newPage({ viewport: phone });
    await guest.goto(`${baseUrl()}/games/live/BAC-2`);
    await guest.getByTestId('login-to-bet').waitFor();
    expect(await guest.getByTestId('spot-player').isDisabled()).toBe(true);
  });
});
