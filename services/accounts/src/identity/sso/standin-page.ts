/** Viaduct users the stand-in sign-in page offers with one tap (the first one is the demo member). */
export const STANDIN_QUICK_USERS = [
  { viaductUserId: '1000', name: 'Marit de Member' },
  { viaductUserId: '1001', name: 'Sanne Bakker' },
  { viaductUserId: '1002', name: 'Daan Visser' },
  { viaductUserId: '1003', name: 'Émile van den Berg' },
];

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The stand-in provider's sign-in page. Plain forms, no script (the gateway's CSP allows none inline), so it works
 * on the till's tablet and in the end-to-end tests alike.
 */
export function renderStandinPage(params: { action: string; redirectUri: string; state?: string; error?: string }): string {
  const hidden = `<input type="hidden" name="redirect_uri" value="${escapeHtml(params.redirectUri)}">${
    params.state ? `<input type="hidden" name="state" value="${escapeHtml(params.state)}">` : ''
  }`;
  const quick = STANDIN_QUICK_USERS.map(
    (u) => `<li><form method="post" action="${escapeHtml(params.action)}">${hidden}
      <input type="hidden" name="name" value="${escapeHtml(u.name)}"><input type="hidden" name="viaduct_id" value="${escapeHtml(u.viaductUserId)}">
      <button type="submit">Log in as ${escapeHtml(u.name)} <small>(Viaduct id ${escapeHtml(u.viaductUserId)})</small></button></form></li>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Viaduct sign-in (stand-in)</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f5f7; color: #1d2330; margin: 0; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 12px; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { font-size: 1.4rem; margin-top: 0; }
  p.note { color: #5b6475; font-size: .9rem; }
  ul { list-style: none; padding: 0; }
  li form { margin: 0 0 .5rem; }
  button { width: 100%; min-height: 48px; font-size: 1rem; border-radius: 8px; border: 1px solid #c9ced8; background: #fff; cursor: pointer; }
  button[type=submit].primary { background: #1f6feb; border-color: #1f6feb; color: #fff; }
  label { display: block; margin: .75rem 0 .25rem; font-weight: 600; }
  input[type=text] { width: 100%; box-sizing: border-box; min-height: 44px; font-size: 1rem; padding: 0 .75rem; border: 1px solid #c9ced8; border-radius: 8px; }
  .error { color: #b42318; font-weight: 600; }
</style>
</head>
<body>
<main>
  <h1>Viaduct sign-in</h1>
  <p class="note">Local stand-in for the Viaduct single-sign-on provider. Pick a Viaduct user or enter one.</p>
  ${params.error ? `<p class="error" role="alert">${escapeHtml(params.error)}</p>` : ''}
  <ul>
${quick}
  </ul>
  <form method="post" action="${escapeHtml(params.action)}">
    ${hidden}
    <label for="name">Name</label>
    <input id="name" type="text" name="name" required maxlength="100" autocomplete="name">
    <label for="viaduct_id">Viaduct id</label>
    <input id="viaduct_id" type="text" name="viaduct_id" required maxlength="64" pattern="[A-Za-z0-9_\\-]+">
    <p><button type="submit" class="primary">Log in</button></p>
  </form>
</main>
</body>
</html>`;
}
