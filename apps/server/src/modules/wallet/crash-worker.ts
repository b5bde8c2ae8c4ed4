// The process that wallet.crash.test.ts kills with SIGKILL: it posts entries in a loop and prints the key of every
// movement whose commit was acknowledged, one line each. Run with tsx:
//   node --import tsx crash-worker.ts embedded <dataDir>   (PGlite in this process: killing it kills the database)
//   node --import tsx crash-worker.ts postgres <url>        (a PostgreSQL server)
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';
import { auditService } from '../audit/audit.service.ts';
import { walletService } from './wallet.service.ts';

const [mode, target] = process.argv.slice(2);
if ((mode !== 'embedded' && mode !== 'postgres') || !target) {
  console.error('usage: crash-worker.ts embedded <dataDir> | postgres <url>');
  process.exit(2);
}

// A built embedded template (migrated and seeded) spares PGlite's slow first start on a busy machine; without one
// the data folder is created from scratch. Either way migrate() below brings it up to date.
const template = path.resolve(import.meta.dirname, '../../../dist/embedded-template');
const handle = await openDatabase(
  mode === 'embedded'
    ? {
        dataDir: target,
        poolSize: 8,
        template: fs.existsSync(path.join(template, 'PG_VERSION')) ? template : undefined,
      }
    : { databaseUrl: target, dataDir: null, poolSize: 16 },
);
const db = handle.db;
await migrate(db);
await sql`INSERT INTO merchants (code, settings) VALUES ('crash', '{"whitelabel":{"currency":"PHP"}}') ON CONFLICT (code) DO NOTHING`.execute(
  db,
);
const merchant = await db
  .selectFrom('merchants')
  .select('id')
  .where('code', '=', 'crash')
  .executeTakeFirstOrThrow();
const merchantId = merchant.id;
const wallet = walletService(db, auditService(db));
const system = { type: 'system' } as const;
const clearing = await wallet.houseAccount(merchantId, 'house_deposit_clearing');
const vendor = await wallet.houseAccount(merchantId, 'house_vendor', 'JILI');
const members: number[] = [];
for (let m = 1; m <= 8; m++) {
  const id = await wallet.memberAccount(merchantId, m);
  members.push(id);
  await wallet.transfer(db, {
    merchantId,
    idempotencyKey: `seed-${m}`,
    type: 'deposit',
    from: clearing,
    to: id,
    amount: 1_000_000,
    actor: system,
  });
}

// Acknowledged means committed: a line is written only after the post (or the transaction) has resolved. Writes to
// a pipe are synchronous on Linux, so a line written is a line the test reads, even after SIGKILL.
const ack = (...keys: string[]) => {
  process.stdout.write(keys.map((key) => `ack ${key}\n`).join(''));
};
process.stdout.write('ready\n');

const loop = async (lane: number) => {
  for (let i = 0; ; i++) {
    const member = members[(lane + i) % members.length] as number;
    const other = members[(lane + i + 3) % members.length] as number;
    const key = `${lane}-${i}`;
    if (i % 5 === 4) {
      // A caller's transaction of two entries: both or neither.
      await db.transaction().execute(async (trx) => {
        await wallet.transfer(trx, {
          merchantId,
          idempotencyKey: `${key}-bet`,
          type: 'bet',
          from: member,
          to: vendor,
          amount: 40,
          actor: system,
        });
        await wallet.transfer(trx, {
          merchantId,
          idempotencyKey: `${key}-win`,
          type: 'payout',
          from: vendor,
          to: member,
          amount: 90,
          actor: system,
        });
      });
      ack(`${key}-bet`, `${key}-win`);
    } else {
      const [from, to] = i % 2 === 0 ? [member, other] : [member, vendor];
      await wallet.transfer(db, {
        merchantId,
        idempotencyKey: key,
        type: i % 2 === 0 ? 'transfer' : 'bet',
        from,
        to,
        amount: 1 + (i % 7),
        actor: system,
      });
      ack(key);
    }
  }
};
await Promise.all(Array.from({ length: 12 }, (_, lane) => loop(lane)));
