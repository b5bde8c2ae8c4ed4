import type { BannerGroup, ContentSettings } from '@tala/contracts/content';
import { type LanguageCode, languageCodes, languageTags } from '@tala/contracts/language-codes';
import { moneyDisplay } from '@tala/contracts/money-format';
import { newImageId } from '../modules/content/images.ts';
import type { Merchant } from '../modules/merchants/merchants.service.ts';
import type { Services } from '../services.ts';
import { type BannerArt, bannerSvg, logoSvg } from './content-art.ts';
import {
  ANNOUNCEMENT_TEXTS,
  BANNER_TEXTS,
  type BannerText,
  CHANNEL_TITLES,
  HELP_TEXTS,
  NOTICE_TEXTS,
  PARTNER_NAMES,
  SETTINGS_TEXTS,
  type SeedLanguage,
} from './content-languages.ts';

type Localised = { EN: string; TY: string };
type BannerSpec = {
  kicker: Localised;
  headline: Localised;
  subline: Localised;
  cta: Localised;
  motif: BannerArt['motif'];
  link: { type: 'ROUTE' | 'GAME' | 'PROMOTION' | 'URL'; target: string } | null;
};

const t = (EN: string, TY: string): Localised => ({ EN, TY });

/** Two or three banners for every group of spec §2, in English and Tagalog (the other languages: BANNER_TEXTS). */
const BANNERS: Record<BannerGroup, BannerSpec[]> = {
  home: [
    {
      kicker: t('Fair play', 'Patas na laro'),
      headline: t('Check every spin', 'Suriin ang bawat ikot'),
      subline: t(
        'Our slots publish their odds; verify any round yourself.',
        'Nakalathala ang odds ng aming slots; suriin mo mismo ang bawat round.',
      ),
      cta: t('Spin now', 'Paikutin na'),
      motif: 'coins',
      link: { type: 'ROUTE', target: '/rng' },
    },
    {
      kicker: t('Live casino', 'Live casino'),
      headline: t('Baccarat, roulette, sic bo', 'Baccarat, roulette, sic bo'),
      subline: t('Tables from our game providers.', 'Mga mesa mula sa aming game provider.'),
      cta: t('Play live', 'Maglaro ng live'),
      motif: 'cards',
      link: { type: 'ROUTE', target: '/live' },
    },
    {
      kicker: t('Your account', 'Ang account mo'),
      headline: t('Deposit in minutes', 'Magdeposito sa ilang minuto'),
      subline: t('E-wallets and bank transfer.', 'E-wallet at bank transfer.'),
      cta: t('Learn how', 'Alamin kung paano'),
      motif: 'stars',
      link: { type: 'ROUTE', target: '/help' },
    },
  ],
  rng: [
    {
      kicker: t('Slots', 'Slots'),
      headline: t('Thousands of slot games', 'Libu-libong slot games'),
      subline: t('From our studio and our providers.', 'Mula sa aming studio at mga provider.'),
      cta: t('Spin now', 'Paikutin na'),
      motif: 'coins',
      link: { type: 'ROUTE', target: '/rng' },
    },
    {
      kicker: t('Jackpot', 'Jackpot'),
      headline: t('Progressive jackpots', 'Progressive jackpots'),
      subline: t('The pot grows with every spin.', 'Lumalaki ang premyo bawat ikot.'),
      cta: t('Try your luck', 'Subukan ang swerte'),
      motif: 'stars',
      link: { type: 'ROUTE', target: '/rng?page=JP' },
    },
  ],
  live: [
    {
      kicker: t('Live casino', 'Live casino'),
      headline: t('Baccarat and dragon tiger', 'Baccarat at dragon tiger'),
      subline: t('Pick a table from our providers.', 'Pumili ng mesa mula sa aming provider.'),
      cta: t('Join a table', 'Sumali sa mesa'),
      motif: 'cards',
      link: { type: 'ROUTE', target: '/live' },
    },
    {
      kicker: t('Roulette', 'Roulette'),
      headline: t('Red, black or a number', 'Pula, itim o numero'),
      subline: t('Live tables from our providers.', 'Live na mesa mula sa aming provider.'),
      cta: t('Play roulette', 'Maglaro ng roulette'),
      motif: 'dice',
      link: { type: 'ROUTE', target: '/live' },
    },
  ],
  fish: [
    {
      kicker: t('Fish hunter', 'Fish hunter'),
      headline: t('Aim, shoot, reel in prizes', 'Tumutok, bumaril, manalo'),
      subline: t('Fish games from our providers.', 'Mga fish game mula sa aming provider.'),
      cta: t('Start fishing', 'Mangisda na'),
      motif: 'waves',
      link: { type: 'ROUTE', target: '/fish' },
    },
    {
      kicker: t('Arcade', 'Arcade'),
      headline: t('Short rounds, quick play', 'Maikling round, mabilis na laro'),
      subline: t('Shooting and arcade games.', 'Shooting at arcade games.'),
      cta: t('Start fishing', 'Mangisda na'),
      motif: 'coins',
      link: { type: 'ROUTE', target: '/fish' },
    },
  ],
  pvp: [
    {
      kicker: t('Card games', 'Card games'),
      headline: t('Tongits and pusoy', 'Tongits at pusoy'),
      subline: t('Card games from our providers.', 'Mga card game mula sa aming provider.'),
      cta: t('Find a room', 'Maghanap ng room'),
      motif: 'cards',
      link: { type: 'ROUTE', target: '/pvp' },
    },
    {
      kicker: t('Poker', 'Poker'),
      headline: t("Texas hold'em and more", "Texas hold'em at iba pa"),
      subline: t('Choose the stake that suits you.', 'Piliin ang taya na bagay sa iyo.'),
      cta: t('Find a room', 'Maghanap ng room'),
      motif: 'stars',
      link: { type: 'ROUTE', target: '/pvp' },
    },
  ],
  sports: [
    {
      kicker: t('Sports', 'Sports'),
      headline: t('Basketball, football, boxing', 'Basketball, football, boxing'),
      subline: t('Sportsbooks from our providers.', 'Sportsbook mula sa aming provider.'),
      cta: t('Bet now', 'Tumaya na'),
      motif: 'ball',
      link: { type: 'ROUTE', target: '/sports' },
    },
    {
      kicker: t('Parlays', 'Parlay'),
      headline: t('Combine your picks', 'Pagsamahin ang mga pili mo'),
      subline: t('Singles and parlays at our providers.', 'Single at parlay sa aming provider.'),
      cta: t('Bet now', 'Tumaya na'),
      motif: 'stars',
      link: { type: 'ROUTE', target: '/sports' },
    },
  ],
  esports: [
    {
      kicker: t('Esports', 'Esports'),
      headline: t('MLBB, Dota 2, Valorant', 'MLBB, Dota 2, Valorant'),
      subline: t('Esports books from our providers.', 'Esports mula sa aming provider.'),
      cta: t('Bet now', 'Tumaya na'),
      motif: 'phone',
      link: { type: 'ROUTE', target: '/esports' },
    },
    {
      kicker: t('Esports', 'Esports'),
      headline: t('Counter-Strike and League', 'Counter-Strike at League'),
      subline: t('Back your team.', 'Suportahan ang team mo.'),
      cta: t('Bet now', 'Tumaya na'),
      motif: 'stars',
      link: { type: 'ROUTE', target: '/esports' },
    },
  ],
  lottery: [
    {
      kicker: t('Lottery', 'Lotto'),
      headline: t('Lottery', 'Lotto'),
      subline: t('Lottery games from our providers.', 'Mga lotto game mula sa aming provider.'),
      cta: t('Pick numbers', 'Pumili ng numero'),
      motif: 'dice',
      link: { type: 'ROUTE', target: '/lottery' },
    },
    {
      kicker: t('Fast draws', 'Mabilis na draw'),
      headline: t('K3, PK10 and 11X5', 'K3, PK10 at 11X5'),
      subline: t('Pick your numbers.', 'Piliin ang numero mo.'),
      cta: t('Play now', 'Maglaro na'),
      motif: 'coins',
      link: { type: 'ROUTE', target: '/lottery' },
    },
  ],
  download: [
    {
      kicker: t('Mobile app', 'Mobile app'),
      headline: t('Play on the go', 'Maglaro kahit saan'),
      subline: t('Add the site to your home screen.', 'Idagdag ang site sa home screen mo.'),
      cta: t('Download', 'I-download'),
      motif: 'phone',
      link: { type: 'ROUTE', target: '/down' },
    },
    {
      kicker: t('Install', 'I-install'),
      headline: t('Scan the QR code', 'I-scan ang QR code'),
      subline: t('Steps for iOS and Android.', 'Mga hakbang para sa iOS at Android.'),
      cta: t('Get the app', 'Kunin ang app'),
      motif: 'gift',
      link: { type: 'ROUTE', target: '/down' },
    },
  ],
  promotion: [
    {
      kicker: t('Promotions', 'Mga promo'),
      headline: t('Promotions', 'Mga promo'),
      subline: t('Offers appear here when they run.', 'Lalabas dito ang mga alok kapag mayroon.'),
      cta: t('See all', 'Tingnan lahat'),
      motif: 'gift',
      link: null,
    },
    {
      kicker: t('Help', 'Tulong'),
      headline: t('Questions about an offer?', 'May tanong tungkol sa alok?'),
      subline: t('Our support team can help.', 'Makakatulong ang aming support team.'),
      cta: t('Get help', 'Humingi ng tulong'),
      motif: 'stars',
      link: { type: 'ROUTE', target: '/help' },
    },
  ],
  shop: [
    {
      kicker: t('Point mall', 'Point mall'),
      headline: t('Points never expire', 'Hindi nag-e-expire ang points'),
      subline: t('The point mall opens here.', 'Dito magbubukas ang point mall.'),
      cta: t('Shop now', 'Mamili na'),
      motif: 'gift',
      link: null,
    },
    {
      kicker: t('Point mall', 'Point mall'),
      headline: t('Redeem your points', 'Ipalit ang iyong points'),
      subline: t('Goods and cash, when the mall is open.', 'Gamit at cash, kapag bukas ang mall.'),
      cta: t('Browse', 'Tingnan'),
      motif: 'phone',
      link: null,
    },
  ],
  help: [
    {
      kicker: t('Help centre', 'Help centre'),
      headline: t('How can we help?', 'Paano ka namin matutulungan?'),
      subline: t('Answers to common questions.', 'Sagot sa mga karaniwang tanong.'),
      cta: t('Chat with us', 'Makipag-chat'),
      motif: 'stars',
      link: { type: 'ROUTE', target: '/help' },
    },
    {
      kicker: t('Play responsibly', 'Maglaro nang responsable'),
      headline: t('Play for fun', 'Maglaro para sa saya'),
      subline: t('Take breaks. Play for fun.', 'Magpahinga. Maglaro para sa saya.'),
      cta: t('Learn more', 'Alamin pa'),
      motif: 'waves',
      link: { type: 'ROUTE', target: '/helpmc' },
    },
  ],
  bingo: [
    {
      kicker: t('Bingo', 'Bingo'),
      headline: t('Daub and call bingo', 'Markahan at sumigaw ng bingo'),
      subline: t('Bingo games from our providers.', 'Mga bingo game mula sa aming provider.'),
      cta: t('Play bingo', 'Maglaro ng bingo'),
      motif: 'dice',
      link: { type: 'ROUTE', target: '/bingo' },
    },
    {
      kicker: t('Patterns', 'Mga pattern'),
      headline: t('Lines and full house', 'Linya at full house'),
      subline: t('75-ball and 90-ball games.', '75-ball at 90-ball games.'),
      cta: t('Join a room', 'Sumali'),
      motif: 'coins',
      link: { type: 'ROUTE', target: '/bingo' },
    },
  ],
  w_login: [
    {
      kicker: t('Welcome back', 'Maligayang pagbabalik'),
      headline: t('Your games are waiting', 'Naghihintay ang mga laro mo'),
      subline: t('Log in to continue.', 'Mag-log in para magpatuloy.'),
      cta: t('Log in', 'Mag-log in'),
      motif: 'stars',
      link: null,
    },
  ],
  w_register: [
    {
      kicker: t('Join today', 'Sumali ngayon'),
      headline: t('Create your account', 'Gumawa ng account'),
      subline: t('Sign up in under a minute.', 'Mag-sign up sa loob ng isang minuto.'),
      cta: t('Sign up', 'Mag-sign up'),
      motif: 'gift',
      link: null,
    },
  ],
};

