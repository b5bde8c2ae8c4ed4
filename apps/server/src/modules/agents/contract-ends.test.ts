// Property test of automatic ends on the database (issue 12: "property tests of the contract rules (rates never above
// the upline's, automatic ends ...)"): random trees of agents and random sequences of offers, acceptances (with the
// confirmation of spec §4), rejections, terminations and the back office's top contracts. After every step no
// contract in force gives more than its upline's at any team figures, and an acceptance ends exactly the contracts
// its new terms no longer cover and every contract beneath one of those (decision 033), after confirming that count.
import crypto from 'node:crypto';
import { rateAt } from '@tala/contracts/agent-contract-rules';
import { type ContractRequest, type ContractTerms, contractTerms } from '@tala/contracts/agent-contracts';
import type { ErrorCode } from '@tala/contracts/errors';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { testApp } from '../../testing/test-app.ts';
import type { SignedInMember } from '../members/member-format.ts';
import { withAgentTables } from './agents.tables.ts';

const { services } = await testApp();
const tala = await services.merchants.byCode('tala');
const operator = { id: 1, name: 'owner', ip: '127.0.0.1' };
const kind = 'dailySalary';

const terms = (values: Partial<ContractTerms>) => contractTerms.parse(values);

/** Whether `terms` give more than `ceiling` somewhere, by trying every corner where either rate may change. */
function higherSomewhere(offered: ContractTerms, ceiling: ContractTerms) {
  const tiers = [...offered.tiers, ...ceiling.tiers];
  const actives = [0, ...tiers.map((t) => t.minActiveMembers)];
  const volumes = [0, ...tiers.map((t) => t.minVolume)];
  return actives.some((a) => volumes.some((v) => rateAt(offered, a, v) > rateAt(ceiling, a, v)));
}

// Up to 2 % (the demo merchant's daily-salary limit) with up to two tiers at small thresholds.
const termsArb = fc.record({
  rate: fc.integer({ min: 0, max: 220 }),
  tiers: fc.array(
    fc.record({
      minActiveMembers: fc.nat(6),
      minVolume: fc.nat(4).map((n) => n * 10_000),
      rate: fc.integer({ min: 0, max: 220 }),
    }),
    { maxLength: 2 },
  ),
});
const answerArb = fc.record({ accept: fc.boolean(), confirm: fc.boolean() });
const stepArb = fc.oneof(
  fc.record({ op: fc.constant('top' as const), terms: termsArb }),
  // `fit`: the offer is cut down to the upline's rates (an agent who read its own contract), else sent as drawn;
  // the downline then answers at once, or leaves it open for a later step.
  fc.record({
    op: fc.constant('offer' as const),
    node: fc.nat(),
    terms: termsArb,
    fit: fc.boolean(),
    answer: fc.option(answerArb, { freq: 4 }),
  }),
  // The upline offers the member its own terms cut to a share (below what the member granted further down, often).
  ...Array.from({ length: 2 }, () =>
    fc.record({
      op: fc.constant('lower' as const),
      node: fc.nat(),
      share: fc.nat(100),
      confirm: fc.boolean(),
    }),
  ),
  fc.record({ op: fc.constant('answer' as const), node: fc.nat(), answer: answerArb }),
  fc.record({ op: fc.constant('terminate' as const), node: fc.nat(), answer: fc.option(answerArb) }),
);
type Step = typeof stepArb extends fc.Arbitrary<infer T> ? T : never;

/** A tree of agents: node 0 at the top, node i > 0 under one before it (often the one just before: depth). */
const treeArb = fc
  .array(fc.option(fc.nat(), { freq: 2 }), { minLength: 3, maxLength: 7 })
  .map((parents) => parents.map((p, i) => (i === 0 ? null : p === null ? i - 1 : p % i)));

const refusals = new Set<ErrorCode>([
  'contract_rate_above_upline',
  'contract_rate_above_limit',
  'contract_upline_has_none',
  'contract_request_open',
  'contract_not_open',
  'contract_not_in_force',
  'validation_failed',
]);

async function agents(tree: (number | null)[]) {
  const ids: number[] = [];
  for (const parent of tree) {
    const username = `ce${crypto.randomBytes(5).toString('hex')}`;
    ids.push(
      await services.members.create(tala, {
        username,
        password: null,
        type: 1,
        uplineId: parent === null ? null : (ids[parent] as number),
      }),
    );
  }
  return ids;
}

async function signedIn(id: number): Promise<SignedInMember> {
  const member = await services.members.byId(id);
  return { ...(member as NonNullable<typeof member>), tokenHash: Buffer.alloc(32) };
}

