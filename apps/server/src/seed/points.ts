import zlib from 'node:zlib';
import { pointsRepository } from '../modules/points/points.repository.ts';
import type { Services } from '../services.ts';

/** A small flat PNG in one colour with a lighter band: each demo reward's picture, made here (no outside asset). */
function rewardPng(rgb: [number, number, number], width = 160, height = 120) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const band = y > height * 0.4 && y < height * 0.6;
    for (let x = 0; x < width; x++) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      rgb.forEach((v, i) => {
        rows[at + i] = band ? Math.min(255, v + 70) : v;
      });
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const rewards = [
  { EN: 'Tala travel mug', TY: 'Tala travel mug', points: 300, stock: 40, rgb: [37, 99, 235] },
  { EN: 'Bluetooth earbuds', TY: 'Bluetooth earbuds', points: 2_500, stock: 12, rgb: [15, 118, 110] },
  { EN: 'P500 grocery voucher', TY: 'P500 na grocery voucher', points: 5_000, stock: 25, rgb: [202, 138, 4] },
  { EN: 'Tala cap', TY: 'Sombrerong Tala', points: 150, stock: 80, rgb: [190, 18, 60] },
  { EN: 'Smartphone 128 GB', TY: 'Smartphone 128 GB', points: 60_000, stock: 2, rgb: [79, 70, 229] },
] as const;

/**
 * The demo merchant's point mall: ratios (1 point per P100 of valid bets, P50 of deposits; 100 points make P10),
 * a catalogue with pictures, and the demo member's points from earlier play.
 */
export async function seedDemoPoints(services: Services) {
  const tala = await services.merchants.byCode('tala');
  const owner = await services.db
    .selectFrom('operators')
    .select(['id', 'username'])
    .where('username', '=', 'owner')
    .executeTakeFirstOrThrow();
  const actor = { id: owner.id, name: owner.username, ip: '127.0.0.1' };
  await services.points.saveSettings(actor, tala, {
    earnRates: { live: 10_000, lottery: 10_000, pvp: 10_000, slots: 10_000, sports: 10_000, deposit: 5_000 },
    cashPerPoint: 10,
    minConvertPoints: 100,
  });
  for (const [i, r] of rewards.entries()) {
    const saved = await services.points.saveReward(actor, tala, null, {
      names: { EN: r.EN, TY: r.TY },
      points: r.points,
      stock: r.stock,
      maxPerOrder: 5,
      active: true,
      sort: i,
    });
    const bytes = rewardPng([...r.rgb]);
    await services.points.saveRewardImage(actor, tala, saved.id, {
      bytes,
      contentType: 'image/png',
      width: 160,
      height: 120,
    });
  }
  const demo = await services.db
    .selectFrom('members')
    .select('id')
    .where('merchant_id', '=', tala.id)
    .where('username', '=', 'demo')
    .executeTakeFirst();
  if (!demo) return;
  const repo = pointsRepository(services.db);
  const member = await repo.account(services.db, tala.id, 'member', demo.id);
  const issued = await repo.account(services.db, tala.id, 'issued', null);
  await services.db.transaction().execute((trx) =>
    repo.post(trx, {
      merchantId: tala.id,
      key: 'seed:demo-points',
      kind: 'earn',
      memo: 'demo history',
      lines: [
        { accountId: member, pointType: 'slots', amount: 1_240 },
        { accountId: member, pointType: 'deposit', amount: 800 },
        { accountId: issued, pointType: 'slots', amount: -1_240 },
        { accountId: issued, pointType: 'deposit', amount: -800 },
      ],
    }),
  );
}
