// Look-ups for other modules and the back office's members: lists, details, locks, resets, registration rules.
import crypto from 'node:crypto';
import { agentTypes, type MemberDetail, type MemberDownline, TRIAL_TYPE } from '@tala/contracts/members';
import type { RegistrationRule } from '@tala/contracts/registration-rules';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { Actor } from '../operators/operators.service.ts';
import { normaliseUsername, toIso } from './member-format.ts';
import type { MembersCore } from './members-core.ts';

export function memberAdminUseCases(core: MembersCore) {
  const { db, repository, reportsRepository, audit, rulesOf } = core;
  const group = {
    // ------------------------------------------------------------ for other modules (payments)

    /** A member's row (no password hashes), or undefined. */
    byId(id: number, executor: Database = db) {
      return repository.byId(id, executor);
    },

    /** A member of a merchant by account name (compared as stored), or undefined. */
    byAccount(merchantId: number, username: string) {
      return repository.byAccount(merchantId, normaliseUsername(username));
    },

    /** The account names of the given members, by id. */
    async usernames(ids: readonly number[]): Promise<Map<number, string>> {
      const rows = ids.length === 0 ? [] : await repository.usernames([...new Set(ids)]);
      return new Map(rows.map((r) => [r.id, r.username]));
    },

    /**
     * Of these members, the real (not trial) ones of the merchant at or above a rank and, when an agent is given,
     * in its downline now (promotions: who a rebate is for).
     */
    async eligible(
      merchantId: number,
      ids: readonly number[],
      rule: { minVipLevel: number; agentId: number | null },
    ) {
      if (ids.length === 0) return new Set<number>();
      return new Set(await repository.eligible(merchantId, [...new Set(ids)], rule));
    },

    /** How many upline steps separate `memberId` from `agentId` (1 = direct downline), or null if not below it. */
    downlineDepth(agentId: number, memberId: number) {
      return repository.downlineDepth(agentId, memberId);
    },

    /** The members below an agent (all levels), by account name. */
    downline(agentId: number, query: string | undefined, limit: number) {
      return repository.downline(agentId, query, limit);
    },

    /** The back office's tree browser: a member's direct downline with each one's own size (not_found if none). */
    async directDownline(id: number): Promise<MemberDownline> {
      if (!(await repository.byId(id))) throw new AppError('not_found', 'id');
      return repository.directDownline(id);
    },

    /** The agent's downline (ids and levels) as it was at a time: what reports by period count. */
    downlineAt(agentId: number, at: Date) {
      return repository.downlineAt(agentId, at);
    },

    // ------------------------------------------------------------ back office

    /** The back office's members list: read from the replica (a new member shows a few seconds late at worst). */
    async list(query: Parameters<typeof repository.list>[0]) {
      const { total, rows } = await reportsRepository.list(query);
      return {
        list: rows.map((row) => ({
          id: row.id,
          merchantCode: row.merchant_code,
          account: row.username,
          nickname: row.nickname,
          type: row.type,
          status: row.status,
          mobile: row.mobile_number ? `${row.mobile_dialing_code} ${row.mobile_number}` : null,
          email: row.email,
          payeeName: row.payee_name,
          vipLevel: row.vip_level,
          uplineAccount: row.upline_username,
          createdAt: row.created_at.toISOString(),
          lastLoginAt: toIso(row.last_login_at),
          lastLoginIp: row.last_login_ip ?? null,
        })),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    async detail(id: number): Promise<MemberDetail> {
      const row = await repository.detail(id);
      if (!row) throw new AppError('not_found', 'id');
      const [history, knownIps, sessions] = await Promise.all([
        repository.loginHistory(id),
        repository.knownIps(id),
        repository.countLiveSessions(id),
      ]);
      const lastSuccess = history.find((h) => h.outcome === 'success');
      return {
        id: row.id,
        merchantCode: row.merchant_code,
        account: row.username,
        nickname: row.nickname,
        type: row.type,
        status: row.status,
        mobile: row.mobile_number ? `${row.mobile_dialing_code} ${row.mobile_number}` : null,
        email: row.email,
        payeeName: row.payee_name,
        vipLevel: row.vip_level,
        uplineAccount: row.upline_username,
        uplineId: row.upline_id,
        createdAt: row.created_at.toISOString(),
        lastLoginAt: toIso(row.last_login_at),
        lastLoginIp: lastSuccess?.ip ?? null,
        registerIp: row.register_ip,
        registerUrl: row.register_url,
        registerDomain: row.register_domain,
        registerMethod: row.register_method,
        affiliateCode: row.affiliate_code,
        referralCode: row.referral_code,
        recommenderId: row.recommender_id,
        profile: {
          qqNum: row.qq_num,
          line: row.line,
          whatsapp: row.whatsapp,
          facebook: row.facebook,
          wechat: row.wechat,
          idNumber: row.id_number,
          clubLabel: row.club_label,
        },
        lockedReason: row.locked_reason,
        mustChangePassword: row.must_change_password,
        passwordChangedAt: toIso(row.password_changed_at),
        activeSessions: Number(sessions.n),
        knownIps: knownIps.map((k) => ({
          ip: k.ip,
          firstSeenAt: k.first_seen_at.toISOString(),
          lastSeenAt: k.last_seen_at.toISOString(),
        })),
        loginHistory: history.map((h) => ({
          at: h.at.toISOString(),
          ip: h.ip,
          method: h.method,
          outcome: h.outcome,
        })),
      };
    },

    /**
     * Moves a member, with its whole downline, under another agent of the same merchant (owners). The tree keeps
     * its history (member_tree): reports by period still show who was under whom then. Refused: an upline that is
     * not an agent (upline_not_agent), the member itself or one of its own downline (upline_in_downline).
     */
    async moveMember(
      actor: Actor,
      id: number,
      uplineUsername: string,
      reason: string,
    ): Promise<MemberDetail> {
      await db.transaction().execute(async (trx) => {
        const row = await repository.lockRow(trx, id);
        if (!row) throw new AppError('not_found', 'id');
        const upline = await repository.byUsernameBrief(
          trx,
          row.merchant_id,
          normaliseUsername(uplineUsername),
        );
        if (!upline) throw new AppError('upline_not_found', 'uplineUsername');
        if (!(agentTypes as readonly number[]).includes(upline.type))
          throw new AppError('upline_not_agent', 'uplineUsername');
        if (upline.id === row.id || (await repository.downlineDepth(row.id, upline.id, trx)) !== null)
          throw new AppError('upline_in_downline', 'uplineUsername');
        if (row.upline_id === upline.id) return;
        const before =
          row.upline_id === null ? null : ((await repository.byId(row.upline_id, trx))?.username ?? null);
        await repository.setUpline(trx, row.id, upline.id);
        await repository.insertUplineChange(trx, {
          member_id: row.id,
          from_upline: row.upline_id,
          to_upline: upline.id,
          reason,
          operator_id: actor.id,
        });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: row.merchant_id,
          action: 'member.upline.move',
          target: row.username,
          before: { upline: before },
          after: { upline: upline.username, reason },
          ip: actor.ip,
        });
      });
      return group.detail(id);
    },

    /** Locks or unlocks a member; locking ends every session at once. Audited with the reason. */
    async setLocked(actor: Actor, id: number, locked: boolean, reason: string | null): Promise<MemberDetail> {
      await db.transaction().execute(async (trx) => {
        const row = await repository.lockRow(trx, id);
        if (!row) throw new AppError('not_found', 'id');
        const status = locked ? 'locked' : 'active';
        if (row.status === status) return;
        await repository.update(trx, id, { status, locked_reason: locked ? reason : null });
        if (locked) await repository.revokeSessionsOf(trx, id, 'locked');
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: row.merchant_id,
          action: locked ? 'member.lock' : 'member.unlock',
          target: row.username,
          before: { status: row.status, reason: row.locked_reason },
          after: { status, reason: locked ? reason : null },
          ip: actor.ip,
        });
      });
      return group.detail(id);
    },

    /** Forces a password reset: a temporary password (shown once), change required at next login, sessions ended. */
    async forcePasswordReset(actor: Actor, id: number) {
      const temporaryPassword = `T${crypto.randomBytes(9).toString('base64url').replace(/[-_]/g, '7')}9`;
      const hash = await hashPassword(temporaryPassword);
      await db.transaction().execute(async (trx) => {
        const row = await repository.lockRow(trx, id);
        if (!row) throw new AppError('not_found', 'id');
        if (row.type === TRIAL_TYPE) throw new AppError('in_need_true_account', 'id');
        await repository.update(trx, id, {
          password_hash: hash,
          must_change_password: true,
          password_changed_at: new Date(),
        });
        await repository.revokeSessionsOf(trx, id, 'reset');
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: row.merchant_id,
          action: 'member.password.force_reset',
          target: row.username,
          ip: actor.ip,
        });
      });
      return { temporaryPassword };
    },

    /** Replaces a merchant's registration rule set (owners); audited before and after. */
    async setRules(actor: Actor, merchant: Merchant, rules: RegistrationRule[]) {
      const before = await rulesOf(merchant.id);
      await db.transaction().execute(async (trx) => {
        await repository.replaceRules(
          trx,
          merchant.id,
          rules.map((r) => ({
            field: r.field,
            show: r.show,
            required: r.required,
            pattern_id: r.patternId,
            min_length: r.minLength,
            max_length: r.maxLength,
          })),
        );
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: merchant.id,
          action: 'registration.rules.update',
          target: merchant.code,
          before,
          after: rules,
          ip: actor.ip,
        });
      });
      return rulesOf(merchant.id);
    },

    /** Whether a member type is an agent's (agent centre, affiliate codes). */
    isAgent: (type: number) => (agentTypes as readonly number[]).includes(type),
  };
  return group;
}
