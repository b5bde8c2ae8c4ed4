// Browser test of the fish rooms (issue 17, "a fish caught and paid"): a member opens /fish, launches a room through
// the catalogue, takes a seat, shoots the cheapest fish at the lowest bet until one is caught, sees the win, and the
// balance moves by exactly the shots' bets and wins (the recall's totals and the wallet agree). Once the wave is over
// its seed is shown and the browser checks every shot with the engine's verifier. Then the room in Tagalog on a phone
// in the dark theme.
import type { FishRecallWave, FishRoom } from '@tala/contracts/fish';
import type { FrameLocator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closeAnnouncements, registerMember, signInPage } from './members-support.ts';
import { baseUrl, phone, useBrowser } from './support/browser.ts';
import { memberToken, money } from './support/live.ts';
import { depositApproved } from './support/lottery.ts';

const browser = useBrowser();

async function rooms(): Promise<FishRoom[]> {
  const body = (await (await fetch(`${baseUrl()}/wps/fish/rooms`)).json()) as { value: { list: FishRoom[] } };
  return body.value.list;
}

async function recall(token: string, roomCode: string): Promise<FishRecallWave[]> {
  const body = (await (
    await fetch(`${baseUrl()}/wps/fish/recall?roomCode=${roomCode}`, { headers: { authorization: token } })
  ).json()) as { value: { waves: FishRecallWave[] } };
  return body.value.waves;
}

async function walletBalance(token: string): Promise<number> {
  const body = (await (
    await fetch(`${baseUrl()}/wps/relay/SLOTS_balance`, { headers: { authorization: token } })
  ).json()) as { value: { amount: number } };
  return body.value.amount;
}

/** Fires at the locked kind, a little under the room's cap, until the page shows a catch. */
async function shootUntilCaught(frame: FrameLocator) {
  const caught = frame.getByTestId('last-catch');
  const fire = frame.getByRole('button', { name: 'Fire', exact: true });
  const deadline = Date.now() + 90_000;
  while (!(await caught.isVisible())) {
    if (Date.now() > deadline) throw new Error('no fish caught in 90 s');
    await fire.click();
    await new Promise((resolve) => setTimeout(resolve, 260));
  }
}

