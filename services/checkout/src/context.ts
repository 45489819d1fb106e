import { PostingResult, type PostingRequest, type PublicScreenSettings, type SalesSettings } from '@kassa/contracts';
import type { AuditClient, InternalClient } from '@kassa/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Connection } from 'mongoose';
import type { z } from 'zod';
import type { CheckoutEnv } from './config';
import type { SaleDays } from './sales/sale-days';
import type { CardTries } from './sales/card-tries';
import type { LivePublisher } from './sales/live-feed';
import type { PriceBook } from './sales/price-book';

/** What the sale logic needs from outside; the app builds the real ones, unit tests may pass fakes. */
export interface CheckoutDeps {
  accounts: InternalClient;
  catalog: InternalClient;
  payments: InternalClient;
  live: LivePublisher;
  /** The audit log in accounts, for admin mutations (best effort, never fails them). */
  audit: AuditClient;
  now: () => Date;
}

export interface CheckoutContext extends CheckoutDeps {
  env: CheckoutEnv;
  /** What the public live slide may show (live-feed.ts), through a short cache. */
  publicScreen: () => Promise<PublicScreenSettings>;
  /** The settings a sale obeys (accounts' ageCheck), through a short cache. */
  salesSettings: () => Promise<SalesSettings>;
  /** Catalog prices through a short cache (price-book.ts). */
  prices: PriceBook;
  /** Unknown member cards per register (card-tries.ts). */
  cardTries: CardTries;
  /** Days with sales and counts of closed days, for the admin list (sale-days.ts). */
  saleDays: SaleDays;
  db: Connection;
  log: FastifyBaseLogger;
}

export type PostingInput = z.input<typeof PostingRequest>;

/** A posting is idempotent by its key: sent again to another accounts replica when the first died with it. */
export const postLedger = (ctx: CheckoutContext, posting: PostingInput, requestId?: string) =>
  ctx.accounts('/internal/ledger/postings', PostingResult, { body: posting, requestId, repeatable: true });
