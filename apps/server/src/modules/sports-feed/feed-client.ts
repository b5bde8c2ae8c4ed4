import {
  type FeedFixture,
  type FeedFixtureDetail,
  type FeedMessage,
  type FeedMessageOf,
  type FeedMessageType,
  type FeedProducer,
  feedMessage,
  feedProducers,
  fixtureDetail,
  fixturesResponse,
  recoveryResponse,
  snapshotResponse,
} from '@tala/contracts/odds-feed';
import WebSocket from 'ws';
import type { z } from 'zod';

/**
 * The odds feed's consumer (docs/odds-feed.md): one WebSocket to the feed's push channel, every message checked
 * against the contract, handed on in sequence order exactly once per connection's life. A malformed message is
 * logged and skipped. A missed sequence number, a dropped socket or a producer gone quiet (no `alive` for
 * `aliveTimeoutMs`) starts a recovery: messages after the last one handed on are fetched over HTTP, then the live
 * stream resumes; when the feed no longer keeps them, a snapshot of every fixture comes first.
 *
 * Handlers run one at a time in order, awaited, so a consumer writing to the database sees the feed's order.
 * `handledSequence` is the last message fully handled: persist it with your own writes and pass it back as
 * `afterSequence` after a restart to resume without loss (handlers must then tolerate seeing a message again
 * only if they did not persist atomically).
 */
export type FeedLogger = {
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
};

export type FeedSnapshot = z.infer<typeof snapshotResponse>;
export type FeedClientEvents = { [T in FeedMessageType]: FeedMessageOf<T> } & {
  /** Every valid message, in sequence order. */
  message: FeedMessage;
  /** The whole state: at a first start without `afterSequence`, or when a gap is older than the feed keeps. */
  snapshot: FeedSnapshot;
  /** Odds may be stale: suspend the producer's markets until `producer_up`. */
  producer_down: { producer: FeedProducer; reason: 'alive_timeout' | 'disconnected' | 'gap' };
  producer_up: { producer: FeedProducer };
  malformed: { raw: string; issue: string };
  recovered: { after: number; until: number; count: number; snapshot: boolean };
};
export type FeedEventType = keyof FeedClientEvents;
type Listener<K extends FeedEventType> = (event: FeedClientEvents[K]) => void | Promise<void>;

export type FeedClientOptions = {
  /** The feed's HTTP address, e.g. http://127.0.0.1:4100 (ODDS_FEED_URL). */
  url: string;
  /** The push channel; by default the same host's /v1/stream over ws(s). */
  streamUrl?: string;
  /**
   * Resume after this sequence number (the feed's recovery from there); without it, or when the feed no longer keeps
   * that far back (410) or has not got that far (it numbers from the start again), the client starts from a snapshot.
   */
  afterSequence?: number;
  /** A producer with no alive message for this long is down (default 30 s: three missed heartbeats). */
  aliveTimeoutMs?: number;
  /** Reconnect delays: doubling from min to max (default 250 ms to 10 s). */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** Messages asked for per recovery page. */
  pageSize?: number;
  logger?: FeedLogger;
};

const silentLogger: FeedLogger = { info: () => {}, warn: () => {}, error: () => {} };
const RAW_LOG_LIMIT = 500;
/** Socket messages kept while recovering; beyond it they are dropped and fetched again over HTTP. */
const MAX_BUFFER = 200_000;

type Queued = { [K in FeedEventType]: { type: K; event: FeedClientEvents[K] } }[FeedEventType];

export class OddsFeedClient {
  private readonly listeners = new Map<FeedEventType, Set<Listener<FeedEventType>>>();
  private readonly logger: FeedLogger;
  private socket: WebSocket | undefined;
  private stopped = true;
  /** The last sequence number accepted (queued for the handlers). */
  private accepted: number | undefined;
  private handled: number | undefined;
  private recovering = false;
  private buffer: FeedMessage[] = [];
  private readonly down = new Set<FeedProducer>();
  private readonly lastAlive = new Map<FeedProducer, number>();
  private watchdog: NodeJS.Timeout | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectDelay: number;
  private queue: Queued[] = [];
  private pumping: Promise<void> | undefined;
  private caughtUp: (() => void) | undefined;
  readonly stats = { received: 0, delivered: 0, malformed: 0, duplicates: 0, recoveries: 0, snapshots: 0 };
  private readonly arrivals = new Set<(message: FeedMessage) => void>();

