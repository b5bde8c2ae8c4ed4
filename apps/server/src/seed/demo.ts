import type { CurrencyCode } from '@tala/contracts/currencies';
import { type LanguageCode, languageCodes, languageTags } from '@tala/contracts/language-codes';
import type { MerchantSettings } from '@tala/contracts/merchant-settings';
import { defaultRegistrationRules } from '@tala/contracts/registration-rules';
import type { SeedArt } from '../modules/content/content.service.ts';
import { newImageId } from '../modules/content/images.ts';
import { saoMaiFishRooms, seedFishRooms } from '../modules/fish/fish-catalogue.ts';
import { syncLiveCatalogue } from '../modules/live/live-catalogue.ts';
import { syncLotteryCatalogue } from '../modules/lottery/lottery-catalogue.ts';
import { copyrightTexts, newMerchantSettings } from '../modules/merchants/default-settings.ts';
import type { Merchant } from '../modules/merchants/merchants.service.ts';
import { syncPvpCatalogue } from '../modules/pvp/pvp-catalogue.ts';
import { syncSportsbookCatalogue } from '../modules/sportsbook/sportsbook-catalogue.ts';
import type { Services } from '../services.ts';
import { seedCatalogue } from './catalogue.ts';
import { inEvery, seedContent } from './content.ts';
import { type BannerArt, bannerSvg } from './content-art.ts';
import {
  type BannerText,
  BROADCAST_TEXTS,
  type BroadcastCopy,
  type DemoBroadcast,
  type DemoPromotion,
  PROMOTION_PICTURE_TEXTS,
  PROMOTION_TEXTS,
  type PromotionCopy,
  type PromotionPicture,
} from './content-languages.ts';
import { seedDemoMissions } from './demo-missions.ts';
import { seedDemoPoints } from './points.ts';

/**
 * Demo logins printed at start and documented in the README. Without `merchant` a platform operator (every merchant);
 * with it, an operator of that merchant only. Owner and finance must sign in with an authenticator
 * code (decision 031): their demo keys are published here, to add to an authenticator app or to read the current
 * code from with `npm run demo-code -- owner`. A real merchant's operators enrol their own at first sign-in.
 */
export const demoOperators = [
  { username: 'owner', password: 'owner-demo-1', role: 'owner', totpKey: 'TALADEMOOWNERKEYTALADEMOOWNERKEY' },
  {
    username: 'finance',
    password: 'finance-demo-1',
    role: 'finance',
    totpKey: 'TALADEMOFINANCEKEYTALADEMOFINANC',
  },
  { username: 'support', password: 'support-demo-1', role: 'support', totpKey: null },
  { username: 'content', password: 'content-demo-1', role: 'content', totpKey: null },
  // An operator of one merchant only (decision 060): the owner of Lucky Perlas, who sees nothing of Tala Casino.
  {
    username: 'lucky-owner',
    password: 'lucky-owner-1',
    role: 'owner',
    totpKey: 'TALADEMOLUCKYOWNERKEYTALADEMOLUC',
    merchant: 'lucky',
  },
] as const;

/** The published authenticator key of a demo operator, if it has one. */
export function demoTotpKey(username: string): string | undefined {
  return demoOperators.find((o) => o.username === username)?.totpKey ?? undefined;
}

export function defaultSettings(
  overrides: {
    brandName: string;
    logoUrl: string;
    primaryColour: string;
    accentColour: string;
  },
  market?: {
    currency: CurrencyCode;
    supportedLanguages: MerchantSettings['whitelabel']['supportedLanguages'];
    timeZone: string;
  },
): MerchantSettings {
  const settings = newMerchantSettings(overrides, market);
  return {
    ...settings,
    whitelabel: { ...settings.whitelabel, copyright: copyrightTexts(2026, overrides.brandName) },
    customerService: [
      { csType: 'LIVECHAT', titles: { EN: 'Live chat' }, path: '/index?chat=1' },
      { csType: 'TELEGRAM', titles: { EN: 'Telegram' }, path: 'https://t.me/tala_support' },
    ],
    resources: [
      {
        resourceType: 'FACEBOOK',
        url: 'https://facebook.com/tala',
        qrCodeUrl: null,
        labelNameEn: 'Facebook',
      },
      {
        resourceType: 'TELEGRAM',
        url: 'https://t.me/tala_support',
        qrCodeUrl: null,
        labelNameEn: 'Telegram',
      },
    ],
    // The demo merchants share self-exclusions (docs/decisions/047-time-out-and-self-exclusion.md).
    exclusionGroup: 'tala-demo',
  };
}

