import type { Operator, OperatorRole } from '@tala/contracts/admin';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { operatorToken } from '../../http/operator-auth.ts';
import type { OperatorsService } from './operators.service.ts';

const signedIn = new WeakMap<FastifyRequest, Operator>();

/**
 * An `onRequest` hook for back-office routes: the caller must hold a live operator session (401) and, when roles
 * are named, one of those roles (403). It runs before the body is parsed, so nobody learns a route's rules
 * without the right to call it.
 */
export function operatorGuard(operators: OperatorsService, roles?: readonly OperatorRole[]) {
  return async (request: FastifyRequest) => {
    signedIn.set(request, await operators.authenticate(operatorToken(request), roles));
  };
}

/** The operator the route's guard let in. */
export function guardedOperator(request: FastifyRequest): Operator {
  const operator = signedIn.get(request);
  if (!operator) throw new AppError('not_logged_in');
  return operator;
}
