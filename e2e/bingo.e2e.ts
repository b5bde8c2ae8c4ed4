// Browser test of the bingo rooms (issue 16 item 3): a member opens /bingo, launches a room through the catalogue,
// buys a card, and the whole game runs: the card is daubed as balls come, the prizes are shown, the balance reflects
// the purchase and any win, and the browser verifies the game. Then the room in Tagalog on a phone in dark theme.
// The room is made short through the back office first (a few seconds of sale, a quick ball, one prize).
import type { BingoCardView, BingoRoom, BingoRoomState } from '@tala/contracts/bingo';
import { describe, expect, it } from 'vitest';
import { closeAnnouncements, registerMember, signInPage } from './members-support.ts';
import { adminCall, adminLogin } from './support/api.ts';
import { signInToBackOffice } from './support/back-office.ts';
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

type OfficeRoom = {
  code: string;
  minBet: number;
  maxBet: number;
  resultSeconds: number;
  room: {
    cardPrice: number;
    maxCards: number;
    ballMs: number;
    prizes: { pattern: string; sharePermille: number }[];
  } | null;
};

/** The studio's 75-ball room as the site lists it. */
async function room75(): Promise<BingoRoom> {
  const room = (await rooms()).find((s) => s.room.game === 'bingo75' && s.nodeId !== null)?.room;
  if (!room) throw new Error('no 75-ball room in the catalogue');
  return room;
}

/**
 * Makes the room quick through the back office (decision 055: rooms are tables with room settings): a short sale, a
 * ball a second (the least), one prize (a line) and up to 20 cards a member, so that a game is over seconds after
 * its close. The sale and the ball are the room's cycle, changed under maintenance; coming back opens a game now.
 */
async function shortGameNow(code: string, saleSeconds: number) {
  const owner = await adminLogin();
  const table = (await adminCall<{ list: OfficeRoom[] }>(owner, 'GET', '/admin-api/live/tables')).list.find(
    (t) => t.code === code,
  );
  if (!table?.room) throw new Error(`${code} is not a room`);
  const body = {
    minBet: table.minBet,
    maxBet: table.maxBet,
    bettingSeconds: saleSeconds,
    resultSeconds: table.resultSeconds,
    room: { ...table.room, maxCards: 20, ballMs: 1_000, prizes: [{ pattern: 'line', sharePermille: 850 }] },
  };
  const path = `/admin-api/live/tables/${code}`;
  await adminCall(owner, 'PUT', path, { ...body, maintenance: true });
  await adminCall(owner, 'PUT', path, { ...body, maintenance: false });
}