/** Demo player logins (merchant tala) printed at start and documented in the README. */
export const demoMembers = [
  { username: 'demo', password: 'demo-pass-1', role: 'member' },
  { username: 'agent1', password: 'agent-pass-1', role: 'agent (type 1, affiliate code AGENT1)' },
  { username: 'player1', password: 'player-pass-1', role: 'member in the downline of agent1' },
  {
    username: 'vip1',
    password: 'vip-pass-1',
    role: 'member at rank level 6 (VIP service instead of live chat)',
  },
] as const;

/** Default registration rules on every merchant, and the demo member, agent and downline member on tala. */
async function seedDemoMembers(services: Services) {
  const merchants = await services.merchants.list();
  for (const merchant of merchants) {
    await services.members.repository.replaceRules(
      services.db,
      merchant.id,
      defaultRegistrationRules().map((r) => ({
        field: r.field,
        show: r.show,
        required: r.required,
        pattern_id: r.patternId,
        min_length: r.minLength,
        max_length: r.maxLength,
      })),
    );
  }
  const tala = await services.merchants.byCode('tala');
  const [demo, agent, player, vip] = demoMembers;
  await services.members.create(tala, {
    username: demo.username,
    password: demo.password,
    nickname: 'Demo Player',
    mobile: { dialingCode: '+63', number: '9171234567' },
    email: 'demo@tala.localhost',
    payeeName: 'Juan Dela Cruz',
    vipLevel: 2,
    clubLabel: 'Gold Club',
    memberLabels: ['VIP', 'Early bird'],
  });
  const agentId = await services.members.create(tala, {
    username: agent.username,
    password: agent.password,
    type: 1,
    nickname: 'Agent One',
    affiliateCode: 'AGENT1',
    mobile: { dialingCode: '+63', number: '9170000001' },
    email: 'agent1@tala.localhost',
    payeeName: 'Maria Santos',
  });
  await services.members.create(tala, {
    username: player.username,
    password: player.password,
    uplineId: agentId,
    nickname: 'Player One',
    payeeName: 'Jose Rizal',
  });
  // Above rank level 4 a member gets the VIP service (spec §6), which operators see as its own queue.
  await services.members.create(tala, {
    username: vip.username,
    password: vip.password,
    nickname: 'VIP Player',
    vipLevel: 6,
  });
}

/**
 * Opening balances of the demo players (P10,000 each), booked as deposits through the wallet, so that the in-house
 * slots and the vendor games can be played for real on a fresh start and in the browser tests.
 */
async function seedDemoWallets(services: Services) {
  const tala = await services.merchants.byCode('tala');
  const clearing = await services.wallet.houseAccount(tala.id, 'house_deposit_clearing');
  const players = await services.db
    .selectFrom('members')
    .select(['id', 'username'])
    .where('merchant_id', '=', tala.id)
    .where('username', 'in', ['demo', 'player1'])
    .execute();
  for (const player of players) {
    await services.wallet.transfer(services.db, {
      merchantId: tala.id,
      idempotencyKey: `seed:opening-deposit:${player.username}`,
      type: 'deposit',
      from: clearing,
      to: await services.wallet.memberAccount(tala.id, player.id),
      amount: 1_000_000,
      memo: 'Opening balance of the demo account',
      actor: { type: 'system' },
    });
  }
  // The demo merchant funds its progressive jackpot with a P50,000 seed (the pool starts there, and again after
  // every award).
  await services.db
    .transaction()
    .execute((trx) => services.slots.setJackpotSeed(trx, tala.id, 5_000_000, { type: 'system' }));
}

