import { formatEuros } from '@kassa/contracts';
import type { StandinPayment } from './standin-ideal-provider';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const DONE: Record<Exclude<StandinPayment['status'], 'open'>, string> = {
  paid: 'This payment has been paid.',
  cancelled: 'This payment was cancelled.',
  expired: 'This payment has expired.',
};

/** Only the path of where the member returns: the stand-in runs on Kassa's own origin (docs/decisions.md). */
export const returnPath = (redirectUrl: string): string => {
  const url = new URL(redirectUrl, 'http://localhost');
  return `${url.pathname}${url.search}`;
};

/**
 * The stand-in bank's payment page: the amount and three buttons that decide the outcome. Plain forms and no script
 * (the gateway's CSP allows none inline), big targets for a phone.
 */
export function renderStandinPaymentPage(payment: StandinPayment | null, opts: { callbackWithheld?: boolean } = {}): string {
  let body: string;
  if (!payment) {
    body = `<h1>Unknown payment</h1><p>The stand-in bank does not know this payment.</p><p><a href="/account">Back to Kassa</a></p>`;
  } else if (payment.status !== 'open') {
    body = `<p class="amount">${escapeHtml(formatEuros(payment.amount))}</p>
  <p role="status">${DONE[payment.status]}</p>
  ${opts.callbackWithheld ? '<p class="note">The bank sent Kassa no callback (a lost callback): Kassa does not know yet. The treasurer can check it again on the iDEAL payments page.</p>' : ''}
  <p><a class="button" href="${escapeHtml(returnPath(payment.redirectUrl))}">Back to Kassa</a></p>`;
  } else {
    body = `<p class="amount">${escapeHtml(formatEuros(payment.amount))}</p>
  <p>${escapeHtml(payment.description)}</p>
  <form method="post">
    <button type="submit" name="action" value="pay" class="primary">Pay</button>
    <button type="submit" name="action" value="cancel">Cancel</button>
    <button type="submit" name="action" value="expire">Let it expire</button>
    <button type="submit" name="action" value="pay_without_callback">Paid, but the callback is lost</button>
  </form>`;
  }
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>iDEAL payment (stand-in)</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f5f7; color: #1d2330; margin: 0; padding: 0 1rem; }
  main { max-width: 28rem; margin: 2rem auto; background: #fff; padding: 2rem; border-radius: 12px; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  .brand { color: #cc0066; font-weight: 700; margin: 0 0 1rem; }
  .amount { font-size: 2.5rem; font-weight: 700; margin: .5rem 0; font-variant-numeric: tabular-nums; }
  p.note { color: #5b6475; font-size: .9rem; }
  form { display: grid; gap: .5rem; margin-top: 1.5rem; }
  button, a.button { display: block; box-sizing: border-box; width: 100%; min-height: 48px; font-size: 1rem; border-radius: 8px; border: 1px solid #c9ced8; background: #fff; cursor: pointer; text-align: center; line-height: 48px; color: inherit; text-decoration: none; }
  button.primary { background: #cc0066; border-color: #cc0066; color: #fff; font-weight: 700; }
</style>
</head>
<body>
<main>
  <p class="brand">iDEAL</p>
  ${body}
  <p class="note">Local stand-in for the bank: choose what the bank answers. Kassa hears the outcome through the same callback a real bank uses.</p>
</main>
</body>
</html>`;
}
