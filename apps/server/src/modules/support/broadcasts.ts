import {
  BROADCAST_BODY_MAX,
  BROADCAST_TITLE_MAX,
  BROADCAST_USERNAMES_MAX,
  type Broadcast,
  type BroadcastDraft,
  type BroadcastSegmentInput,
  type BroadcastText,
  broadcastSegmentKinds,
  VIP_RANK_MAX,
} from '@tala/contracts/broadcasts';
import type { LanguageCode } from '@tala/contracts/language-codes';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { hasVisibleContent, sanitizeRichText } from '../content/sanitize.ts';
import type { ResolvedSegment } from '../members/member-segments.ts';
import type { MembersService } from '../members/members.service.ts';
import type { Merchant, MerchantsService } from '../merchants/merchants.service.ts';
import { type BroadcastRow, broadcastsRepository } from './broadcasts.repository.ts';
import type { StoredSegment } from './broadcasts.tables.ts';

export type BroadcastActor = { id: number; name: string; ip: string };

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/** The stored segment as the back office shows it. */
function segmentOf(kind: BroadcastRow['segment_kind'], stored: StoredSegment): Broadcast['segment'] {
  if (kind === 'ranks') return { kind, ranks: stored.ranks ?? [] };
  if (kind === 'agent_line') return { kind, agent: stored.agent ?? '' };
  if (kind === 'usernames') return { kind, usernames: stored.usernames ?? [] };
  return { kind };
}

function resolvedOf(kind: BroadcastRow['segment_kind'], stored: StoredSegment): ResolvedSegment {
  if (kind === 'ranks') return { kind, ranks: stored.ranks ?? [] };
  if (kind === 'agent_line') return { kind, agentId: stored.agentId ?? 0 };
  if (kind === 'usernames') return { kind, usernames: stored.usernames ?? [] };
  return { kind: 'all' };
}

/**
 * Operator-composed platform messages to segments of a merchant's members (docs/decisions/037-platform-messages.md):
 * checked rule by rule, each refusal its own code and nothing written; sent now or by the `support-broadcasts` job
 * at their time, the segment resolved to recipients in one statement; withdrawn, never edited.
 */