/** Each demo promotion's picture: its motif and its lines in English and Tagalog (the others: PROMOTION_PICTURE_TEXTS). */
const PROMOTION_PICTURES: Record<
  PromotionPicture,
  { motif: BannerArt['motif']; EN: BannerText; TY: BannerText }
> = {
  welcome: {
    motif: 'gift',
    EN: {
      kicker: 'Welcome bonus',
      headline: '100% up to P1,000',
      subline: 'On your first deposit',
      cta: 'Claim now',
    },
    TY: {
      kicker: 'Welcome bonus',
      headline: '100% hanggang P1,000',
      subline: 'Sa unang deposito',
      cta: 'I-claim na',
    },
  },
  reload: {
    motif: 'coins',
    EN: { kicker: 'Every week', headline: '20% reload', subline: 'Up to P500 a week', cta: 'Deposit' },
    TY: {
      kicker: 'Bawat linggo',
      headline: '20% reload',
      subline: 'Hanggang P500 bawat linggo',
      cta: 'Magdeposito',
    },
  },
  rebate: {
    motif: 'waves',
    EN: {
      kicker: 'Every day',
      headline: 'Rebate up to 0.8%',
      subline: 'Paid each morning, no turnover',
      cta: 'See rules',
    },
    TY: {
      kicker: 'Araw-araw',
      headline: 'Rebate hanggang 0.8%',
      subline: 'Tuwing umaga, walang turnover',
      cta: 'Tingnan',
    },
  },
  raffle: {
    motif: 'stars',
    EN: {
      kicker: 'Weekly lucky draw',
      headline: 'Win up to P888',
      subline: 'After P500 of deposits',
      cta: 'Draw',
    },
    TY: {
      kicker: 'Lingguhang lucky draw',
      headline: 'Manalo hanggang P888',
      subline: 'Pagkatapos ng P500 na deposito',
      cta: 'Bumunot',
    },
  },
};

/** The demo promotions' pictures with their lines in every language of the site (decision 066). */
export function seededPromotionPictures() {
  return (
    Object.entries(PROMOTION_PICTURES) as [PromotionPicture, (typeof PROMOTION_PICTURES)['welcome']][]
  ).map(([key, { motif, EN, TY }]) => ({
    key,
    motif,
    texts: inEvery(EN, TY, (language) => PROMOTION_PICTURE_TEXTS[language][key]),
  }));
}

/**
 * Each demo promotion's picture, drawn in code in the merchant's colours once per language of the site, its lines in
 * that language (tagged with it, so a viewer picks fitting fonts): the image ids by promotion and language.
 */
async function promotionPictures(services: Services, merchant: Merchant) {
  const { primaryColour, accentColour } = merchant.settings.whitelabel;
  const art: SeedArt[] = [];
  let seed = 7000;
  const [width, height] = [1200, 450];
  const pictures = Object.fromEntries(
    seededPromotionPictures().map(({ key, motif, texts }) => {
      seed += 1;
      const ids = Object.fromEntries(
        languageCodes.map((language) => {
          const id = newImageId();
          const svg = bannerSvg({
            width,
            height,
            from: primaryColour,
            to: accentColour,
            accent: '#ffd54a',
            motif,
            seed,
            ...texts[language],
            lang: languageTags[language],
          });
          art.push({ id, svg, width, height });
          return [language, id];
        }),
      ) as Record<LanguageCode, string>;
      return [key, ids];
    }),
  ) as Record<PromotionPicture, Record<LanguageCode, string>>;
  await services.content.seedArt(merchant.id, art);
  return pictures;
}

