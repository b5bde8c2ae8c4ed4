// Every pattern kind behind the API: a merchant's rule for payeeName is set to each kind in turn, and random values
// the kind must accept or refuse are registered. The server must answer as the shared checker does, create a member
// only for a valid value, and name the field otherwise. The proof of work is made trivial here.

import { checkRule, patternIds, rule } from '@tala/contracts/registration-rules';
import { patternCases } from '@tala/contracts/registration-rules.arbitraries';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { testApp } from '../../testing/test-app.ts';
import { register, uniqueName } from './member-fixtures.ts';

vi.mock('altcha-lib', async (original) => {
  const real = (await original()) as typeof import('altcha-lib');
  return { ...real, randomInt: () => 3 };
});

const { app, services, database } = await testApp();
const owner = { id: 1, name: 'owner', ip: '127.0.0.1' };

async function members() {
  const row = await database.db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('each pattern kind on the server', () => {
  let visitor = 0;
  for (const kind of patternIds) {
    it(`${kind}: the server agrees with the shared checker`, async () => {
      const lucky = await services.merchants.byCode('lucky');
      const rules = await services.members.rulesOf(lucky.id);
      const payeeRule = rule('payeeName', kind, 1, 40, { required: true });
      await services.members.setRules(
        owner,
        lucky,
        rules.map((r) => (r.field === 'payeeName' ? payeeRule : r)),
      );
      const { valid, invalid } = patternCases[kind];
      await fc.assert(
        fc.asyncProperty(fc.oneof(valid, invalid), async (value) => {
          visitor += 1;
          const expected = checkRule(value, payeeRule);
          const before = await members();
          const response = await register(
            app,
            { username: uniqueName('p'), payeeName: value },
            { ip: `10.70.${Math.floor(visitor / 250)}.${visitor % 250}`, merchant: 'lucky' },
          );
          if (expected) {
            expect(response.statusCode, `${kind} ${JSON.stringify(value)}`).toBe(400);
            expect(response.json().fields, `${kind} ${JSON.stringify(value)}`).toEqual([
              expect.objectContaining({ field: 'payeeName', patternId: kind }),
            ]);
            expect(await members()).toBe(before);
          } else {
            expect(response.statusCode, `${kind} ${JSON.stringify(value)} ${response.body}`).toBe(200);
            expect(await members()).toBe(before + 1);
          }
        }),
        { numRuns: 6 },
      );
    });
  }
});
