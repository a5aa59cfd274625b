// The page the browser host serves while keys are locked (no STUDY_EXCHANGE_PASSPHRASE): it
// signs in with the one-time code like the app does, then asks for the passphrase (to set on
// first run, to unlock later) and loads the app once main has it. Plain HTML and a script file
// (the CSP allows no inline script); nothing is stored by the page.

export const UNLOCK_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'">
<title>Study Exchange Desktop: unlock</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; max-width: 34rem; margin: 12vh auto; padding: 0 1rem; color: #1d2330; }
  h1 { font-size: 1.4rem; }
  label { display: block; margin: 1rem 0 0.25rem; font-weight: 600; }
  input { width: 100%; padding: 0.5rem; font-size: 1rem; box-sizing: border-box; }
  button { margin-top: 1rem; padding: 0.5rem 1.2rem; font-size: 1rem; }
  .hint { color: #4a5263; }
  .error { color: #a11a1a; }
</style>
</head>
<body>
<main>
  <h1 id="title">Study Exchange Desktop</h1>
  <p id="intro" class="hint">Checking this window's sign-in…</p>
  <form id="unlock" hidden>
    <label for="passphrase" id="label">Passphrase</label>
    <input id="passphrase" type="password" autocomplete="current-password" data-testid="unlock-passphrase" required>
    <p id="hint" class="hint"></p>
    <p id="problem" class="error" role="alert" data-testid="unlock-problem"></p>
    <button type="submit" id="submit" data-testid="unlock-submit">Unlock</button>
  </form>
</main>
<script src="/unlock.js"></script>
</body>
</html>
`;

export const UNLOCK_JS = `'use strict';
(async () => {
  const $ = (id) => document.getElementById(id);
  const post = async (path, body) => {
    const r = await fetch(path, { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return r.json().catch(() => ({ ok: false, error: { message: 'The app answered with something unreadable.' } }));
  };
  const match = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (match) history.replaceState(null, '', location.pathname + location.search);
  const signedIn = await post('/api/session', match ? { code: decodeURIComponent(match[1]) } : {});
  if (!signedIn.ok) {
    $('intro').textContent = signedIn.error.message + ' ' + (signedIn.error.explanation || '');
    return;
  }
  const lock = await post('/api/lock', {});
  if (lock.ok && lock.value.state === 'open') return location.replace('/');
  const first = lock.ok && lock.value.state === 'new';
  $('title').textContent = first ? 'Set a passphrase' : 'Unlock';
  $('intro').textContent = first
    ? 'Your organization\\u2019s private keys are stored encrypted with a passphrase. Choose one now; the app asks for it each time it starts. It is not stored anywhere.'
    : 'Enter the passphrase that protects this app\\u2019s keys.';
  $('label').textContent = first ? 'New passphrase' : 'Passphrase';
  $('hint').textContent = first ? 'At least 12 characters: four or five unrelated words are strong and easy to remember.' : '';
  $('submit').textContent = first ? 'Set passphrase' : 'Unlock';
  $('passphrase').autocomplete = first ? 'new-password' : 'current-password';
  $('unlock').hidden = false;
  $('passphrase').focus();
  $('unlock').addEventListener('submit', async (event) => {
    event.preventDefault();
    $('submit').disabled = true;
    $('problem').textContent = '';
    const field = $('passphrase');
    const r = await post('/api/unlock', { passphrase: field.value });
    field.value = '';
    $('submit').disabled = false;
    if (r.ok) return location.replace('/');
    $('problem').textContent = r.error.message + ' ' + (r.error.explanation || '');
  });
})();
`;