/** Each demo promotion's texts in English and Tagalog (the other languages: PROMOTION_TEXTS). */
const PROMOTIONS: Record<DemoPromotion, { EN: PromotionCopy; TY: PromotionCopy }> = {
  welcome: {
    EN: {
      title: '100% welcome bonus up to P1,000',
      summary: 'Double your first deposit of P100 or more.',
      rules:
        'Deposit at least P100 and claim here: we add 100% of it, up to P1,000.\nWager 10 times the bonus before withdrawing the bonus and the deposit. Slots count in full, sports 50%, live casino 10%.\nOne claim per member, device and bank account.',
    },
    TY: {
      title: '100% welcome bonus hanggang P1,000',
      summary: 'Doblehin ang unang deposito na P100 o higit pa.',
      rules:
        'Magdeposito ng hindi bababa sa P100 at i-claim dito: dadagdagan namin ng 100%, hanggang P1,000.\nItaya ang 10 beses ng bonus bago i-withdraw ang bonus at deposito. Buo ang bilang ng slots, 50% ang sports, 10% ang live casino.\nIsang claim bawat miyembro, device at bank account.',
    },
  },
  reload: {
    EN: {
      title: 'Weekly 20% reload',
      summary: '20% extra on a deposit each week, up to P500.',
      rules:
        'Once a week, claim 20% of a deposit of P200 or more, up to P500.\nWager 5 times the bonus and deposit.',
    },
    TY: {
      title: 'Lingguhang 20% reload',
      summary: '20% dagdag sa isang deposito bawat linggo, hanggang P500.',
      rules:
        'Isang beses bawat linggo, i-claim ang 20% ng depositong P200 o higit pa, hanggang P500.\nItaya ang 5 beses ng bonus at deposito.',
    },
  },
  rebate: {
    EN: {
      title: 'Daily rebate up to 0.8%',
      summary: 'Cashback on every valid bet, paid each morning, no turnover.',
      rules:
        'Every day we pay back 0.8% of your valid bets on slots and fish and 0.5% on every other game, up to P5,000 a day.\nIt is paid to your balance after midnight, when the day closes, as cash with no turnover. Rebates under P1 are not paid.',
    },
    TY: {
      title: 'Araw-araw na rebate hanggang 0.8%',
      summary: 'Cashback sa bawat valid bet, ibinabayad tuwing umaga, walang turnover.',
      rules:
        'Araw-araw naming ibinabalik ang 0.8% ng iyong mga valid bet sa slots at fish at 0.5% sa lahat ng iba pang laro, hanggang P5,000 bawat araw.\nIpinapasok ito sa iyong balanse pagkatapos ng hatinggabi, kapag nagsara ang araw, bilang cash na walang turnover. Hindi ibinabayad ang rebate na mas mababa sa P1.',
    },
  },
  vipUpgrade: {
    EN: {
      title: 'VIP upgrade bonus',
      summary: 'A bonus for every VIP level you reach, up to P1,888.',
      rules:
        'Reach VIP 1 for P88, VIP 2 for P188, VIP 3 for P388, VIP 4 for P888 and VIP 5 for P1,888.\nClaim each level once, here. Wager the bonus once before withdrawing it.',
    },
    TY: {
      title: 'VIP upgrade bonus',
      summary: 'Bonus sa bawat VIP level na maabot mo, hanggang P1,888.',
      rules:
        'Abutin ang VIP 1 para sa P88, VIP 2 para sa P188, VIP 3 para sa P388, VIP 4 para sa P888 at VIP 5 para sa P1,888.\nI-claim dito ang bawat level nang isang beses. Itaya ang bonus nang isang beses bago ito i-withdraw.',
    },
  },
  raffle: {
    EN: {
      title: 'Weekly lucky draw',
      summary: 'Deposit P500 in a week and draw a prize of up to P888.',
      rules:
        'Once a week, when your deposits of the week reach P500, draw a prize: P8 (60%), P28 (30%), P88 (9%) or P888 (1%).\nWager the prize once before withdrawing it. One draw per member and device each week.',
    },
    TY: {
      title: 'Lingguhang lucky draw',
      summary: 'Magdeposito ng P500 sa isang linggo at bumunot ng premyo hanggang P888.',
      rules:
        'Isang beses bawat linggo, kapag umabot sa P500 ang iyong mga deposito sa linggo, bumunot ng premyo: P8 (60%), P28 (30%), P88 (9%) o P888 (1%).\nItaya ang premyo nang isang beses bago ito i-withdraw. Isang bunot bawat miyembro at device bawat linggo.',
    },
  },
  birthday: {
    EN: {
      title: 'Happy birthday: up to P888',
      summary: 'A gift in the week of your birthday, bigger at higher VIP levels.',
      rules:
        'Add your birthday in My account. In the seven days from your birthday, claim P88, or P288 from VIP 3 and P888 from VIP 6.\nWager the gift once before withdrawing it. Once a year; your birthday must be on file before your birthday week begins.',
    },
    TY: {
      title: 'Maligayang kaarawan: hanggang P888',
      summary: 'Regalo sa linggo ng iyong kaarawan, mas malaki sa mas mataas na VIP level.',
      rules:
        'Idagdag ang iyong kaarawan sa Aking account. Sa pitong araw mula sa iyong kaarawan, i-claim ang P88, o P288 mula VIP 3 at P888 mula VIP 6.\nItaya ang regalo nang isang beses bago ito i-withdraw. Isang beses bawat taon; dapat nakatala ang kaarawan bago magsimula ang linggo ng iyong kaarawan.',
    },
  },
  bigWin: {
    EN: {
      title: 'Share your big win',
      summary: 'Send us a screenshot of a big win and get up to P500.',
      rules:
        'Once a week, apply with a screenshot of a win of 50 times your bet or more and a short remark.\nOur team reviews each application and issues a bonus of up to P500, to be wagered 3 times.',
    },
    TY: {
      title: 'Ibahagi ang iyong malaking panalo',
      summary: 'Magpadala ng screenshot ng malaking panalo at makakuha ng hanggang P500.',
      rules:
        'Isang beses bawat linggo, mag-aplay gamit ang screenshot ng panalong 50 beses o higit pa ng iyong taya at maikling puna.\nSinusuri ng aming team ang bawat aplikasyon at nagbibigay ng bonus na hanggang P500, na itataya nang 3 beses.',
    },
  },
  referral: {
    EN: {
      title: 'Invite a friend, get P100',
      summary: 'P100 for you and P50 for your friend when they deposit P200 within 30 days.',
      rules:
        'Share your link from Invite friends in your member centre. When a friend registers through it and makes a first deposit of P200 or more within 30 days, you get P100 and your friend P50.\nEach reward is wagered 3 times before it can be withdrawn. Up to 50 friends per member.\nFriends who share a device, network or bank account with you do not count.',
    },
    TY: {
      title: 'Mag-imbita ng kaibigan, makakuha ng P100',
      summary: 'P100 para sa iyo at P50 para sa kaibigan kapag nagdeposito sila ng P200 sa loob ng 30 araw.',
      rules:
        'Ibahagi ang iyong link mula sa Mag-imbita ng kaibigan sa iyong member centre. Kapag nagrehistro ang kaibigan gamit ito at nagdeposito ng P200 o higit pa sa loob ng 30 araw, makakakuha ka ng P100 at ang kaibigan mo ng P50.\nItaya ang bawat reward nang 3 beses bago ito ma-withdraw. Hanggang 50 kaibigan bawat miyembro.\nHindi kasama ang mga kaibigang kapareho mo ng device, network o bank account.',
    },
  },
};