describe('a bingo room', () => {
  it('sells a member a card, runs the whole game, daubs the card, shows the prizes and pays the balance', async () => {
    const room = await room75();
    const member = await registerMember();
    await depositApproved(member.token, 20_000);
    const token = await memberToken(member.username, member.password);

    const page = await browser.newPage();
    await signInPage(page, token);
    await page.goto(`${baseUrl()}/bingo`);
    await closeAnnouncements(page);
    const card = page.getByTestId(`bingo-room-${room.code}`);
    await card.waitFor({ timeout: 15_000 });
    await card.getByRole('button', { name: `Play in ${room.name}` }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/game');
    const frame = page.frameLocator('iframe').first();
    await frame.getByRole('heading', { level: 1, name: room.name }).waitFor({ timeout: 20_000 });
    expect(await frame.getByTestId('client-seed').textContent()).toMatch(/^[0-9a-f]{32}$/);

    // A quick game opens now, in front of the member (the page follows it over the socket).
    const gameNow = async () =>
      Number(((await frame.getByTestId('round-no').textContent()) ?? '').replace(/\D/g, ''));
    await frame.getByTestId('round-no').waitFor({ timeout: 15_000 });
    const earlier = await gameNow();
    await shortGameNow(room.code, 12);
    await expect
      .poll(
        async () =>
          (await gameNow()) > earlier &&
          (await frame.getByTestId('phase').getAttribute('data-phase')) === 'sale',
        { timeout: 15_000, interval: 200 },
      )
      .toBe(true);
    expect(await frame.getByTestId('seed-hash').textContent()).toMatch(/^[0-9a-f]{64}$/);
    await expect.poll(async () => money(await frame.getByTestId('balance').textContent())).toBeGreaterThan(0);
    const before = money(await frame.getByTestId('balance').textContent());
    const gameNo = Number(((await frame.getByTestId('round-no').textContent()) ?? '').replace(/\D/g, ''));
    // The most cards the room now allows (the more cards, the sooner a line), bought at once.
    await expect.poll(async () => frame.getByTestId('card-count').getAttribute('max')).toBe('20');
    await frame.getByTestId('card-count').fill('20');
    expect(money(await frame.getByTestId('buy-total').textContent())).toBe(20 * room.cardPrice);
    await frame.getByRole('button', { name: /^Buy 20 for / }).click();
    await expect.poll(async () => frame.getByTestId('bingo-card').count()).toBe(20);
    await expect
      .poll(async () => money(await frame.getByTestId('balance').textContent()))
      .toBe(before - 20 * room.cardPrice);
    // No number daubed before the draw; each card counts what it needs for the line.
    expect(await frame.locator('td[data-daubed]').count()).toBe(0);
    expect(await frame.getByTestId('to-go').first().textContent()).toBe('4 to go for Line');

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
    expect(cards).toHaveLength(20);
    const won = cards.reduce((sum, c) => sum + c.won, 0);
    const round = state.round?.roundNo === gameNo ? state.round : null;

    // Every called number of every card is daubed, and nothing else.
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
    for (const card of cards) {
      const shown = frame.locator(`[data-testid="bingo-card"][data-card="${card.cardNo}"]`);
      const daubed = (await shown.locator('td[data-daubed] [aria-hidden]').allTextContents()).map(Number);
      const expected = card.rows.flat().filter((n): n is number => n !== null && called.has(n));
      expect(daubed.sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    }

    // The line: won on a ball by the member's cards alone (the only buyer here), each paid its share of the pool.
    const prize = frame.getByTestId('prize-line');
    await expect
      .poll(async () => (await prize.textContent()) ?? '')
      .toMatch(/Won on ball \d+ by \d+ card\(s\)/);
    expect(won).toBeGreaterThan(0);
    await prize.getByTestId('my-prize').waitFor();
    expect(await frame.getByTestId('card-wins').count()).toBe(cards.filter((c) => c.won > 0).length);

    // The balance: the cards' price out, the prize in.
    await expect
      .poll(async () => money(await frame.getByTestId('balance').textContent()), { timeout: 15_000 })
      .toBe(before - 20 * room.cardPrice + won);
    expect(await frame.getByTestId('game-result').textContent()).toContain('You won');
    await expect
      .poll(async () => (await frame.getByTestId('verified').textContent()) ?? '')
      .toContain('Verified');

    // The game in the recall.
    await frame.getByRole('button', { name: 'Last 10 games' }).click();
    const row = frame.getByTestId('bingo-recall').locator(`tr[data-round="${gameNo}"]`);
    await row.waitFor();
    expect(money(await row.getByTestId('recall-won').textContent())).toBe(won);
    expect(money(await row.getByTestId('recall-cost').textContent())).toBe(20 * room.cardPrice);
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

  it('lets the owner change a room’s prize shares in the back office, and lists its games in the rounds explorer', async () => {
    const page = await browser.newPage();
    await signInToBackOffice(page, 'owner', 'owner-demo-1');
    await page.goto(`${baseUrl()}/admin/live/tala/tables`);
    const form = page.getByRole('form', { name: 'Bingo 90 Vigan (BGO-90)' });
    await form.waitFor();
    // The sale and the ball are the room's cycle, locked while it runs; the prizes are not.
    expect(await form.getByLabel('Seconds between balls').isDisabled()).toBe(true);
    await form.getByLabel('One line share (%)').fill('17.5');
    await form.getByText('Paid back as prizes: 87.5% of the sales.').waitFor();
    await form.getByRole('button', { name: 'Save BGO-90' }).click();
    await form.getByText('Saved.').waitFor();
    const owner = await adminLogin();
    const saved = (await adminCall<{ list: OfficeRoom[] }>(owner, 'GET', '/admin-api/live/tables')).list.find(
      (t) => t.code === 'BGO-90',
    );
    expect(saved?.room?.prizes[0]).toEqual({ pattern: 'oneLine', sharePermille: 175 });
    // A share that is not a percent is refused on the spot.
    await form.getByLabel('One line share (%)').fill('17.55');
    await form.getByRole('button', { name: 'Save BGO-90' }).click();
    await form
      .getByText(/Type each share as a percent/)
      .first()
      .waitFor();

    await page.getByRole('link', { name: 'Rounds', exact: true }).click();
    await page.getByLabel('Table').selectOption('BGO-90');
    await page
      .getByRole('button', { name: /^Round \d+ of BGO-90: details$/ })
      .first()
      .waitFor({ timeout: 15_000 });
    await page.close();
  });
});
