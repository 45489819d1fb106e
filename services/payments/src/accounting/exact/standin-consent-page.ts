const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The stand-in's consent page: "Allow" or "Deny" Kassa access. Plain forms, no script (the gateway's CSP allows none inline). */
export function renderStandinConsentPage(state: string, redirectUri: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Exact Online sign-in (stand-in)</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f5f7; color: #1d2330; margin: 0; padding: 0 1rem; }
  main { max-width: 28rem; margin: 2rem auto; background: #fff; padding: 2rem; border-radius: 12px; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  .brand { color: #e2001a; font-weight: 700; margin: 0 0 1rem; }
  p.note { color: #5b6475; font-size: .9rem; }
  form { display: grid; gap: .5rem; margin-top: 1.5rem; }
  button { display: block; width: 100%; min-height: 48px; font-size: 1rem; border-radius: 8px; border: 1px solid #c9ced8; background: #fff; cursor: pointer; }
  button.primary { background: #e2001a; border-color: #e2001a; color: #fff; font-weight: 700; }
</style>
</head>
<body>
<main>
  <p class="brand">Exact Online</p>
  <h1>Give Kassa access?</h1>
  <p>Kassa asks to book journal entries in the administration "Stand-in administration".</p>
  <form method="post">
    <input type="hidden" name="state" value="${escapeHtml(state)}">
    <input type="hidden" name="redirect_uri" value="${escapeHtml(redirectUri)}">
    <button type="submit" name="action" value="allow" class="primary">Allow</button>
    <button type="submit" name="action" value="deny">Deny</button>
  </form>
  <p class="note">Local stand-in for Exact Online: nothing leaves this machine. Kassa hears the answer through the same return address the real sign-in uses.</p>
</main>
</body>
</html>`;
}