const NOTICES = [
  {
    EN: {
      title: 'Scheduled maintenance on Tuesday 02:00-04:00',
      content:
        '<p>Some live casino tables will be unavailable on <strong>Tuesday from 02:00 to 04:00</strong> (Manila time) while our partner upgrades its studios.</p><p>Balances are not affected.</p>',
    },
    TY: {
      title: 'Naka-iskedyul na maintenance sa Martes 02:00-04:00',
      content:
        '<p>Hindi magagamit ang ilang live casino table sa <strong>Martes mula 02:00 hanggang 04:00</strong> (oras sa Maynila) habang nag-a-upgrade ang aming partner.</p><p>Hindi apektado ang mga balanse.</p>',
    },
  },
  {
    EN: {
      title: 'New e-wallet deposits are now instant',
      content:
        '<p>Deposits through e-wallets are now credited <em>within seconds</em>. See <a href="/help">the help centre</a> for the steps.</p>',
    },
    TY: {
      title: 'Instant na ang deposito sa e-wallet',
      content:
        '<p>Pumapasok na <em>sa loob ng ilang segundo</em> ang deposito sa e-wallet. Tingnan ang <a href="/help">help centre</a> para sa mga hakbang.</p>',
    },
  },
  {
    EN: {
      title: 'Beware of fake agents',
      content:
        '<p>Our staff never ask for your password or verification code. Report suspicious messages to customer service.</p>',
    },
    TY: {
      title: 'Mag-ingat sa mga pekeng ahente',
      content:
        '<p>Hindi hinihingi ng aming staff ang iyong password o verification code. I-report sa customer service ang kahina-hinalang mensahe.</p>',
    },
  },
  {
    EN: {
      title: 'Esports: MPL finals odds are open',
      content: '<p>Pre-match and live odds for the MPL finals are open. Good luck!</p>',
    },
    TY: {
      title: 'Esports: bukas na ang odds ng MPL finals',
      content: '<p>Bukas na ang pre-match at live odds para sa MPL finals. Good luck!</p>',
    },
  },
];

