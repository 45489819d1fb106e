import { APPROVAL_SAME_ADMIN, approvalPreparedMessage, effectiveRoles, type AdminRole, type ApprovalView } from '@kassa/contracts';
import type { Connection } from 'mongoose';
import { randomUUID } from 'node:crypto';
import type { AuditClient, AuditWarnLogger } from './audit-client';
import { AppError } from './errors';
import { isDuplicateKey } from './mongo';

/** The pending and approved approvals of this service's documents (`_id` `<entity>:<id>:<action>`). */
export const APPROVALS = 'approvals';
/** One decision per round of an approval (`_id` `<approval>#<round>`): the unique insert decides approve or reject. */
export const APPROVAL_DECISIONS = 'approval_decisions';

type Person = { id: string; username: string };

interface ApprovalDoc {
  _id: string;
  /** A new round each time it is prepared (after a reject or a changed amount): its decision is keyed by it. */
  round: string;
  service: ApprovalView['service'];
  entity: string;
  entityId: string;
  action: string;
  summary: string;
  amount: number;
  /** Who may approve or reject it (the roles of the action). */
  roles: AdminRole[];
  preparedBy: Person;
  preparedAt: Date;
  status: 'pending' | 'approved';
  approvedBy: Person | null;
  approvedAt: Date | null;
  approve: ApprovalView['approve'];
}

interface DecisionDoc {
  _id: string;
  decision: 'approved' | 'rejected';
  by: Person;
  at: Date;
}

export interface FourEyesUser {
  sub: string;
  username: string;
  isAdmin?: boolean | null;
  roles?: readonly AdminRole[] | null;
}

export interface FourEyesRequest {
  service: ApprovalView['service'];
  /** The document, as its claims and audit entries name it (`direct_debit_batch`, `invoice`, `account`). */
  entity: string;
  id: string;
  /** What is to happen (`collected`, `credit`, `close`, `correction:<nonce>`). */
  action: string;
  user: FourEyesUser;
  /** The roles that may do the action, and so approve or reject it. */
  roles: AdminRole[];
  summary: string;
  /** Cents that leave or are written off; another amount than the prepared one is a new preparation. */
  amount: number;
  approve: ApprovalView['approve'];
}

export interface FourEyesDeps {
  db: Connection;
  audit: Pick<AuditClient, 'record'>;
  log: AuditWarnLogger;
  now?: () => Date;
}

/** The action may run (`approved`, by another admin now or before) or waits for a second admin (`pending`, 202). */
export type FourEyesOutcome =
  /** `recorded` settles when the approval is marked approved and audited (never rejects): await it after the action. */
  | { approved: true; approval: ApprovalView; recorded: Promise<unknown> }
  | { approved: false; approval: ApprovalView };

export const approvalKey = (r: Pick<FourEyesRequest, 'entity' | 'id' | 'action'>) => `${r.entity}:${r.id}:${r.action}`;

/** An approval read ahead, at the same time as its document (`readApproval`), so approving waits one round trip less. */
export interface ApprovalRead {
  key: string;
  doc: ApprovalDoc | null;
}
export async function readApproval(db: Connection, r: Pick<FourEyesRequest, 'entity' | 'id' | 'action'>): Promise<ApprovalRead> {
  const key = approvalKey(r);
  return { key, doc: await db.collection<ApprovalDoc>(APPROVALS).findOne({ _id: key }) };
}

/**
 * Four eyes on an action that moves money out or writes it off (issue 50 §5). The first admin's call prepares it (a
 * unique insert: two first calls at once make one preparation) and answers `approved: false`: nothing moves, the
 * route answers 202. The same admin calling again gets 409. Another admin holding the action's role approves it with
 * the same call: the decision is a unique insert per round, so of an approve and a reject (or two approves) at once
 * one decides; a second approver finds the approval decided and goes on too, the action itself then claimed once
 * (claimTransition, idempotent keys) so its money moves once. Once approved, the action may be called again (a retry
 * completes it). A call with another amount than the prepared one (the balance changed) starts a new preparation.
 * Each of prepare, approve and reject writes its audit entry on the document.
 */
export async function fourEyes(deps: FourEyesDeps, req: FourEyesRequest, read?: ApprovalRead): Promise<FourEyesOutcome> {
  const approvals = deps.db.collection<ApprovalDoc>(APPROVALS);
  const _id = approvalKey(req);
  const me: Person = { id: req.user.sub, username: req.user.username };
  let first: ApprovalRead | undefined = read?.key === _id ? read : undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    const at = deps.now?.() ?? new Date();
    const doc: ApprovalDoc = {
      _id,
      round: randomUUID(),
      service: req.service,
      entity: req.entity,
      entityId: req.id,
      action: req.action,
      summary: req.summary,
      amount: req.amount,
      roles: req.roles,
      preparedBy: me,
      preparedAt: at,
      status: 'pending',
      approvedBy: null,
      approvedAt: null,
      approve: req.approve,
    };
    // Read first: an approver's call reaches the action's own claim after two round trips (it races a cancel fairly).
    let held = first ? first.doc : await approvals.findOne({ _id });
    first = undefined;
    if (!held) {
      try {
        await approvals.insertOne(doc);
        await record(deps, doc, 'approval.prepared', me, at);
        return { approved: false, approval: approvalView(doc) };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      held = await approvals.findOne({ _id });
      if (!held) continue; // rejected meanwhile: prepare it anew
    }
    if (held.amount !== req.amount) {
      // Prepared for another amount (the balance moved since): that preparation is void, this call prepares anew.
      await approvals.deleteOne({ _id, round: held.round });
      continue;
    }
    if (held.status === 'approved') return { approved: true, approval: approvalView(held), recorded: Promise.resolve() };
    if (held.preparedBy.id === me.id) throw new AppError(409, 'conflict', APPROVAL_SAME_ADMIN);
    const decided = await decide(deps, held, 'approved', me, at);
    if (decided.decision === 'rejected') throw new AppError(409, 'conflict', `${decided.by.username} rejected this just now: prepare it again if it should still happen.`);
    const round = held.round;
    const approved = { ...held, status: 'approved' as const, approvedBy: decided.by, approvedAt: decided.at };
    // The decision is made (the unique insert): the approval's own bookkeeping runs while the action does.
    const recorded = decided.mine
      ? (async () => {
          await approvals.updateOne({ _id, round }, { $set: { status: 'approved', approvedBy: decided.by, approvedAt: decided.at } });
          await record(deps, approved, 'approval.approved', me, at);
        })().catch((err: unknown) => deps.log.warn({ err, approval: _id }, 'approval bookkeeping failed'))
      : Promise.resolve();
    return { approved: true, approval: approvalView(approved), recorded };
  }
  throw new AppError(409, 'conflict', 'This approval changed while you asked: reload and try again.');
}

