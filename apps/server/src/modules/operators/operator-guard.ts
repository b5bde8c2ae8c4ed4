import type { Operator, OperatorRole } from '@tala/contracts/admin';
import { merchantListFilter } from '@tala/contracts/envelope';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { operatorToken } from '../../http/operator-auth.ts';
import type { OperatorsService, RequestTarget } from './operators.service.ts';

const signedIn = new WeakMap<FastifyRequest, Operator>();

/** Query parameters by which cross-merchant lists and catalogue calls name one merchant. */
const MERCHANT_QUERY_KEYS = ['merchantCode', 'merchant'] as const;

/** The route's query parameter that names merchants, if any, and whether it takes several (merchantListFilter). */
function merchantQueryKey(request: FastifyRequest): { key: string; list: boolean } | undefined {
  const shape = (request.routeOptions.schema?.querystring as { shape?: Record<string, unknown> } | undefined)
    ?.shape;
  const key = MERCHANT_QUERY_KEYS.find((k) => shape && k in shape);
  return key && shape ? { key, list: shape[key] === merchantListFilter } : undefined;
}

/**
 * What the request acts on, read before the body: the merchant of its path (`/admin-api/merchants/:code/...`), else
 * the object its id names (objectMerchant), else the merchants its query names (a list filter may name several,
 * joined by commas). A request that could name merchants but names none may be narrowed (the service decides and
 * writes the codes into the query): a list to the operator's merchants, another call to its only merchant.
 */
function requestTarget(request: FastifyRequest): RequestTarget {
  const url = request.routeOptions.url ?? '';
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  if (url.startsWith('/admin-api/merchants/:code')) return { merchantCodes: [params.code ?? ''] };
  const filter = merchantQueryKey(request);
  const query = (request.query ?? {}) as Record<string, unknown>;
  const named = filter ? query[filter.key] : undefined;
  return {
    object: { url, params },
    merchantCodes: typeof named === 'string' ? (filter?.list ? named.split(',') : [named]) : undefined,
    narrow:
      filter && named === undefined
        ? {
            list: filter.list,
            to: (codes: string[]) => Object.assign(query, { [filter.key]: codes.join(',') }),
          }
        : undefined,
  };
}

/**
 * An `onRequest` hook for back-office routes: the caller must hold a live operator session (401) and, when roles
 * are named, one of those roles (403) for the merchant the request acts on (decision 060: a platform operator's role
 * counts everywhere, another operator's role of that merchant; outside its merchants 403 outside_operator_merchants,
 * on a route of no merchant 403 platform_operators_only). `anyMerchant` marks the routes about the operator itself
 * (its session, its second factor, the list of its merchants). It runs before the body is parsed, so nobody learns a
 * route's rules without the right to call it.
 */
export function operatorGuard(
  operators: OperatorsService,
  roles?: readonly OperatorRole[],
  options: { anyMerchant?: boolean } = {},
) {
  return async (request: FastifyRequest) => {
    const operator = await operators.authenticate(operatorToken(request));
    const target: RequestTarget = options.anyMerchant ? 'self' : requestTarget(request);
    signedIn.set(request, await operators.authorize(operator, roles, target));
  };
}

/** The operator the route's guard let in; `role` is its role on the request's merchant. */
export function guardedOperator(request: FastifyRequest): Operator {
  const operator = signedIn.get(request);
  if (!operator) throw new AppError('not_logged_in');
  return operator;
}