const ANNOUNCEMENTS: {
  type: 'B' | 'PL' | 'PU' | 'PR' | 'H';
  contentGroup: 'player' | 'banners' | 'popup' | 'promotion';
  EN: { title: string; content: string };
  TY: { title: string; content: string };
}[] = [
  {
    type: 'PU',
    contentGroup: 'popup',
    EN: {
      title: 'Welcome! Every slot round can be checked',
      content:
        '<h3>Provably fair slots</h3><p>Each round of our in-house slots is committed before you spin. Open <strong>Fairness</strong> in a slot to see the seeds and verify any round.</p><ul><li>Declared return shown in every game</li><li>Your last rounds kept for recall</li></ul>',
    },
    TY: {
      title: 'Maligayang pagdating! Masusuri ang bawat round ng slot',
      content:
        '<h3>Provably fair na slots</h3><p>Naka-commit ang bawat round ng aming in-house slots bago ka umikot. Buksan ang <strong>Fairness</strong> sa isang slot para makita ang seeds at suriin ang anumang round.</p><ul><li>Nakalathala ang return sa bawat laro</li><li>Naka-save ang mga huling round mo</li></ul>',
    },
  },
  {
    type: 'PU',
    contentGroup: 'popup',
    EN: {
      title: 'Download our app for faster play',
      content: '<p>Scan the QR code on the <a href="/down">download page</a> to install the app.</p>',
    },
    TY: {
      title: 'I-download ang app para mas mabilis',
      content: '<p>I-scan ang QR code sa <a href="/down">download page</a> para i-install ang app.</p>',
    },
  },
  ...(
    [
      [
        'B',
        'player',
        'System upgrade completed',
        'Tapos na ang system upgrade',
        'All services are running normally.',
        'Normal na ang lahat ng serbisyo.',
      ],
      [
        'B',
        'player',
        'New payment channel',
        'Bagong payment channel',
        'QR Ph deposits are now available.',
        'Puwede na ang deposito sa QR Ph.',
      ],
      [
        'PL',
        'player',
        'Update your contact details',
        'I-update ang iyong contact details',
        'Keep your mobile number current to receive codes.',
        'Panatilihing tama ang mobile number para makatanggap ng code.',
      ],
      [
        'PL',
        'player',
        'Play responsibly',
        'Maglaro nang responsable',
        'Take breaks, and talk to our support team if gambling stops being fun.',
        'Magpahinga, at kausapin ang aming support team kung hindi na masaya ang pagsusugal.',
      ],
      [
        'PR',
        'promotion',
        'Promotions page',
        'Pahina ng mga promo',
        'Current offers and their terms are listed on the promotions page.',
        'Nasa pahina ng mga promo ang kasalukuyang alok at mga tuntunin nito.',
      ],
      [
        'PR',
        'promotion',
        'Become an agent',
        'Maging agent',
        'Apply from the join page to recruit members with your own affiliate code.',
        'Mag-apply sa join page para mag-recruit ng miyembro gamit ang sariling affiliate code.',
      ],
      [
        'H',
        'banners',
        'Holiday opening hours of support',
        'Oras ng support sa holiday',
        'Live chat stays open 24/7 during the holidays.',
        'Bukas ang live chat 24/7 ngayong holiday.',
      ],
      [
        'H',
        'banners',
        'New slot studio arrived',
        'May bagong slot studio',
        'Try 400 new games from our latest partner.',
        'Subukan ang 400 bagong laro mula sa bagong partner.',
      ],
      [
        'B',
        'player',
        'Security reminder',
        'Paalala sa seguridad',
        'Never share your password or verification code.',
        'Huwag ibahagi ang password o verification code.',
      ],
      [
        'PR',
        'promotion',
        'Sports parlay boost',
        'Sports parlay boost',
        'Up to 20% extra winnings on parlays.',
        'Hanggang 20% dagdag na panalo sa parlay.',
      ],
    ] as const
  ).map(([type, contentGroup, titleEn, titleTy, textEn, textTy]) => ({
    type,
    contentGroup,
    EN: { title: titleEn, content: `<p>${textEn}</p>` },
    TY: { title: titleTy, content: `<p>${textTy}</p>` },
  })),
];

