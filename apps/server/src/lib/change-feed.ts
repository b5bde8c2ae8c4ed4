// The process's change feed: writers say what changed, in-memory caches (the members' sessions, the counts of
// /wps/member/counts) drop what it makes stale. docs/decisions/040-session-and-counts-cache.md.
import { afterCommit, inTrackedTransaction } from '../db/commit-hooks.ts';
import type { Database } from '../db/database.ts';

export type Change =
  /** One session ended (logout, idle): its token's hash, base64. */
  | { on: 'session'; tokenHash: string }
  /** A member's row or sessions changed (password, lock, reset, profile, a new login): their cached sessions go. */
  | { on: 'sessions'; memberId: number }
  /** Something a member's counts are made of changed (a message, a deposit, a bonus, a claim, a bet, a sign-in). */
  | { on: 'member'; memberId: number }
  /** Something every member of a merchant may count changed (a promotion, a mission, a broadcast, the agent tree). */
  | { on: 'merchant'; merchantId: number }
  /** A bingo room's chat got a message (`roomChat`) or an operator hid one (`roomChatHidden`): the processes push
   * it to their sockets watching the room for that merchant (modules/live/room-chat.ts). */
  | { on: 'roomChat' | 'roomChatHidden'; merchantId: number; roomCode: string; id: number }
  /** A PvP card table changed (a seat, a move, a deal): the processes tell their sockets watching it to read it
   * again (modules/pvp/pvp.service.ts). */
  | { on: 'pvpTable'; merchantId: number; code: string; handNo: number | null; seq: number }
  /** A fish room's shot, settled (its frame as every watcher of the room sees it), or its seats changed: each
   * process pushes a fishShot or fishSeats frame to its sockets watching the room for that merchant (modules/fish). */
  | {
      on: 'fishShot';
      merchantId: number;
      roomCode: string;
      waveNo: number;
      /** The shooter's shot number in the wave: two shots are two changes, never merged. */
      memberId: number;
      nonce: number;
      seat: number;
      angle: number;
      fishId: number;
      bet: number;
      caught: boolean;
      multiplier: number;
      win: number;
    }
  | { on: 'fishSeats'; merchantId: number; roomCode: string }
  /** The odds feed changed a sports event's prices, market statuses or score: the processes push it to their sockets
   * watching the sportsbook (modules/sportsbook/sports-push.ts). */
  | { on: 'sportsEvent'; eventId: string; what: 'odds' | 'score' }
  /** A merchant's trading desk changed a margin or a suspension: the push's copy of its offer is read again
   * (modules/sportsbook/trading-offer.ts offerCache). */
  | { on: 'sportsOffer'; merchantId: number }
  /** A merchant's row changed (settings, white label, domains): every process reads the merchants again. */
  | { on: 'merchants' }
  /** The game catalogue changed (a line's or game's switches, order, a new game): every merchant's view is rebuilt. */
  | { on: 'catalogue' }
  /** A game vendor's credentials or switches changed (seamless wallet): every process reads them again. */
  | { on: 'vendorCredentials'; vendorCode: string | null }
  /** A live chat frame for sockets on other processes: a visitor's (`key`) or every operator console's. `hub` is the
   * sending process's chat hub, which has told its own sockets already (modules/support/chat-hub.ts). */
  | { on: 'chat'; hub: string; to: 'visitor'; key: string; frame: unknown }
  | { on: 'chat'; hub: string; to: 'operators'; frame: unknown }
  /** Anything may have changed (the relay to other processes was down a while): every cached copy goes. */
  | { on: 'all' };

export type ChangeListener = (change: Change) => void;

/**
 * Carries changes to the other server processes on the same database and brings theirs (db/change-relay.ts:
 * PostgreSQL LISTEN/NOTIFY). Without one, each process's caches see only its own writes and other processes' within
 * the caches' time to live.
 */
export interface ChangeRelay {
  send(change: Change): void;
  close(): Promise<void>;
}

export function changeFeed() {
  const listeners = new Set<ChangeListener>();
  let relay: ChangeRelay | undefined;

  function deliver(change: Change) {
    for (const listener of listeners) listener(change);
  }

  return {
    /**
     * Tells this process's caches at once, and again when `executor`'s transaction ends (so that a copy read
     * between the write and its commit does not stay); then other processes, through the relay, once committed.
     */
    publish(executor: Database, change: Change) {
      deliver(change);
      if (inTrackedTransaction(executor)) {
        afterCommit(executor, () => {
          deliver(change);
          relay?.send(change);
        });
      } else {
        relay?.send(change);
      }
    },

    /** A change this process has acted on already (committed): told to the other processes only. */
    tellOthers(change: Change) {
      relay?.send(change);
    },

    /** A change that came from another process: told to this one's caches only. */
    receive(change: Change) {
      deliver(change);
    },

    subscribe(listener: ChangeListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Sends this process's changes to others from now on; answers a function that stops it. */
    connect(next: ChangeRelay) {
      relay = next;
      return async () => {
        if (relay === next) relay = undefined;
        await next.close();
      };
    },
  };
}

export type ChangeFeed = ReturnType<typeof changeFeed>;

/**
 * The one feed of this process. Caches are per process, so their feed is too: writers anywhere publish here without
 * being handed it, and a test file (its own module graph) gets its own.
 */
export const changes = changeFeed();
