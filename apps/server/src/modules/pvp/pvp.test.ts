import { TRIAL_TYPE } from '@tala/contracts/members';
import { holdem } from '@tala/live/holdem';
import { pvpDeck } from '@tala/live/pvp';
import { hashServerSeed } from '@tala/slots/fairness';
import { sql } from 'kysely';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { testApp } from '../../testing/test-app.ts';
import { lotteryMember as fundedMember } from '../lottery/lottery-testing.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { pvpVendor } from './pvp-catalogue.ts';

// The PvP card tables (decision 057): seats with buy-ins into the table wallet, hands dealt from committed seeds,
// moves one at a time with their errors, the timer's moves, one ledger entry per hand, and every chip accounted for.

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const lucky = await services.merchants.byCode('lucky');
afterAll(() => app.close());

const TABLE = 'HOLDEM-10';
const FUNDS = 500_000;
const BUY_IN = 50_000;
let addresses = 0;
let requests = 0;
const requestId = () => `pvp-${Date.now().toString(36)}-${++requests}`;

type Player = { id: number; token: string; ip: string; device: string };

async function player(merchant: Merchant = tala, type = 0): Promise<Player> {
  const m = await fundedMember(services, merchant, FUNDS, type);
  addresses += 1;
  return {
    ...m,
    ip: `10.9.${Math.floor(addresses / 250)}.${addresses % 250}`,
    device: `device-${addresses}-abcdef`,
  };
}