async function contractsOf(ids: number[]) {
  const rows = await withAgentTables(services.db)
    .selectFrom('agent_contracts')
    .select(['id', 'member_id', 'upline_id', 'status', 'end_reason', 'terms', 'request', 'requested_by'])
    .where('member_id', 'in', ids)
    .where('kind', '=', kind)
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), terms: contractTerms.parse(r.terms) }));
}

/** The contracts in force, by holder. */
const inForce = (rows: Awaited<ReturnType<typeof contractsOf>>) =>
  new Map(rows.filter((r) => r.status === 'active' && r.request === 'new').map((r) => [r.member_id, r]));

/** What accepting `ceiling` at `member` must end: each contract below with one on its way up that the ceiling no longer covers. */
function expectedEnds(
  tree: (number | null)[],
  ids: number[],
  active: Map<number, { id: number; terms: ContractTerms }>,
  node: number,
  ceiling: ContractTerms,
) {
  const ends = new Set<number>();
  tree.forEach((_, i) => {
    const own = active.get(ids[i] as number);
    if (!own) return;
    const path: number[] = [];
    let at: number | null = i;
    while (at !== null && at !== node) {
      path.push(at);
      at = tree[at] ?? null;
    }
    if (at !== node || path.length === 0) return;
    if (
      path.some((p) =>
        higherSomewhere((active.get(ids[p] as number) as { terms: ContractTerms }).terms, ceiling),
      )
    )
      ends.add(own.id);
  });
  return ends;
}

/** Terms cut down to an upline's rates where each starts: what an agent who read its own contract offers. */
const fitted = (t: ContractTerms, upline: ContractTerms) =>
  terms({
    rate: Math.min(t.rate, rateAt(upline, 0, 0)),
    tiers: t.tiers.map((x) => ({
      ...x,
      rate: Math.min(x.rate, rateAt(upline, x.minActiveMembers, x.minVolume)),
    })),
  });

