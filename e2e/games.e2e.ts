import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, registerMember, signInPage, solved } from './members-support.ts';
import { baseUrl, useBrowser } from './support/browser.ts';

const browser = useBrowser();

/** A page whose tab holds the member's session token, as the site keeps it after a login. */
async function signedInPage(token: string, options: { timezoneId?: string } = {}) {
  const page = await browser.newPage(options);
  await signInPage(page, token);
  return page;
}

async function api<T>(path: string, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, { headers: token ? { authorization: token } : {} });
  const body = (await response.json()) as { success: boolean; value: T };
  if (!body.success) throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.value;
}

/** Closes what opens over a page after a login (announcement popups), so the test reaches the page itself. */
async function dismissDialogs(page: Page) {
  const dialog = page.getByRole('dialog');
  try {
    await dialog.first().waitFor({ timeout: 5_000 });
  } catch {
    return;
  }
  while ((await dialog.count()) > 0) {
    await dialog.first().getByRole('button', { name: 'Close' }).first().click();
    await page.waitForTimeout(200);
  }
}

const countOf = async (page: Page) =>
  Number(((await page.getByText(/^Games: \d+$/).textContent()) ?? '').replace(/\D/g, ''));
const names = (page: Page) =>
  page.getByRole('list', { name: 'Games' }).first().locator('.game-card__name').allTextContents();

