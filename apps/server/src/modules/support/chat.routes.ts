import { operatorFrame, visitorFrame } from '@tala/contracts/support';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RawData, WebSocket } from 'ws';
import { AppError } from '../../http/app-error.ts';
import { clientIp } from '../../http/client-ip.ts';
import { frameLanguage, parse, refuse } from '../../http/socket-frames.ts';
import type { Services } from '../../services.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { guestIdOf, guestName, memberVisitor } from './support.routes.ts';
import type { ChatOperator, Visitor } from './support.service.ts';

const HELLO_TIMEOUT_MS = 15_000;
/** A member's or operator's session is checked again at most this often while its socket stays open. */
const SESSION_RECHECK_MS = 60_000;

/** The `clientId` a refused frame carried, so the sender can mark that message as failed. */
function clientIdOf(data: RawData, isBinary: boolean): string | undefined {
  if (isBinary) return undefined;
  try {
    const value = (JSON.parse(data.toString()) as { clientId?: unknown }).clientId;
    return typeof value === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs a socket's frames one after another (a message is acknowledged before the next frame is read), so a
 * visitor's messages are stored in the order sent.
 */
function serial(socket: WebSocket, handle: (data: RawData, isBinary: boolean) => Promise<void>) {
  let queue = Promise.resolve();
  socket.on('message', (data, isBinary) => {
    queue = queue.then(() => handle(data, isBinary));
  });
}

/** Live chat sockets: visitors at /wps/support/chat, operator consoles at /admin-api/support/chat. */
export function chatRoutes(services: Services): FastifyPluginAsyncZod {
  const support = services.support;
  const hub = support.hub;

  /** The merchant of a socket: `Merchant` header, `?merchant=` (browsers cannot set headers on a socket), or host. */
  async function socketMerchant(request: FastifyRequest): Promise<Merchant> {
    const header = request.headers.merchant;
    const code =
      (Array.isArray(header) ? header[0] : header) ?? (request.query as { merchant?: string }).merchant;
    if (code !== undefined) {
      if (!/^[a-z0-9-]{2,32}$/.test(code)) throw new AppError('bad_header', 'Merchant');
      return services.merchants.byCode(code);
    }
    return services.merchants.byHost(request.hostname);
  }

  return async (app) => {
    app.get('/wps/support/chat', { websocket: true, schema: { hide: true } }, (socket, request) => {
      let language = frameLanguage(request);
      let visitor: Visitor | null = null;
      let key = '';
      // A member's session is checked again now and then, so logging out (or in elsewhere) ends the chat socket.
      let session: { token: string; merchant: Merchant; checkedAt: number } | null = null;
      const timer = setTimeout(() => socket.close(4401, 'hello expected'), HELLO_TIMEOUT_MS);
      socket.on('close', () => {
        clearTimeout(timer);
        if (visitor) hub.removeVisitor(key, socket);
      });

      serial(socket, async (data, isBinary) => {
        try {
          const f = parse(visitorFrame, data, isBinary);
          if (f.type === 'hello') {
            if (f.language) language = f.language;
            if (visitor) return;
            const merchant = await socketMerchant(request);
            if (f.token) {
              visitor = memberVisitor(await services.content.members.fromToken(f.token, merchant), merchant);
              session = { token: f.token, merchant, checkedAt: Date.now() };
            } else {
              const guestId = guestIdOf(request);
              if (!guestId) throw new AppError('not_logged_in');
              visitor = { kind: 'guest', merchantId: merchant.id, guestId, name: guestName(guestId) };
            }
            clearTimeout(timer);
            key = support.visitorKey(visitor);
            hub.addVisitor(key, socket);
            const state = await support.chatState(visitor);
            hub.send(socket, {
              type: 'ready',
              visitor: { kind: visitor.kind, name: visitor.name },
              greeting: await support.greeting(merchant.id, language),
              ...state,
            });
            return;
          }
          if (!visitor) throw new AppError('not_logged_in');
          if (session && Date.now() - session.checkedAt > SESSION_RECHECK_MS) {
            try {
              await services.content.members.fromToken(session.token, session.merchant);
            } catch (error) {
              hub.removeVisitor(key, socket);
              visitor = null;
              throw error;
            }
            session.checkedAt = Date.now();
          }
          switch (f.type) {
            case 'send': {
              const message = await support.visitorSend(visitor, f.clientId, f.body, socket);
              hub.send(socket, { type: 'ack', clientId: f.clientId, message });
              return;
            }
            case 'typing':
              await support.visitorTyping(visitor, f.typing);
              return;
            case 'read':
              await support.visitorRead(visitor, f.upToId);
              return;
            case 'history':
              hub.send(socket, { type: 'history', ...(await support.visitorHistory(visitor, f.beforeId)) });
              return;
            case 'close':
              await support.visitorClose(visitor);
              return;
            case 'ping':
              hub.send(socket, { type: 'pong' });
              return;
          }
        } catch (error) {
          refuse(socket, request.log, language, error, clientIdOf(data, isBinary));
          // A socket that cannot say who it is gets nothing more.
          if (!visitor) socket.close(4401, 'not logged in');
        }
      });
    });

    /**
     * The live-chat console shows every merchant's conversations, so it is for platform owners and support only
     * (decision 060: an operator of some merchants gets platform_operators_only).
     */
    const consoleOperator = async (token: string) =>
      services.operators.authorize(await services.operators.authenticate(token), ['owner', 'support'], {});

    app.get('/admin-api/support/chat', { websocket: true, schema: { hide: true } }, (socket, request) => {
      let language = frameLanguage(request);
      let operator: ChatOperator | null = null;
      let token = '';
      let checkedAt = 0;
      const ip = clientIp(request);
      const timer = setTimeout(() => socket.close(4401, 'hello expected'), HELLO_TIMEOUT_MS);
      socket.on('close', () => {
        clearTimeout(timer);
        if (operator) hub.removeOperator(socket);
      });

      serial(socket, async (data, isBinary) => {
        try {
          const f = parse(operatorFrame, data, isBinary);
          if (f.type === 'hello') {
            if (f.language) language = f.language;
            if (operator) return;
            const found = await consoleOperator(f.token);
            operator = { id: found.id, username: found.username };
            token = f.token;
            checkedAt = Date.now();
            clearTimeout(timer);
            hub.addOperator(socket);
            hub.send(socket, {
              type: 'ready',
              operator,
              conversations: await support.openConversations(),
            });
            return;
          }
          if (!operator) throw new AppError('not_logged_in');
          // A console left open must not outlive its session (logout, disabling, idle expiry).
          if (Date.now() - checkedAt > SESSION_RECHECK_MS) {
            await consoleOperator(token);
            checkedAt = Date.now();
          }
          switch (f.type) {
            case 'take':
              await support.take(operator, f.conversationId, f.takeOver, ip);
              return;
            case 'send': {
              const message = await support.operatorSend(
                operator,
                f.conversationId,
                f.clientId,
                f.body,
                socket,
              );
              hub.send(socket, { type: 'ack', clientId: f.clientId, message });
              return;
            }
            case 'typing':
              await support.operatorTyping(operator, f.conversationId, f.typing);
              return;
            case 'read':
              await support.operatorRead(f.conversationId, f.upToId);
              return;
            case 'history':
              hub.send(socket, {
                type: 'history',
                ...(await support.operatorHistory(f.conversationId, f.beforeId)),
              });
              return;
            case 'close':
              await support.operatorClose(operator, f.conversationId, ip);
              return;
            case 'ping':
              hub.send(socket, { type: 'pong' });
              return;
          }
        } catch (error) {
          refuse(socket, request.log, language, error, clientIdOf(data, isBinary));
          const sessionGone =
            error instanceof AppError && (error.code === 'not_logged_in' || error.code === 'forbidden');
          if (!operator || sessionGone) {
            if (operator) hub.removeOperator(socket);
            operator = null;
            socket.close(4401, 'not logged in');
          }
        }
      });
    });
  };
}
