// The CHAIN game's seeds (docs/decisions/041-lottery-families.md): each issue's server seed is a link of a reverse
// SHA-256 chain per merchant, game and segment, whose terminal hash is public before the segment's first issue (the
// next segment's chain is made with the current one, a segment ahead). Two processes making a segment at once make
// one row, so they compute the same seeds.
import crypto from 'node:crypto';
import { chainLength, chainPlace, chainSeed, chainTerminal, type LinkHash } from '@tala/lottery/chain';
import { newServerSeed } from '@tala/slots/fairness';
import type { Database } from '../../db/database.ts';
import { withLotteryTables } from './lottery.tables.ts';

export type HashChainView = {
  segment: number;
  firstIssueIndex: number;
  length: number;
  terminalHash: string;
};

/** Node's SHA-256 of the link's text: the same hash as the package's, ten times faster (a link is up to 10,080). */
const nodeHash: LinkHash = (link) => crypto.createHash('sha256').update(link).digest('hex');

export function hashChains(db: Database) {
  const t = () => withLotteryTables(db);

  const find = (merchantId: number, gameCode: string, segment: number) =>
    t()
      .selectFrom('lottery_hash_chains')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('game_code', '=', gameCode)
      .where('segment', '=', segment)
      .executeTakeFirst();

  /** A segment's chain, made (with a fresh secret) if it does not exist yet. */
  async function segmentChain(merchantId: number, gameCode: string, segment: number) {
    const found = await find(merchantId, gameCode, segment);
    if (found) return found;
    const secret = newServerSeed();
    await t()
      .insertInto('lottery_hash_chains')
      .values({
        merchant_id: merchantId,
        game_code: gameCode,
        segment,
        length: chainLength,
        secret,
        terminal_hash: chainTerminal(secret, chainLength, nodeHash),
      })
      .onConflict((oc) => oc.columns(['merchant_id', 'game_code', 'segment']).doNothing())
      .execute();
    const made = await find(merchantId, gameCode, segment);
    if (!made) throw new Error(`hash chain ${gameCode}/${segment} not made`);
    return made;
  }

  return {
    /**
     * The server seed of an issue not made yet: its chain's link for its offset (and the next segment's chain made
     * ahead). Null when the issue's draw exists already: its seed was fixed when it was made.
     */
    async seedFor(merchantId: number, gameCode: string, issueIndex: number): Promise<string | null> {
      const made = await t()
        .selectFrom('lottery_draws')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('game_code', '=', gameCode)
        .where('issue_index', '=', issueIndex)
        .executeTakeFirst();
      if (made) return null;
      const { segment, offset } = chainPlace(issueIndex, chainLength);
      const chain = await segmentChain(merchantId, gameCode, segment);
      await segmentChain(merchantId, gameCode, segment + 1);
      return chainSeed(chain.secret, chain.length, offset, nodeHash);
    },

    /** The published terminals of a game's chains, newest first (never the secrets). */
    async published(merchantId: number, gameCode: string): Promise<HashChainView[]> {
      const rows = await t()
        .selectFrom('lottery_hash_chains')
        .select(['segment', 'length', 'terminal_hash'])
        .where('merchant_id', '=', merchantId)
        .where('game_code', '=', gameCode)
        .orderBy('segment', 'desc')
        .limit(10)
        .execute();
      return rows.map((r) => ({
        segment: Number(r.segment),
        firstIssueIndex: Number(r.segment) * r.length,
        length: r.length,
        terminalHash: r.terminal_hash,
      }));
    },
  };
}