const HELP: { name: Localised; articles: { title: Localised; content: Localised }[] }[] = [
  {
    name: t('Account', 'Account'),
    articles: [
      {
        title: t('How do I register?', 'Paano magparehistro?'),
        content: t(
          '<p>Click <strong>Register</strong>, choose a username and password, confirm you are 18 or older and accept the terms. Registration by mobile number is available where enabled.</p>',
          '<p>I-click ang <strong>Register</strong>, pumili ng username at password, kumpirmahing ikaw ay 18 pataas at tanggapin ang mga tuntunin. May pagpaparehistro gamit ang mobile number kung naka-enable.</p>',
        ),
      },
      {
        title: t('I forgot my password', 'Nakalimutan ko ang password ko'),
        content: t(
          '<p>Use <em>Forgot password</em> on the login form. You can reset it by e-mail, or by mobile number and SMS code.</p>',
          '<p>Gamitin ang <em>Forgot password</em> sa login form. Maaari itong i-reset sa e-mail, o gamit ang mobile number at SMS code.</p>',
        ),
      },
      {
        title: t('Why is my account locked?', 'Bakit naka-lock ang account ko?'),
        content: t(
          '<p>Accounts are locked after repeated failed logins or at your own request. Contact customer service to unlock it.</p>',
          '<p>Nala-lock ang account pagkatapos ng sunod-sunod na maling login o kapag hiniling mo. Makipag-ugnayan sa customer service.</p>',
        ),
      },
    ],
  },
  {
    name: t('Deposits and withdrawals', 'Deposito at withdrawal'),
    articles: [
      {
        title: t('How do I deposit?', 'Paano magdeposito?'),
        content: t(
          '<ol><li>Click <strong>Deposit</strong>.</li><li>Choose a channel and enter the amount.</li><li>Follow the payment steps.</li></ol><p>E-wallet deposits arrive within seconds.</p>',
          '<ol><li>I-click ang <strong>Deposit</strong>.</li><li>Pumili ng channel at ilagay ang halaga.</li><li>Sundin ang mga hakbang sa pagbabayad.</li></ol><p>Pumapasok sa loob ng ilang segundo ang deposito sa e-wallet.</p>',
        ),
      },
      {
        title: t('How long does a withdrawal take?', 'Gaano katagal ang withdrawal?'),
        content: t(
          '<p>Most withdrawals are paid within 15 minutes. Bank transfers can take up to 24 hours.</p>',
          '<p>Karamihan ng withdrawal ay naibibigay sa loob ng 15 minuto. Ang bank transfer ay maaaring umabot ng 24 oras.</p>',
        ),
      },
    ],
  },
  {
    name: t('Games', 'Mga laro'),
    articles: [
      {
        title: t('A game froze during a round', 'Nag-freeze ang laro habang naglalaro'),
        content: t(
          '<p>Your bet is safe: rounds are settled by the provider. Reopen the game to see the result, or check your betting record.</p>',
          '<p>Ligtas ang iyong taya: ang provider ang nag-aayos ng round. Buksan muli ang laro o tingnan ang betting record.</p>',
        ),
      },
      {
        title: t('What is free play?', 'Ano ang free play?'),
        content: t(
          '<p>Free play lets you try games with demo credits. Winnings in free play are not real money.</p>',
          '<p>Sa free play, masusubukan mo ang mga laro gamit ang demo credits. Hindi totoong pera ang panalo sa free play.</p>',
        ),
      },
    ],
  },
  {
    name: t('Promotions', 'Mga promo'),
    articles: [
      {
        title: t('How do I claim a bonus?', 'Paano kunin ang bonus?'),
        content: t(
          '<p>Open <strong>Promotions</strong>, choose an offer and press <em>Apply</em>. Some bonuses are credited automatically.</p>',
          '<p>Buksan ang <strong>Promotions</strong>, pumili ng alok at pindutin ang <em>Apply</em>. Ang ilang bonus ay awtomatikong naibibigay.</p>',
        ),
      },
    ],
  },
  {
    name: t('Responsible gaming', 'Responsableng paglalaro'),
    articles: [
      {
        title: t('Setting limits', 'Pagtatakda ng limitasyon'),
        content: t(
          '<p>Play for fun, not to make money. Set deposit and loss limits, and take regular breaks. If gaming stops being fun, contact us to close your account for a while.</p>',
          '<p>Maglaro para sa saya, hindi para kumita. Magtakda ng limitasyon sa deposito at talo, at magpahinga nang regular. Kung hindi na masaya, makipag-ugnayan sa amin para pansamantalang isara ang account.</p>',
        ),
      },
    ],
  },
];

