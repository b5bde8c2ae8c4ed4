// Contracts between an upline and its direct downline (spec §3, §4; issue 12 item 3): offers, acceptance with the
// automatic end of sub-contracts the new rate no longer covers, terminations, the merchant's settings and the
// back office's contracts of top agents. docs/decisions/033-agent-contracts.md.

import { contractsToEnd, limitsOf, termsProblem } from '@tala/contracts/agent-contract-rules';
import {
  type ContractKind,
  type ContractRequest,
  type ContractSettings,
  type ContractTerms,
  type ContractView,
  contractKinds,
  contractSettings,
  contractTerms,
  defaultContractSettings,
} from '@tala/contracts/agent-contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { MembersService, SignedInMember } from '../members/members.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { Actor } from '../operators/operators.service.ts';
import type { AgentsRepository, ContractRow } from './agents.repository.ts';

type NamedContract = ContractRow & {
  username: string;
  upline_username: string | null;
  requested_username: string | null;
};

export function contractView(row: NamedContract): ContractView {
  return {
    id: Number(row.id),
    kind: row.kind,
    username: row.username,
    upline: row.upline_username,
    requestedBy: row.requested_username,
    status: row.status,
    request: row.request,
    terms: contractTerms.parse(row.terms),
    createdAt: row.created_at.toISOString(),
    startedAt: row.started_at?.toISOString() ?? null,
    endedAt: row.ended_at?.toISOString() ?? null,
    endReason: row.end_reason,
  };
}

/** The consolidated flags of §3, one per kind: 1 when the merchant has it on and the member is an agent. */
export const flagOf: Record<
  ContractKind,
  'divtypereq' | 'dailysalreqtype' | 'contracthoursalreq' | 'realtimesalreqtype'
> = {
  dividend: 'divtypereq',
  dailySalary: 'dailysalreqtype',
  hourlySalary: 'contracthoursalreq',
  realtimeSalary: 'realtimesalreqtype',
};

