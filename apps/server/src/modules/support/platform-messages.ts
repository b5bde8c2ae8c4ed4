import type { LanguageCode } from '@tala/contracts/language-codes';
import type { Database } from '../../db/database.ts';
import type { MemberIdentity } from '../content/member-identity.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { broadcastsRepository } from './broadcasts.repository.ts';
import { supportRepository } from './support.repository.ts';
import { systemText } from './system-texts.ts';

/**
 * The member's platform messages (the member centre's messageV2): their own messages (feedback answers, promotion
 * and bonus news) and the broadcasts they received, one list and one unread count (docs/decisions/037).
 */
export function platformMessagesUseCases(db: Database) {
  const repository = supportRepository(db);
  const broadcastRepository = broadcastsRepository(db);
  return {
    /**
     * The member's messages and the broadcasts they received, newest first, each in the member's language (the
     * request's), else the merchant's default.
     */
    async messages(
      merchant: Merchant,
      member: MemberIdentity,
      language: LanguageCode,
      pageNo: number,
      pageSize: number,
    ) {
      const fallback = merchant.settings.whitelabel.defaultLanguage;
      const { rows, total } = await broadcastRepository.feed(member.merchantId, member.id, pageNo, pageSize);
      return {
        list: rows.map((row) => {
          let title = row.title;
          let content = row.content;
          if (row.texts) {
            const text = row.texts[language] ?? row.texts[fallback] ?? Object.values(row.texts)[0];
            title = text?.title ?? '';
            content = text?.body ?? '';
          } else if (row.text_key) {
            const text = systemText(row.text_key, row.params ?? {}, language, fallback);
            title = text.title;
            content = text.body;
          }
          return {
            id: Number(row.id),
            kind: row.kind,
            title,
            content,
            format: row.format,
            refId: row.ref_id === null ? null : Number(row.ref_id),
            read: row.read,
            createdAt: new Date(row.at).toISOString(),
          };
        }),
        pageNo,
        pageSize,
        total,
        totalPages: Math.ceil(total / pageSize),
      };
    },

    /**
     * A platform message from the system (promotions: an application decided; the point mall: a redemption
     * decided), in the caller's transaction.
     */
    async systemMessage(
      trx: Database,
      message: {
        merchantId: number;
        memberId: number;
        kind: 'promotion' | 'points';
        refId: number;
        title: string;
        content: string;
      },
    ) {
      await repository.insertMessage(trx, {
        merchant_id: message.merchantId,
        member_id: message.memberId,
        kind: message.kind,
        ref_id: message.refId,
        title: message.title,
        content: message.content,
      });
    },

    /**
     * A bonus paid (a promotion claimed, a manual bonus), told as a system text written in the reader's language
     * when read; `title` is the promotion's title per language or the manual bonus's own title.
     */
    async bonusPaidMessage(
      trx: Database,
      message: {
        merchantId: number;
        memberId: number;
        bonusId: number;
        title: Partial<Record<LanguageCode, string>> | string;
        amount: string;
      },
    ) {
      await repository.insertMessage(trx, {
        merchant_id: message.merchantId,
        member_id: message.memberId,
        kind: 'bonus',
        ref_id: message.bonusId,
        title: '',
        content: '',
        text_key: 'bonus_paid',
        params: JSON.stringify({ title: message.title, amount: message.amount }),
      });
    },

    /** Unread messages and broadcasts: the message badge and part of the avatar's count (GET /wps/member/counts). */
    unreadMessages(member: MemberIdentity) {
      return broadcastRepository.unread(member.merchantId, member.id);
    },

    /** The next instant after `now` that a member's unread count may change by time alone (a broadcast expiring). */
    nextChangeAt(merchant: Merchant, now: Date) {
      return broadcastRepository.nextExpiry(merchant.id, now);
    },

    /** Marks the member's own messages read; another member's ids change nothing. Answers the unread count left. */
    async readMessages(
      member: MemberIdentity,
      read: { ids: number[]; broadcastIds: number[]; all: boolean },
    ) {
      if (read.all) {
        await broadcastRepository.markAllMessagesRead(member.merchantId, member.id);
        await broadcastRepository.markRead(member.merchantId, member.id, null);
      } else {
        if (read.ids.length > 0) await repository.markMessagesRead(member.merchantId, member.id, read.ids);
        await broadcastRepository.markRead(member.merchantId, member.id, read.broadcastIds);
      }
      return broadcastRepository.unread(member.merchantId, member.id);
    },
  };
}