const seedLanguages = ['CN', 'ID', 'TH', 'VI'] as const satisfies readonly SeedLanguage[];

/** A text in English and Tagalog (given) and in every other language of the site (from content-languages.ts). */
export const inEvery = <T>(en: T, ty: T, other: (language: SeedLanguage) => T) =>
  ({
    EN: en,
    TY: ty,
    ...Object.fromEntries(seedLanguages.map((language) => [language, other(language)])),
  }) as Record<'EN' | 'TY' | SeedLanguage, T>;
const at = <T>(list: T[], index: number): T => {
  const item = list[index];
  if (item === undefined) throw new Error(`content-languages.ts lacks item ${index}`);
  return item;
};

/** Every banner of BANNERS in walking order, with its texts in every language of the site (decision 066). */
export function seededBanners() {
  let position = 0;
  return (Object.entries(BANNERS) as [BannerGroup, BannerSpec[]][]).flatMap(([group, specs]) =>
    specs.map((spec, index) => {
      const own = (language: 'EN' | 'TY'): BannerText => ({
        kicker: spec.kicker[language],
        headline: spec.headline[language],
        subline: spec.subline[language],
        cta: spec.cta[language],
      });
      const item = position++;
      const texts = inEvery(own('EN'), own('TY'), (language) => at(BANNER_TEXTS[language], item));
      return { group, index, motif: spec.motif, link: spec.link, texts };
    }),
  );
}

