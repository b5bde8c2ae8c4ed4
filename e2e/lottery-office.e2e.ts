// Browser test of the lottery back office (issue 14 part 5; docs/decisions/042-lottery-office.md): a daily game's
// result entered by the owner and approved by finance (four eyes) in the Draws tab, after which the draw shows as
// settled and the member's đề bet paid; and the live exposure of a fast game's open draw after a bet.
// A daily draw is due once a day, so the test makes one whose sale it can close at once: it needs the server's
// database (DATABASE_URL set, as in CI) and is skipped on the embedded one.
import crypto from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { registerMember } from './members-support.ts';
import { adminCall, adminLogin } from './support/api.ts';
import { signInToBackOffice } from './support/back-office.ts';
import { baseUrl, server, useBrowser } from './support/browser.ts';
import { depositApproved } from './support/lottery.ts';

const { newPage } = useBrowser();
const databaseUrl = server().databaseUrl;

async function placeBet(token: string, body: Record<string, unknown>) {
  const response = await fetch(`${baseUrl()}/lgw/vn/bets`, {
    method: 'POST',
    headers: { authorization: token, merchant: 'tala', 'content-type': 'application/json' },
    body: JSON.stringify({
      prizeMode: 'Lott',
      requestId: `e2e-${crypto.randomBytes(6).toString('hex')}`,
      ...body,
    }),
  });
  const json = (await response.json()) as { success: boolean; value: { bet: { betId: number } } };
  if (!json.success) throw new Error(`bet failed: ${JSON.stringify(json)}`);
  return json.value.bet;
}

async function balance(token: string) {
  const response = await fetch(`${baseUrl()}/wps/v2/wallets/balance`, { headers: { authorization: token } });
  return ((await response.json()) as { value: { sumBalance: number } }).value.sumBalance;
}

describe('the lottery back office', () => {
  it.skipIf(!databaseUrl)(
    'enters a daily result as the owner, approves it as finance, and shows the draw settled and the bet paid',
    async () => {
      const owner = await adminLogin();
      await adminCall(owner, 'PUT', '/admin-api/merchants/tala/lottery/games/VNND', {
        enabled: true,
        onSale: true,
        rebates: { Lott: 0, ZY: 0, Elott: 0, SEA: 0 },
      });
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      const n = 1000 + Math.floor(Math.random() * 8000);
      const issueNo = `2099${String(n).padStart(4, '0')}-001`;
      const seed = crypto.randomBytes(32).toString('hex');
      const made = await db.query<{ id: string }>(
        `INSERT INTO lottery_draws (merchant_id, game_code, game_version, issue_index, issue_no, sale_opens_at,
           sale_closes_at, draw_at, server_seed, server_seed_hash)
         SELECT id, 'VNND', 1, $1, $2, now() - interval '1 minute', now() + interval '1 minute',
                now() + interval '2 minutes', $3, $4 FROM merchants WHERE code = 'tala' RETURNING id`,
        [3_000_000_000 + n, issueNo, seed, crypto.createHash('sha256').update(seed).digest('hex')],
      );
      const drawId = Number(made.rows[0]?.id);
      const member = await registerMember();
      await depositApproved(member.token, 20_000);
      await placeBet(member.token, {
        gameCode: 'VNND',
        issueNo,
        betType: 'de',
        picks: [45],
        stakePerLine: 1_000,
      });
      const before = await balance(member.token);
      // The outside draw has happened: the sale closed and the draw time passed.
      await db.query(
        `UPDATE lottery_draws SET sale_closes_at = now() - interval '2 seconds', draw_at = now() - interval '1 second'
          WHERE id = $1`,
        [drawId],
      );
      await db.end();

      const entering = await newPage();
      await signInToBackOffice(entering, 'owner', 'owner-demo-1');
      await entering.goto(`${baseUrl()}/admin/lottery/tala/draws`);
      await entering.getByRole('heading', { level: 1, name: 'Lottery' }).waitFor();
      await entering.getByLabel('Game').selectOption('VNND');
      await entering.getByRole('button', { name: `Open issue ${issueNo}` }).click();
      const prizes = [
        ['Special prize', '12345'],
        ['First prize', '11111'],
        ['Second prize', '22222 22223'],
        ['Third prize', '33331 33332 33333 33334 33335 33336'],
        ['Fourth prize', '4441 4442 4443 4444'],
        ['Fifth prize', '5551 5552 5553 5554 5555 5556'],
        ['Sixth prize', '661 662 663'],
        ['Seventh prize', '71 72 73 74'],
      ];
      // A mistyped special prize first: the server names the prize and the rule.
      for (const [tier, numbers] of prizes)
        await entering
          .getByLabel(new RegExp(`^${tier}:`))
          .fill(tier === 'Special prize' ? '1234' : (numbers as string));
      await entering.getByRole('button', { name: 'Submit for approval' }).click();
      await entering.getByText('must be exactly 5 digits').waitFor();
      await entering.getByLabel(/^Special prize:/).fill('12345');
      await entering.getByRole('button', { name: 'Submit for approval' }).click();
      await entering
        .getByText('You entered this result: another operator must approve or reject it.')
        .waitFor();

      const approving = await newPage();
      await signInToBackOffice(approving, 'finance', 'finance-demo-1');
      await approving.goto(`${baseUrl()}/admin/lottery/tala/draws`);
      await approving.getByLabel('Game').selectOption('VNND');
      await approving.getByRole('button', { name: `Open issue ${issueNo}` }).click();
      await approving.getByText('Check the result owner entered').waitFor();
      await approving.getByRole('button', { name: 'Approve result' }).click();
      await expect
        .poll(() => approving.getByTestId('draw-status').textContent(), { timeout: 15_000 })
        .toBe('Settled');
      expect(await approving.getByTestId('draw-settlement').textContent()).toContain('0 of 1 bets open');
      // đề 45 on the special prize 12345 pays ×97.5: 97 500 on a stake of 1 000 (minor units).
      expect(await balance(member.token)).toBe(before + 97_500);
    },
  );

  it('shows the live exposure of a fast game’s open draw', async () => {
    const member = await registerMember();
    await depositApproved(member.token, 20_000);
    const draws = (await (
      await fetch(`${baseUrl()}/lgw/vn/games/draws?gameCode=VNN5`, { headers: { merchant: 'tala' } })
    ).json()) as {
      value: { current: { issueNo: string; saleClosesAt: string } | null; next: { issueNo: string } };
    };
    const current = draws.value.current;
    const issueNo =
      current && new Date(current.saleClosesAt).getTime() - Date.now() > 20_000 ? current.issueNo : null;
    if (!issueNo) return; // the sale is about to close: nothing to show that would still be open (rare)
    await placeBet(member.token, {
      gameCode: 'VNN5',
      issueNo,
      betType: 'de',
      picks: [77],
      stakePerLine: 1_000,
    });

    const page = await newPage();
    await signInToBackOffice(page, 'support', 'support-demo-1');
    await page.goto(`${baseUrl()}/admin/lottery/tala/exposure`);
    await page.getByLabel('Game').selectOption('VNN5');
    await page.getByTestId('exposure-draw').filter({ hasText: issueNo }).waitFor();
    const row = page.getByRole('row').filter({ hasText: '77' }).filter({ hasText: 'Đề' });
    await row.waitFor();
    expect(await row.textContent()).toContain('P975');
    // Support reads, but has no P&L tab and no editing.
    expect(await page.getByRole('link', { name: 'P&L' }).count()).toBe(0);
  });
});
