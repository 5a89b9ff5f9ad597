// The panel's shell: sign-in, routing between views (the hash names the page, never the token), sign-out.
import { api, session } from './api.js';
import { h, fill, field, input, formError, showErrors } from './dom.js';

const main = document.getElementById('main');
const nav = document.getElementById('nav');
let rendering = 0;
let signInMessage = null;

// Each view's module is loaded when its page is first shown (import() answers the same module
// after that): the sign-in page loads none, the zone list only its own.
const routes = [
  [/^#\/zones\/([^/]+)(?:\/([a-z]+))?$/, async (root, m) => (await import('./zone.js')).zoneView(root, decodeURIComponent(m[1]), m[2] || 'records')],
  [/^#\/tokens$/, async (root) => (await import('./tokens.js')).tokensView(root)],
  [/^#\/handles$/, async (root) => (await import('./handles.js')).handlesView(root)],
  [/^#\/zones$/, async (root) => (await import('./zones.js')).zonesView(root)],
];

async function render() {
  const current = ++rendering;
  if (!session.token()) {
    nav.hidden = true;
    fill(main, signInForm());
    main.querySelector('input').focus();
    return;
  }
  nav.hidden = false;
  const hash = location.hash || '#/zones';
  const route = routes.find(([re]) => re.test(hash)) || routes[routes.length - 1];
  for (const a of nav.querySelectorAll('a')) {
    if (hash.startsWith(a.getAttribute('href'))) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  main.setAttribute('aria-busy', 'true');
  fill(main, h('p', { class: 'loading' }, 'Loading…'));
  const root = h('div', { class: 'view' });
  try {
    await route[1](root, hash.match(route[0]));
  } catch (e) {
    if (!session.token()) return; // signed out by the failure: render() ran again
    fill(root, h('h1', null, 'Something went wrong'), h('p', { class: 'form-error', role: 'alert' }, e.message));
  }
  if (current !== rendering) return;
  main.removeAttribute('aria-busy');
  fill(main, root);
  const heading = root.querySelector('h1');
  if (heading) {
    heading.tabIndex = -1;
    heading.focus();
  }
}

function signInForm() {
  const token = input('token', { type: 'password', autocomplete: 'off', required: true });
  const form = h('form', { class: 'card signin', novalidate: true },
    h('h1', null, 'Sign in'),
    h('p', null, 'Sign in with an API token of your account. It is kept in this browser tab only and forgotten when you close it or sign out.'),
    signInMessage ? h('p', { class: signInMessage.kind, role: 'alert', id: 'signin-message' }, signInMessage.text) : null,
    field('API token', token, { name: 'token' }),
    formError(),
    h('button', { type: 'submit', class: 'primary' }, 'Sign in'));
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const value = token.value.trim();
    if (!value) {
      showErrors(form, { errors: [{ field: 'token', message: 'Enter your API token' }] });
      return;
    }
    session.signIn(value);
    try {
      await api('GET', 'account/permissions/assigned', { signingIn: true });
    } catch (e) {
      session.signOut();
      signInMessage = null;
      // The service's message beside the token field, whatever field (none) it names.
      showErrors(form, { errors: (e.errors.length ? e.errors : [{ message: e.message }]).map((m) => ({ ...m, field: 'token' })) });
      return;
    }
    signInMessage = null;
    if (!location.hash || location.hash === '#/') location.hash = '#/zones';
    render();
  });
  return form;
}

window.addEventListener('panel:signed-out', (ev) => {
  signInMessage = { text: ev.detail, kind: 'form-error' };
  render();
});
window.addEventListener('hashchange', render);
document.getElementById('sign-out').addEventListener('click', () => {
  session.signOut();
  signInMessage = { text: 'You are signed out.', kind: 'note success' };
  location.hash = '#/zones';
  render();
});

render();
