import { z } from 'zod';
import { envelope, pageOf, pageQuery } from './envelope.ts';
import { languageCode } from './languages.ts';

/*
 * Platform messages to segments (issue 13, item 5): an operator writes a message once, per language, to all of a
 * merchant's members, to members of given VIP ranks, to an agent's whole line, or to a list of usernames; it goes out
 * now or at a set time and disappears at its expiry or when withdrawn (docs/decisions/037-platform-messages.md).
 *
 * The request shapes are deliberately loose (a kind is any short string, a title any string): the server checks
 * each rule itself so that every refusal has its own error code (broadcast_*), not a generic validation_failed.
 */

export const BROADCAST_TITLE_MAX = 120;
export const BROADCAST_BODY_MAX = 5000;
export const BROADCAST_USERNAMES_MAX = 5000;
/** VIP ranks run from 0 to this. */
export const VIP_RANK_MAX = 10;
export const broadcastSegmentKinds = ['all', 'ranks', 'agent_line', 'usernames'] as const;
export type BroadcastSegmentKind = (typeof broadcastSegmentKinds)[number];
export const broadcastFormats = ['text', 'html'] as const;
export type BroadcastFormat = (typeof broadcastFormats)[number];

export const broadcastSegmentInput = z.object({
  kind: z.string().max(40),
  ranks: z.array(z.number().int()).max(50).optional(),
  /** The agent's username: the message goes to the agent's whole downline at send time. */
  agent: z.string().max(100).optional(),
  usernames: z.array(z.string().max(100)).max(50_000).optional(),
});
export type BroadcastSegmentInput = z.infer<typeof broadcastSegmentInput>;

export const broadcastText = z.object({ title: z.string().max(10_000), body: z.string().max(200_000) });
export type BroadcastText = z.infer<typeof broadcastText>;

/** POST /admin-api/merchants/:code/broadcasts */
export const broadcastDraft = z.object({
  segment: broadcastSegmentInput,
  /** Title and body per language; the merchant's every supported language is required. */
  texts: z.partialRecord(languageCode, broadcastText),
  format: z.enum(broadcastFormats).default('text'),
  /** Null or absent: send now. */
  scheduledAt: z.iso.datetime({ offset: true }).nullable().default(null),
  /** Null or absent: never expires. */
  expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
});
export type BroadcastDraft = z.infer<typeof broadcastDraft>;

/** POST /admin-api/merchants/:code/broadcasts/preview: who would get it, before sending. */
export const broadcastPreviewBody = z.object({ segment: broadcastSegmentInput });
export const broadcastPreview = z.object({
  recipients: z.number().int(),
  /** Usernames of the list that are not members of this merchant (nothing is sent while there are any). */
  unknownUsernames: z.array(z.string()),
});
export const broadcastPreviewResponse = envelope(broadcastPreview);

export const broadcastSegment = z.object({
  kind: z.enum(broadcastSegmentKinds),
  ranks: z.array(z.number().int()).optional(),
  agent: z.string().optional(),
  usernames: z.array(z.string()).optional(),
});
export type BroadcastSegment = z.infer<typeof broadcastSegment>;

export const broadcastStatuses = ['scheduled', 'sent', 'withdrawn'] as const;
export const broadcast = z
  .object({
    id: z.number().int(),
    merchantCode: z.string(),
    segment: broadcastSegment,
    texts: z.partialRecord(languageCode, broadcastText),
    format: z.enum(broadcastFormats),
    status: z.enum(broadcastStatuses),
    scheduledAt: z.string().nullable(),
    sentAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
    withdrawnAt: z.string().nullable(),
    recipients: z.number().int(),
    reads: z.number().int(),
    createdBy: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Broadcast' });
export type Broadcast = z.infer<typeof broadcast>;
export const broadcastResponse = envelope(broadcast);
export const broadcastListQuery = pageQuery.extend({ pageSize: pageQuery.shape.pageSize.default(20) });
export const broadcastListResponse = envelope(pageOf(broadcast));
export const broadcastIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
