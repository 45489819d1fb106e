import type { TokenClaims } from '@kassa/contracts';
import type { TransactionDoc } from '../models/transaction.model';

/**
 * Whether a sale is the caller's to finish or undo: an administrator's always; otherwise one made at the caller's own
 * register (another till's sale shows an account's name and balance, and undoing it would move money that till never
 * took). A member paying with their own account shares the members' register with every other member, so those
 * sales are only the paying user's own, as are sales of a user without a register.
 */
export function isOwnSale(tx: Pick<TransactionDoc, 'method' | 'registerId' | 'userId'>, user: TokenClaims): boolean {
  if (user.isAdmin) return true;
  if (tx.method === 'self' || tx.registerId === null) return tx.userId === user.sub;
  return tx.registerId === user.registerId;
}
