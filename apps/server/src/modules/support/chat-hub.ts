import type { OperatorServerFrame, VisitorServerFrame } from '@tala/contracts/support';
import type { WebSocket } from 'ws';

/** The open sockets of this process: a visitor's (several tabs) and every operator console. */
export function chatHub() {
  const visitors = new Map<string, Set<WebSocket>>();
  const operators = new Set<WebSocket>();

  function send(socket: WebSocket, frame: unknown) {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  }

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

    /** To every socket of the visitor, except `except` (the sender, who gets an ack instead). */
    toVisitor(key: string, frame: VisitorServerFrame, except?: WebSocket) {
      for (const socket of visitors.get(key) ?? []) if (socket !== except) send(socket, frame);
    },

    toOperators(frame: OperatorServerFrame, except?: WebSocket) {
      for (const socket of operators) if (socket !== except) send(socket, frame);
    },

    counts() {
      return { visitors: [...visitors.values()].reduce((n, s) => n + s.size, 0), operators: operators.size };
    },
  };
}

export type ChatHub = ReturnType<typeof chatHub>;
