import type { Database } from '../../db/database.ts';

export type AuditEvent = {
  actorType: 'operator' | 'member' | 'system';
  actorId?: number | null;
  actorName?: string | null;
  merchantId?: number | null;
  action: string;
  target?: string | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
};

/**
 * The append-only significant-event log (GUIDE §5). Writers pass their transaction so the event commits with the change.
 * The back office's list reads `reports`, the read replica (decision 062): an event shows a few seconds late at worst.
 */
export function auditService(_db: Database, reports: Database = _db) {
  return {
    async record(executor: Database, event: AuditEvent) {
      await executor
        .insertInto('audit_log')
        .values({
          actor_type: event.actorType,
          actor_id: event.actorId ?? null,
          actor_name: event.actorName ?? null,
          merchant_id: event.merchantId ?? null,
          action: event.action,
          target: event.target ?? null,
          before: event.before === undefined ? null : JSON.stringify(event.before),
          after: event.after === undefined ? null : JSON.stringify(event.after),
          ip: event.ip ?? null,
        })
        .execute();
    },

    async list(query: { pageNo: number; pageSize: number; action?: string | undefined }) {
      let base = reports
        .selectFrom('audit_log')
        .leftJoin('merchants', 'merchants.id', 'audit_log.merchant_id');
      // An exact action, or every action under a prefix written as `operator.*`.
      if (query.action?.endsWith('.*')) {
        const prefix = query.action.slice(0, -1).replace(/[%_\\]/g, '\\$&');
        base = base.where('audit_log.action', 'like', `${prefix}%`);
      } else if (query.action) {
        base = base.where('audit_log.action', '=', query.action);
      }
      const { total } = await base
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await base
        .select([
          'audit_log.id',
          'audit_log.at',
          'audit_log.actor_name',
          'merchants.code',
          'audit_log.action',
          'audit_log.target',
          'audit_log.before',
          'audit_log.after',
          'audit_log.ip',
        ])
        .orderBy('audit_log.id', 'desc')
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize)
        .execute();
      const count = Number(total);
      return {
        list: rows.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          operator: row.actor_name,
          merchantCode: row.code,
          action: row.action,
          target: row.target,
          before: row.before,
          after: row.after,
          ip: row.ip,
        })),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total: count,
        totalPages: Math.ceil(count / query.pageSize),
      };
    },
  };
}

export type AuditService = ReturnType<typeof auditService>;
