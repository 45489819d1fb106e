import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AuditRecord } from './audit-client';
import { fourEyes, pendingApprovals, rejectApproval, type FourEyesRequest } from './four-eyes';
import { connectMongo } from './mongo';

describe('fourEyes on the real database', () => {
  let db: Connection;
  const entries: AuditRecord[] = [];
  const deps = () => ({ db, audit: { record: async (e: AuditRecord) => (entries.push(e), true) }, log: { warn: () => undefined } });
  const alice = { sub: 'u-alice', username: 'alice', isAdmin: true, roles: ['treasurer' as const] };
  const bob = { sub: 'u-bob', username: 'bob', isAdmin: true, roles: ['treasurer' as const] };
  const carol = { sub: 'u-carol', username: 'carol', isAdmin: true, roles: ['treasurer' as const] };
  const barman = { sub: 'u-bar', username: 'barman', isAdmin: true, roles: ['bar_committee' as const] };
  const req = (id: string, user: FourEyesRequest['user'], amount = 7500): FourEyesRequest => ({
    service: 'payments',
    entity: 'direct_debit_batch',
    id,
    action: 'collected',
    user,
    roles: ['treasurer'],
    summary: 'Mark the batch collected',
    amount,
    approve: { method: 'POST', path: `/api/admin/direct_debit/${id}/collected`, body: null },
  });

  beforeAll(async () => {
    db = await connectMongo(inject('mongoUri'), `t${randomBytes(4).toString('hex')}_foureyes`);
  });
  afterAll(async () => {
    await db.close();
  });

  it('prepares on the first call, refuses the same admin, lets another approve, and stays approved', async () => {
    const first = await fourEyes(deps(), req('b1', alice));
    expect(first).toMatchObject({ approved: false, approval: { status: 'pending', message: 'Prepared by alice; another admin must approve.', preparedBy: { username: 'alice' } } });
    expect((await pendingApprovals(db)).map((a) => a.id)).toEqual(['direct_debit_batch:b1:collected']);
    await expect(fourEyes(deps(), req('b1', alice))).rejects.toMatchObject({ statusCode: 409, message: 'Another admin must approve this: you prepared it.' });
    const second = await fourEyes(deps(), req('b1', bob));
    expect(second).toMatchObject({ approved: true, approval: { status: 'approved', approvedBy: { username: 'bob' } } });
    if (second.approved) await second.recorded;
    expect(await fourEyes(deps(), req('b1', alice))).toMatchObject({ approved: true });
    expect(await pendingApprovals(db)).toEqual([]);
    expect(entries.filter((e) => e.entityId === 'b1').map((e) => [e.action, e.actor.username])).toEqual([
      ['approval.prepared', 'alice'],
      ['approval.approved', 'bob'],
    ]);
  });

  it('of two first calls at once prepares once; of two approvers at once both go on, one approval entry', async () => {
    for (let round = 0; round < 10; round++) {
      const id = `race${round}`;
      const firsts = await Promise.allSettled([fourEyes(deps(), req(id, alice)), fourEyes(deps(), req(id, alice))]);
      expect(firsts.filter((r) => r.status === 'fulfilled' && !r.value.approved), `round ${round}`).toHaveLength(1);
      const approvers = await Promise.all([fourEyes(deps(), req(id, bob)), fourEyes(deps(), req(id, carol))]);
      expect(approvers.every((o) => o.approved)).toBe(true);
      for (const o of approvers) if (o.approved) await o.recorded;
      expect(entries.filter((e) => e.entityId === id && e.action === 'approval.approved')).toHaveLength(1);
    }
  });

  it('a reject and an approve at once: exactly one decides (an approver coming after the reject prepares anew)', async () => {
    for (let round = 0; round < 10; round++) {
      const id = `rej${round}`;
      await fourEyes(deps(), req(id, alice));
      const [approve, reject] = await Promise.allSettled([fourEyes(deps(), req(id, bob)), rejectApproval(deps(), `direct_debit_batch:${id}:collected`, carol)]);
      const approved = approve.status === 'fulfilled' && approve.value.approved;
      expect(approved !== (reject.status === 'fulfilled'), `round ${round}`).toBe(true);
      if (!approved && approve.status === 'fulfilled') expect(approve.value.approval.preparedBy.username).toBe('bob');
    }
  });

  it('a rejected approval moves nothing and may be prepared again; only its role or its preparer rejects it', async () => {
    await fourEyes(deps(), req('b2', alice));
    await expect(rejectApproval(deps(), 'direct_debit_batch:b2:collected', barman)).rejects.toMatchObject({ statusCode: 403 });
    await rejectApproval(deps(), 'direct_debit_batch:b2:collected', bob);
    expect(entries.filter((e) => e.entityId === 'b2').map((e) => e.action)).toEqual(['approval.prepared', 'approval.rejected']);
    expect(await fourEyes(deps(), req('b2', bob))).toMatchObject({ approved: false, approval: { preparedBy: { username: 'bob' } } });
    await rejectApproval(deps(), 'direct_debit_batch:b2:collected', bob);
    expect(entries.filter((e) => e.entityId === 'b2').map((e) => e.action)).toEqual(['approval.prepared', 'approval.rejected', 'approval.prepared', 'approval.withdrawn']);
    await expect(rejectApproval(deps(), 'direct_debit_batch:b2:collected', bob)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('another amount than the prepared one is a new preparation, never an approval', async () => {
    await fourEyes(deps(), req('b3', alice, 500));
    expect(await fourEyes(deps(), req('b3', bob, 900))).toMatchObject({ approved: false, approval: { amount: 900, preparedBy: { username: 'bob' } } });
    expect(await fourEyes(deps(), req('b3', alice, 900))).toMatchObject({ approved: true });
  });
});