/** The notices, announcements and help centre in every language of the site (decision 066). */
export function seededTexts<Extra extends object>(extra: Extra) {
  return {
    notices: NOTICES.map((texts, index) => ({
      texts: inEvery(texts.EN, texts.TY, (language) => at(NOTICE_TEXTS[language], index)),
      ...extra,
      sortOrder: index,
    })),
    announcements: ANNOUNCEMENTS.map((item, index) => ({
      type: item.type,
      contentGroup: item.contentGroup,
      platform: 'W' as const,
      texts: inEvery(item.EN, item.TY, (language) => at(ANNOUNCEMENT_TEXTS[language], index)),
      ...extra,
      sortOrder: index,
    })),
    help: HELP.map((category, index) => ({
      category: {
        texts: inEvery({ name: category.name.EN }, { name: category.name.TY }, (language) => ({
          name: at(HELP_TEXTS[language], index).name,
        })),
        enabled: true,
        sortOrder: index * 10,
      },
      articles: category.articles.map((article, position) => ({
        texts: inEvery(
          { title: article.title.EN, content: article.content.EN },
          { title: article.title.TY, content: article.content.TY },
          (language) => at(at(HELP_TEXTS[language], index).articles, position),
        ),
        enabled: true,
        sortOrder: position * 10,
      })),
    })),
  };
}