export function contractUseCases(deps: {
  db: Database;
  repository: AgentsRepository;
  members: MembersService;
  audit: AuditService;
}) {
  const { db, repository, members, audit } = deps;

  async function settingsOf(merchantId: number): Promise<ContractSettings> {
    const parsed = contractSettings.safeParse(await repository.settings(merchantId));
    return parsed.success ? parsed.data : defaultContractSettings;
  }

  const enabled = (settings: ContractSettings, kind: ContractKind) => settings[kind].enabled;

  function requireAgent(member: { type: number }) {
    if (!members.isAgent(member.type)) throw new AppError('error_not_agent');
  }

  /** The contracts in force below a member that `ceiling` would end (all of them without one): contractsToEnd. */
  async function toEndBelow(
    trx: Database,
    memberId: number,
    kind: ContractKind,
    ceiling: ContractTerms | null,
  ) {
    const below = (await repository.inForceBelow(trx, memberId, kind)).map((row) => ({
      id: Number(row.id),
      memberId: row.member_id,
      uplineId: row.upline_id,
      terms: contractTerms.parse(row.terms),
    }));
    return contractsToEnd(kind, below, ceiling);
  }

  /** Ends the contracts `toEndBelow` names. */
  async function endBelow(
    trx: Database,
    memberId: number,
    kind: ContractKind,
    ceiling: ContractTerms | null,
    reason: string,
  ) {
    const ended = await toEndBelow(trx, memberId, kind, ceiling);
    for (const contract of ended) await repository.setStatus(trx, contract.id, 'ended', reason);
    return ended.length;
  }

  async function record(
    trx: Database,
    merchant: Merchant,
    who: { type: 'member' | 'operator'; id: number; name: string; ip?: string | null },
    action: string,
    contractId: number,
    after: object,
  ) {
    await audit.record(trx, {
      actorType: who.type,
      actorId: who.id,
      actorName: who.name,
      merchantId: merchant.id,
      action,
      target: `agent_contract:${contractId}`,
      after,
      ip: who.ip ?? null,
    });
  }

  async function viewOf(id: number) {
    const row = await repository.contract(db, id);
    if (!row) throw new AppError('contract_not_found', 'contractId');
    return contractView(row as NamedContract);
  }

  return {
    contractSettingsOf: settingsOf,

    async saveContractSettings(actor: Actor, merchant: Merchant, settings: ContractSettings) {
      await db.transaction().execute(async (trx) => {
        await repository.saveSettings(trx, merchant.id, settings);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: merchant.id,
          action: 'agents.contract_settings.update',
          target: `merchant:${merchant.code}`,
          after: settings,
          ip: actor.ip,
        });
      });
      return settings;
    },

    /** The four flags of /wps/member/info/funds/consolidated. */
    async contractFlags(merchant: Merchant, member: { type: number }) {
      const settings = await settingsOf(merchant.id);
      const agent = members.isAgent(member.type);
      return Object.fromEntries(
        contractKinds.map((kind) => [flagOf[kind], agent && enabled(settings, kind) ? 1 : 0]),
      ) as Record<(typeof flagOf)[ContractKind], number>;
    },

    /** A contract page of the agent centre: mine, the open requests, my direct downline's, my recent bills. */
    async contractPage(merchant: Merchant, agent: SignedInMember, kind: ContractKind) {
      requireAgent(agent);
      const settings = await settingsOf(merchant.id);
      const [mine, open, downline, bills] = await Promise.all([
        repository.inForce(db, agent.id, kind),
        repository.openRequests(agent.id, kind),
        repository.downlineContracts(agent.id, kind),
        repository.billsOf(agent.id, kind, { limit: 10, offset: 0 }),
      ]);
      return {
        kind,
        settings: limitsOf(kind, settings),
        mine: mine ? contractView(mine as NamedContract) : null,
        open: open.map((r) => contractView(r as NamedContract)),
        downline: downline.map((r) => contractView(r as NamedContract)),
        bills: bills.rows.map((b) => ({
          id: Number(b.id),
          periodStart: b.period_start.toISOString(),
          periodEnd: b.period_end.toISOString(),
          status: b.status,
          amountDue: Number(b.amount_due),
          amountPaid: Number(b.amount_paid),
        })),
      };
    },

    /** The contract calls of §7: offer, terminate, accept, reject, withdraw. */
    async contractRequest(
      merchant: Merchant,
      agent: SignedInMember,
      kind: ContractKind,
      body: ContractRequest,
      ip: string,
    ): Promise<{ contract: ContractView; endedSubContracts: number }> {
      requireAgent(agent);
      const settings = await settingsOf(merchant.id);
      const who = { type: 'member' as const, id: agent.id, name: agent.username, ip };

      if (body.action === 'offer') {
        if (!enabled(settings, kind)) throw new AppError('contract_kind_off', 'kind');
        const target = await members.byAccount(merchant.id, body.username);
        if (!target || target.upline_id !== agent.id)
          throw new AppError('contract_not_direct_downline', 'username');
        if (!members.isAgent(target.type)) throw new AppError('error_not_agent', 'username');
        const own = await repository.inForce(db, agent.id, kind);
        if (!own) throw new AppError('contract_upline_has_none', 'kind');
        const problem = termsProblem(
          kind,
          body.terms,
          limitsOf(kind, settings),
          contractTerms.parse(own.terms),
        );
        if (problem) throw new AppError(problem.code, problem.field);
        const id = await db.transaction().execute(async (trx) => {
          const inserted = await repository.insertContract(trx, {
            merchant_id: merchant.id,
            kind,
            member_id: target.id,
            upline_id: agent.id,
            requested_by: agent.id,
            terms: body.terms,
            status: 'offered',
          });
          if (inserted === null) throw new AppError('contract_request_open', 'username');
          await record(trx, merchant, who, 'agents.contract.offer', inserted, {
            kind,
            to: target.id,
            terms: body.terms,
          });
          return inserted;
        });
        return { contract: await viewOf(id), endedSubContracts: 0 };
      }

      if (body.action === 'terminate') {
        const contract = await repository.contract(db, body.contractId);
        if (!contract || contract.merchant_id !== merchant.id || contract.kind !== kind)
          throw new AppError('contract_not_found', 'contractId');
        if (contract.status !== 'active' || contract.request !== 'new')
          throw new AppError('contract_not_in_force', 'contractId');
        if (contract.member_id !== agent.id && contract.upline_id !== agent.id)
          throw new AppError('contract_not_yours', 'contractId');
        if (contract.upline_id === null) throw new AppError('contract_not_yours', 'contractId');
        const id = await db.transaction().execute(async (trx) => {
          const inserted = await repository.insertContract(trx, {
            merchant_id: merchant.id,
            kind,
            member_id: contract.member_id,
            upline_id: contract.upline_id,
            request: 'termination',
            target_contract_id: Number(contract.id),
            requested_by: agent.id,
            terms: contractTerms.parse(contract.terms),
            status: 'offered',
          });
          if (inserted === null) throw new AppError('contract_request_open', 'contractId');
          await record(trx, merchant, who, 'agents.contract.terminate_request', inserted, {
            contract: Number(contract.id),
          });
          return inserted;
        });
        return { contract: await viewOf(id), endedSubContracts: 0 };
      }

      // accept, reject, withdraw: an open request this agent is party to.
      return db.transaction().execute(async (trx) => {
        const request = await repository.contract(trx, body.contractId, true);
        if (!request || request.merchant_id !== merchant.id || request.kind !== kind)
          throw new AppError('contract_not_found', 'contractId');
        if (request.status !== 'offered') throw new AppError('contract_not_open', 'contractId');
        const requester = request.requested_by;
        const recipient = requester === request.member_id ? request.upline_id : request.member_id;
        if (body.action === 'withdraw') {
          if (requester !== agent.id) throw new AppError('contract_not_yours', 'contractId');
          await repository.setStatus(trx, Number(request.id), 'withdrawn');
          await record(trx, merchant, who, 'agents.contract.withdraw', Number(request.id), {});
          return {
            contract: contractView({ ...(request as NamedContract), status: 'withdrawn' }),
            endedSubContracts: 0,
          };
        }
        if (recipient !== agent.id) throw new AppError('contract_not_yours', 'contractId');
        if (body.action === 'reject') {
          await repository.setStatus(trx, Number(request.id), 'rejected');
          await record(trx, merchant, who, 'agents.contract.reject', Number(request.id), {});
          return {
            contract: contractView({ ...(request as NamedContract), status: 'rejected' }),
            endedSubContracts: 0,
          };
        }

        if (request.request === 'termination') {
          // The contract may have ended since it was asked (its upline's rate was lowered): nothing left to end.
          const target = await repository.contract(trx, Number(request.target_contract_id), true);
          if (target?.status !== 'active') throw new AppError('contract_not_in_force', 'contractId');
          await repository.setStatus(trx, Number(request.id), 'ended', 'terminated');
          await repository.setStatus(trx, Number(request.target_contract_id), 'ended', 'terminated');
          const ended = await endBelow(trx, request.member_id, kind, null, 'upline_contract_ended');
          await record(trx, merchant, who, 'agents.contract.terminate', Number(request.target_contract_id), {
            endedSubContracts: ended,
          });
          return {
            contract: await viewOfIn(trx, Number(request.target_contract_id)),
            endedSubContracts: ended,
          };
        }

        // A new contract: its terms are checked again against the upline's contract as it is now.
        const terms = contractTerms.parse(request.terms);
        if (!enabled(settings, kind)) throw new AppError('contract_kind_off', 'kind');
        const upline =
          request.upline_id === null ? null : await repository.inForce(trx, request.upline_id, kind);
        if (request.upline_id !== null && !upline)
          throw new AppError('contract_upline_has_none', 'contractId');
        const problem = termsProblem(
          kind,
          terms,
          limitsOf(kind, settings),
          upline ? contractTerms.parse(upline.terms) : null,
        );
        if (problem) throw new AppError(problem.code, problem.field);
        // The count the agent confirms is every contract that ends: those above the new terms and those beneath.
        const over = await toEndBelow(trx, agent.id, kind, terms);
        if (over.length > 0 && !body.confirmEndSubContracts)
          throw new AppError('contract_ends_sub_contracts', 'confirmEndSubContracts', { count: over.length });
        const current = await repository.inForce(trx, agent.id, kind);
        if (current) await repository.setStatus(trx, Number(current.id), 'ended', 'superseded');
        await repository.setStatus(trx, Number(request.id), 'active');
        const ended = over.length > 0 ? await endBelow(trx, agent.id, kind, terms, 'upline_rate_lowered') : 0;
        await record(trx, merchant, who, 'agents.contract.accept', Number(request.id), {
          endedSubContracts: ended,
        });
        return { contract: await viewOfIn(trx, Number(request.id)), endedSubContracts: ended };
      });

      async function viewOfIn(trx: Database, id: number) {
        const row = await repository.contract(trx, id);
        return contractView(row as NamedContract);
      }
    },

    /**
     * The back office sets the contract of an agent at the top of the tree (the merchant is its upline): in force at
     * once, replacing the one before; contracts below that the new terms no longer cover end.
     */
    async setTopContract(
      actor: Actor,
      merchant: Merchant,
      memberId: number,
      kind: ContractKind,
      terms: ContractTerms,
    ) {
      const member = await members.byId(memberId);
      if (!member || member.merchant_id !== merchant.id) throw new AppError('not_found', 'id');
      requireAgent(member);
      if (member.upline_id !== null) throw new AppError('contract_not_top_agent', 'id');
      const settings = await settingsOf(merchant.id);
      const problem = termsProblem(kind, terms, limitsOf(kind, settings), null);
      if (problem) throw new AppError(problem.code, problem.field);
      return db.transaction().execute(async (trx) => {
        const current = await repository.inForce(trx, memberId, kind);
        if (current) await repository.setStatus(trx, Number(current.id), 'ended', 'superseded');
        const id = await repository.insertContract(trx, {
          merchant_id: merchant.id,
          kind,
          member_id: memberId,
          upline_id: null,
          requested_by: null,
          operator_id: actor.id,
          terms,
          status: 'active',
        });
        if (id === null) throw new AppError('conflict');
        const ended = await endBelow(trx, memberId, kind, terms, 'upline_rate_lowered');
        await record(trx, merchant, { type: 'operator', ...actor }, 'agents.contract.set_top', id, {
          kind,
          terms,
          endedSubContracts: ended,
        });
        const row = await repository.contract(trx, id);
        return { contract: contractView(row as NamedContract), endedSubContracts: ended };
      });
    },

    /** Ends a top agent's contract (and every one below it) from the back office. */
    async endTopContract(actor: Actor, merchant: Merchant, memberId: number, kind: ContractKind) {
      return db.transaction().execute(async (trx) => {
        const current = await repository.inForce(trx, memberId, kind);
        if (!current || current.merchant_id !== merchant.id || current.upline_id !== null)
          throw new AppError('contract_not_found', 'kind');
        await repository.setStatus(trx, Number(current.id), 'ended', 'terminated');
        const ended = await endBelow(trx, memberId, kind, null, 'upline_contract_ended');
        await record(
          trx,
          merchant,
          { type: 'operator', ...actor },
          'agents.contract.end_top',
          Number(current.id),
          {
            endedSubContracts: ended,
          },
        );
        return { endedSubContracts: ended };
      });
    },

    /** Every contract of a member, newest first (back office). */
    async contractsOf(memberId: number) {
      return (await repository.contractsOf(memberId)).map((r) => contractView(r as NamedContract));
    },
  };
}
