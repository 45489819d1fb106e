import type { Model } from 'mongoose';

/** One group's sum of a field and its number of documents. */
export interface GroupSum<Id> {
  id: Id;
  total: number;
  count: number;
}

/**
 * Sums `field` and counts the documents matching `match`, per `groupBy`, as two aggregations of one accumulator each:
 * FerretDB 1.24 answers 0 for every accumulator after the first in one `$group` (measured: `{ s: $sum, n: $count }` [ferretdb:aggregation]
 * gives n = 0, `{ n: $count, s: $sum }` gives s = 0), which is how the journal's counts read "(0)".
 */
export async function groupSumCount<Id>(model: Model<never>, match: Record<string, unknown>, groupBy: unknown, field: string): Promise<GroupSum<Id>[]> {
  const [sums, counts] = await Promise.all([
    model.aggregate<{ _id: Id; total: number }>([{ $match: match }, { $group: { _id: groupBy, total: { $sum: field } } }]),
    model.aggregate<{ _id: Id; count: number }>([{ $match: match }, { $group: { _id: groupBy, count: { $count: {} } } }]),
  ]);
  const countOf = new Map(counts.map((c) => [JSON.stringify(c._id), c.count]));
  return sums.map((s) => ({ id: s._id, total: s.total, count: countOf.get(JSON.stringify(s._id)) ?? 0 }));
}
