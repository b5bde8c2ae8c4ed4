// The in-house sportsbook in the browser (issue 15 item 4): a pre-match single placed and shown in my bets, a
// three-leg parlay placed, both settled by the feed and paid; an in-play bet refused after an odds change that the
// page shows without a reload; a cash-out. Screenshots of /sports on desktop and phone, light and dark, EN and TY.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAnnouncements, registerMember, signInPage, useLanguage } from './members-support.ts';
import { baseUrl, desktop, phone, useBrowser } from './support/browser.ts';
import { memberToken } from './support/live.ts';
import { depositApproved } from './support/lottery.ts';
import { betSettlement, feedProcess, matchMarkets, oddsChange, oneXTwo } from './support/sports.ts';

const browser = useBrowser();
let feed: Awaited<ReturnType<typeof feedProcess>>;
const shots = process.env.SPORTS_SHOTS ?? '/tmp/sportsui/shots';

beforeAll(async () => {
  feed = await feedProcess();
});
afterAll(async () => {
  await feed?.close();
});

async function balance(token: string): Promise<number> {
  const body = (await (
    await fetch(`${baseUrl()}/wps/v2/wallets/balance`, { headers: { authorization: token } })
  ).json()) as { value: { sumBalance: number } };
  return body.value.sumBalance;
}

async function fundedMember() {
  const member = await registerMember();
  await depositApproved(member.token, 20_000);
  const token = await memberToken(member.username, member.password);
  return { ...member, token };
}

async function openAs(token: string, path: string, viewport = desktop) {
  const page = await browser.newPage({ viewport });
  await signInPage(page, token);
  await page.goto(`${baseUrl()}${path}`);
  await closeAnnouncements(page);
  return page;
}

/** Taps an outcome's price (by its name: a side is named by its team) in a market, on a list row or the event page. */
async function pick(page: Page, scope: string, outcome: string) {
  await page
    .getByTestId(scope)
    .getByRole('button', { name: new RegExp(`^${outcome} at `) })
    .first()
    .click();
}

const placedStatus = (page: Page) => page.getByTestId('sb-placed').first().locator('[data-status]');

