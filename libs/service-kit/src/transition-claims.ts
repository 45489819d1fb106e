import type { Connection } from 'mongoose';
import { AppError } from './errors';
import { isDuplicateKey } from './mongo';

/** The collection of claims: one document per document and state left, its `_id` unique in every database. */
export const TRANSITION_CLAIMS = 'transition_claims';

export interface TransitionClaim {
  /** The kind of document, e.g. `invoice`, `direct_debit_batch`, `account`. */
  entity: string;
  id: string;
  /** The state the document leaves. */
  from: string;
  /** The state it goes to: the action that claimed it. */
  to: string;
  /** Who claimed it (shown in the refusal of the other action). */
  by?: string | null;
}

interface ClaimDoc {
  _id: string;
  entity: string;
  entityId: string;
  from: string;
  to: string;
  by: string | null;
  at: Date;
}

export const claimKey = (c: Pick<TransitionClaim, 'entity' | 'id' | 'from'>) => `${c.entity}:${c.id}:${c.from}`;

/**
 * Claims the one way out of a state before any money of the change moves. The claim is keyed by document and the state
 * it leaves (`<entity>:<id>:<from>`), so of two different actions out of one state (an invoice paid and credited) only
 * one can ever hold it: the unique `_id` decides, in the database, across processes and replicas (a conditional
 * update cannot: FerretDB reads, then writes). The same action asked again (a double click, a second screen, a retry [ferretdb:no-atomic-update]
 * after a crash between claim and completion) finds its own claim and goes on: its money moves by idempotent keys and
 * its completion is repeatable. Another action gets 409 `conflict` naming what holds the state.
 */
export async function claimTransition(db: Connection, claim: TransitionClaim, now = new Date()): Promise<{ resumed: boolean }> {
  const claims = db.collection<ClaimDoc>(TRANSITION_CLAIMS);
  const _id = claimKey(claim);
  try {
    await claims.insertOne({ _id, entity: claim.entity, entityId: claim.id, from: claim.from, to: claim.to, by: claim.by ?? null, at: now });
    return { resumed: false };
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
  const held = await claims.findOne({ _id });
  if (held && held.to === claim.to) return { resumed: true };
  throw new AppError(409, 'conflict', transitionTaken(claim, held?.to ?? 'another state', held?.by ?? null));
}

/** The claim on a document's way out of `from`, if any (the self-audit and the views read it). */
export async function heldTransition(db: Connection, c: Pick<TransitionClaim, 'entity' | 'id' | 'from'>): Promise<{ to: string; by: string | null; at: Date } | null> {
  const held = await db.collection<ClaimDoc>(TRANSITION_CLAIMS).findOne({ _id: claimKey(c) });
  return held && { to: held.to, by: held.by, at: held.at };
}

const transitionTaken = (c: TransitionClaim, heldTo: string, by: string | null) =>
  `This ${c.entity.replace(/_/g, ' ')} already went from ${c.from} to ${heldTo}${by ? ` (by ${by})` : ''}, so it cannot become ${c.to} as well. Reload it and look again.`;
