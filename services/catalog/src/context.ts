import type { AuditClient, InternalClient } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import type { CatalogEnv } from './config';

/** What the catalog's admin routes use: its database, the audit log (with its outbox), and checkout for sales counts. */
export interface CatalogContext {
  env: CatalogEnv;
  db: Connection;
  audit: AuditClient;
  checkout: InternalClient;
  now: () => Date;
}

export const actorOf = (user: { sub: string; username: string }) => ({ id: user.sub, username: user.username });