/**
 * Rejects a pending approval (another admin with its role) or withdraws it (the admin who prepared it): the action
 * does not happen and may be prepared again. An approved one can no longer be rejected.
 */
export async function rejectApproval(deps: FourEyesDeps, key: string, user: FourEyesUser): Promise<ApprovalView> {
  const approvals = deps.db.collection<ApprovalDoc>(APPROVALS);
  const held = await approvals.findOne({ _id: key });
  if (!held) throw new AppError(404, 'not_found', 'Nothing waits for approval here (it was rejected or never prepared).');
  const me: Person = { id: user.sub, username: user.username };
  const mine = held.preparedBy.id === me.id;
  if (!mine && !held.roles.some((r) => effectiveRoles(user).includes(r))) {
    throw new AppError(403, 'insufficient_permissions', `Only the ${held.roles.map((r) => r.replace('_', ' ')).join(' or ')} may reject this.`);
  }
  if (held.status === 'approved') throw new AppError(409, 'conflict', `${held.approvedBy?.username ?? 'Another admin'} approved this already: it cannot be rejected any more.`);
  const at = deps.now?.() ?? new Date();
  const decided = await decide(deps, held, 'rejected', me, at);
  if (decided.decision === 'approved') throw new AppError(409, 'conflict', `${decided.by.username} approved this just now: it cannot be rejected any more.`);
  if (decided.mine) {
    await approvals.deleteOne({ _id: key, round: held.round });
    await record(deps, held, mine ? 'approval.withdrawn' : 'approval.rejected', me, at);
  }
  return approvalView(held);
}

/** The approvals waiting for a second admin, oldest first. */
export async function pendingApprovals(db: Connection): Promise<ApprovalView[]> {
  const docs = await db.collection<ApprovalDoc>(APPROVALS).find({ status: 'pending' }).sort({ preparedAt: 1 }).limit(500).toArray();
  return docs.map(approvalView);
}

/** The approval of one document's action, pending or approved; null when there is none. */
export async function approvalOf(db: Connection, r: Pick<FourEyesRequest, 'entity' | 'id' | 'action'>): Promise<ApprovalView | null> {
  const doc = await db.collection<ApprovalDoc>(APPROVALS).findOne({ _id: approvalKey(r) });
  return doc && approvalView(doc);
}

async function decide(deps: FourEyesDeps, held: ApprovalDoc, decision: DecisionDoc['decision'], by: Person, at: Date): Promise<DecisionDoc & { mine: boolean }> {
  const decisions = deps.db.collection<DecisionDoc>(APPROVAL_DECISIONS);
  const _id = `${held._id}#${held.round}`;
  try {
    await decisions.insertOne({ _id, decision, by, at });
    return { _id, decision, by, at, mine: true };
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
  const other = await decisions.findOne({ _id });
  if (!other) throw new AppError(409, 'conflict', 'This approval changed while you asked: reload and try again.');
  return { ...other, mine: false };
}

async function record(deps: FourEyesDeps, doc: ApprovalDoc, action: string, by: Person, at: Date): Promise<void> {
  await deps.audit.record(
    {
      actor: by,
      action,
      entity: doc.entity,
      entityId: doc.entityId,
      before: null,
      after: { approval: doc._id, action: doc.action, summary: doc.summary, amount: doc.amount, preparedBy: doc.preparedBy.username },
      at,
      key: `${action}:${doc.round}`,
    },
    deps.log,
  );
}

function approvalView(doc: ApprovalDoc): ApprovalView {
  return {
    id: doc._id,
    service: doc.service,
    entity: doc.entity,
    entityId: doc.entityId,
    action: doc.action,
    summary: doc.summary,
    amount: doc.amount,
    preparedBy: doc.preparedBy,
    preparedAt: doc.preparedAt.toISOString(),
    status: doc.status,
    approvedBy: doc.approvedBy,
    approve: doc.approve,
    message: doc.status === 'approved' ? `Prepared by ${doc.preparedBy.username}, approved by ${doc.approvedBy?.username ?? 'another admin'}.` : approvalPreparedMessage(doc.preparedBy.username),
  };
}
