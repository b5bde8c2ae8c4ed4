// Browser test of the PvP card tables (issue 17 items 2 and 3): two members in two browsers (two addresses, two
// devices) sit at a hold'em table, one through the site's /pvp page and the catalogue's launch, the other straight in
// the games client on a phone in Tagalog and dark theme; they play a hand to the showdown, both see the result, and
// the stacks add up to the buy-ins less the rake. With SCREENSHOT_DIR set, the pages are also photographed.
import type { PvpTable, PvpTableState } from '@tala/contracts/pvp';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closeAnnouncements, registerMember, signInPage } from './members-support.ts';
import { adminCall, adminLogin } from './support/api.ts';
import { signInToBackOffice } from './support/back-office.ts';
import { baseUrl, desktop, phone, useBrowser } from './support/browser.ts';
import { memberToken, money } from './support/live.ts';
import { depositApproved } from './support/lottery.ts';

const browser = useBrowser();
const shots = process.env.SCREENSHOT_DIR;

async function shoot(page: Page, name: string, fullPage = true) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
}

async function holdemTable(): Promise<PvpTable> {
  const body = (await (await fetch(`${baseUrl()}/wps/relay/GLS2_roomList`)).json()) as {
    value: { list: PvpTable[] };
  };
  const table = body.value.list.find((t) => t.game === 'HOLDEM' && !t.maintenance && t.seated === 0);
  if (!table) throw new Error('no free hold’em table');
  return table;
}

async function tableState(code: string, token: string): Promise<PvpTableState> {
  const response = await fetch(`${baseUrl()}/wps/pvp/tables/${code}`, { headers: { authorization: token } });
  return ((await response.json()) as { value: PvpTableState }).value;
}

/** The stacks after the hand as its result shows them, in minor units. */
async function stacks(root: Locator): Promise<number[]> {
  return (await root.locator('[data-testid^="result-stack-"]').allTextContents()).map((text) => money(text));
}

type Seated = { page: Page; token: string; name: string };

async function freeTable(game: PvpTable['game']): Promise<PvpTable> {
  const body = (await (await fetch(`${baseUrl()}/wps/relay/GLS2_roomList`)).json()) as {
    value: { list: PvpTable[] };
  };
  const table = body.value.list.find((t) => t.game === game && !t.maintenance && t.seated === 0);
  if (!table) throw new Error(`no free ${game} table`);
  return table;
}

/** Members sat at a table straight in the games client, each from its own address, device, screen and language. */
async function seatMembers(
  table: PvpTable,
  who: { ip: string; viewport: { width: number; height: number }; theme: string; lang: 'EN' | 'TY' }[],
): Promise<Seated[]> {
  const seated: Seated[] = [];
  for (const w of who) {
    const member = await registerMember();
    await depositApproved(member.token, 50_000);
    const token = await memberToken(member.username, member.password);
    const page = await browser.newPage({ viewport: w.viewport, headers: { 'X-Forwarded-For': w.ip } });
    await page.goto(`${baseUrl()}/games/pvp/${table.code}?lang=${w.lang}&theme=${w.theme}#token=${token}`);
    await page.getByRole('heading', { level: 1, name: table.name }).waitFor();
    await page.getByRole('button', { name: w.lang === 'EN' ? 'Sit down' : 'Umupo', exact: true }).click();
    await page.getByRole('button', { name: w.lang === 'EN' ? /^Sit with P/ : /^Umupo dala ang P/ }).click();
    await page.getByRole('button', { name: w.lang === 'EN' ? 'Leave table' : 'Umalis sa mesa' }).waitFor();
    seated.push({ page, token, name: `${w.viewport.width}x${w.viewport.height}-${w.theme}-${w.lang}` });
  }
  for (const s of seated) await s.page.getByTestId('hand-no').waitFor({ timeout: 20_000 });
  return seated;
}