/** The demo promotions' titles, summaries and rules in every language of the site (decision 066). */
export function seededPromotionTexts() {
  return Object.fromEntries(
    (Object.entries(PROMOTIONS) as [DemoPromotion, (typeof PROMOTIONS)['welcome']][]).map(
      ([key, { EN, TY }]) => [key, inEvery(EN, TY, (language) => PROMOTION_TEXTS[language][key])],
    ),
  ) as Record<DemoPromotion, Record<LanguageCode, PromotionCopy>>;
}

/** The demo merchant's promotions, open for a year: deposit bonuses, a rebate, rank upgrades, a raffle, an applied
 * promotion and a birthday bonus and a
 * referral reward. */
async function seedDemoPromotions(services: Services) {
  const tala = await services.merchants.byCode('tala');
  const owner = await services.db
    .selectFrom('operators')
    .select(['id', 'username'])
    .where('username', '=', 'owner')
    .executeTakeFirstOrThrow();
  const actor = { id: owner.id, name: owner.username, ip: '127.0.0.1' };
  const startsAt = new Date(Date.now() - 86_400_000).toISOString();
  const endsAt = new Date(Date.now() + 365 * 86_400_000).toISOString();
  const pictures = await promotionPictures(services, tala);
  const texts = seededPromotionTexts();
  // Each language's card shows the picture drawn in that language.
  const withPicture = (copy: Record<LanguageCode, PromotionCopy>, images: Record<LanguageCode, string>) =>
    Object.fromEntries(
      languageCodes.map((language) => [language, { ...copy[language], image: images[language] }]),
    ) as Record<LanguageCode, PromotionCopy & { image: string }>;
  const limits = {
    minVipLevel: 0,
    agentUsername: null,
    oncePerIp: false,
    rebateBasis: 'validBets' as const,
    rebateRates: {},
    minPayout: 0,
    levelBonuses: [],
    prizes: [],
    birthdayDays: 7,
    referral: null,
  };
  await services.promotions.create(actor, tala, {
    kind: 'firstDeposit',
    enabled: true,
    startsAt,
    endsAt,
    budget: 100_000_000,
    rules: {
      percent: 10_000,
      maxBonus: 100_000,
      minDeposit: 10_000,
      turnoverMultiple: 10,
      turnoverBasis: 'bonus',
      weights: { LIVE: 10, SPORTS: 50 },
      claimPer: 'once',
      oncePerDevice: true,
      oncePerBankAccount: true,
      ...limits,
    },
    texts: withPicture(texts.welcome, pictures.welcome),
  });
  await services.promotions.create(actor, tala, {
    kind: 'repeatDeposit',
    enabled: true,
    startsAt,
    endsAt,
    budget: null,
    rules: {
      percent: 2_000,
      maxBonus: 50_000,
      minDeposit: 20_000,
      turnoverMultiple: 5,
      turnoverBasis: 'bonusDeposit',
      weights: { LIVE: 10, SPORTS: 50 },
      claimPer: 'week',
      oncePerDevice: false,
      oncePerBankAccount: false,
      ...limits,
    },
    texts: withPicture(texts.reload, pictures.reload),
  });
  await services.promotions.create(actor, tala, {
    kind: 'rebate',
    enabled: true,
    startsAt,
    endsAt,
    budget: null,
    rules: {
      ...limits,
      percent: 50,
      maxBonus: 500_000,
      minDeposit: 0,
      turnoverMultiple: 0,
      turnoverBasis: 'bonus',
      weights: {},
      claimPer: 'day',
      oncePerDevice: false,
      oncePerBankAccount: false,
      rebateRates: { RNG: 80, FISH: 80 },
      minPayout: 100,
    },
    texts: withPicture(texts.rebate, pictures.rebate),
  });
  await services.promotions.create(actor, tala, {
    kind: 'rankUpgrade',
    enabled: true,
    startsAt,
    endsAt,
    budget: 50_000_000,
    rules: {
      ...limits,
      percent: 1,
      maxBonus: 188_800,
      minDeposit: 0,
      turnoverMultiple: 1,
      turnoverBasis: 'bonus',
      weights: {},
      claimPer: 'once',
      oncePerDevice: false,
      oncePerBankAccount: false,
      levelBonuses: [
        { level: 1, amount: 8_800 },
        { level: 2, amount: 18_800 },
        { level: 3, amount: 38_800 },
        { level: 4, amount: 88_800 },
        { level: 5, amount: 188_800 },
      ],
    },
    texts: texts.vipUpgrade,
  });
  await services.promotions.create(actor, tala, {
    kind: 'raffle',
    enabled: true,
    startsAt,
    endsAt,
    budget: 20_000_000,
    rules: {
      ...limits,
      percent: 1,
      maxBonus: 88_800,
      minDeposit: 50_000,
      turnoverMultiple: 1,
      turnoverBasis: 'bonus',
      weights: {},
      claimPer: 'week',
      oncePerDevice: true,
      oncePerBankAccount: false,
      prizes: [
        { amount: 800, weight: 600 },
        { amount: 2_800, weight: 300 },
        { amount: 8_800, weight: 90 },
        { amount: 88_800, weight: 10 },
      ],
    },
    texts: withPicture(texts.raffle, pictures.raffle),
  });
  await services.promotions.create(actor, tala, {
    kind: 'birthday',
    enabled: true,
    startsAt,
    endsAt,
    budget: 20_000_000,
    rules: {
      ...limits,
      percent: 1,
      maxBonus: 8_800,
      minDeposit: 0,
      turnoverMultiple: 1,
      turnoverBasis: 'bonus',
      weights: {},
      claimPer: 'once',
      oncePerDevice: false,
      oncePerBankAccount: false,
      levelBonuses: [
        { level: 3, amount: 28_800 },
        { level: 6, amount: 88_800 },
      ],
      birthdayDays: 7,
    },
    texts: texts.birthday,
  });
  await services.promotions.create(actor, tala, {
    kind: 'applied',
    enabled: true,
    startsAt,
    endsAt,
    budget: 10_000_000,
    rules: {
      percent: 1,
      maxBonus: 50_000,
      minDeposit: 0,
      turnoverMultiple: 3,
      turnoverBasis: 'bonus',
      weights: {},
      claimPer: 'week',
      oncePerDevice: false,
      oncePerBankAccount: false,
      ...limits,
    },
    texts: texts.bigWin,
  });
  await services.promotions.create(actor, tala, {
    kind: 'referral',
    enabled: true,
    startsAt,
    endsAt,
    budget: 20_000_000,
    rules: {
      percent: 1,
      maxBonus: 10_000,
      minDeposit: 0,
      turnoverMultiple: 3,
      turnoverBasis: 'bonus',
      weights: {},
      claimPer: 'once',
      oncePerDevice: true,
      oncePerBankAccount: true,
      ...limits,
      oncePerIp: true,
      referral: {
        minFirstDeposit: 20_000,
        minTurnover: 0,
        withinDays: 30,
        referrerReward: 10_000,
        friendReward: 5_000,
        maxFriends: 50,
      },
    },
    texts: texts.referral,
  });
}

