// Browser test of the bingo rooms (issue 16 item 3): a member opens /bingo, launches a room through the catalogue,
// buys a card, and the whole game runs: the card is daubed as balls come, the prizes are shown, the balance reflects
// the purchase and any win, and the browser verifies the game. Then the room in Tagalog on a phone in dark theme.
// The room is made short through the back office first (a few seconds of sale, a quick ball, one prize).
import type { BingoCardView, BingoRoom, BingoRoomState } from '@tala/contracts/bingo';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerMember } from './members-support.ts';
import { adminCall, adminLogin } from './support/api.ts';
import { baseUrl, phone, useBrowser } from './support/browser.ts';
import { memberToken, money } from './support/live.ts';
import { depositApproved } from './support/lottery.ts';

const browser = useBrowser();

async function rooms(): Promise<BingoRoomState[]> {
  const body = (await (await fetch(`${baseUrl()}/wps/bingo/rooms`)).json()) as {
    value: { list: BingoRoomState[] };
  };
  return body.value.list;
}

/**
 * Makes a 75-ball room quick through the back office: 8 s of sale, a ball every 300 ms and one prize (a line),
 * so that a game is over within seconds of its close. The cycle changes under maintenance, as for the tables.
 */
async function shortRoom(): Promise<BingoRoom> {
  const room = (await rooms()).find((s) => s.room.game === 'bingo75' && s.nodeId !== null)?.room;
  if (!room) throw new Error('no 75-ball room in the catalogue');
  const owner = await adminLogin();
  const settings = {
    cardPrice: room.cardPrice,
    maxCards: room.maxCards,
    ballMs: 300,
    saleSeconds: 8,
    prizes: [{ pattern: 'line', sharePermille: 850 }],
  };
  const path = `/admin-api/live/rooms/${room.code}`;
  await adminCall(owner, 'PUT', path, { ...settings, maintenance: true });
  await adminCall(owner, 'PUT', path, { ...settings, maintenance: false });
  return { ...room, ...settings, prizes: [{ pattern: 'line', sharePermille: 850 }] };
}

/** Closes what opens over the site after a login (announcement popups), so that the test reaches the page. */
async function dismissDialogs(page: Page) {
  const dialog = page.getByRole('dialog');
  try {
    await dialog.first().waitFor({ timeout: 5_000 });
  } catch {
    return;
  }
  while ((await dialog.count()) > 0)
    await dialog
      .first()
      .getByRole('button', { name: /close|ok/i })
      .first()
      .click();
}

