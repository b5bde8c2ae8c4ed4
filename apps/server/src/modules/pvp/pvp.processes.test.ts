// Two server processes on one database share the PvP tables: each runs its own clock (deals and turn timers) and its
// own change feed with the relay, moves reach either; every hand is dealt once, its moves are numbered without a gap
// or a double, it is settled once, every chip stays accounted for, and both processes' sockets hear of each change.
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { postgresChangeRelay } from '../../db/change-relay.ts';
import { changeFeed } from '../../lib/change-feed.ts';
import { testApp } from '../../testing/test-app.ts';
import { lotteryMember as fundedMember } from '../lottery/lottery-testing.ts';
import { pvpService } from './pvp.service.ts';
import { pvpVendor } from './pvp-catalogue.ts';

const { services } = await testApp();
const tala = await services.merchants.byCode('tala');
const TABLE = 'HOLDEM-10';

describe.skipIf(!process.env.DATABASE_URL)('PvP tables across two server processes', () => {
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  it('deals, times out and settles each hand once with both clocks racing, and tells both processes', async () => {
    const name = (await sql<{ name: string }>`SELECT current_database() AS name`.execute(services.db)).rows[0]
      ?.name as string;
    const url = new URL(process.env.DATABASE_URL as string);
    url.pathname = `/${name}`;
    const processes = await Promise.all(
      [0, 1].map(async () => {
        const feed = changeFeed();
        stops.push(feed.connect(await postgresChangeRelay(url.toString(), services.db, feed)));
        const sent: string[] = [];
        const socket = {
          OPEN: 1,
          readyState: 1,
          send: (data: string) => sent.push(data),
        } as unknown as WebSocket;
        const pvp = pvpService(services.db, {
          wallet: services.wallet,
          games: services.games,
          limits: services.limits,
          feed,
          hub: {
            watchersOf: (code, merchantId) => (code === TABLE && merchantId === tala.id ? [socket] : []),
          },
        });
        return { pvp, sent };
      }),
    );
    const [one, two] = processes as [(typeof processes)[0], (typeof processes)[0]];
    const funds = 200_000;
    const players = [];
    for (let i = 0; i < 3; i++) {
      const m = await fundedMember(services, tala, funds);
      await (i % 2 ? two : one).pvp.sit(tala, { id: m.id }, `10.77.0.${i + 1}`, TABLE, {
        buyIn: 50_000,
        deviceId: `processes-${i}-device`,
        requestId: `processes-sit-${i}`,
      });
      players.push(m);
    }
    const tableId = Number(
      (
        await sql<{
          id: number;
        }>`SELECT id FROM pvp_tables WHERE merchant_id = ${tala.id} AND code = ${TABLE}`.execute(services.db)
      ).rows[0]?.id,
    );
    // Both clocks, many beats at once: every turn due at once, hands dealt without the pause.
    for (let beat = 0; beat < 40; beat++) {
      await sql`UPDATE pvp_hands SET deadline = now() - interval '1 second' WHERE table_id = ${tableId} AND ended_at IS NULL`.execute(
        services.db,
      );
      await sql`UPDATE pvp_hands SET ended_at = ended_at - interval '10 seconds' WHERE table_id = ${tableId} AND ended_at IS NOT NULL`.execute(
        services.db,
      );
      await sql`UPDATE pvp_seats SET missed = 0 WHERE table_id = ${tableId}`.execute(services.db);
      await Promise.all([one.pvp.tick(), two.pvp.tick(), one.pvp.tick(), two.pvp.tick()]);
    }
    const hands = await sql<{
      id: number;
      seq: number;
      ended: boolean;
      entry: number | null;
      outcome: unknown;
    }>`
      SELECT id, seq, ended_at IS NOT NULL AS ended, settle_entry_id AS entry, outcome
        FROM pvp_hands WHERE table_id = ${tableId} ORDER BY hand_no`.execute(services.db);
    expect(hands.rows.length).toBeGreaterThan(3);
    for (const hand of hands.rows) {
      const moves = await sql<{
        seq: number;
      }>`SELECT seq FROM pvp_moves WHERE hand_id = ${hand.id} ORDER BY seq`.execute(services.db);
      expect(moves.rows.map((m) => m.seq)).toEqual([...Array(hand.seq).keys()]);
      const entries = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ledger_entries WHERE idempotency_key = ${`pvp:hand:${hand.id}`}`.execute(
        services.db,
      );
      expect(entries.rows[0]?.n).toBe(hand.ended && hand.entry !== null ? 1 : 0);
    }
    // Every chip: main and table wallets of the three plus the house's rake.
    let total = 0;
    for (const p of players) {
      total += await services.wallet.balance(await services.wallet.memberAccount(tala.id, p.id));
      total += await services.wallet.balance(
        await services.wallet.memberAccount(tala.id, p.id, { kind: 'member_vendor', vendorCode: pvpVendor }),
      );
    }
    const rake = await sql<{
      rake: number;
    }>`SELECT coalesce(sum(rake), 0)::int AS rake FROM pvp_hands WHERE table_id = ${tableId}`.execute(
      services.db,
    );
    expect(total + Number(rake.rows[0]?.rake)).toBe(3 * funds);
    // Each process's socket heard of the changes the other made.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const process of [one, two]) expect(process.sent.length).toBeGreaterThan(hands.rows.length);
  });
});