/** The demo's platform messages in English and Tagalog (the other languages: BROADCAST_TEXTS). */
const BROADCASTS: Record<DemoBroadcast, { EN: BroadcastCopy; TY: BroadcastCopy }> = {
  welcome: {
    EN: {
      title: 'Welcome to Tala Casino',
      body: 'Thank you for joining us. Your first deposit earns a 100% welcome bonus up to P1,000: see Promotions.',
    },
    TY: {
      title: 'Maligayang pagdating sa Tala Casino',
      body: 'Salamat sa pagsali. May 100% welcome bonus hanggang P1,000 ang una mong deposito: tingnan ang Mga promo.',
    },
  },
  vipHost: {
    EN: {
      title: 'Your VIP host is online',
      body: 'As a VIP member you have your own host in the VIP service, every day from 9:00 to 23:00.',
    },
    TY: {
      title: 'Online na ang iyong VIP host',
      body: 'Bilang VIP na miyembro, may sarili kang host sa Serbisyong VIP, araw-araw mula 9:00 hanggang 23:00.',
    },
  },
  teamTournament: {
    EN: {
      title: 'Team tournament next week',
      body: 'Agent One’s team plays for a P5,000 prize pool next week.',
    },
    TY: {
      title: 'Paligsahan ng team sa susunod na linggo',
      body: 'Maglalaro ang team ni Agent One para sa P5,000 na premyo sa susunod na linggo.',
    },
  },
};