describe('a bingo room', () => {
  it('sells a member a card, runs the whole game, daubs the card, shows the prizes and pays the balance', async () => {
    const room = await shortRoom();
    const member = await registerMember();
    await depositApproved(member.token, 20_000);
    const token = await memberToken(member.username, member.password);

    const page = await browser.newPage();
    await page.addInitScript((value) => sessionStorage.setItem('token', value), token);
    await page.goto(`${baseUrl()}/bingo`);
    await dismissDialogs(page);
    const card = page.getByTestId(`bingo-room-${room.code}`);
    await card.waitFor({ timeout: 15_000 });
    await card.getByRole('button', { name: `Play in ${room.name}` }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/game');
    const frame = page.frameLocator('iframe').first();
    await frame.getByRole('heading', { level: 1, name: room.name }).waitFor({ timeout: 20_000 });
    expect(await frame.getByTestId('seed-hash').textContent()).toMatch(/^[0-9a-f]{64}$/);
    expect(await frame.getByTestId('client-seed').textContent()).toMatch(/^[0-9a-f]{32}$/);

    // Cards on sale with time to buy (the next game's sale when this one's is nearly over).
    await expect
      .poll(
        async () => {
          const phase = await frame.getByTestId('phase').getAttribute('data-phase');
          const left = Number(
            ((await frame.getByTestId('countdown').textContent()) ?? '').replace(/\D/g, ''),
          );
          return phase === 'sale' && left >= 3;
        },
        { timeout: 40_000, interval: 200 },
      )
      .toBe(true);
    await expect.poll(async () => money(await frame.getByTestId('balance').textContent())).toBeGreaterThan(0);
    const before = money(await frame.getByTestId('balance').textContent());
    const gameNo = Number(((await frame.getByTestId('round-no').textContent()) ?? '').replace(/\D/g, ''));
    await frame.getByRole('button', { name: /^Buy 1 for / }).click();
    await frame.getByTestId('bingo-card').first().waitFor();
    await expect
      .poll(async () => money(await frame.getByTestId('balance').textContent()))
      .toBe(before - room.cardPrice);
    // The card's 24 numbers and the free centre, none daubed before the draw.
    expect(await frame.getByTestId('bingo-card').locator('td[data-daubed]').count()).toBe(0);

    // The game runs to its end: balls called, the line won, the game over.
    await frame
      .getByTestId('last-ball')
      .locator('.bingo-ball--big:not(.bingo-ball--none)')
      .waitFor({ timeout: 20_000 });
    await expect
      .poll(async () => frame.getByTestId('phase').getAttribute('data-phase'), {
        timeout: 40_000,
        interval: 250,
      })
      .toBe('over');
    const state = (await (await fetch(`${baseUrl()}/wps/bingo/rooms/${room.code}`)).json())
      .value as BingoRoomState;
    const cards = (
      await (
        await fetch(`${baseUrl()}/wps/bingo/rooms/${room.code}/cards?roundNo=${gameNo}`, {
          headers: { authorization: token },
        })
      ).json()
    ).value.list as BingoCardView[];
    expect(cards).toHaveLength(1);
    const mine = cards[0]!;
    const round = state.round?.roundNo === gameNo ? state.round : null;

    // Every number of the card that was called is daubed, and nothing else.
    const called = new Set(
      (
        await frame
          .getByRole('region', { name: 'All numbers called' })
          .locator('td[data-called]')
          .allTextContents()
      ).map(Number),
    );
    expect(called.size).toBeGreaterThan(0);
    if (round) expect([...called].sort((a, b) => a - b)).toEqual([...round.calls].sort((a, b) => a - b));
    const daubed = (
      await frame.getByTestId('bingo-card').locator('td[data-daubed] [aria-hidden]').allTextContents()
    ).map(Number);
    const expected = mine.rows.flat().filter((n): n is number => n !== null && called.has(n));
    expect(daubed.sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));

    // The prize: won on a ball by some cards, each paid its share.
    const prize = frame.getByTestId('prize-line');
    await expect
      .poll(async () => (await prize.textContent()) ?? '')
      .toMatch(/Won on ball \d+ by \d+ card\(s\)/);

    // The balance: the card's price out, its win (if any) in.
    await expect
      .poll(async () => money(await frame.getByTestId('balance').textContent()), { timeout: 15_000 })
      .toBe(before - room.cardPrice + mine.won);
    await frame.getByTestId('game-result').waitFor();
    if (mine.won > 0) await frame.getByTestId('my-prize').waitFor();
    await expect
      .poll(async () => (await frame.getByTestId('verified').textContent()) ?? '')
      .toContain('Verified');

    // The game in the recall.
    await frame.getByRole('button', { name: 'Last 10 games' }).click();
    const row = frame.getByTestId('bingo-recall').locator(`tr[data-round="${gameNo}"]`);
    await row.waitFor();
    expect(money(await row.getByTestId('recall-won').textContent())).toBe(mine.won);
    await frame.getByRole('button', { name: 'Close' }).click();
    await page.close();
  }, 90_000);

  it('shows the room in Tagalog on a phone in dark theme', async () => {
    const state = (await rooms()).find((s) => s.room.game === 'bingo75');
    if (!state) throw new Error('no 75-ball room');
    const member = await registerMember();
    const token = await memberToken(member.username, member.password);
    const page = await browser.newPage({ viewport: phone });
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto(`${baseUrl()}/games/bingo/${state.room.code}?lang=TY#token=${token}`);
    await page.getByRole('heading', { level: 1, name: state.room.name }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.getByRole('heading', { name: 'Mga premyo' }).waitFor();
    await page.getByRole('region', { name: 'Lahat ng natawag na numero' }).waitFor();
    await page.getByRole('button', { name: 'Huling 10 laro' }).waitFor();
    // The status stays on screen while the page scrolls, and nothing runs off the side.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.getByTestId('phase').isVisible()).toBe(true);
    const box = await page.getByTestId('phase').boundingBox();
    expect(box && box.y >= 0 && box.y < 120).toBe(true);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await page.close();
  });
});