const send = (method: 'GET' | 'POST', url: string, p?: Player, payload?: unknown, merchant = 'tala') =>
  app.inject({
    method,
    url,
    headers: { merchant, ...(p ? { authorization: p.token } : {}) },
    remoteAddress: p?.ip ?? '127.0.0.1',
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const sit = (p: Player, body: Record<string, unknown> = {}, code = TABLE) =>
  send('POST', `/wps/pvp/tables/${code}/sit`, p, {
    buyIn: BUY_IN,
    deviceId: p.device,
    requestId: requestId(),
    ...body,
  });
const state = (p?: Player, code = TABLE) => send('GET', `/wps/pvp/tables/${code}`, p);
const move = (p: Player, body: Record<string, unknown>, code = TABLE) =>
  send('POST', `/wps/pvp/tables/${code}/move`, p, body);
const leave = (p: Player, code = TABLE) => send('POST', `/wps/pvp/tables/${code}/leave`, p, {});

async function mainBalance(p: Player, merchant = tala) {
  return services.wallet.balance(await services.wallet.memberAccount(merchant.id, p.id));
}
async function tableBalance(p: Player, merchant = tala) {
  return services.wallet.balance(
    await services.wallet.memberAccount(merchant.id, p.id, { kind: 'member_vendor', vendorCode: pvpVendor }),
  );
}
async function rakeBalance(merchant = tala) {
  return services.wallet.balance(await services.wallet.houseAccount(merchant.id, 'house_vendor', pvpVendor));
}
async function tableId(code = TABLE, merchant = tala) {
  const row = await sql<{
    id: number;
  }>`SELECT id FROM pvp_tables WHERE merchant_id = ${merchant.id} AND code = ${code}`.execute(services.db);
  return Number(row.rows[0]?.id);
}
/** Everyone leaves the table and its hands end (each test starts at an empty table). */
async function clear(code = TABLE) {
  const id = await tableId(code);
  await sql`UPDATE pvp_hands SET deadline = now() - interval '1 second' WHERE table_id = ${id} AND ended_at IS NULL`.execute(
    services.db,
  );
  await sql`UPDATE pvp_seats SET leaving = true WHERE table_id = ${id}`.execute(services.db);
  for (let i = 0; i < 50; i++) {
    const running = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM pvp_hands WHERE table_id = ${id} AND ended_at IS NULL`.execute(
      services.db,
    );
    if (running.rows[0]?.n === 0) break;
    await sql`UPDATE pvp_hands SET deadline = now() - interval '1 second' WHERE table_id = ${id} AND ended_at IS NULL`.execute(
      services.db,
    );
    await services.pvp.tick();
  }
  for (const seat of await sql<{ member_id: number }>`SELECT member_id FROM pvp_seats WHERE table_id = ${id}`
    .execute(services.db)
    .then((r) => r.rows))
    await services.pvp.leave(tala, { id: seat.member_id }, code);
}
beforeEach(() => clear());

/** Two players seated and a hand dealt: answers them in the hand's seat order and the state as the first sees it. */
async function twoPlayerHand() {
  const a = await player();
  const b = await player();
  expect((await sit(a, { seat: 0 })).statusCode).toBe(200);
  expect((await sit(b, { seat: 1 })).statusCode).toBe(200);
  expect(await services.pvp.deal(await tableId())).toBe(true);
  const seen = (await state(a)).json().value;
  return { a, b, hand: seen.hand };
}

describe('the room list and a table', () => {
  it('lists the merchant’s tables with the rake stated, and shows a table to a guest without cards', async () => {
    const list = (await send('GET', '/wps/relay/GLS2_roomList')).json().value.list;
    expect(list.map((t: { code: string }) => t.code)).toEqual(
      expect.arrayContaining(['HOLDEM-10', 'HOLDEM-100', 'PUSOY-5', 'TONGITS-10']),
    );
    const table = list.find((t: { code: string }) => t.code === TABLE);
    expect(table).toMatchObject({ game: 'HOLDEM', stake: 1_000, rakeBps: 500, rakeCap: 3_000, seats: 6 });
    const pusoy = (await send('GET', '/wps/relay/GLS2_roomList?game=PUSOY')).json().value.list;
    expect(pusoy.map((t: { game: string }) => t.game)).toEqual(['PUSOY']);
    const guest = await state();
    expect(guest.statusCode).toBe(200);
    expect(guest.json().value).toMatchObject({ mySeat: null, seats: [] });
    expect((await state(undefined, 'NOPE-1')).json().errorCode).toBe('pvp_table_not_found');
  });
});

describe('sitting down', () => {
  it('moves the buy-in into the table wallet and back out on leaving, exactly', async () => {
    const a = await player();
    const response = await sit(a);
    expect(response.statusCode).toBe(200);
    expect(response.json().value.mySeat).toBe(0);
    expect(await mainBalance(a)).toBe(FUNDS - BUY_IN);
    expect(await tableBalance(a)).toBe(BUY_IN);
    expect(response.json().value.seats[0]).toMatchObject({ seat: 0, stack: BUY_IN, mine: true });
    expect((await leave(a)).statusCode).toBe(200);
    expect(await mainBalance(a)).toBe(FUNDS);
    expect(await tableBalance(a)).toBe(0);
  });

  it('refuses each bad sitting with its own code, moving no money', async () => {
    const a = await player();
    const b = await player();
    expect((await sit(a, { buyIn: 100 })).json().errorCode).toBe('pvp_buy_in_out_of_range');
    expect((await sit(a, { buyIn: 10.5 })).statusCode).toBe(400);
    expect((await sit(a, { seat: 7 })).json().errorCode).toBe('pvp_seat_taken');
    expect((await sit(a, { seat: 2 })).statusCode).toBe(200);
    expect((await sit(b, { seat: 2 })).json().errorCode).toBe('pvp_seat_taken');
    expect((await sit(a, { buyIn: 200_000 }, 'HOLDEM-100')).json().errorCode).toBe('pvp_already_seated');
    // Another member on the same address, or the same device: never at one table.
    const sameIp = { ...(await player()), ip: a.ip };
    expect((await sit(sameIp)).json().errorCode).toBe('pvp_same_address');
    const sameDevice = { ...(await player()), device: a.device };
    expect((await sit(sameDevice)).json().errorCode).toBe('pvp_same_address');
    const trial = await player(tala, TRIAL_TYPE);
    expect((await sit(trial)).json().errorCode).toBe('in_need_true_account');
    const guest = await send('POST', `/wps/pvp/tables/${TABLE}/sit`, undefined, {
      buyIn: BUY_IN,
      deviceId: 'x'.repeat(10),
      requestId: requestId(),
    });
    expect(guest.statusCode).toBe(401);
    const poor = await fundedMember(services, tala, 1_000);
    expect(
      (
        await send(
          'POST',
          `/wps/pvp/tables/${TABLE}/sit`,
          { ...poor, ip: '10.99.0.1', device: 'poor-device-1' },
          {
            buyIn: BUY_IN,
            deviceId: 'poor-device-1',
            requestId: requestId(),
          },
        )
      ).json().errorCode,
    ).toBe('insufficient_funds');
    for (const p of [b, sameIp, sameDevice, trial]) expect(await mainBalance(p)).toBe(FUNDS);
    expect(await mainBalance(a)).toBe(FUNDS - BUY_IN);
    expect((await leave(b)).json().errorCode).toBe('pvp_not_seated');
  });

  it('keeps merchants apart: another merchant’s member does not see or reach this table’s seats', async () => {
    const a = await player();
    await sit(a);
    const other = await player(lucky);
    const seen = (await send('GET', `/wps/pvp/tables/${TABLE}`, other, undefined, 'lucky')).json().value;
    expect(seen.seats).toEqual([]);
    const response = await send(
      'POST',
      `/wps/pvp/tables/${TABLE}/sit`,
      other,
      {
        buyIn: BUY_IN,
        deviceId: other.device,
        requestId: requestId(),
      },
      'lucky',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().value.seats).toHaveLength(1);
    await send('POST', `/wps/pvp/tables/${TABLE}/leave`, other, {}, 'lucky');
  });
});

describe('a hand', () => {
  it('is dealt from the committed deck, hides the other player’s cards, and settles once in the ledger', async () => {
    const { a, b, hand } = await twoPlayerHand();
    expect(hand).toMatchObject({ handNo: expect.any(Number), seq: 0, serverSeed: null });
    const mine = hand.view.seats.find((s: { seat: number }) => s.seat === 0);
    const theirs = hand.view.seats.find((s: { seat: number }) => s.seat === 1);
    expect(mine.cards).toHaveLength(2);
    expect(theirs.cards).toBeNull();
    const guestView = (await state()).json().value.hand.view;
    expect(guestView.seats.every((s: { cards: unknown }) => s.cards === null)).toBe(true);

    // Heads-up the button is the small blind and acts first: whoever it is folds.
    const first = hand.toAct === 0 ? a : b;
    const second = first === a ? b : a;
    expect(
      (await move(second, { handNo: hand.handNo, seq: 0, move: { type: 'fold' } })).json().errorCode,
    ).toBe('pvp_not_your_turn');
    expect(
      (await move(first, { handNo: hand.handNo, seq: 3, move: { type: 'fold' } })).json().errorCode,
    ).toBe('pvp_stale_move');
    expect(
      (await move(first, { handNo: hand.handNo, seq: 0, move: { type: 'bogus' } })).json().errorCode,
    ).toBe('pvp_illegal_move');
    expect(
      (await move(first, { handNo: hand.handNo, seq: 0, move: { type: 'raise', to: BUY_IN * 10 } })).json()
        .errorCode,
    ).toBe('pvp_bet_above_stack');
    expect(
      (await move(first, { handNo: hand.handNo, seq: 0, move: { type: 'check' } })).json().errorCode,
    ).toBe('pvp_illegal_move');
    const folded = await move(first, { handNo: hand.handNo, seq: 0, move: { type: 'fold' } });
    expect(folded.statusCode).toBe(200);
    const over = folded.json().value.hand;
    expect(over.endedAt).not.toBeNull();
    expect(over.serverSeed).not.toBeNull();
    expect(hashServerSeed(over.serverSeed)).toBe(hand.serverSeedHash);
    // No flop, no drop: the small blind goes to the big blind, no rake.
    expect(over.outcome.rake).toBe(0);
    expect(await tableBalance(first)).toBe(BUY_IN - 500);
    expect(await tableBalance(second)).toBe(BUY_IN + 500);
    // A replay of the same move, and any move after the end, moves nothing.
    expect(
      (await move(first, { handNo: hand.handNo, seq: 0, move: { type: 'fold' } })).json().errorCode,
    ).toBe('pvp_hand_over');
    expect(await tableBalance(first)).toBe(BUY_IN - 500);

    // The deck is the committed one: the holder's cards are the deck's as the rules deal it.
    const id = await tableId();
    const row = await sql<{ players: unknown; button: number }>`
      SELECT players, button FROM pvp_hands WHERE table_id = ${id} AND hand_no = ${hand.handNo}`.execute(
      services.db,
    );
    const players = row.rows[0]?.players as { seat: number; stack: number }[];
    const redealt = holdem.deal({
      seats: players.map((p) => ({ seat: p.seat, stack: p.stack })),
      button: Number(row.rows[0]?.button),
      stake: 1_000,
      rakeBps: 500,
      rakeCap: 3_000,
      deck: pvpDeck(over.serverSeed, TABLE, hand.handNo),
    });
    expect(
      (holdem.view(redealt, 0) as { seats: { seat: number; cards: unknown }[] }).seats[0]?.cards,
    ).toEqual(mine.cards);

    // History: both players see the hand with its moves and seed.
    const history = (await send('GET', '/wps/pvp/hands', a)).json().value.hands;
    expect(history[0]).toMatchObject({ tableCode: TABLE, handNo: hand.handNo, rake: 0, seat: 0 });
    expect(history[0].moves).toHaveLength(1);
    expect(history[0].net).toBe(first === a ? -500 : 500);
  });

  it('rakes a pot that saw the flop, and every chip stays accounted for', async () => {
    const { a, b, hand } = await twoPlayerHand();
    const rakeBefore = await rakeBalance();
    const order = (seat: number) => (seat === 0 ? a : b);
    let current = hand;
    // Pre-flop: call and check; then the first to act on the flop bets and the other folds.
    current = (
      await move(order(current.toAct), { handNo: current.handNo, seq: current.seq, move: { type: 'call' } })
    ).json().value.hand;
    current = (
      await move(order(current.toAct), { handNo: current.handNo, seq: current.seq, move: { type: 'check' } })
    ).json().value.hand;
    expect(current.view.street).toBe('flop');
    current = (
      await move(order(current.toAct), {
        handNo: current.handNo,
        seq: current.seq,
        move: { type: 'raise', to: 2_000 },
      })
    ).json().value.hand;
    const folding = order(current.toAct);
    const done = (
      await move(folding, { handNo: current.handNo, seq: current.seq, move: { type: 'fold' } })
    ).json().value.hand;
    // The pot of 2,000 (two big blinds) is raked 5%: 100.
    expect(done.outcome.rake).toBe(100);
    expect(await rakeBalance()).toBe(rakeBefore + 100);
    const winner = folding === a ? b : a;
    expect(await tableBalance(folding)).toBe(BUY_IN - 1_000);
    expect(await tableBalance(winner)).toBe(BUY_IN + 1_000 - 100);
    // Every chip: main + table wallets of both = their deposits − the rake.
    const total =
      (await mainBalance(a)) + (await mainBalance(b)) + (await tableBalance(a)) + (await tableBalance(b));
    expect(total).toBe(2 * FUNDS - 100);
    // The hand is in both players' betting records and P&L as product PVP: profit is the change in chips.
    const from = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const record = (
      await send('GET', `/wps/relay/MCSFE_getBetRecords?product=PVP&from=${from}&to=${to}`, winner)
    ).json().value;
    expect(record.list[0]).toMatchObject({ product: 'PVP', vendor: 'TPVP', bet: 0, win: 900, profit: 900 });
    const lost = (
      await send('GET', `/wps/relay/MCSFE_getBetRecords?product=ALL&from=${from}&to=${to}`, folding)
    ).json().value;
    expect(lost.list[0]).toMatchObject({ product: 'PVP', bet: 1_000, win: 0, profit: -1_000 });
    const pl = (await send('GET', '/wps/relay/MCSFE_getProfitLoss?period=today', folding)).json().value;
    expect(pl.products.find((p: { product: string }) => p.product === 'PVP')).toMatchObject({
      profit: -1_000,
    });
    const entry = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ledger_entries WHERE idempotency_key LIKE 'pvp:hand:%' AND memo = ${`${TABLE} #${hand.handNo}`}`.execute(
      services.db,
    );
    expect(entry.rows[0]?.n).toBe(1);
  });

  it('plays the timer’s move when a turn runs out, and a seat that misses two turns leaves with its chips', async () => {
    const { a, b, hand } = await twoPlayerHand();
    const id = await tableId();
    const absent = hand.toAct === 0 ? a : b;
    await sql`UPDATE pvp_hands SET deadline = now() - interval '1 second' WHERE table_id = ${id} AND ended_at IS NULL`.execute(
      services.db,
    );
    const { timeouts } = await services.pvp.tick();
    expect(timeouts).toBe(1);
    const after = (await state(absent)).json().value.hand;
    // Facing the big blind the timer folds (it may not check): the hand is over.
    expect(after.endedAt).not.toBeNull();
    const moves = await sql<{ auto: boolean; move: { type: string } }>`
      SELECT m.auto, m.move FROM pvp_moves m JOIN pvp_hands h ON h.id = m.hand_id
       WHERE h.table_id = ${id} AND h.hand_no = ${hand.handNo}`.execute(services.db);
    expect(moves.rows).toEqual([{ auto: true, move: { type: 'fold' } }]);
    // A second missed turn in a row (the other player making their own moves): the seat is cashed out after that hand.
    const present = absent === a ? b : a;
    expect(await services.pvp.deal(id)).toBe(true);
    for (let i = 0; i < 20; i++) {
      const current = (await state(present)).json().value.hand;
      if (current.endedAt) break;
      const presentSeat = present === a ? 0 : 1;
      if (current.toAct === presentSeat) {
        const action = current.view.action;
        const type = action.toCall > 0 ? 'call' : 'check';
        expect(
          (await move(present, { handNo: current.handNo, seq: current.seq, move: { type } })).statusCode,
        ).toBe(200);
      } else {
        await sql`UPDATE pvp_hands SET deadline = now() - interval '1 second' WHERE table_id = ${id} AND ended_at IS NULL`.execute(
          services.db,
        );
        await services.pvp.tick();
      }
    }
    const seats = (await state()).json().value.seats;
    expect(seats.map((s: { seat: number }) => s.seat)).toEqual([present === a ? 0 : 1]);
    expect(await tableBalance(absent)).toBe(0);
    const total =
      (await mainBalance(a)) + (await mainBalance(b)) + (await tableBalance(a)) + (await tableBalance(b));
    expect(total + (await handRake([a.id, b.id]))).toBe(2 * FUNDS);
  });

  it('leaves after the hand when asked during it, the timer folding the seat at once', async () => {
    const { a, b, hand } = await twoPlayerHand();
    const leaver = hand.toAct === 0 ? a : b;
    expect((await leave(leaver)).json().value.seats.find((s: { mine: boolean }) => s.mine)?.leaving).toBe(
      true,
    );
    await services.pvp.tick();
    expect(await tableBalance(leaver)).toBe(0);
    expect(await mainBalance(leaver)).toBe(FUNDS - 500);
  });
});