/** The demo's platform messages' titles and bodies in every language of the site (decision 066). */
export function seededBroadcastTexts() {
  return Object.fromEntries(
    (Object.entries(BROADCASTS) as [DemoBroadcast, (typeof BROADCASTS)['welcome']][]).map(
      ([key, { EN, TY }]) => [key, inEvery(EN, TY, (language) => BROADCAST_TEXTS[language][key])],
    ),
  ) as Record<DemoBroadcast, Record<LanguageCode, BroadcastCopy>>;
}

/** Platform messages of the demo: a welcome to every member, a note to the VIP ranks, one scheduled to agent1's line. */
async function seedDemoBroadcasts(services: Services) {
  const owner = await services.db
    .selectFrom('operators')
    .select(['id', 'username'])
    .where('username', '=', 'owner')
    .executeTakeFirstOrThrow();
  const actor = { id: owner.id, name: owner.username, ip: '127.0.0.1' };
  const base = { format: 'text' as const, scheduledAt: null, expiresAt: null };
  const texts = seededBroadcastTexts();
  await services.support.createBroadcast(actor, 'tala', {
    ...base,
    segment: { kind: 'all' },
    texts: texts.welcome,
  });
  await services.support.createBroadcast(actor, 'tala', {
    ...base,
    segment: { kind: 'ranks', ranks: [5, 6, 7, 8, 9, 10] },
    texts: texts.vipHost,
  });
  await services.support.createBroadcast(actor, 'tala', {
    ...base,
    segment: { kind: 'agent_line', agent: 'agent1' },
    scheduledAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    texts: texts.teamTournament,
  });
}

