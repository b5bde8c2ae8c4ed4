import { z } from 'zod';
import { stakeScaleOf } from './currencies.ts';
import { envelope, pageOf } from './envelope.ts';
import { languageCode } from './languages.ts';

/** Game categories of spec §3; ESPORTS is split from SPORTS by a configured vendor list. */
export const gameTypes = ['ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'ESPORTS'] as const;
export const gameType = z.enum(gameTypes);
export type GameType = z.infer<typeof gameType>;

/** RNG classifications of spec §5; BG (bingo) only where TY is a supported language. */
export const classifications = ['SC', 'VP', 'JP', 'TG', 'AC', 'BG'] as const;
export const classification = z.enum(classifications);
export type Classification = z.infer<typeof classification>;

/** The game classes of spec §1 that the catalogue tags games with. */
export const gameClasses = [
  'slot',
  'fish',
  'live',
  'card',
  'sports',
  'esports',
  'lottery',
  'bingo',
  'cockfighting',
  'mini',
  'jackpot',
  'accumulative',
  'video_poker',
  'table',
  'arcade',
] as const;

/**
 * Minimum-bet filter choices of spec §5, the values the game list takes: the peso's figures for every merchant. Each
 * stands for its centavos times the merchant's stake scale (decision 069), which is what the site shows ('0.05' is
 * P0.05, or 50 ₫ for the dong) and what the server matches.
 */
export const minBetChoices = ['0.01', '0.05', '0.1', '0.5', '0.75'] as const;

/**
 * A minimum-bet filter choice in minor units of a merchant's currency (its centavos times the currency's stake
 * scale): '0.05' is 5 for the peso, 50 for the dong. The site labels the choice with it, the server matches with it.
 */
export function minBetChoiceMinor(choice: string, currency: string | undefined): number {
  return Math.round(Number(choice) * 100) * stakeScaleOf(currency);
}

export const vendorCard = z
  .object({
    nodeId: z.number().int(),
    vendor: z.string(),
    vassalage: z.string(),
    gameType,
    displayName: z.string(),
    accountTypeId: z.number().int(),
    isHot: z.union([z.literal(0), z.literal(1)]),
    isGame: z.enum(['GAME', 'VASSALAGE', 'LOBBY']),
    maintenance: z.boolean(),
    logoUrl: z.string(),
  })
  .meta({ id: 'VendorCard' });
export type VendorCard = z.infer<typeof vendorCard>;

export const game = z
  .object({
    nodeId: z.number().int(),
    vassalage: z.string(),
    gameType,
    gameGroupCode: z.string(),
    isGame: z.enum(['GAME', 'VASSALAGE', 'LOBBY']),
    defaultPlayType: z.string().nullable(),
    vendor: z.string(),
    accountTypeName: z.string(),
    gameCode: z.string(),
    code: z.string(),
    name: z.string(),
    imageUrl: z.string(),
    classification: classification.nullable(),
    gameClass: z.string(),
    /** Smallest stake in currency units, as a decimal string ("0.05"). */
    minBet: z.string(),
    lines: z.number().int(),
    rtp: z.string().nullable(),
    isHot: z.union([z.literal(0), z.literal(1)]),
    maintenance: z.boolean(),
    /** Our own studio's game: the site opens its client under /games/ instead of a vendor launch address. */
    inHouse: z.boolean(),
  })
  .meta({ id: 'Game' });
export type Game = z.infer<typeof game>;

const trimmed = (max: number) => z.string().trim().max(max);

/** GCSGAME_gameList query (spec §3 "List query"); unknown filters are refused, not ignored. */
export const gameListQuery = z.strictObject({
  clientType: z.coerce.number().int().min(0).max(9).optional(),
  platform: trimmed(60).optional(),
  channel: trimmed(30).optional(),
  merchant: trimmed(32).optional(),
  merchantCode: trimmed(32).optional(),
  gameType: gameType.optional(),
  vassalage: trimmed(64).optional(),
  gameClassify: z.union([classification, z.literal('')]).optional(),
  gameName: trimmed(60).optional(),
  minBet: z.union([z.enum(minBetChoices), z.literal('')]).optional(),
  minLineNum: z.coerce.number().int().min(0).max(1024).optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(24),
  language: languageCode.optional(),
});
export type GameListQuery = z.infer<typeof gameListQuery>;
export const gameListResponse = envelope(pageOf(game));

export const hotGamesQuery = z.strictObject({
  merchantCode: trimmed(32).optional(),
  isPlatform: z.coerce.number().int().optional(),
  vassalage: trimmed(64).optional(),
  gameType: gameType.optional(),
  platform: trimmed(60).optional(),
  language: languageCode.optional(),
});
export const gameArrayResponse = envelope(z.array(game));

export const vendorQuery = z.strictObject({
  merchantCode: trimmed(32).optional(),
  gameType: gameType.optional(),
});
export const vendorListResponse = envelope(z.array(vendorCard));

export const vassGameTypeQuery = z.strictObject({
  vassalage: trimmed(64),
  language: languageCode.optional(),
});
export const vassGameTypeResponse = envelope(
  z.object({
    vassalage: z.string(),
    gameType,
    classifications: z.array(z.object({ code: classification, count: z.number().int() })),
    /** The minimum-bet filter's choices (minBetChoices, the values the list takes) that find some of its games. */
    minBets: z.array(z.string()),
  }),
);

/**
 * The kind of client asking (spec §7: the brand configuration's `device WEB`, sent by game_menu and popular): WEB
 * (a desktop browser), H5 (a phone's browser) or APP (an app's web view), in any letter case. The games offered do
 * not differ by device: every in-house game, the lottery's included, is one responsive client (decision 043); the
 * value is checked, so that a client sending something else learns it (validation_failed, field device).
 */
export const clientDevices = ['WEB', 'H5', 'APP'] as const;
export const clientDevice = z.string().trim().toUpperCase().pipe(z.enum(clientDevices));

export const popularQuery = z.strictObject({
  count: z.coerce.number().int().min(1).max(50).default(20),
  prizeMode: trimmed(10).optional(),
  device: clientDevice.optional(),
  language: languageCode.optional(),
});

export const gameMenu = z.object({
  gameType: z.union([gameType, z.literal('BINGO')]),
  vendors: z.array(vendorCard),
});
export const gameMenusResponse = envelope(z.array(gameMenu));

export const thumbParams = z.object({ nodeId: z.coerce.number().int().min(1).max(2_147_483_647) });
