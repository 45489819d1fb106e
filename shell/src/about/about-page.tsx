import { TERMS_POINTS, TERMS_TITLE } from '@kassa/ui';

/** SPEC 2: /about needs no sign-in. */
export function AboutPage() {
  return (
    <div className="k-page k-page--narrow">
      <h1 className="k-page__title">About Kassa</h1>
      <p className="k-page__lead">The till and member accounts of the association bar.</p>
      <div className="k-stack">
        <section className="k-card">
          <h2>What Kassa does</h2>
          <p>
            Bar staff sell products at the till and take payment in cash, by card on the payment terminal, from a
            member&apos;s account or for another reason. Members keep an account (a tab) with a balance they top up
            online, at the bar or by SEPA direct debit, and check it on their own account page. The board approves
            account requests and administers products, accounts, transactions and payments.
          </p>
          <p className="k-muted">Amounts are shown in euros; dates in Dutch format.</p>
        </section>
        <section className="k-card">
          <h2>{TERMS_TITLE}</h2>
          <ul>
            {TERMS_POINTS.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
          <p className="k-muted">Refusing the terms logs you out.</p>
        </section>
      </div>
    </div>
  );
}
