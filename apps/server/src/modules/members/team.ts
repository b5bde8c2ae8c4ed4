// The agent's own view of its team (agent centre): sizes, new members, the team list, accounts it opens.
import crypto from 'node:crypto';
import { agentTypes, TRIAL_TYPE } from '@tala/contracts/members';
import type { RuleFailure } from '@tala/contracts/registration-rules';
import { checkRule } from '@tala/contracts/registration-rules';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { Actor } from '../operators/operators.service.ts';
import { RuleViolation } from './member-errors.ts';
import { normaliseUsername, type RequestContext, type SignedInMember } from './member-format.ts';
import type { MembersCore } from './members-core.ts';

/** The type a sub-agent opened from the agent centre gets (the merchant can change it in the back office). */
export const SUB_AGENT_TYPE = 1;
const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function freshAffiliateCode() {
  const bytes = crypto.randomBytes(8);
  return [...bytes].map((b) => codeAlphabet[b % codeAlphabet.length]).join('');
}

export function teamUseCases(core: MembersCore) {
  const { db, repository, audit, rulesOf, ruleOf } = core;
  return {
    teamCounts: (agentId: number) => repository.teamCounts(agentId),

    newByUpline: (merchantId: number, range: { from: Date; to: Date }) =>
      repository.newByUpline(merchantId, range),

    /** A page of the team now: direct members or every level, filtered by part of the account name. */
    async teamPage(
      agentId: number,
      query: { scope: 'direct' | 'all'; q?: string | undefined; pageNo: number; pageSize: number },
    ) {
      const { total, rows } = await repository.teamPage(agentId, {
        direct: query.scope === 'direct',
        q: query.q,
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      return {
        total,
        rows: rows.map((r) => ({
          id: r.id,
          username: r.username,
          nickname: r.nickname,
          type: r.type,
          status: r.status,
          level: r.depth,
          downlineSize: Number(r.downline ?? 0),
          registeredAt: r.created_at.toISOString(),
          lastLoginAt: r.last_login_at?.toISOString() ?? null,
        })),
      };
    },

    /**
     * Turns a real member into an agent (type 1, with an affiliate code), within the caller's transaction: the back
     * office's approval of a join application. An agent already stays as it is.
     */
    async makeAgent(trx: Database, actor: Actor, merchant: Merchant, username: string) {
      const member = await repository.byAccount(merchant.id, normaliseUsername(username), trx);
      if (!member) throw new AppError('not_found', 'memberAccount');
      if (member.type === TRIAL_TYPE) throw new AppError('in_need_true_account', 'memberAccount');
      if ((agentTypes as readonly number[]).includes(member.type)) return;
      await repository.update(trx, member.id, {
        type: SUB_AGENT_TYPE,
        affiliate_code: member.affiliate_code ?? freshAffiliateCode(),
      });
      await audit.record(trx, {
        actorType: 'operator',
        actorId: actor.id,
        actorName: actor.name,
        merchantId: merchant.id,
        action: 'member.made_agent',
        target: `member:${member.id}`,
        before: { type: member.type },
        after: { type: SUB_AGENT_TYPE },
        ip: actor.ip,
      });
    },

    /** The agent's affiliate code, given one the first time it is asked for. */
    async affiliateCodeOf(agent: SignedInMember) {
      return agent.affiliate_code ?? (await repository.ensureAffiliateCode(agent.id, freshAffiliateCode));
    },

    /**
     * registerCenter: the agent opens a member's or a sub-agent's account directly under itself. The username and
     * password follow the merchant's registration rules (§5); the new member changes the password at first login,
     * since the agent chose it.
     */
    async openAccountUnder(
      merchant: Merchant,
      agent: SignedInMember,
      body: {
        accountType: 'member' | 'agent';
        username: string;
        password: string;
        confirmPassword: string;
        nickname?: string | undefined;
      },
      context: RequestContext,
    ) {
      const rules = await rulesOf(merchant.id);
      const failures: (RuleFailure | { field: string; reason: 'mismatch' })[] = [];
      for (const field of ['username', 'password'] as const) {
        const failure = checkRule(body[field], { ...ruleOf(rules, field), show: true, required: true });
        if (failure) failures.push(failure);
      }
      if (body.confirmPassword !== body.password)
        failures.push({ field: 'confirmPassword', reason: 'mismatch' });
      if (failures.length > 0) throw new RuleViolation(failures);

      const username = normaliseUsername(body.username);
      const type = body.accountType === 'agent' ? SUB_AGENT_TYPE : 0;
      const passwordHash = await hashPassword(body.password);
      return db.transaction().execute(async (trx) => {
        const inserted = await repository.insert(trx, {
          merchant_id: merchant.id,
          username,
          password_hash: passwordHash,
          type,
          upline_id: agent.id,
          nickname: body.nickname?.trim() || null,
          affiliate_code: type === SUB_AGENT_TYPE ? freshAffiliateCode() : null,
          must_change_password: true,
          password_changed_at: new Date(),
          register_method: 'AGENT',
          register_ip: context.ip,
          register_domain: context.host,
        });
        if ('conflict' in inserted) throw new AppError('username_taken', 'username');
        await audit.record(trx, {
          actorType: 'member',
          actorId: agent.id,
          actorName: agent.username,
          merchantId: merchant.id,
          action: 'member.register.by_agent',
          target: `member:${inserted.id}`,
          after: { username, type, upline: agent.id },
          ip: context.ip,
        });
        const row = await repository.byId(inserted.id, trx);
        return { username, type, affiliateCode: row?.affiliate_code ?? null };
      });
    },
  };
}