export function broadcastsService(
  db: Database,
  audit: AuditService,
  merchants: MerchantsService,
  members: MembersService,
) {
  const repository = broadcastsRepository(db);

  function toBroadcast(row: BroadcastRow): Broadcast {
    return {
      id: Number(row.id),
      merchantCode: row.merchant_code,
      segment: segmentOf(row.segment_kind, row.segment),
      texts: row.texts,
      format: row.format,
      status: row.status,
      scheduledAt: iso(row.scheduled_at),
      sentAt: iso(row.sent_at),
      expiresAt: iso(row.expires_at),
      withdrawnAt: iso(row.withdrawn_at),
      recipients: Number(row.recipient_count),
      reads: Number(row.reads),
      createdBy: row.created_by_name,
      createdAt: new Date(row.created_at).toISOString(),
    };
  }

  /** Checks a segment and looks its agent up; `strict` refuses unknown usernames (a send), else reports them. */
  async function resolveSegment(merchant: Merchant, input: BroadcastSegmentInput) {
    const kind = input.kind as (typeof broadcastSegmentKinds)[number];
    if (!broadcastSegmentKinds.includes(kind))
      throw new AppError('broadcast_segment_unknown', 'segment.kind');
    if (kind === 'all') return { resolved: { kind } as ResolvedSegment, stored: {}, unknown: [] as string[] };
    if (kind === 'ranks') {
      const ranks = [...new Set(input.ranks ?? [])].sort((a, b) => a - b);
      if (ranks.length === 0 || ranks.some((r) => r < 0 || r > VIP_RANK_MAX))
        throw new AppError('broadcast_rank_out_of_range', 'segment.ranks', { max: VIP_RANK_MAX });
      return { resolved: { kind, ranks } as ResolvedSegment, stored: { ranks }, unknown: [] };
    }
    if (kind === 'agent_line') {
      const name = (input.agent ?? '').trim();
      const agent = name ? await members.agentByUsername(merchant.id, name) : undefined;
      if (!agent) throw new AppError('broadcast_agent_unknown', 'segment.agent');
      return {
        resolved: { kind, agentId: agent.id } as ResolvedSegment,
        stored: { agentId: agent.id, agent: agent.username },
        unknown: [],
      };
    }
    const usernames = [...new Set((input.usernames ?? []).map((u) => u.trim()).filter((u) => u.length > 0))];
    if (usernames.length === 0) throw new AppError('broadcast_usernames_empty', 'segment.usernames');
    if (usernames.length > BROADCAST_USERNAMES_MAX)
      throw new AppError('broadcast_usernames_too_many', 'segment.usernames', {
        max: BROADCAST_USERNAMES_MAX,
      });
    const unknown = await members.unknownUsernames(merchant.id, usernames);
    return { resolved: { kind, usernames } as ResolvedSegment, stored: { usernames }, unknown };
  }

  /** Every language of the merchant needs a title and a body within bounds; rich text is sanitised first. */
  function checkTexts(merchant: Merchant, draft: BroadcastDraft) {
    const out: Partial<Record<LanguageCode, BroadcastText>> = {};
    for (const language of merchant.settings.whitelabel.supportedLanguages) {
      if (!draft.texts[language])
        throw new AppError('broadcast_language_missing', `texts.${language}`, { language });
    }
    for (const [language, text] of Object.entries(draft.texts) as [LanguageCode, BroadcastText][]) {
      const title = text.title.trim();
      if (title.length === 0) throw new AppError('broadcast_title_required', `texts.${language}.title`);
      if (title.length > BROADCAST_TITLE_MAX)
        throw new AppError('broadcast_title_too_long', `texts.${language}.title`, {
          max: BROADCAST_TITLE_MAX,
        });
      const raw = text.body.trim();
      if (raw.length > BROADCAST_BODY_MAX)
        throw new AppError('broadcast_body_too_long', `texts.${language}.body`, { max: BROADCAST_BODY_MAX });
      const body = draft.format === 'html' ? sanitizeRichText(raw) : raw;
      if (body.length === 0 || (draft.format === 'html' && !hasVisibleContent(body)))
        throw new AppError('broadcast_body_required', `texts.${language}.body`);
      out[language] = { title, body };
    }
    return out;
  }

  function checkTimes(draft: BroadcastDraft, now: Date) {
    const scheduledAt = draft.scheduledAt ? new Date(draft.scheduledAt) : null;
    const expiresAt = draft.expiresAt ? new Date(draft.expiresAt) : null;
    if (scheduledAt && scheduledAt.getTime() <= now.getTime())
      throw new AppError('broadcast_schedule_past', 'scheduledAt');
    if (expiresAt && expiresAt.getTime() <= (scheduledAt ?? now).getTime())
      throw new AppError('broadcast_expiry_before_send', 'expiresAt');
    return { scheduledAt, expiresAt };
  }

  async function byIdOf(merchant: Merchant, id: number) {
    const row = await repository.byId(id);
    if (!row || row.merchant_id !== merchant.id) throw new AppError('broadcast_not_found', 'id');
    return row;
  }

  return {
    /** How many members the segment reaches now, and the usernames of a list that are no members. */
    async previewBroadcast(merchantCode: string, input: BroadcastSegmentInput) {
      const merchant = await merchants.byCode(merchantCode);
      const { resolved, unknown } = await resolveSegment(merchant, input);
      return { recipients: await members.segmentSize(merchant.id, resolved), unknownUsernames: unknown };
    },

    /** Checks everything first, then writes the broadcast (and, when it goes now, its recipients) in one transaction. */
    async createBroadcast(actor: BroadcastActor, merchantCode: string, draft: BroadcastDraft) {
      const merchant = await merchants.byCode(merchantCode);
      const now = new Date();
      const { resolved, stored, unknown } = await resolveSegment(merchant, draft.segment);
      if (unknown.length > 0)
        throw new AppError(
          'broadcast_usernames_unknown',
          'segment.usernames',
          { names: unknown.slice(0, 20).join(', ') },
          { unknownUsernames: unknown },
        );
      const texts = checkTexts(merchant, draft);
      const { scheduledAt, expiresAt } = checkTimes(draft, now);
      const segmentMembers = members.segmentMembers(merchant.id, resolved);
      const id = await db.transaction().execute(async (trx) => {
        const { id } = await repository.insert(trx, {
          merchant_id: merchant.id,
          segment_kind: resolved.kind,
          segment: stored,
          texts,
          format: draft.format,
          scheduled_at: scheduledAt,
          expires_at: expiresAt,
          created_by: actor.id,
        });
        const recipients = scheduledAt ? null : await repository.send(trx, id, segmentMembers);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: merchant.id,
          action: scheduledAt ? 'support.broadcast.schedule' : 'support.broadcast.send',
          target: `broadcast:${id}`,
          after: { segment: { kind: resolved.kind, ...stored }, scheduledAt, expiresAt, recipients },
          ip: actor.ip,
        });
        return id;
      });
      return toBroadcast((await repository.byId(id)) as BroadcastRow);
    },

    /** The job's work: every scheduled broadcast whose time has come goes out, each once, in its own transaction. */
    async sendDueBroadcasts(now = new Date()) {
      let sent = 0;
      for (const row of await repository.due(now)) {
        const segmentMembers = members.segmentMembers(
          row.merchant_id,
          resolvedOf(row.segment_kind, row.segment),
        );
        const count = await db.transaction().execute(async (trx) => {
          const recipients = await repository.send(trx, row.id, segmentMembers);
          if (recipients === null) return null;
          await audit.record(trx, {
            actorType: 'system',
            merchantId: row.merchant_id,
            action: 'support.broadcast.send',
            target: `broadcast:${row.id}`,
            after: { recipients },
          });
          return recipients;
        });
        if (count !== null) sent++;
      }
      return sent;
    },

    async broadcasts(merchantCode: string, pageNo: number, pageSize: number) {
      const merchant = await merchants.byCode(merchantCode);
      const { rows, total } = await repository.page(merchant.id, pageNo, pageSize);
      return {
        list: rows.map(toBroadcast),
        pageNo,
        pageSize,
        total,
        totalPages: Math.ceil(total / pageSize),
      };
    },

    async broadcast(merchantCode: string, id: number) {
      return toBroadcast(await byIdOf(await merchants.byCode(merchantCode), id));
    },

    /** Members no longer see it (a scheduled one never goes out); its recipients and reads stay for the record. */
    async withdrawBroadcast(actor: BroadcastActor, merchantCode: string, id: number) {
      const merchant = await merchants.byCode(merchantCode);
      const before = await byIdOf(merchant, id);
      await db.transaction().execute(async (trx) => {
        if (!(await repository.withdraw(trx, id, actor.id))) throw new AppError('broadcast_withdrawn', 'id');
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: merchant.id,
          action: 'support.broadcast.withdraw',
          target: `broadcast:${id}`,
          before: { status: before.status },
          after: { status: 'withdrawn' },
          ip: actor.ip,
        });
      });
      return toBroadcast((await repository.byId(id)) as BroadcastRow);
    },
  };
}