describe('game lobby', () => {
  it('filters by provider, name and minimum bet, pages by 24 and goes back to page 1 on a filter change', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/lobby/RNG`);
    await page.getByRole('heading', { level: 1, name: 'Slots' }).waitFor();
    await page.getByText(/^Games: \d+$/).waitFor();
    const all = await countOf(page);
    expect(all).toBeGreaterThan(24);
    expect(await names(page)).toHaveLength(24);

    const pager = page.getByRole('navigation', { name: 'Pages' });
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await expect
      .poll(() => pager.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current'))
      .toBe('page');
    const second = await names(page);

    // A provider: page 1 again, only its games (the thumbnails carry the vendor code).
    const providers = page.getByRole('region', { name: 'Game providers' });
    await providers.getByRole('button', { name: /Bagwis Play/ }).click();
    await page.waitForURL(/vendor=BAGWIS_RNG/);
    await expect
      .poll(() => pager.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current'))
      .toBe('page');
    await expect.poll(async () => (await names(page)).join(), { timeout: 10_000 }).not.toBe(second.join());
    // The list may still show the previous page while the provider's games load: wait for them.
    await expect
      .poll(async () => [...new Set(await page.locator('.game-card__vendor').allTextContents())].join(), {
        timeout: 10_000,
      })
      .toBe('BAGWIS');
    const perlas = await countOf(page);
    expect(perlas).toBeLessThan(all);

    // Name search within the provider.
    const word = ((await names(page))[0] ?? '').split(' ')[0] ?? '';
    await page.getByRole('searchbox', { name: 'Search games by name' }).fill(word);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => countOf(page), { timeout: 10_000 }).toBeLessThan(perlas);
    for (const name of await names(page)) expect(name.toLowerCase()).toContain(word.toLowerCase());

    // Minimum bet: every game shown has it (checked against the API for the same filters).
    await page.getByRole('searchbox', { name: 'Search games by name' }).fill('');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByLabel('Minimum bet').selectOption('0.5');
    const expected = await api<{ total: number }>(
      '/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=BAGWIS_RNG&minBet=0.5&pageSize=1',
    );
    await expect.poll(() => countOf(page), { timeout: 10_000 }).toBe(expected.total);

    // Classification (game type) within the provider, with every minimum bet.
    await page.getByLabel('Minimum bet').selectOption('');
    await page.getByLabel('Game type').selectOption('JP');
    const jackpots = await api<{ total: number }>(
      '/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=BAGWIS_RNG&gameClassify=JP&pageSize=1',
    );
    expect(jackpots.total).toBeGreaterThan(0);
    await expect.poll(() => countOf(page), { timeout: 10_000 }).toBe(jackpots.total);
  });

  it('starts the list again at page 1 when the /rng tab changes (spec §4)', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/rng?page=SC`);
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await expect
      .poll(() => pager.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current'))
      .toBe('page');
    await page
      .getByRole('tablist', { name: 'Slot categories' })
      .getByRole('tab', { name: 'Jackpot' })
      .click();
    await page.waitForURL('**/rng?page=JP');
    await expect
      .poll(() => pager.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current'))
      .toBe('page');
    expect(await names(page)).toHaveLength(24);
  });

  it('shows one page of hot games and asks a guest to log in for favourites and recent', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/lobby/RNG`);
    const types = page.getByRole('group', { name: 'Which games' });
    await types.getByRole('button', { name: 'Hot' }).click();
    await page.getByText(/^Games: \d+$/).waitFor();
    expect(await countOf(page)).toBeLessThanOrEqual(24);
    expect(await page.getByRole('navigation', { name: 'Pages' }).count()).toBe(0);
    await types.getByRole('button', { name: 'Favourites' }).click();
    await page.getByRole('dialog').getByLabel('Username', { exact: false }).first().waitFor();
  });

  it('keeps favourites and lists them, and recent games once played', async () => {
    const member = await registerMember();
    const page = await signedInPage(member.token);
    await page.goto(`${baseUrl()}/lobby/FISH`);
    await dismissDialogs(page);
    await page.getByText(/^Games: \d+$/).waitFor();
    const first = (await names(page))[0] as string;
    await page
      .getByRole('button', { name: `Add ${first} to favourites` })
      .first()
      .click();
    await page
      .getByRole('button', { name: `Remove ${first} from favourites` })
      .first()
      .waitFor();

    await page
      .getByRole('group', { name: 'Which games' })
      .getByRole('button', { name: 'Favourites' })
      .click();
    await expect.poll(() => names(page), { timeout: 10_000 }).toEqual([first]);
    // Kept on the server: a reload still lists it.
    await page.reload();
    await page
      .getByRole('group', { name: 'Which games' })
      .getByRole('button', { name: 'Favourites' })
      .click();
    await expect.poll(() => names(page), { timeout: 10_000 }).toEqual([first]);
    await page
      .getByRole('button', { name: `Remove ${first} from favourites` })
      .first()
      .click();
    await page.getByText('No favourites yet', { exact: false }).waitFor();

    await page
      .getByRole('group', { name: 'Which games' })
      .getByRole('button', { name: 'Recently played' })
      .click();
    await page.getByText('Games you play will show here.').waitFor();
  });
});

describe('launch through the vendor simulator', () => {
  it('plays a whole round: launch, bet, win, balance and betting record updated, game in recent', async () => {
    const login = await apiLogin('demo', 'demo-pass-1');
    const token = login.token as string;
    const before = await api<{ sumBalance: number }>('/wps/v2/wallets/balance', token);
    const page = await signedInPage(token);
    await page.goto(`${baseUrl()}/lobby/RNG?vendor=MABUHAY_RNG`);
    await dismissDialogs(page);
    await page.getByText(/^Games: \d+$/).waitFor();
    const game = (await names(page))[0] as string;
    await page
      .getByRole('button', { name: `Play ${game}`, exact: true })
      .first()
      .click();
    await page.waitForURL(/\/game\?nodeId=\d+/);
    await page.getByRole('heading', { level: 1, name: game }).waitFor();

    const frame = page.frameLocator(`iframe[title="${game}"]`);
    await frame.getByRole('button', { name: 'Spin' }).click();
    await expect
      .poll(async () => (await frame.locator('#result').textContent()) ?? '', { timeout: 15_000 })
      .toMatch(/won|No win/);

    const after = await api<{ sumBalance: number }>('/wps/v2/wallets/balance', token);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const record = await api<{ list: { gameName: string; bet: number; win: number }[] }>(
      `/wps/relay/MCSFE_getBetRecords?from=${today}&to=${today}&vendor=MABUHAY`,
      token,
    );
    const round = record.list[0];
    expect(round?.gameName).toBe(game);
    expect(round?.bet).toBe(100);
    expect(Number(after.sumBalance)).toBe(Number(before.sumBalance) - 100 + (round?.win ?? 0));

    // The member centre's betting record shows it, to a player whose own calendar is most hours a day behind the
    // merchant's (UTC-11 against Manila's UTC+8): its date range starts at the merchant's today.
    const far = await signedInPage(token, { timezoneId: 'Pacific/Pago_Pago' });
    await far.goto(`${baseUrl()}/index`);
    await dismissDialogs(far);
    await far.getByRole('button', { name: /^Account menu/ }).click();
    await far.getByRole('menuitem', { name: 'Members center' }).click();
    const centre = far.getByRole('dialog', { name: 'Members center' });
    await centre
      .getByRole('navigation', { name: 'Members center menu' })
      .getByRole('button', { name: 'Betting record' })
      .click();
    const records = centre.getByRole('region', { name: 'Betting record' });
    expect(await records.getByLabel('To', { exact: true }).inputValue()).toBe(today);
    await expect
      .poll(() => records.getByTestId('bet-record').getByRole('row').nth(1).textContent())
      .toContain(game);

    // Back in the lobby the game leads the recent list.
    await page.goto(`${baseUrl()}/lobby/RNG`);
    await page
      .getByRole('group', { name: 'Which games' })
      .getByRole('button', { name: 'Recently played' })
      .click();
    await expect.poll(async () => (await names(page))[0], { timeout: 10_000 }).toBe(game);
  });

  it('offers a real member free play of a game from the lobby: demo mode, marked, real balance untouched', async () => {
    const member = await registerMember();
    const page = await signedInPage(member.token);
    await page.goto(`${baseUrl()}/lobby/RNG?vendor=MABUHAY_RNG`);
    await dismissDialogs(page);
    await page.getByText(/^Games: \d+$/).waitFor();
    const game = (await names(page))[0] as string;
    await page
      .getByRole('button', { name: `Free play of ${game}`, exact: true })
      .first()
      .click();
    await page.waitForURL(/\/game\?nodeId=\d+&mode=demo/);
    await page.getByRole('note').filter({ hasText: 'Free play: play money' }).waitFor();
    const frame = page.frameLocator(`iframe[title="${game}"]`);
    await frame.getByText(/DEMO/).waitFor();
    expect(await frame.locator('#balance').textContent()).not.toBe('0.00');
    await frame.getByRole('button', { name: 'Spin' }).click();
    await expect
      .poll(async () => (await frame.locator('#result').textContent()) ?? '', { timeout: 15_000 })
      .toMatch(/won|No win/);
    // The round was played with play money; the member's real balance (none) did not move.
    expect(
      Number((await api<{ sumBalance: number }>('/wps/v2/wallets/balance', member.token)).sumBalance),
    ).toBe(0);
  });

  it('sends a guest who opens /game to the login and marks free play as play money', async () => {
    const guest = await browser.newPage();
    const list = await api<{ list: { nodeId: number; name: string }[] }>(
      '/wps/relay/GCSGAME_gameList?vassalage=BAGWIS_RNG&pageSize=1',
    );
    const game = list.list[0] as { nodeId: number; name: string };
    await guest.goto(`${baseUrl()}/game?nodeId=${game.nodeId}`);
    // The login popup opens; closed, the page says why the game is not shown.
    await guest.getByRole('dialog').first().waitFor();
    await dismissDialogs(guest);
    await guest.getByText('Log in to play').waitFor();

    // Free play: the free-play login gives a trial account, whose every launch is play money, clearly marked.
    const response = await fetch(`${baseUrl()}/wps/session/login/freeplay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ platform: 'W', challenge: await solved() }),
    });
    const trial = ((await response.json()) as { value: { token: string } }).value.token;
    const page = await signedInPage(trial);
    await page.goto(`${baseUrl()}/game?nodeId=${game.nodeId}`);
    await dismissDialogs(page);
    await page.getByRole('note').filter({ hasText: 'Free play: play money' }).waitFor();
    await page.frameLocator(`iframe[title="${game.name}"]`).getByText(/DEMO/).waitFor();
  });
});
