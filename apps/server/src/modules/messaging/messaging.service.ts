import type { MemberSettings } from '@tala/contracts/merchant-settings';
import { type SmsGatewaySimulator, startSmsGateway } from '../../../simulators/sms-gateway.ts';
import { type SmtpSimulator, startSmtpServer } from '../../../simulators/smtp.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { closeMailers, httpSmsGateway, smtpMailer } from './adapters.ts';
import { messagingRepository } from './messaging.repository.ts';

type Messaging = MemberSettings['messaging'];

export type OutgoingMeta = {
  merchantId: number;
  memberId?: number | null;
  purpose: string;
  ip?: string | null;
};

/**
 * SMS and e-mail to members, through the merchant's gateway and mail server, or, when none is configured, through
 * the simulators started in this process on loopback ports. Every message lands in the outbox with the secret part
 * masked (`masked` text), sent or failed.
 */
export function messagingService(db: Database) {
  const repository = messagingRepository(db);
  let simulators: Promise<{ sms: SmsGatewaySimulator; smtp: SmtpSimulator }> | undefined;

  function local() {
    simulators ??= Promise.all([startSmsGateway(), startSmtpServer()]).then(([sms, smtp]) => ({ sms, smtp }));
    return simulators;
  }

  async function smsGateway(settings: Messaging) {
    const url = settings.smsGatewayUrl ?? (await local()).sms.url;
    return httpSmsGateway({ url, apiKey: settings.smsApiKey, senderId: settings.smsSenderId });
  }

  async function mailer(settings: Messaging) {
    const smtpUrl = settings.smtpUrl ?? (await local()).smtp.url;
    return smtpMailer({ smtpUrl, from: settings.emailFrom });
  }

  return {
    /** Sends an SMS; records it; message_send_failed when the gateway refuses or cannot be reached. */
    async sendSms(
      settings: Messaging,
      meta: OutgoingMeta,
      message: { to: string; text: string; masked: string },
    ): Promise<void> {
      let messageId: string | null = null;
      let error: string | null = null;
      try {
        messageId = (await (await smsGateway(settings)).send(message.to, message.text)).messageId;
      } catch (cause) {
        error = cause instanceof Error ? cause.message.slice(0, 300) : 'send failed';
      }
      await repository.insert({
        merchant_id: meta.merchantId,
        member_id: meta.memberId ?? null,
        channel: 'sms',
        purpose: meta.purpose,
        destination: message.to,
        subject: null,
        body: message.masked,
        status: error ? 'failed' : 'sent',
        error,
        provider_message_id: messageId,
        ip: meta.ip ?? null,
      });
      if (error) throw new AppError('message_send_failed');
    },

    /** Sends an e-mail; records it; message_send_failed when the mail server refuses or cannot be reached. */
    async sendEmail(
      settings: Messaging,
      meta: OutgoingMeta,
      message: { to: string; subject: string; text: string; masked: string },
    ): Promise<void> {
      let messageId: string | null = null;
      let error: string | null = null;
      try {
        messageId = (await (await mailer(settings)).send(message)).messageId;
      } catch (cause) {
        error = cause instanceof Error ? cause.message.slice(0, 300) : 'send failed';
      }
      await repository.insert({
        merchant_id: meta.merchantId,
        member_id: meta.memberId ?? null,
        channel: 'email',
        purpose: meta.purpose,
        destination: message.to,
        subject: message.subject,
        body: message.masked,
        status: error ? 'failed' : 'sent',
        error,
        provider_message_id: messageId,
        ip: meta.ip ?? null,
      });
      if (error) throw new AppError('message_send_failed');
    },

    /** The in-process simulators (started on first use): what tests and local runs read messages from. */
    localSimulators: local,

    async outbox(query: Parameters<ReturnType<typeof messagingRepository>['list']>[0]) {
      const { total, rows } = await repository.list(query);
      return {
        list: rows.map((row) => ({
          id: row.id,
          merchantCode: row.code,
          channel: row.channel,
          purpose: row.purpose,
          destination: row.destination,
          subject: row.subject,
          body: row.body,
          status: row.status,
          error: row.error,
          providerMessageId: row.provider_message_id,
          createdAt: row.created_at.toISOString(),
        })),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    async close() {
      closeMailers();
      if (simulators) {
        const { sms, smtp } = await simulators;
        simulators = undefined;
        await Promise.all([sms.close(), smtp.close()]);
      }
    },
  };
}

export type MessagingService = ReturnType<typeof messagingService>;