describe('a fish room', () => {
  it('lets a member shoot until a fish is caught, shows the win and moves the balance by exactly bets and wins', async () => {
    const room = (await rooms()).find((r) => !r.maintenance && r.seatsTaken < r.seats);
    if (!room) throw new Error('no open fish room');
    const member = await registerMember();
    await depositApproved(member.token, 20_000);
    const token = await memberToken(member.username, member.password);
    const before = await walletBalance(token);
    expect(before).toBeGreaterThan(room.bets[0]! * 50);

    const page = await browser.newPage();
    await signInPage(page, token);
    await page.goto(`${baseUrl()}/fish`);
    await closeAnnouncements(page);
    const card = page.getByTestId(`fish-room-${room.code}`);
    await card.waitFor({ timeout: 15_000 });
    await card.getByRole('button', { name: `Play in ${room.name}` }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/game');
    const frame = page.frameLocator('iframe').first();
    await frame.getByRole('heading', { level: 1, name: room.name }).waitFor({ timeout: 20_000 });

    // Seated on open, with a client seed this browser made; the balance is the wallet's.
    await frame.getByRole('button', { name: 'Leave seat' }).waitFor({ timeout: 15_000 });
    await frame.getByRole('button', { name: 'Fairness' }).click();
    await expect
      .poll(async () => (await frame.getByTestId('client-seed').textContent()) ?? '')
      .toMatch(/^[0-9a-f]{32}$/);
    expect(await frame.getByTestId('seed-hash').textContent()).toMatch(/^[0-9a-f]{64}$/);
    await frame.getByRole('button', { name: 'Close' }).click();
    await expect.poll(async () => money(await frame.getByTestId('balance').textContent())).toBe(before);

    // The cheapest fish at the lowest bet, until one is caught.
    expect(Number(await frame.getByTestId('bet').inputValue())).toBe(room.bets[0]);
    await frame.getByLabel('Aim at').selectOption('sardine');
    const waveText = async () => (await frame.getByTestId('wave-no').textContent()) ?? '';
    await shootUntilCaught(frame);
    const catchWave = await waveText();
    const shown = (await frame.getByTestId('last-catch').textContent()) ?? '';
    expect(shown).toMatch(/^Last catch: Sardine ×\d+, P[\d,]+\.\d\d$/);

    // Every shot settled: the balance on the page and in the wallet is the start less the bets plus the wins, as the
    // recall counts them; the win shown is a shot's win in the recall.
    await expect
      .poll(
        async () => {
          const waves = await recall(token, room.code);
          const bets = waves.reduce((sum, w) => sum + w.totalBet, 0);
          const wins = waves.reduce((sum, w) => sum + w.totalWin, 0);
          const shownBalance = money(await frame.getByTestId('balance').textContent());
          const wallet = await walletBalance(token);
          return bets > 0 && wins > 0 && shownBalance === before - bets + wins && wallet === shownBalance;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);
    const waves = await recall(token, room.code);
    const shots = waves.flatMap((w) => w.shots);
    expect(shots.every((s) => s.kind === 'sardine' && s.bet === room.bets[0])).toBe(true);
    expect(shots.every((s) => s.win === (s.caught ? s.bet * s.multiplier : 0))).toBe(true);
    const won = shots.filter((s) => s.caught).map((s) => s.win);
    expect(won.some((win) => shown.endsWith(`P${(win / 100).toFixed(2)}`))).toBe(true);
    const totals = (await frame.getByTestId('session-totals').textContent()) ?? '';
    expect(totals).toContain(`${shots.length} shots`);

    // Once the wave is over its seed is shown, and the recall checks each shot in the browser.
    await expect.poll(waveText, { timeout: 75_000, interval: 1_000 }).not.toBe(catchWave);
    await frame.getByRole('button', { name: 'Last 10 waves' }).click();
    const wave = frame.getByTestId('fish-recall').locator('details').first();
    await wave.waitFor();
    await expect
      .poll(async () => (await wave.getByTestId('recall-verified').textContent()) ?? '', { timeout: 10_000 })
      .toBe('✓ Verified');
    await wave.locator('summary').click();
    expect(await wave.getByTestId('shot-check').allTextContents()).toEqual(waves[0]!.shots.map(() => '✓'));
    await frame.getByRole('button', { name: 'Close' }).click();

    // Leaving frees the seat.
    await frame.getByRole('button', { name: 'Leave seat' }).click();
    await frame.getByRole('button', { name: 'Take a seat' }).waitFor();
    await page.close();
  }, 200_000);

  it('shows the room in Tagalog on a phone in the dark theme', async () => {
    const room = (await rooms())[0];
    if (!room) throw new Error('no fish room');
    const member = await registerMember();
    const token = await memberToken(member.username, member.password);
    const page = await browser.newPage({ viewport: phone });
    await signInPage(page, token);
    await page.goto(`${baseUrl()}/games/fish/${room.code}?lang=TY&theme=dark`);
    await page.getByRole('heading', { level: 1, name: room.name }).waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.getByRole('button', { name: 'Umalis sa upuan' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Tira', exact: true }).waitFor();
    expect(await page.getByText(/upuan ang may nakaupo/).count()).toBe(1);
    // The sea is as wide as the phone, and nothing makes the page scroll sideways.
    const sea = await page.getByTestId('fish-canvas').boundingBox();
    expect(sea?.width).toBeGreaterThan(phone.width - 40);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

    // Held sideways: the sea keeps the screen's height and the cannon's controls stand beside it, all in view.
    await page.setViewportSize({ width: phone.height, height: phone.width });
    const fire = await page.getByRole('button', { name: 'Tira', exact: true }).boundingBox();
    const wide = await page.getByTestId('fish-canvas').boundingBox();
    expect(fire && wide && fire.x).toBeGreaterThanOrEqual((wide?.x ?? 0) + (wide?.width ?? 0));
    expect((fire?.y ?? 0) + (fire?.height ?? 0)).toBeLessThanOrEqual(phone.width);
    expect(await page.getByLabel('Puntiryahin').isVisible()).toBe(true);
    await page.close();
  });
});