/** The rake taken from hands these members played. */
async function handRake(memberIds: number[]) {
  const rows = await sql<{ rake: number }>`
    SELECT coalesce(sum(DISTINCT h.rake), 0)::int AS rake FROM pvp_hands h JOIN pvp_hand_players p ON p.hand_id = h.id
     WHERE p.member_id = ANY(${memberIds})`.execute(services.db);
  return Number(rows.rows[0]?.rake ?? 0);
}

/** Plays a table's running hand to its end with the timer's moves only (every player away). */
async function playOutByTimer(code: string) {
  const id = await tableId(code);
  for (let i = 0; i < 400; i++) {
    const running = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pvp_hands WHERE table_id = ${id} AND ended_at IS NULL`.execute(
      services.db,
    );
    if (running.rows[0]?.n === 0) return;
    await sql`UPDATE pvp_hands SET deadline = now() - interval '1 second' WHERE table_id = ${id} AND ended_at IS NULL`.execute(
      services.db,
    );
    await services.pvp.tick();
  }
  throw new Error(`the hand at ${code} did not end`);
}

describe('Pusoy Dos and Tongits at the table', () => {
  for (const [code, players, buyIn] of [
    ['PUSOY-5', 2, 50_000],
    ['TONGITS-10', 3, 20_000],
  ] as const) {
    it(`${code}: a hand played out by the timer settles with every chip accounted for`, async () => {
      await clear(code);
      const seated: Player[] = [];
      for (let i = 0; i < players; i++) {
        const p = await player();
        expect((await sit(p, { buyIn }, code)).statusCode).toBe(200);
        seated.push(p);
      }
      const rakeBefore = await rakeBalance();
      expect(await services.pvp.deal(await tableId(code))).toBe(true);
      const first = (await state(seated[0], code)).json().value.hand;
      expect(first.view).toBeTruthy();
      await playOutByTimer(code);
      const last = (await state(seated[0], code)).json().value.hand;
      expect(last.endedAt).not.toBeNull();
      expect(hashServerSeed(last.serverSeed)).toBe(first.serverSeedHash);
      const rake = (await rakeBalance()) - rakeBefore;
      expect(rake).toBe(last.outcome.rake);
      let total = rake;
      for (const p of seated) total += (await mainBalance(p)) + (await tableBalance(p));
      expect(total).toBe(players * FUNDS);
      for (const p of seated) await leave(p, code);
      for (const p of seated) expect(await tableBalance(p)).toBe(0);
    });
  }
});

describe('moves racing', () => {
  it('takes one of two moves sent at once with the same number, and the timer never plays over a move', async () => {
    const { a, b, hand } = await twoPlayerHand();
    const actor = hand.toAct === 0 ? a : b;
    const body = { handNo: hand.handNo, seq: 0, move: { type: 'call' } };
    const id = await tableId();
    await sql`UPDATE pvp_hands SET deadline = now() - interval '1 second' WHERE table_id = ${id} AND ended_at IS NULL`.execute(
      services.db,
    );
    const [one, two] = await Promise.all([move(actor, body), move(actor, body), services.pvp.tick()]);
    const codes = [one, two].map((r) => (r.statusCode === 200 ? 'ok' : r.json().errorCode)).sort();
    const moves = await sql<{ seq: number; auto: boolean }>`
      SELECT m.seq, m.auto FROM pvp_moves m JOIN pvp_hands h ON h.id = m.hand_id
       WHERE h.table_id = ${id} AND h.hand_no = ${hand.handNo} ORDER BY m.seq`.execute(services.db);
    // Either the timer folded first (both calls stale or over) or one call won and the other is stale.
    if (moves.rows[0]?.auto)
      expect(codes.every((c) => c === 'pvp_stale_move' || c === 'pvp_hand_over')).toBe(true);
    else expect(codes).toEqual(['ok', 'pvp_stale_move']);
    expect(moves.rows.filter((m) => m.seq === 0)).toHaveLength(1);
  });
});