  constructor(private readonly options: FeedClientOptions) {
    this.logger = options.logger ?? silentLogger;
    this.accepted = options.afterSequence;
    this.handled = options.afterSequence;
    this.reconnectDelay = options.reconnectMinMs ?? 250;
  }

  /** The last sequence number every handler has finished with. */
  get handledSequence(): number | undefined {
    return this.handled;
  }

  isDown(producer: FeedProducer) {
    return this.down.has(producer);
  }

  on<K extends FeedEventType>(type: K, listener: Listener<K>): () => void {
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
    }
    set.add(listener as Listener<FeedEventType>);
    return () => set.delete(listener as Listener<FeedEventType>);
  }

  /**
   * Called at once, in order, with each message that arrives live on the socket, before it waits for the handlers
   * of the messages before it (the `message` listeners get it after them): for work that must not queue, such as
   * pushing new prices ahead of their write. Not called for what a recovery fetches. A listener's throw is logged.
   */
  onArrival(listener: (message: FeedMessage) => void): () => void {
    this.arrivals.add(listener);
    return () => this.arrivals.delete(listener);
  }

  /** Connects and resolves once caught up with the feed (snapshot or recovery done, live stream open). */
  start(): Promise<void> {
    this.stopped = false;
    const ready = new Promise<void>((resolve) => {
      this.caughtUp = resolve;
    });
    const timeout = this.options.aliveTimeoutMs ?? 30_000;
    this.watchdog = setInterval(() => this.checkAlive(timeout), Math.max(50, Math.floor(timeout / 4)));
    this.connect();
    return ready;
  }

  async stop() {
    this.stopped = true;
    clearInterval(this.watchdog);
    clearTimeout(this.reconnectTimer);
    this.socket?.terminate();
    this.socket = undefined;
    await this.pumping;
  }

  /** Waits until every queued event has been handled. */
  async idle() {
    while (this.pumping) await this.pumping;
  }

  // ——— the feed's HTTP side ———

  async fixtures(): Promise<FeedFixture[]> {
    return (await this.get('/v1/fixtures', fixturesResponse)).fixtures;
  }

  async fixture(id: string): Promise<FeedFixtureDetail> {
    return this.get(`/v1/fixtures/${encodeURIComponent(id)}`, fixtureDetail);
  }

  private async get<T extends z.ZodType>(path: string, schema: T): Promise<z.infer<T>> {
    const response = await fetch(new URL(path, this.options.url), { signal: AbortSignal.timeout(30_000) });
    if (!response.ok) throw new FeedHttpError(response.status, path);
    return schema.parse(await response.json());
  }

  // ——— the push channel ———

  private streamUrl() {
    if (this.options.streamUrl) return this.options.streamUrl;
    const url = new URL('/v1/stream', this.options.url);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return url.toString();
  }

  private connect() {
    if (this.stopped) return;
    const socket = new WebSocket(this.streamUrl());
    this.socket = socket;
    socket.on('open', () => {
      this.reconnectDelay = this.options.reconnectMinMs ?? 250;
      // The live stream is buffered while the HTTP side fills in what was missed before it opened.
      void this.recover(this.accepted === undefined ? 'start' : 'reconnect');
    });
    socket.on('message', (data, isBinary) => this.receive(isBinary ? '<binary>' : data.toString()));
    socket.on('error', (error) => this.logger.warn({ err: error.message }, 'odds feed socket error'));
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      if (this.stopped) return;
      this.markDown('disconnected');
      this.reconnectTimer = setTimeout(() => this.connect(), this.reconnectDelay);
      this.reconnectDelay = Math.min(this.reconnectDelay * 2, this.options.reconnectMaxMs ?? 10_000);
    });
  }

  private checkAlive(timeout: number) {
    if (this.stopped || this.recovering || !this.socket || this.socket.readyState !== WebSocket.OPEN) return;
    const now = Date.now();
    const quiet = feedProducers.filter((p) => now - (this.lastAlive.get(p) ?? now) > timeout);
    if (quiet.length === 0) return;
    this.logger.warn({ producers: quiet, timeoutMs: timeout }, 'odds feed producer silent: reconnecting');
    for (const producer of quiet) this.setDown(producer, 'alive_timeout');
    // A silent socket may be half-open: start again from a fresh one, which recovers what was missed.
    this.socket.terminate();
  }

  /** Parses and checks one message; anything else is logged and skipped, never thrown. */
  private parse(raw: string): FeedMessage | undefined {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      this.malformed(raw, 'not JSON', undefined);
      return undefined;
    }
    const result = feedMessage.safeParse(value);
    if (result.success) return result.data;
    const issue = result.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    const sequence = (value as { sequence?: unknown } | null)?.sequence;
    this.malformed(raw, issue, Number.isSafeInteger(sequence) ? (sequence as number) : undefined);
    return undefined;
  }

  private malformed(raw: string, issue: string, sequence: number | undefined) {
    this.stats.malformed += 1;
    this.logger.warn(
      { issue, sequence, raw: raw.slice(0, RAW_LOG_LIMIT) },
      'odds feed message malformed: skipped',
    );
    this.enqueue({ type: 'malformed', event: { raw: raw.slice(0, RAW_LOG_LIMIT), issue } });
  }

  private receive(raw: string) {
    this.stats.received += 1;
    const message = this.parse(raw);
    if (!message) return;
    if (this.recovering) {
      if (this.buffer.length < MAX_BUFFER) this.buffer.push(message);
      return;
    }
    this.offer(message);
  }

  /** Accepts the next message in order, drops a repeat, and recovers on a gap. */
  private offer(message: FeedMessage) {
    const last = this.accepted ?? 0;
    if (message.sequence <= last) {
      this.stats.duplicates += 1;
      return;
    }
    if (message.sequence > last + 1) {
      this.logger.warn({ expected: last + 1, got: message.sequence }, 'odds feed sequence gap: recovering');
      this.buffer.push(message);
      void this.recover('gap');
      return;
    }
    for (const listener of this.arrivals)
      try {
        listener(message);
      } catch (error) {
        this.logger.error(
          { err: (error as Error).message, type: message.type },
          'odds feed arrival listener failed',
        );
      }
    this.accept(message);
  }

  private accept(message: FeedMessage) {
    this.accepted = message.sequence;
    if (message.type === 'alive') {
      this.lastAlive.set(message.producer, Date.now());
      if (!message.subscribed) this.setDown(message.producer, 'gap');
    }
    this.enqueue({ type: 'message', event: message });
  }

  // ——— recovery ———

  private async recover(cause: 'start' | 'reconnect' | 'gap') {
    if (this.recovering) return;
    this.recovering = true;
    if (cause === 'gap') for (const producer of feedProducers) this.setDown(producer, 'gap');
    const from = this.accepted ?? 0;
    let count = 0;
    let snapshot = false;
    try {
      for (let attempt = 0; !this.stopped; attempt++) {
        try {
          if (this.accepted === undefined) {
            await this.loadSnapshot();
            snapshot = true;
          }
          count += await this.fetchAfter();
          // Whatever the socket brought meanwhile, in order; a hole in it means another round.
          this.buffer.sort((a, b) => a.sequence - b.sequence);
          const buffered = this.buffer;
          this.buffer = [];
          let hole = false;
          for (const message of buffered) {
            const last = this.accepted ?? 0;
            if (message.sequence <= last) continue;
            if (message.sequence > last + 1) {
              hole = true;
              this.buffer = buffered.filter((m) => m.sequence > last);
              break;
            }
            this.accept(message);
          }
          if (!hole) break;
        } catch (error) {
          if (error instanceof FeedHttpError && error.status === 410) {
            this.logger.warn({ after: this.accepted }, 'odds feed recovery too old: loading a snapshot');
            this.accepted = undefined;
            continue;
          }
          if (error instanceof FeedAheadError) {
            this.logger.warn(
              { after: error.after, feedLast: error.last },
              'odds feed is behind the resume point (it numbers from the start again): loading a snapshot',
            );
            this.accepted = undefined;
            continue;
          }
          const wait = Math.min(250 * 2 ** attempt, this.options.reconnectMaxMs ?? 10_000);
          this.logger.warn(
            { err: (error as Error).message, retryInMs: wait },
            'odds feed recovery failed: retrying',
          );
          await new Promise((resolve) => setTimeout(resolve, wait));
        }
      }
    } finally {
      this.recovering = false;
    }
    if (this.stopped) return;
    this.stats.recoveries += 1;
    this.logger.info({ cause, after: from, until: this.accepted, count, snapshot }, 'odds feed recovered');
    this.enqueue({ type: 'recovered', event: { after: from, until: this.accepted ?? 0, count, snapshot } });
    const now = Date.now();
    // Up again only with a live stream to follow; otherwise the next connection's recovery says so.
    const live = this.socket?.readyState === WebSocket.OPEN;
    for (const producer of feedProducers) {
      this.lastAlive.set(producer, now);
      if (live && this.down.delete(producer)) this.enqueue({ type: 'producer_up', event: { producer } });
    }
    this.caughtUp?.();
    this.caughtUp = undefined;
  }

  private async loadSnapshot() {
    const snapshot = await this.get('/v1/snapshot', snapshotResponse);
    this.stats.snapshots += 1;
    this.accepted = snapshot.sequence;
    this.enqueue({ type: 'snapshot', event: snapshot });
  }

  /** Pages through /v1/messages after the last accepted message; answers how many were accepted. */
  private async fetchAfter(): Promise<number> {
    let count = 0;
    const pageSize = this.options.pageSize ?? 10_000;
    for (;;) {
      const after = this.accepted ?? 0;
      const response = await fetch(
        new URL(`/v1/messages?after=${after}&limit=${pageSize}`, this.options.url),
        {
          signal: AbortSignal.timeout(30_000),
        },
      );
      if (!response.ok) throw new FeedHttpError(response.status, '/v1/messages');
      const page = recoveryResponse.parse(await response.json());
      // A feed whose newest message is older than ours has started again (a restarted simulator, a new log): our
      // number means nothing there, and everything it sends would look like a repeat.
      if (page.last_sequence < after) throw new FeedAheadError(after, page.last_sequence);
      for (const item of page.messages) {
        const raw = JSON.stringify(item);
        const result = feedMessage.safeParse(item);
        if (!result.success) {
          // Skipped for good: step over its number so it is not asked for again and again.
          const sequence = (item as { sequence?: unknown } | null)?.sequence;
          this.malformed(raw, result.error.issues[0]?.message ?? 'invalid', undefined);
          if (Number.isSafeInteger(sequence) && (sequence as number) > (this.accepted ?? 0))
            this.accepted = sequence as number;
          continue;
        }
        const message = result.data;
        if (message.sequence <= (this.accepted ?? 0)) continue;
        if (message.sequence > (this.accepted ?? 0) + 1)
          this.logger.warn(
            { expected: (this.accepted ?? 0) + 1, got: message.sequence },
            'odds feed log has a hole',
          );
        this.accept(message);
        count += 1;
      }
      if (page.complete || page.messages.length === 0) return count;
    }
  }

  // ——— producers ———

  private markDown(reason: 'disconnected') {
    for (const producer of feedProducers) this.setDown(producer, reason);
  }

  private setDown(producer: FeedProducer, reason: FeedClientEvents['producer_down']['reason']) {
    if (this.down.has(producer)) return;
    this.down.add(producer);
    this.logger.warn({ producer, reason }, 'odds feed producer down');
    this.enqueue({ type: 'producer_down', event: { producer, reason } });
  }

  // ——— handing on, one at a time ———

  private enqueue(item: Queued) {
    this.queue.push(item);
    if (!this.pumping) this.pumping = this.pump();
  }

  private async pump() {
    while (this.queue.length > 0) {
      const item = this.queue.shift() as Queued;
      await this.emit(item.type, item.event);
      if (item.type === 'message') {
        await this.emit(item.event.type, item.event as never);
        this.stats.delivered += 1;
        this.handled = item.event.sequence;
      } else if (item.type === 'snapshot') this.handled = item.event.sequence;
    }
    this.pumping = undefined;
  }

  private async emit(type: FeedEventType, event: unknown) {
    const set = this.listeners.get(type);
    if (!set) return;
    for (const listener of set) {
      try {
        await listener(event as never);
      } catch (error) {
        // A consumer's bug must not stop the feed for everyone else; it is logged with the message it failed on.
        this.logger.error({ err: (error as Error).message, type }, 'odds feed handler failed');
      }
    }
  }
}

/** The resume point is past the feed's newest message: the feed numbers from the start again. */
export class FeedAheadError extends Error {
  constructor(
    readonly after: number,
    readonly last: number,
  ) {
    super(`odds feed's newest message is ${last}, before the resume point ${after}`);
  }
}

export class FeedHttpError extends Error {
  constructor(
    readonly status: number,
    path: string,
  ) {
    super(`odds feed answered ${status} to ${path}`);
  }
}
