// The process settlement.test.ts kills with SIGKILL in the middle of a settlement (issue 14: exactly once with two
// schedulers and a kill mid-settlement). It settles a drawn draw three bets a page, printing `page <n>` before each
// page commits; at page <holdAt> it prints `holding` and keeps that page's transaction open, its payouts posted and
// not committed, until it is killed. Run with tsx:
//   node --import tsx settle-worker.ts <databaseUrl> <drawId> <holdAt>   (holdAt 0: never holds)
import { openDatabase } from '../../db/database.ts';
import { createServices } from '../../services.ts';

const [url, drawId, holdAt] = process.argv.slice(2);
if (!url || !drawId || holdAt === undefined) {
  console.error('usage: settle-worker.ts <databaseUrl> <drawId> <holdAt>');
  process.exit(2);
}
const handle = await openDatabase({ databaseUrl: url, dataDir: null, poolSize: 4 });
const services = createServices(handle.db);
services.lottery.settings.pageSize = 3;
services.lottery.settings.settlers = 1;
services.lottery.settings.beforePageCommit = async (page) => {
  process.stdout.write(`page ${page}\n`);
  if (page === Number(holdAt)) {
    process.stdout.write('holding\n');
    await new Promise(() => {});
  }
};
await services.lottery.settle(Number(drawId));
process.stdout.write('done\n');
await handle.close();