/** Footer partners; the name (drawn in the logo of each language, and its text alternative) is per language. */
const PARTNERS: {
  kind: 'vendor' | 'payment' | 'provider';
  name: Localised;
  colour: string;
}[] = [
  { kind: 'vendor', name: t('Tala Originals', 'Tala Originals'), colour: '#0f766e' },
  { kind: 'vendor', name: t('Sampaguita Slots', 'Sampaguita Slots'), colour: '#be185d' },
  { kind: 'vendor', name: t('Lakan Live', 'Lakan Live'), colour: '#1d4ed8' },
  { kind: 'vendor', name: t('Bahaghari Cards', 'Baraha ng Bahaghari'), colour: '#7c3aed' },
  { kind: 'vendor', name: t('Palaro Sports', 'Palaro Sports'), colour: '#15803d' },
  { kind: 'vendor', name: t('Vietnam Lottery', 'Loterya ng Vietnam'), colour: '#b91c1c' },
  { kind: 'payment', name: t('E-Wallet', 'E-Wallet'), colour: '#2563eb' },
  { kind: 'payment', name: t('QR Ph', 'QR Ph'), colour: '#0891b2' },
  { kind: 'payment', name: t('Bank Transfer', 'Paglipat sa bangko'), colour: '#334155' },
  { kind: 'payment', name: t('Over the Counter', 'Bayad sa counter'), colour: '#ea580c' },
  { kind: 'payment', name: t('USDT', 'USDT'), colour: '#059669' },
  { kind: 'provider', name: t('Secure Hosting', 'Ligtas na hosting'), colour: '#475569' },
  { kind: 'provider', name: t('Fair Play Lab', 'Fair Play Lab'), colour: '#a16207' },
  { kind: 'provider', name: t('Play Responsibly 18+', 'Maglaro nang responsable 18+'), colour: '#dc2626' },
];

/** The footer partners with their names in every language of the site. */
export function seededPartners() {
  return PARTNERS.map((partner, index) => ({
    kind: partner.kind,
    names: inEvery(partner.name.EN, partner.name.TY, (language) => at(PARTNER_NAMES[language], index)),
    colour: partner.colour,
  }));
}

const HELP_LINKS = [
  { titles: t('Help centre', 'Help centre'), path: '/help' },
  { titles: t('Affiliate programme', 'Affiliate program'), path: '/join' },
  { titles: t('App download', 'I-download ang app'), path: '/down' },
  { titles: t('Announcements', 'Mga anunsyo'), path: '/noticePage' },
  { titles: t('Responsible gaming', 'Responsableng paglalaro'), path: '/responsibleGaming' },
];
const PRODUCTS = [
  { titles: t('Slots', 'Slots'), path: '/rng' },
  { titles: t('Live casino', 'Live casino'), path: '/live' },
  { titles: t('Fishing', 'Pangingisda'), path: '/fish' },
  { titles: t('Card games', 'Card games'), path: '/pvp' },
  { titles: t('Sports', 'Sports'), path: '/sports' },
  { titles: t('Esports', 'Esports'), path: '/esports' },
  { titles: t('Lottery', 'Lotto'), path: '/lottery' },
  { titles: t('Bingo', 'Bingo'), path: '/bingo' },
];
const GREETING = t('Hello! How can we help you today?', 'Kumusta! Paano ka namin matutulungan ngayon?');

/** The footer's links and the chat's greeting, in every language of the site (the others: SETTINGS_TEXTS). */
export const DEMO_CONTENT_SETTINGS: ContentSettings = {
  feedback: { minWords: 5, maxWords: 500 },
  footer: {
    helpLinks: HELP_LINKS.map(({ titles, path }, index) => ({
      titles: inEvery(titles.EN, titles.TY, (language) => at(SETTINGS_TEXTS[language].helpLinks, index)),
      path,
    })),
    products: PRODUCTS.map(({ titles, path }, index) => ({
      titles: inEvery(titles.EN, titles.TY, (language) => at(SETTINGS_TEXTS[language].products, index)),
      path,
    })),
  },
  chat: {
    greeting: inEvery(GREETING.EN, GREETING.TY, (language) => SETTINGS_TEXTS[language].greeting),
  },
};

/** The customer-service channels a player is offered; the paths are the merchant's own. */
const CHANNELS: {
  csType: 'LIVECHAT' | 'VIP' | 'TELEGRAM' | 'FACEBOOK';
  titles: Localised;
  path: (handle: string) => string;
}[] = [
  { csType: 'LIVECHAT', titles: t('Live chat', 'Live chat'), path: () => '/index?chat=1' },
  { csType: 'VIP', titles: t('VIP service', 'Serbisyong VIP'), path: () => '/index?chat=vip' },
  {
    csType: 'TELEGRAM',
    titles: t('Telegram', 'Telegram'),
    path: (handle) => `https://t.me/${handle}_support`,
  },
  {
    csType: 'FACEBOOK',
    titles: t('Facebook', 'Facebook'),
    path: (handle) => `https://facebook.com/${handle}`,
  },
];

/** The customer-service channels of a merchant (its code as the handle), titled in every language of the site. */
export function seededChannels(handle: string) {
  return CHANNELS.map(({ csType, titles, path }, index) => ({
    csType,
    titles: inEvery(titles.EN, titles.TY, (language) => at(CHANNEL_TITLES[language], index)),
    path: path(handle),
  }));
}

