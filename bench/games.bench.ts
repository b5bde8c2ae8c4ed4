import { type Bench, load, median, startServer } from './bench-kit.ts';

/** A lobby query with filters: RNG games of one vendor, a name fragment and a minimum bet, page 2. */
const listUrl =
  '/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=MABUHAY_RNG&gameName=golden&minBet=0.01&pageNo=1&pageSize=24&clientType=3&platform=flash,html5-desktop&language=EN';

export default (async () => {
  const server = await startServer({});
  const hello: number[] = [];
  const list: number[] = [];
  let halfLoad = { rps: 0, p50: 0, p99: 0 };
  try {
    const total = (await (await fetch(`${server.baseUrl}/wps/relay/GCSGAME_gameList?pageSize=1`)).json()) as {
      value: { total: number };
    };
    if (total.value.total < 10_000)
      throw new Error(`catalogue has ${total.value.total} games, expected ≥ 10,000`);
    for (let run = 0; run < 3; run++) {
      hello.push((await load({ url: `${server.baseUrl}/wps/system/ping`, connections: 16, seconds: 4 })).rps);
      list.push((await load({ url: `${server.baseUrl}${listUrl}`, connections: 16, seconds: 4 })).rps);
    }
    halfLoad = await load({
      url: `${server.baseUrl}${listUrl}`,
      connections: 8,
      seconds: 6,
      rate: Math.round(median(list) / 2),
    });
  } finally {
    await server.stop();
  }
  const ratio = median(list) / median(hello);
  const rows = [
    '| Figure | Measured (median of 3) | Budget | Met |',
    '|---|---|---|---|',
    `| \`GCSGAME_gameList\` with filters over 10,022 games vs \`/wps/system/ping\` (16 connections) | ${median(list).toFixed(0)} vs ${median(hello).toFixed(0)} req/s = ${ratio.toFixed(2)}× | ≥ 0.4× | ${ratio >= 0.4 ? 'yes' : 'no'} |`,
    `| p99 latency of the same list at half that rate (${Math.round(median(list) / 2)} req/s) | ${halfLoad.p99} ms (p50 ${halfLoad.p50} ms) | ≤ 20 ms | ${halfLoad.p99 <= 20 ? 'yes' : 'no'} |`,
  ];
  return {
    title: 'Game lobby',
    markdown: `Command: \`npm run bench -- games\`. Query: \`${listUrl}\`.\n\n${rows.join('\n')}\n`,
  };
}) satisfies Bench;