describe('the sportsbook', () => {
  it('places a pre-match single and a three-leg parlay, shows them in my bets, and pays them when settled', async () => {
    const member = await fundedMember();
    const events: Awaited<ReturnType<typeof feed.match>>[] = [];
    for (let i = 0; i < 4; i++) events.push(await feed.match({ home: `Kaya ${i}`, away: `Stallion ${i}` }));
    const [single, ...legs] = events;
    if (!single) throw new Error('no event');
    const oneXTwoOf = (e: (typeof events)[number]) => e.markets.find((m) => m.type === '1x2')?.id ?? 0;

    const page = await openAs(member.token, '/sports?section=early');
    await page.getByTestId(`sb-event-${single.eventId}`).waitFor();
    const before = await balance(member.token);

    // The single: 10.00 on the home side at 2.00.
    await pick(page, `sb-event-${single.eventId}`, 'Kaya 0');
    await page.getByTestId(`sb-stake-${oneXTwoOf(single)}:home`).fill('10');
    await expect.poll(() => page.getByTestId('sb-slip').textContent()).toContain('Potential return');
    await page.getByRole('button', { name: 'Place bets' }).click();
    await expect.poll(() => placedStatus(page).getAttribute('data-status')).toBe('open');

    // The parlay: the home side of three other matches, 2.00 each, 8.00 in all.
    for (const [i, leg] of legs.entries()) await pick(page, `sb-event-${leg.eventId}`, `Kaya ${i + 1}`);
    await expect.poll(() => page.getByTestId('sb-parlay-price').textContent()).toBe('8.00');
    await page.getByTestId('sb-parlay-stake').fill('5');
    await expect.poll(() => page.getByTestId('sb-parlay-return').textContent()).toContain('40.00');
    await page.getByRole('button', { name: 'Place bets' }).click();
    await expect.poll(() => page.getByTestId('sb-placed').count()).toBe(2);
    await expect.poll(() => placedStatus(page).getAttribute('data-status')).toBe('open');
    expect(await balance(member.token)).toBe(before - 1_000 - 500);

    // Both in my bets, open.
    await page.getByRole('tab', { name: 'My bets' }).click();
    const open = page.getByTestId('sb-mybets');
    await expect.poll(() => open.locator('li.sb-bet').count()).toBe(2);
    await open.locator('li.sb-bet').filter({ hasText: 'Parlay' }).getByRole('button').first().click();
    await expect.poll(() => open.locator('.sb-bet__legs dt').count()).toBeGreaterThanOrEqual(3);

    // The feed settles the four matches: home won. The single returns 20.00, the parlay 40.00.
    for (const e of events) await feed.apply(betSettlement(e.eventId, [oneXTwo('home')]));
    await expect.poll(() => balance(member.token), { timeout: 15_000 }).toBe(before - 1_500 + 2_000 + 4_000);
    await page.getByRole('tab', { name: 'Settled' }).click();
    await expect
      .poll(async () => page.getByTestId('sb-mybets').locator('[data-status="won"]').count(), {
        timeout: 15_000,
      })
      .toBe(2);
    await page.close();
  });

  it('shows a pushed odds change without a reload and refuses an in-play bet whose odds moved', async () => {
    const member = await fundedMember();
    const match = await feed.match({ live: true, home: 'Cebu', away: 'Davao' });
    const market = match.markets.find((m) => m.type === '1x2')?.id ?? 0;
    const page = await openAs(member.token, `/sports?event=${encodeURIComponent(match.eventId)}`);
    await page.getByTestId(`sb-market-${market}`).waitFor();
    const before = await balance(member.token);

    await pick(page, `sb-market-${market}`, 'Cebu');
    await page.getByTestId(`sb-stake-${market}:home`).fill('10');
    await page.getByRole('button', { name: 'Place bets' }).click();
    await expect.poll(() => placedStatus(page).getAttribute('data-status')).toBe('pending');
    expect(await page.getByTestId('sb-placed').first().textContent()).toContain('Waiting for acceptance');

    // The price moves during the bet's delay: the page shows it (pushed, flashing up), and the bet is refused.
    const moved = matchMarkets.map((m) =>
      m.id === '1x2' ? { ...m, outcomes: { ...m.outcomes, home: 2_400 } } : m,
    );
    await feed.apply(oddsChange(match.eventId, moved));
    const home = page.getByTestId(`sb-market-${market}`).getByRole('button', { name: /^Cebu at / });
    await expect.poll(() => home.getAttribute('data-price'), { timeout: 5_000 }).toBe('2400');
    expect(await home.getAttribute('data-flash')).toBe('up');
    await expect
      .poll(() => placedStatus(page).getAttribute('data-status'), { timeout: 20_000 })
      .toBe('refused');
    expect(await page.getByTestId('sb-placed').first().textContent()).toContain('The odds changed.');
    await expect.poll(() => balance(member.token), { timeout: 10_000 }).toBe(before);

    // A score is pushed too.
    await feed.apply({
      type: 'score',
      producer: 'live',
      sequence: Date.now() % 1_000_000_000,
      timestamp: Date.now(),
      event_id: match.eventId,
      state: {
        status: 'live',
        period: 1,
        period_name: '1st half',
        clock: { seconds: 1_234, running: true },
        home_score: 1,
        away_score: 0,
        period_scores: [],
      },
      event: 'goal',
      side: 'home',
    });
    await expect
      .poll(() => page.getByTestId('sb-scoreboard').textContent(), { timeout: 5_000 })
      .toContain('1 – 0');
    await page.close();
  });

  it('cashes out an open single', async () => {
    const member = await fundedMember();
    const match = await feed.match({ home: 'Manila', away: 'Iloilo' });
    const market = match.markets.find((m) => m.type === '1x2')?.id ?? 0;
    const page = await openAs(member.token, `/sports?event=${encodeURIComponent(match.eventId)}`);
    await pick(page, `sb-market-${market}`, 'Iloilo');
    await page.getByTestId(`sb-stake-${market}:away`).fill('20');
    await page.getByRole('button', { name: 'Place bets' }).click();
    await expect.poll(() => placedStatus(page).getAttribute('data-status')).toBe('open');
    const before = await balance(member.token);

    await page.getByRole('tab', { name: 'My bets' }).click();
    await page.getByRole('button', { name: 'Cash out' }).click();
    const offer = page.getByRole('dialog', { name: 'Cash out' });
    await expect.poll(() => offer.textContent()).toMatch(/Cash out now for /);
    await offer.getByRole('button', { name: 'Confirm cash-out' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Cashed out' }).count()).toBe(1);
    await expect.poll(() => balance(member.token)).toBeGreaterThan(before);
    await page.getByRole('tab', { name: 'Settled' }).click();
    await expect
      .poll(() => page.getByTestId('sb-mybets').locator('[data-status="cashed_out"]').count())
      .toBe(1);
    await page.close();
  });

  it('looks right on desktop and phone, light and dark, in English and Tagalog', async () => {
    fs.mkdirSync(shots, { recursive: true });
    const member = await fundedMember();
    const match = await feed.match({ live: true, home: 'Kaya Iloilo', away: 'United City' });
    for (const [name, viewport] of [
      ['desktop', desktop],
      ['phone', phone],
    ] as const)
      for (const theme of ['light', 'dark'] as const)
        for (const language of ['EN', 'TY'] as const) {
          const page = await browser.newPage({ viewport });
          await useLanguage(page, language);
          await page.addInitScript(
            ([token, th]) => {
              sessionStorage.setItem('token', token as string);
              localStorage.setItem('theme', th as string);
            },
            [member.token, theme],
          );
          await page.goto(`${baseUrl()}/sports?section=inplay`);
          await closeAnnouncements(page);
          await page.locator('.sb-event').first().waitFor();
          await page.locator('.sb-event .sb-price:not(:disabled)').first().click();
          await page.screenshot({ path: `${shots}/list-${name}-${theme}-${language}.png` });
          await page.goto(`${baseUrl()}/sports?event=${encodeURIComponent(match.eventId)}`);
          await page.locator('.sb-market').first().waitFor();
          if (name === 'phone') {
            await page.getByTestId('sb-slip-open').click();
            await page.getByTestId('sb-slip').waitFor();
            await page.waitForTimeout(600);
            await page.screenshot({ path: `${shots}/slip-${name}-${theme}-${language}.png` });
            await page.keyboard.press('Escape');
          }
          await page.screenshot({ path: `${shots}/event-${name}-${theme}-${language}.png`, fullPage: true });
          await page.close();
        }
  }, 240_000);
});
