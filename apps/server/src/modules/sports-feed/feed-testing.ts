import { type FeedMessage, feedMessage } from '@tala/contracts/odds-feed';

/** Test helpers for the odds feed's tests: polling and reading the feed's log over HTTP. */
export async function waitFor<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value as T;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every message the feed published after a sequence number, through its recovery call, each checked. */
export async function feedLog(url: string, after = 0): Promise<FeedMessage[]> {
  const messages: FeedMessage[] = [];
  let from = after;
  for (;;) {
    const response = await fetch(`${url}/v1/messages?after=${from}`);
    if (!response.ok) throw new Error(`recovery answered ${response.status}`);
    const page = (await response.json()) as { messages: unknown[]; complete: boolean };
    for (const item of page.messages) messages.push(feedMessage.parse(item));
    const last = messages[messages.length - 1];
    if (page.complete || !last) return messages;
    from = last.sequence;
  }
}

export const post = (url: string) => fetch(url, { method: 'POST' }).then((r) => r.json());
