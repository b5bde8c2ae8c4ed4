import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * The merchant of the object a back-office route addresses by id, for the operators' guard (decision 060). Each
 * entry names the route's path (Fastify's pattern) and how to find the object's merchant code from its id. A route
 * addressed by id that is not listed here is for platform operators only: the safe default for a new route.
 *
 * These are read-only lookups across other modules' tables, kept in one place on purpose: the guard must know the
 * merchant before the route's body is read, and one list is easier to check against the OpenAPI document than
 * forty services (admin-scope.test.ts walks it).
 */
type Lookup = (db: Database, id: string) => Promise<string | undefined>;

const byTable =
  (table: string): Lookup =>
  async (db, id) => {
    const result = await sql<{ code: string }>`
      SELECT m.code FROM ${sql.table(table)} o JOIN merchants m ON m.id = o.merchant_id WHERE o.id = ${id}::bigint`.execute(
      db,
    );
    return result.rows[0]?.code;
  };

const proofMerchant: Lookup = async (db, id) => {
  const result = await sql<{ code: string }>`
    SELECT m.code FROM payment_proofs p
      LEFT JOIN deposits d ON d.id = p.deposit_id
      LEFT JOIN withdrawals w ON w.id = p.withdrawal_id
      JOIN merchants m ON m.id = coalesce(d.merchant_id, w.merchant_id)
    WHERE p.id = ${id}::bigint`.execute(db);
  return result.rows[0]?.code;
};

const applicationImageMerchant: Lookup = async (db, id) => {
  const result = await sql<{ code: string }>`
    SELECT m.code FROM promotion_application_images i
      JOIN promotion_applications a ON a.id = i.application_id
      JOIN merchants m ON m.id = a.merchant_id
    WHERE i.id::text = ${id}`.execute(db);
  return result.rows[0]?.code;
};

const feedbackImageMerchant: Lookup = async (db, id) => {
  const result = await sql<{ code: string }>`
    SELECT m.code FROM feedback_images i
      JOIN feedback f ON f.id = i.feedback_id
      JOIN merchants m ON m.id = f.merchant_id
    WHERE i.id = ${id}`.execute(db);
  return result.rows[0]?.code;
};

/** [route pattern, the id parameter, its shape, the lookup]; the first matching pattern wins. */
const routes: [RegExp, string, RegExp, Lookup][] = [
  [/^\/admin-api\/(payments\/)?members\/:id(\/|$)/, 'id', /^\d{1,18}$/, byTable('members')],
  [/^\/admin-api\/payments\/deposits\/:id(\/|$)/, 'id', /^\d{1,18}$/, byTable('deposits')],
  [/^\/admin-api\/payments\/withdrawals\/:id(\/|$)/, 'id', /^\d{1,18}$/, byTable('withdrawals')],
  [/^\/admin-api\/payments\/adjustments\/:id(\/|$)/, 'id', /^\d{1,18}$/, byTable('balance_adjustments')],
  [/^\/admin-api\/payments\/proofs\/:id$/, 'id', /^\d{1,18}$/, proofMerchant],
  [/^\/admin-api\/point-redemptions\/:id(\/|$)/, 'id', /^\d{1,18}$/, byTable('points_redemptions')],
  [
    /^\/admin-api\/promotion-applications\/images\/:imageId$/,
    'imageId',
    /^[\w-]{1,64}$/,
    applicationImageMerchant,
  ],
  [/^\/admin-api\/promotion-applications\/:id(\/|$)/, 'id', /^\d{1,18}$/, byTable('promotion_applications')],
  [
    /^\/admin-api\/support\/chat\/conversations\/:id(\/|$)/,
    'id',
    /^\d{1,18}$/,
    byTable('chat_conversations'),
  ],
  [/^\/admin-api\/support\/feedback\/images\/:id$/, 'id', /^[\w-]{1,64}$/, feedbackImageMerchant],
  [/^\/admin-api\/support\/feedback\/:id(\/|$)/, 'id', /^\d{1,9}$/, byTable('feedback')],
  [/^\/admin-api\/kyc\/documents\/:id(\/|$)/, 'id', /^\d{1,18}$/, byTable('kyc_documents')],
];

/** Whether the route is addressed by the id of an object that belongs to one merchant. */
export function isObjectRoute(url: string): boolean {
  return routes.some(([pattern]) => pattern.test(url));
}

/**
 * The merchant code of the object the request addresses: undefined when the route is not addressed by such an
 * object, null when the object does not exist (or its id is malformed).
 */
export async function objectMerchant(
  db: Database,
  url: string,
  params: Record<string, string | undefined>,
): Promise<string | null | undefined> {
  const route = routes.find(([pattern]) => pattern.test(url));
  if (!route) return undefined;
  const [, name, shape, lookup] = route;
  const id = params[name];
  if (id === undefined || !shape.test(id)) return null;
  return (await lookup(db, id)) ?? null;
}