/** The demo content of one merchant: banners, notices, help, partners and footer in its colours. */
export async function seedMerchant(services: Services, merchant: Merchant) {
  const { primaryColour, accentColour } = merchant.settings.whitelabel;
  const darker = (hex: string) =>
    `#${hex
      .slice(1)
      .match(/../g)
      ?.map((c) =>
        Math.round(Number.parseInt(c, 16) * 0.45)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
  const images: { id: string; svg: string; width: number; height: number }[] = [];
  const image = (svg: string, width: number, height: number) => {
    const id = newImageId();
    images.push({ id, svg, width, height });
    return id;
  };

  let seed = merchant.id * 1000;
  // Each banner is drawn once per language, its texts in the picture; the title (the picture's text alternative) is
  // the headline. The language tags are the site's own (<html lang>), so a viewer picks fitting system fonts.
  const perLanguage = <T>(value: (language: LanguageCode) => T) =>
    Object.fromEntries(languageCodes.map((language) => [language, value(language)])) as Record<
      LanguageCode,
      T
    >;
  const banners = seededBanners().map(({ group, index, motif, link, texts }) => {
    const dialog = group === 'w_login' || group === 'w_register';
    const [width, height] = dialog ? [640, 240] : [1200, 400];
    const art = (language: LanguageCode) =>
      bannerSvg({
        width,
        height,
        from: index % 2 ? darker(primaryColour) : primaryColour,
        to: index % 2 ? primaryColour : darker(primaryColour),
        accent: accentColour,
        ...texts[language],
        motif,
        seed: ++seed,
        lang: languageTags[language],
        coin: moneyDisplay(merchant.settings.whitelabel).currencySymbol,
      });
    return {
      groupName: group,
      images: perLanguage((language) => image(art(language), width, height)),
      titles: perLanguage((language) => texts[language].headline),
      linkageType: link?.type ?? null,
      linkageTarget: link?.target ?? null,
      startsAt: null,
      endsAt: null,
      enabled: true,
      sortOrder: (index + 1) * 10,
    };
  });

  const always = { startsAt: null, endsAt: null, enabled: true };
  await services.content.seed(merchant.id, {
    images,
    banners,
    ...seededTexts(always),
    partners: seededPartners().map((partner, index) => ({
      kind: partner.kind,
      names: partner.names,
      // Each language's logo spells the partner's name in that language (the name is also its text alternative).
      images: perLanguage((language) =>
        image(logoSvg(partner.names[language], partner.colour, languageTags[language]), 200, 64),
      ),
      url: null,
      enabled: true,
      sortOrder: index * 10,
    })),
    settings: DEMO_CONTENT_SETTINGS,
  });

  // The channels live in the merchant's settings document: saved through the merchants module, audited as the seed.
  const brand = merchant.settings.whitelabel.brandName;
  const handle = merchant.code;
  await services.content.saveChannels({ id: 0, name: 'demo-seed', ip: '127.0.0.1' }, merchant.code, {
    customerService: seededChannels(handle),
    resources: [
      {
        resourceType: 'IOS',
        url: `https://apps.apple.com/app/${handle}-casino/id6450000${merchant.id}`,
        qrCodeUrl: '/down?platform=ios',
        labelNameEn: `${brand} for iOS`,
      },
      {
        resourceType: 'ANDROID',
        url: `https://play.google.com/store/apps/details?id=ph.${handle}.casino`,
        qrCodeUrl: '/down?platform=android',
        labelNameEn: `${brand} for Android`,
      },
      { resourceType: 'MOBILE_CONFIG', url: '/index', qrCodeUrl: null, labelNameEn: 'Mobile site' },
      {
        resourceType: 'FACEBOOK',
        url: `https://facebook.com/${handle}`,
        qrCodeUrl: null,
        labelNameEn: 'Facebook',
      },
      {
        resourceType: 'YOUTUBE',
        url: `https://youtube.com/@${handle}`,
        qrCodeUrl: null,
        labelNameEn: 'Youtube',
      },
      {
        resourceType: 'TELEGRAM',
        url: `https://t.me/${handle}_support`,
        qrCodeUrl: null,
        labelNameEn: 'Telegram',
      },
    ],
  });
}

/** Demo site content for every merchant: banners of every group, notices, announcements, help, footer, channels. */
export async function seedContent(services: Services) {
  for (const merchant of await services.merchants.list()) await seedMerchant(services, merchant);
}