/** One random run: a tree whose agents all start with a contract, then the steps. */
async function run(
  tree: (number | null)[],
  start: { top: ContractTerms; below: ContractTerms[] },
  steps: Step[],
) {
  const ids = await agents(tree);
  const n = tree.length;
  const nodeOf = (k: number) => 1 + (k % (n - 1));
  const ip = '127.0.0.1';
  const request = async (memberIndex: number, body: ContractRequest) =>
    services.agents.contractRequest(tala, await signedIn(ids[memberIndex] as number), kind, body, ip);
  const username = async (i: number) => (await services.members.byId(ids[i] as number))?.username ?? '';
  const parentOf = (i: number) => tree[i] as number;

  /**
   * Does one thing and checks what it did: a refusal changes nothing; an acceptance or a new top contract ends
   * exactly `expected` (given what was in force before) and nothing else; then every contract in force has an
   * upline whose contract covers it at any team figures.
   */
  async function act(
    action: () => Promise<{ endedSubContracts: number } | unknown>,
    expected?: (active: ReturnType<typeof inForce>) => Set<number>,
  ) {
    const before = await contractsOf(ids);
    const active = inForce(before);
    const ends = expected?.(active);
    let result: unknown;
    try {
      result = await action();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'contract_ends_sub_contracts') {
        // Without the confirmation, an acceptance that would end contracts names how many and changes nothing.
        expect(error.params.count).toBe(ends?.size);
        expect(ends?.size).toBeGreaterThan(0);
        tally.confirmAsked++;
      } else expect(refusals.has(error.code), error.code).toBe(true);
      expect(await contractsOf(ids)).toEqual(before);
      return false;
    }
    const after = await contractsOf(ids);
    const now = inForce(after);
    if (ends) {
      expect((result as { endedSubContracts: number }).endedSubContracts).toBe(ends.size);
      for (const c of active.values()) {
        const row = after.find((r) => r.id === c.id);
        if (row?.end_reason === 'superseded' || row?.end_reason === 'terminated') continue;
        expect(row?.status === 'ended', `contract ${c.id}`).toBe(ends.has(c.id));
      }
      if (ends.size > 0) tally.ended++;
    }
    for (const c of now.values()) {
      if (c.member_id === ids[0]) {
        expect(c.upline_id).toBeNull();
        continue;
      }
      const upline = now.get(c.upline_id as number);
      expect(upline, `upline of ${c.member_id}`).toBeDefined();
      expect(higherSomewhere(c.terms, (upline as { terms: ContractTerms }).terms)).toBe(false);
    }
    return true;
  }

  /** The open request of a member's contract slot, answered by the side that did not ask. */
  async function answer(node: number, choice: { accept: boolean; confirm: boolean }) {
    const open = (await contractsOf(ids)).find((r) => r.member_id === ids[node] && r.status === 'offered');
    if (!open) return;
    const by = open.requested_by === ids[node] ? parentOf(node) : node;
    if (!choice.accept) {
      await act(() => request(by, { action: 'reject', contractId: open.id }));
      return;
    }
    const below = (active: ReturnType<typeof inForce>) =>
      open.request === 'new'
        ? expectedEnds(tree, ids, active, node, open.terms)
        : // A termination ends the contract and everything beneath it.
          new Set(
            [...active.values()]
              .filter((c) => {
                for (let at = tree[ids.indexOf(c.member_id)] ?? null; at !== null; at = tree[at] ?? null)
                  if (at === node) return true;
                return false;
              })
              .map((c) => c.id),
          );
    await act(
      () => request(by, { action: 'accept', contractId: open.id, confirmEndSubContracts: choice.confirm }),
      below,
    );
  }

  await act(
    () => services.agents.setTopContract(operator, tala, ids[0] as number, kind, start.top),
    () => new Set(),
  );
  for (let i = 1; i < n; i++) {
    const upline = inForce(await contractsOf(ids)).get(ids[parentOf(i)] as number);
    if (!upline) continue;
    const t = fitted(start.below[i % start.below.length] as ContractTerms, upline.terms);
    if (
      await act(async () => request(parentOf(i), { action: 'offer', username: await username(i), terms: t }))
    )
      await answer(i, { accept: true, confirm: false });
  }

  for (const step of steps) {
    if (step.op === 'top') {
      const t = terms(step.terms);
      await act(
        () => services.agents.setTopContract(operator, tala, ids[0] as number, kind, t),
        (active) => expectedEnds(tree, ids, active, 0, t),
      );
    } else if (step.op === 'offer') {
      const node = nodeOf(step.node);
      const upline = inForce(await contractsOf(ids)).get(ids[parentOf(node)] as number);
      const t = step.fit && upline ? fitted(terms(step.terms), upline.terms) : terms(step.terms);
      const name = await username(node);
      const made = await act(() => request(parentOf(node), { action: 'offer', username: name, terms: t }));
      if (made && step.answer) await answer(node, step.answer);
    } else if (step.op === 'lower') {
      // A member with a downline of its own, where a lower rate has something to end.
      const inner = tree.flatMap((_, i) => (i > 0 && tree.includes(i) ? [i] : []));
      const node = inner[step.node % Math.max(1, inner.length)] ?? nodeOf(step.node);
      const own = inForce(await contractsOf(ids)).get(ids[node] as number);
      if (!own) continue;
      const cut = (rate: number) => Math.floor((rate * step.share) / 100);
      const t = terms({
        rate: cut(own.terms.rate),
        tiers: own.terms.tiers.map((x) => ({ ...x, rate: cut(x.rate) })),
      });
      const name = await username(node);
      if (await act(() => request(parentOf(node), { action: 'offer', username: name, terms: t })))
        await answer(node, { accept: true, confirm: step.confirm });
    } else if (step.op === 'answer') {
      await answer(nodeOf(step.node), step.answer);
    } else {
      const node = nodeOf(step.node);
      const own = inForce(await contractsOf(ids)).get(ids[node] as number);
      if (!own) continue;
      const made = await act(() => request(parentOf(node), { action: 'terminate', contractId: own.id }));
      if (made && step.answer) await answer(node, step.answer);
    }
  }
}

const tally = { runs: 0, ended: 0, confirmAsked: 0 };

describe('automatic ends on the database', () => {
  it('keeps every rate within its upline’s after any steps, and an acceptance ends exactly what it no longer covers', async () => {
    await fc.assert(
      fc.asyncProperty(
        treeArb,
        termsArb
          .map((t) => terms({ ...t, rate: Math.max(t.rate, 100) }))
          .filter((t) => t.rate <= 200 && t.tiers.every((x) => x.rate <= 200)),
        fc.array(termsArb.map(terms), { minLength: 1, maxLength: 6 }),
        fc.array(stepArb, { minLength: 4, maxLength: 12 }),
        async (tree, top, below, steps) => {
          tally.runs++;
          await run(tree, { top, below }, steps);
        },
      ),
      {
        numRuns: 15,
        // A chain 1.5 % → 1.5 % → 0.3 % under the top whose first agent is offered half its rate: asked to confirm
        // two ends, it accepts, and both contracts below it end (the one above the new rate, and the one beneath).
        examples: [
          [
            [null, 0, 1, 2],
            terms({ rate: 200 }),
            [terms({ rate: 150 }), terms({ rate: 150 }), terms({ rate: 150 }), terms({ rate: 30 })],
            [
              { op: 'lower', node: 0, share: 50, confirm: false },
              { op: 'answer', node: 0, answer: { accept: true, confirm: true } },
            ],
          ],
        ],
      },
    );
    // The runs did end contracts, and asked first.
    expect(tally.ended).toBeGreaterThan(0);
    expect(tally.confirmAsked).toBeGreaterThan(0);
  }, 180_000);
});
