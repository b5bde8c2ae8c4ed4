import crypto from 'node:crypto';
import type {
  ChatConversation,
  ChatMessage,
  OperatorServerFrame,
  VisitorServerFrame,
} from '@tala/contracts/support';
import type { WebSocket } from 'ws';
import type { Database } from '../../db/database.ts';
import type { Change, ChangeFeed } from '../../lib/change-feed.ts';
import type { ChatHub } from './chat-hub.ts';

type Frame = VisitorServerFrame | OperatorServerFrame;
type Loaders = {
  message(id: number): Promise<ChatMessage | undefined>;
  conversation(id: number, side: 'visitor' | 'operator'): Promise<ChatConversation | undefined>;
};

/**
 * The live chat across server processes (issue 20): a visitor's socket and the operator consoles may sit on different
 * processes behind the proxy. Every frame pushed to this process's sockets is also carried by the change feed to the
 * others, which push it to theirs: messages and conversations by id (each process reads them, so a long message
 * never meets NOTIFY's size limit), typing and read frames as they are. Frames are rebuilt one after another, so a
 * process's sockets get them in the order they came.
 */
export function relayedChatHub(local: ChatHub, db: Database, feed: ChangeFeed, load: Loaders): ChatHub {
  const origin = crypto.randomBytes(8).toString('hex');
  let queue = Promise.resolve();

  function relay(to: 'visitor' | 'operators', frame: Frame, key?: string) {
    const base = { on: 'supportChat' as const, origin, to, ...(key === undefined ? {} : { key }) };
    if (frame.type === 'message') feed.publish(db, { ...base, messageId: frame.message.id });
    else if (frame.type === 'conversation')
      feed.publish(db, { ...base, conversationId: frame.conversation.id });
    else if (frame.type === 'typing' || frame.type === 'read') feed.publish(db, { ...base, frame });
    // `ready`, `ack`, `history`, `error` and `pong` answer one socket: they are never relayed.
  }

  async function rebuild(change: Extract<Change, { on: 'supportChat' }>): Promise<Frame | undefined> {
    if (change.messageId !== undefined) {
      const message = await load.message(change.messageId);
      return message && { type: 'message', message };
    }
    if (change.conversationId !== undefined) {
      const conversation = await load.conversation(
        change.conversationId,
        change.to === 'visitor' ? 'visitor' : 'operator',
      );
      return conversation && { type: 'conversation', conversation };
    }
    return change.frame as Frame | undefined;
  }

  feed.subscribe((change) => {
    if (change.on !== 'supportChat' || change.origin === origin) return;
    // Nobody here to tell: skip the database read.
    const counts = local.counts();
    if (change.to === 'operators' ? counts.operators === 0 : counts.visitors === 0) return;
    queue = queue.then(async () => {
      try {
        const frame = await rebuild(change);
        if (!frame) return;
        if (change.to === 'visitor' && change.key) local.toVisitor(change.key, frame as VisitorServerFrame);
        else if (change.to === 'operators') local.toOperators(frame as OperatorServerFrame);
      } catch {
        // The database is away: the sockets read the history when they come back (as after any reconnection).
      }
    });
  });

  return {
    ...local,
    toVisitor(key: string, frame: VisitorServerFrame, except?: WebSocket) {
      local.toVisitor(key, frame, except);
      relay('visitor', frame, key);
    },
    toOperators(frame: OperatorServerFrame, except?: WebSocket) {
      local.toOperators(frame, except);
      relay('operators', frame);
    },
  };
}
