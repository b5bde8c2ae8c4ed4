import type { Services } from '../services.ts';

/**
 * Four missions on the demo merchant, open for a year: two daily, two weekly. None is completed by a sign-in alone,
 * so a member who only signs in has no mission badge.
 */
export async function seedDemoMissions(services: Services) {
  const tala = await services.merchants.byCode('tala');
  const owner = await services.db
    .selectFrom('operators')
    .select(['id', 'username'])
    .where('username', '=', 'owner')
    .executeTakeFirstOrThrow();
  const actor = { id: owner.id, name: owner.username, ip: '127.0.0.1' };
  const startsAt = new Date(Date.now() - 86_400_000).toISOString();
  const endsAt = new Date(Date.now() + 365 * 86_400_000).toISOString();
  const open = { enabled: true, startsAt, endsAt };
  await services.missions.create(actor, tala, {
    ...open,
    period: 'day',
    reward: 500,
    points: 10,
    tasks: [
      { kind: 'login', product: null, target: 1 },
      { kind: 'gamesPlayed', product: null, target: 1 },
    ],
    texts: {
      EN: { name: 'Daily check-in', description: 'Sign in and play any game today.' },
      TY: {
        name: 'Araw-araw na check-in',
        description: 'Mag-sign in at maglaro ng kahit anong laro ngayong araw.',
      },
      CN: { name: '每日签到', description: '今天登录并玩任意一款游戏。' },
      ID: { name: 'Absen harian', description: 'Masuk dan mainkan game apa saja hari ini.' },
      TH: { name: 'เช็กอินรายวัน', description: 'เข้าสู่ระบบและเล่นเกมใดก็ได้วันนี้' },
      VI: { name: 'Điểm danh hằng ngày', description: 'Đăng nhập và chơi một trò bất kỳ hôm nay.' },
    },
  });
  await services.missions.create(actor, tala, {
    ...open,
    period: 'day',
    reward: 1_000,
    points: 20,
    tasks: [{ kind: 'betAmount', product: 'RNG', target: 20_000 }],
    texts: {
      EN: { name: 'Slots sprint', description: 'Bet P200 in total on slots today.' },
      TY: { name: 'Slots sprint', description: 'Tumaya ng kabuuang P200 sa slots ngayong araw.' },
    },
  });
  await services.missions.create(actor, tala, {
    ...open,
    period: 'week',
    reward: 5_000,
    points: 100,
    tasks: [
      { kind: 'login', product: null, target: 3 },
      { kind: 'depositCount', product: null, target: 1 },
    ],
    texts: {
      EN: { name: 'Weekly regular', description: 'Sign in on 3 days this week and make a deposit.' },
      TY: {
        name: 'Lingguhang suki',
        description: 'Mag-sign in sa 3 araw ngayong linggo at magdeposito.',
      },
    },
  });
  await services.missions.create(actor, tala, {
    ...open,
    period: 'week',
    reward: 10_000,
    points: 200,
    tasks: [
      { kind: 'gamesPlayed', product: null, target: 5 },
      { kind: 'betAmount', product: null, target: 100_000 },
    ],
    texts: {
      EN: { name: 'Game explorer', description: 'Play 5 different games and bet P1,000 in total this week.' },
      TY: {
        name: 'Manlalakbay ng laro',
        description: 'Maglaro ng 5 magkakaibang laro at tumaya ng kabuuang P1,000 ngayong linggo.',
      },
    },
  });
}
