// The page the browser host serves while the keys are locked: it signs in with the one-time
// code as the app does (host-sign-in.ts), then asks for the passphrase (to set on first run,
// to unlock later) and loads the app once the host has it. The page keeps no passphrase.
import type { IpcResult } from '../../shared/ipc/contract.js';
import type { AppError } from '../../shared/ipc/views.js';
import { postJson, signIn, takeCode } from '../bridge/host-sign-in.js';

type LockState = 'new' | 'locked' | 'open';

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the unlock page has no #${id}`);
  return found as T;
}

const said = (error: AppError): string => `${error.message} ${error.explanation ?? ''}`.trim();

async function main(): Promise<void> {
  const origin = window.location.origin;
  const signedIn = await signIn(origin, takeCode(window.location, window.history));
  if (!signedIn.ok) {
    element('intro').textContent = said(signedIn.error);
    return;
  }
  const lock: IpcResult<{ state: LockState }> = await postJson(origin, '/api/lock', {});
  if (lock.ok && lock.value.state === 'open') return window.location.replace('/');
  const first = lock.ok && lock.value.state === 'new';
  element('title').textContent = first ? 'Set a passphrase' : 'Unlock';
  element('intro').textContent = first
    ? 'Your organization\u2019s private keys are stored encrypted with a passphrase. Choose one now; the app asks for it each time it starts. It is not stored anywhere.'
    : 'Enter the passphrase that protects this app\u2019s keys.';
  element('label').textContent = first ? 'New passphrase' : 'Passphrase';
  element('hint').textContent = first
    ? 'At least 12 characters: four or five unrelated words are strong and easy to remember.'
    : '';
  const submit = element<HTMLButtonElement>('submit');
  submit.textContent = first ? 'Set passphrase' : 'Unlock';
  const field = element<HTMLInputElement>('passphrase');
  field.autocomplete = first ? 'new-password' : 'current-password';
  const form = element<HTMLFormElement>('unlock');
  form.hidden = false;
  field.focus();
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      submit.disabled = true;
      element('problem').textContent = '';
      const r = await postJson(origin, '/api/unlock', { passphrase: field.value });
      field.value = '';
      submit.disabled = false;
      if (r.ok) return window.location.replace('/');
      element('problem').textContent = said(r.error);
    })();
  });
}

void main();