/** The seated members from the one to act, in the order they act. */
async function byTurn(code: string, seated: Seated[]): Promise<[Seated, Seated, ...Seated[]]> {
  const states = await Promise.all(seated.map((s) => tableState(code, s.token)));
  const toAct = states[0]?.hand?.toAct;
  const order = seated.map((s, i) => ({ s, seat: states[i]?.mySeat ?? -1 })).sort((a, b) => a.seat - b.seat);
  const first = order.findIndex((o) => o.seat === toAct);
  const list = [...order.slice(first), ...order.slice(0, first)].map((o) => o.s);
  if (first < 0 || list.length < 2) throw new Error('no seat to act');
  return list as [Seated, Seated, ...Seated[]];
}

describe('the PvP card tables', () => {
  it('deals a hand between two members in two browsers, played to the showdown, with the rake stated and taken', async () => {
    const table = await holdemTable();
    const [ana, ben] = [await registerMember(), await registerMember()];
    await Promise.all([depositApproved(ana.token, 50_000), depositApproved(ben.token, 50_000)]);
    const [anaToken, benToken] = [
      await memberToken(ana.username, ana.password),
      await memberToken(ben.username, ben.password),
    ];

    // Ana: the site on a desktop, in English and light theme; she opens the table from /pvp.
    const anaPage = await browser.newPage({ headers: { 'X-Forwarded-For': '10.17.0.1' } });
    await signInPage(anaPage, anaToken);
    await anaPage.goto(`${baseUrl()}/pvp`);
    await closeAnnouncements(anaPage);
    const card = anaPage.getByTestId(`pvp-table-${table.code}`);
    await card.waitFor({ timeout: 15_000 });
    expect(await card.textContent()).toContain('0/6');
    expect(await card.textContent()).toContain(`${table.rakeBps / 100}%`);
    await shoot(anaPage, 'site-pvp-desktop-light-en');
    await card.getByRole('button', { name: `Open the table ${table.name}` }).click();
    await expect.poll(() => new URL(anaPage.url()).pathname, { timeout: 15_000 }).toBe('/game');
    const ana$ = anaPage.frameLocator('iframe').first();
    await ana$.getByRole('heading', { level: 1, name: table.name }).waitFor({ timeout: 20_000 });

    // The rake is stated before she sits; she sits with twice the least buy-in (the sit panel's first offer).
    await ana$.getByRole('button', { name: 'Sit down', exact: true }).click();
    await expect
      .poll(async () => ana$.getByTestId('rake-line').textContent())
      .toMatch(new RegExp(`^The house takes ${table.rakeBps / 100}% of each pot, at most P`));
    const buyIn = 2 * table.minBuyIn;
    await ana$.getByRole('button', { name: `Sit with P${(buyIn / 100).toFixed(2)}` }).click();
    await ana$.getByText(/Waiting for players/).waitFor();

    // Ben: the games client on a phone, in Tagalog and dark theme, from another address and device.
    const benPage = await browser.newPage({ viewport: phone, headers: { 'X-Forwarded-For': '10.17.0.2' } });
    await benPage.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await benPage.goto(`${baseUrl()}/games/pvp/${table.code}?lang=TY#token=${benToken}`);
    await benPage.getByRole('heading', { level: 1, name: table.name }).waitFor();
    await benPage.getByRole('button', { name: 'Umupo', exact: true }).click();
    await benPage.getByRole('button', { name: `Umupo dala ang P${(buyIn / 100).toFixed(2)}` }).click();

    // The hand is dealt: both see its number, their own two cards and the turn timer on the seat to act.
    for (const root of [ana$, benPage]) {
      await root.getByTestId('hand-no').waitFor({ timeout: 20_000 });
      await root.getByRole('timer').first().waitFor();
      await expect
        .poll(async () =>
          root
            .getByRole('list', { name: /Your hand|Ang hawak mo/ })
            .getByRole('img')
            .count(),
        )
        .toBe(2);
    }
    const handNo = (await tableState(table.code, anaToken)).hand?.handNo ?? 0;
    await shoot(anaPage, 'holdem-desktop-light-en');
    await shoot(benPage, 'holdem-phone-dark-ty');

    // They check (or call) down to the showdown, each on their turn, by touch and by keyboard.
    const checkOrCall = (root: Page | FrameLocator): Locator =>
      root.getByRole('button', { name: /^(Check|Call P[\d,.]+) C$/ });
    const result = (root: Page | FrameLocator) =>
      root.locator(`[data-testid="pvp-result"][data-hand="${handNo}"]`);
    let usedKeyboard = false;
    for (let i = 0; i < 60; i++) {
      if ((await result(ana$).count()) > 0 && (await result(benPage).count()) > 0) break;
      if ((await checkOrCall(benPage).count()) > 0 && (await checkOrCall(benPage).isEnabled())) {
        await checkOrCall(benPage).click();
      } else if ((await checkOrCall(ana$).count()) > 0 && (await checkOrCall(ana$).isEnabled())) {
        if (!usedKeyboard) {
          await anaPage.locator('iframe').first().focus();
          await ana$.locator('body').press('c');
          usedKeyboard = true;
        } else await checkOrCall(ana$).click();
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }

    // Both see the result: the same rake, and stacks that add up to the two buy-ins less the rake.
    await result(ana$).waitFor({ timeout: 15_000 });
    await result(benPage).waitFor({ timeout: 15_000 });
    const [anaStacks, benStacks] = [await stacks(result(ana$)), await stacks(result(benPage))];
    const rake = money(await result(ana$).getByTestId('pvp-rake').textContent());
    expect(money(await result(benPage).getByTestId('pvp-rake').textContent())).toBe(rake);
    expect(rake).toBeGreaterThan(0);
    expect(anaStacks).toHaveLength(2);
    expect(anaStacks.reduce((a, b) => a + b, 0)).toBe(2 * buyIn - rake);
    expect(benStacks.reduce((a, b) => a + b, 0)).toBe(2 * buyIn - rake);
    expect(await result(ana$).textContent()).toMatch(/won|even/);
    await shoot(anaPage, 'holdem-result-desktop-light-en');
    await shoot(benPage, 'holdem-result-phone-dark-ty');

    // The server agrees: the hand's outcome, and its seed, which the browser checked against its hash and deal.
    const state = await tableState(table.code, anaToken);
    const hand = state.hand?.handNo === handNo ? state.hand : null;
    if (hand?.outcome) {
      expect(hand.outcome.rake).toBe(rake);
      expect(hand.outcome.seats.reduce((sum, s) => sum + s.stack, 0)).toBe(2 * buyIn - rake);
      await expect.poll(async () => ana$.getByTestId('pvp-verified').textContent()).toMatch(/^✓ Verified/);
    }

    // Ana leaves; her chips go back to her main wallet, and the hand is in her history with its moves.
    await ana$.getByRole('button', { name: /^(Leave table|Leaving after this hand)$/ }).click();
    await ana$.getByRole('button', { name: 'Hand history' }).click();
    const history = ana$.getByTestId('pvp-history');
    await history.waitFor();
    await expect.poll(async () => history.textContent()).toContain(`Hand #${handNo}`);
    expect(await history.textContent()).toMatch(/checked|called/);
    await shoot(anaPage, 'holdem-history-desktop-light-en');
    await ana$.getByRole('button', { name: 'Close' }).click();
    await anaPage.close();
    await benPage.close();
  });

  it('plays Pusoy Dos: the opening card lit, a play by keyboard, a pass, and the trick back to the leader', async () => {
    const table = await freeTable('PUSOY');
    const seated = await seatMembers(table, [
      { ip: '10.17.1.1', viewport: desktop, theme: 'dark', lang: 'EN' },
      { ip: '10.17.1.2', viewport: phone, theme: 'light', lang: 'TY' },
    ]);
    const [leader, other] = await byTurn(table.code, seated);
    // The leader's first play must hold the opening card: it is lit, and Enter plays it.
    const hint = (await leader.page.locator('.pvp-controls__hint').textContent()) ?? '';
    const opening = /(\S+)\.$/.exec(hint)?.[1] ?? '3♣';
    const card = leader.page.getByTestId('my-hand').getByRole('button', { name: opening, exact: true });
    expect(await card.getAttribute('class')).toContain('pvp-card--playable');
    await card.click();
    await leader.page.keyboard.press('Enter');
    await other.page.getByTestId('pusoy-table').getByRole('img', { name: opening }).waitFor();
    await expect.poll(async () => other.page.getByTestId('my-hand').getByRole('button').count()).toBe(13);
    await expect.poll(async () => leader.page.getByTestId('my-hand').getByRole('button').count()).toBe(12);
    // The other passes (P): a new trick, led by the leader again.
    await other.page.getByRole('button', { name: /^Pass/ }).waitFor();
    await expect.poll(async () => other.page.getByRole('button', { name: /^Pass/ }).isEnabled()).toBe(true);
    await other.page.keyboard.press('p');
    await expect
      .poll(async () => leader.page.locator('.pvp-controls__hint').textContent())
      .toMatch(/^(You lead|Ikaw ang mauuna)/);
    await shoot(leader.page, 'pusoy-desktop-dark-en');
    await shoot(other.page, 'pusoy-phone-light-ty');
    for (const s of seated) await s.page.close();
  }, 90_000);

  it('plays Tongits: the dealer discards, the next seat draws from the stock and discards', async () => {
    const table = await freeTable('TONGITS');
    const seated = await seatMembers(table, [
      { ip: '10.17.2.1', viewport: phone, theme: 'dark', lang: 'EN' },
      { ip: '10.17.2.2', viewport: desktop, theme: 'light', lang: 'TY' },
      { ip: '10.17.2.3', viewport: { width: 844, height: 390 }, theme: 'light', lang: 'EN' },
    ]);
    const [dealer, next] = await byTurn(table.code, seated);
    // The dealer holds 13 cards and begins without drawing: one card picked, X discards it.
    await expect.poll(async () => dealer.page.getByTestId('my-hand').getByRole('button').count()).toBe(13);
    await dealer.page.getByTestId('my-hand').getByRole('button').last().click();
    await dealer.page.keyboard.press('x');
    await expect.poll(async () => dealer.page.getByTestId('my-hand').getByRole('button').count()).toBe(12);
    // The next seat draws (D) and discards.
    const draw = next.page.getByRole('button', { name: /^(Draw|Bumunot) D$/ });
    await draw.waitFor();
    await expect.poll(async () => draw.isEnabled()).toBe(true);
    await shoot(next.page, `tongits-draw-${next.name}`);
    await next.page.keyboard.press('d');
    await expect.poll(async () => next.page.getByTestId('my-hand').getByRole('button').count()).toBe(13);
    await next.page.getByTestId('my-hand').getByRole('button').first().click();
    await next.page.getByRole('button', { name: /^(Discard|Itapon) X$/ }).click();
    await expect.poll(async () => next.page.getByTestId('my-hand').getByRole('button').count()).toBe(12);
    for (const s of seated) await shoot(s.page, `tongits-${s.name}`);
    for (const s of seated) await s.page.close();
  }, 90_000);

  it('refuses a second member from an address already at the table, in the server’s words', async () => {
    const member = await registerMember();
    await depositApproved(member.token, 50_000);
    const token = await memberToken(member.username, member.password);
    // 10.17.1.1 sits at PUSOY-5 since the Pusoy Dos test.
    const page = await browser.newPage({ headers: { 'X-Forwarded-For': '10.17.1.1' } });
    await page.goto(`${baseUrl()}/games/pvp/PUSOY-5#token=${token}`);
    await page.getByRole('button', { name: 'Sit down', exact: true }).click();
    await page.getByRole('button', { name: /^Sit with P/ }).click();
    await expect
      .poll(async () => page.getByRole('dialog').getByRole('alert').textContent())
      .toMatch(/network or device/);
    await page.close();
  });

  it('lets the owner change a table, explore its hands with their moves, and read the rake by day', async () => {
    const page = await browser.newPage();
    await signInToBackOffice(page, 'owner', 'owner-demo-1');
    await page.goto(`${baseUrl()}/admin/pvp/tala/tables`);
    const form = page.getByRole('form', { name: /\(PUSOY-5\)$/ });
    await form.waitFor();
    await form.getByLabel('Seconds per turn').fill('25');
    await form.getByRole('button', { name: 'Save PUSOY-5' }).click();
    await form.getByText('Saved.').waitFor();
    const owner = await adminLogin();
    const saved = (
      await adminCall<{ list: { code: string; turnSeconds: number }[] }>(
        owner,
        'GET',
        '/admin-api/merchants/tala/pvp/tables',
      )
    ).list.find((t) => t.code === 'PUSOY-5');
    expect(saved?.turnSeconds).toBe(25);
    await shoot(page, 'admin-pvp-tables-desktop-light-en');

    // The hold'em hand of the first test, with its moves and outcome.
    await page.getByRole('link', { name: 'Hands', exact: true }).click();
    await page.getByLabel('Table').selectOption('HOLDEM-10');
    const open = page.getByRole('button', { name: /^Open hand 1 of HOLDEM-10$/ });
    await open.waitFor({ timeout: 15_000 });
    await open.click();
    const detail = page.getByRole('region', { name: 'HOLDEM-10 hand 1' });
    await detail.waitFor();
    await expect.poll(async () => detail.textContent()).toMatch(/Check|Call/);
    await shoot(page, 'admin-pvp-hands-desktop-light-en');

    await page.getByRole('link', { name: 'P&L', exact: true }).click();
    await expect
      .poll(async () => money(await page.getByTestId('pvp-rake-total').textContent()))
      .toBeGreaterThan(0);
    await shoot(page, 'admin-pvp-report-desktop-light-en');
    await page.close();
  });

  it('shows every game’s table to a guest in each theme without running off a phone’s screen', async () => {
    const site = await browser.newPage({ viewport: phone });
    await site.addInitScript(() => {
      localStorage.setItem('theme', 'dark');
      localStorage.setItem('language', 'TY');
    });
    await site.goto(`${baseUrl()}/pvp`);
    await site
      .getByRole('heading', { name: 'Mga mesa ng baraha ng Tala: makipaglaro sa ibang miyembro' })
      .waitFor();
    await site.getByTestId('pvp-table-HOLDEM-10').scrollIntoViewIfNeeded();
    await shoot(site, 'site-pvp-phone-dark-ty', false);
    await site.close();

    const body = (await (await fetch(`${baseUrl()}/wps/relay/GLS2_roomList`)).json()) as {
      value: { list: PvpTable[] };
    };
    for (const game of ['PUSOY', 'TONGITS', 'HOLDEM'] as const) {
      const table = body.value.list.find((t) => t.game === game);
      if (!table) throw new Error(`no ${game} table`);
      for (const [viewport, theme, lang] of [
        [phone, 'dark', 'TY'],
        [{ width: 844, height: 390 }, 'light', 'EN'],
      ] as const) {
        const page = await browser.newPage({ viewport });
        await page.goto(`${baseUrl()}/games/pvp/${table.code}?lang=${lang}&theme=${theme}`);
        await page.getByRole('heading', { level: 1, name: table.name }).waitFor();
        await page.getByTestId('table-terms').waitFor();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBe(0);
        await shoot(
          page,
          `${game.toLowerCase()}-guest-${viewport.width}x${viewport.height}-${theme}-${lang}`,
        );
        await page.close();
      }
    }
  });
});
