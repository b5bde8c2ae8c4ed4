import crypto from 'node:crypto';
import type { OperatorServerFrame, VisitorServerFrame } from '@tala/contracts/support';
import type { WebSocket } from 'ws';
import type { Database } from '../../db/database.ts';
import { type ChangeFeed, changes } from '../../lib/change-feed.ts';

/**
 * The open sockets of this process: a visitor's (several tabs) and every operator console. Every frame also goes to
 * the other server processes through the change feed (its `chat` change), whose hubs hand it to their own sockets, so
 * a member and an operator talk whichever processes their sockets reached.
 */
export function chatHub(db: Database, feed: ChangeFeed = changes) {
  const visitors = new Map<string, Set<WebSocket>>();
  const operators = new Set<WebSocket>();
  /** This hub among the processes': its own frames come back through the feed and are not sent twice. */
  const id = crypto.randomBytes(8).toString('hex');

  function send(socket: WebSocket, frame: unknown) {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  }

  function toLocalVisitor(key: string, frame: unknown, except?: WebSocket) {
    for (const socket of visitors.get(key) ?? []) if (socket !== except) send(socket, frame);
  }

  function toLocalOperators(frame: unknown, except?: WebSocket) {
    for (const socket of operators) if (socket !== except) send(socket, frame);
  }

  feed.subscribe((change) => {
    if (change.on !== 'chat' || change.hub === id) return;
    if (change.to === 'visitor') toLocalVisitor(change.key, change.frame);
    else toLocalOperators(change.frame);
  });

  return {
    send,

    addVisitor(key: string, socket: WebSocket) {
      let set = visitors.get(key);
      if (!set) {
        set = new Set();
        visitors.set(key, set);
      }
      set.add(socket);
    },

    removeVisitor(key: string, socket: WebSocket) {
      const set = visitors.get(key);
      set?.delete(socket);
      if (set?.size === 0) visitors.delete(key);
    },

    addOperator(socket: WebSocket) {
      operators.add(socket);
    },

    removeOperator(socket: WebSocket) {
      operators.delete(socket);
    },

    /** To every socket of the visitor in every process, except `except` (the sender, who gets an ack instead). */
    toVisitor(key: string, frame: VisitorServerFrame, except?: WebSocket) {
      toLocalVisitor(key, frame, except);
      feed.publish(db, { on: 'chat', hub: id, to: 'visitor', key, frame });
    },

    toOperators(frame: OperatorServerFrame, except?: WebSocket) {
      toLocalOperators(frame, except);
      feed.publish(db, { on: 'chat', hub: id, to: 'operators', frame });
    },

    /** This process's sockets. */
    counts() {
      return { visitors: [...visitors.values()].reduce((n, s) => n + s.size, 0), operators: operators.size };
    },
  };
}

export type ChatHub = ReturnType<typeof chatHub>;
