import { type DragonTigerResult, dragonTigerReturn } from '@tala/live/dragon-tiger';
import { type RouletteBet, type RouletteResult, rouletteReturn } from '@tala/live/roulette';
import { type SicBoBet, type SicBoResult, sicBoReturn } from '@tala/live/sicbo';
import { describe, expect, it } from 'vitest';
import { registerMember } from './members-support.ts';
import { baseUrl, phone, useBrowser } from './support/browser.ts';
import { memberToken, money, placeChips } from './support/live.ts';
import { depositApproved } from './support/lottery.ts';

/** Each new table: the spots a member bets (₱10 each, the first chip) and what the engine returns on them. */
const tables = [
  {
    code: 'DT-1',
    name: 'Dragon Tiger Davao',
    spots: ['dragon', 'tie'],
    returns: (result: unknown) =>
      (['dragon', 'tie'] as const).reduce(
        (sum, type) => sum + dragonTigerReturn(result as DragonTigerResult, { type, stake: 1_000n }),
        0n,
      ),
  },
  {
    code: 'SB-1',
    name: 'Sic Bo Iloilo',
    spots: ['small', 'total-10', 'single-4', 'combination-1-6'],
    returns: (result: unknown) =>
      (
        [
          { type: 'small', stake: 1_000n },
          { type: 'total', total: 10, stake: 1_000n },
          { type: 'single', number: 4, stake: 1_000n },
          { type: 'combination', numbers: [1, 6], stake: 1_000n },
        ] as SicBoBet[]
      ).reduce((sum, bet) => sum + sicBoReturn(result as SicBoResult, bet), 0n),
  },
  {
    code: 'ROU-1',
    name: 'Roulette Boracay',
    // A split is put down on the line between 17 and 20.
    spots: ['straight-17', 'split-17-20', 'red', 'dozen-2', 'column-1'],
    returns: (result: unknown) =>
      (
        [
          { type: 'straight', numbers: [17], stake: 1_000n },
          { type: 'split', numbers: [17, 20], stake: 1_000n },
          { type: 'red', stake: 1_000n },
          { type: 'dozen', index: 2, stake: 1_000n },
          { type: 'column', index: 1, stake: 1_000n },
        ] as RouletteBet[]
      ).reduce((sum, bet) => sum + rouletteReturn(result as RouletteResult, bet), 0n),
  },
];

describe('live dragon tiger, sic bo and roulette tables', () => {
  const browser = useBrowser();

  it('takes a member’s chips at each table, shows the result, and pays the round by the engine’s rules', async () => {
    // A new funded member per table, so that the balances do not mix; the three tables run side by side (the
    // sic bo table on a phone).
    await Promise.all(
      tables.map(async (table, i) => {
        const member = await registerMember();
        await depositApproved(member.token, 20_000);
        const token = await memberToken(member.username, member.password);
        const page = await browser.newPage(i === 1 ? { viewport: phone } : {});
        await page.goto(`${baseUrl()}/games/live/${table.code}#token=${token}`);
        await page.getByRole('heading', { name: table.name }).waitFor();
        expect(await page.getByTestId('seed-hash').textContent()).toMatch(/^[0-9a-f]{64}$/);

        await expect
          .poll(async () => money(await page.getByTestId('balance').textContent()))
          .toBeGreaterThan(0);
        const before = money(await page.getByTestId('balance').textContent());
        // Eight seconds of a ten-second window, and the next round when the clicks still take longer.
        const roundNo = await placeChips(page, table.spots, 1_000, 8);
        const stake = 1_000 * table.spots.length;
        await expect
          .poll(async () => money(await page.getByTestId('balance').textContent()), { timeout: 10_000 })
          .toBe(before - stake);
        expect(money(await page.getByTestId('placed-total').textContent())).toBe(stake);

        await page.getByTestId('round-win').waitFor({ timeout: 45_000 });
        expect(await page.getByTestId('round-no').textContent()).toContain(String(roundNo));
        expect(await page.getByTestId('verified').textContent()).toContain('Verified');
        const round = (
          await (await fetch(`${baseUrl()}/wps/live/tables/${table.code}/rounds/${roundNo}`)).json()
        ).value;
        const returned = Number(table.returns(round.result));
        expect(money(await page.getByTestId('balance').textContent())).toBe(before - stake + returned);
        await page.getByTestId('winner').waitFor();

        await page.getByRole('button', { name: 'Last 10 rounds' }).click();
        const row = page.getByTestId('live-recall').locator(`tr[data-round="${roundNo}"]`);
        await row.waitFor();
        expect(money(await row.getByTestId('recall-returned').textContent())).toBe(returned);
        await page.getByRole('button', { name: 'Close' }).click();

        // Nothing runs off the side of the page, on a phone or not.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBe(0);
      }),
    );
  });
});