/** Creates the demo merchant, a second merchant on its own host name, and the demo operators, once. */
export async function seedDemo(
  services: Services,
  options: { catalogueScale?: number } = {},
): Promise<boolean> {
  const existing = await services.merchants.list();
  if (existing.length > 0) return false;
  await services.merchants.create(
    'tala',
    defaultSettings({
      brandName: 'Tala Casino',
      logoUrl: '/brand/tala.svg',
      primaryColour: '#0f766e',
      accentColour: '#f59e0b',
    }),
    ['localhost', '127.0.0.1', 'tala.localhost'],
  );
  await services.merchants.create(
    'lucky',
    defaultSettings({
      brandName: 'Lucky Perlas',
      logoUrl: '/brand/lucky.svg',
      primaryColour: '#7c2d12',
      accentColour: '#eab308',
    }),
    ['lucky.localhost'],
  );
  // The third merchant trades in Vietnamese dong (issue 19 item 3): no minor unit, amounts shown without decimals.
  await services.merchants.create(
    'saomai',
    defaultSettings(
      {
        brandName: 'Sao Mai',
        logoUrl: '/brand/saomai.svg',
        primaryColour: '#b91c1c',
        accentColour: '#facc15',
      },
      { currency: 'VND', supportedLanguages: ['EN', 'VI'], timeZone: 'Asia/Ho_Chi_Minh' },
    ),
    ['vn.localhost'],
  );
  for (const o of demoOperators) {
    const merchantRoles = 'merchant' in o ? [{ merchantCode: o.merchant, role: o.role }] : [];
    const { id } = await services.operators.create(o.username, o.password, o.role, merchantRoles);
    if (o.totpKey) await services.totp.enrolWithKey(services.db, { operatorId: id }, o.totpKey);
  }
  await seedContent(services);
  await seedDemoMembers(services);
  await seedDemoWallets(services);
  await seedDemoPromotions(services);
  await seedDemoMissions(services);
  await seedDemoBroadcasts(services);
  await seedDemoPoints(services);
  await seedCatalogue(services.db, options.catalogueScale ?? 1);
  await syncLotteryCatalogue(services.db);
  await syncLiveCatalogue(services.db);
  await syncPvpCatalogue(services.db);
  await syncSportsbookCatalogue(services.db);
  // The demo merchant's fish rooms (decision 056), with their catalogue games.
  await seedFishRooms(services.db, (await services.merchants.byCode('tala')).id);
  // The dong merchant's own rooms, their bets in dong (decision 069).
  await seedFishRooms(services.db, (await services.merchants.byCode('saomai')).id, saoMaiFishRooms);
  return true;
}
