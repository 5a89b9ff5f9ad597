// API tokens: create one scoped to zones, names, types and subnets (with the ACME DNS-01 preset),
// shown once with a copy button; list and deactivate.
import { api } from './api.js';
import { h, fill, field, input, formError, clearErrors, showErrors, confirmDialog, reportSuccess, reportError, copyButton, uid, plural } from './dom.js';
import { ADDABLE, UPDATE_ONLY } from './records.js';

const list = (text) => text.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);

export async function tokensView(root) {
  const assigned = (await api('GET', 'account/permissions/assigned')).data;
  const rights = assigned.permissions;
  const rightBoxes = rights.map((r) => {
    const box = h('input', { type: 'checkbox', name: 'rights', value: r.key, id: uid('r') });
    return { key: r.key, box, el: h('div', { class: 'check' }, box, h('label', { for: box.id }, r.title, ' ', h('code', { class: 'right-key' }, r.key))) };
  });
  const typeBoxes = [...ADDABLE, ...UPDATE_ONLY].map((t) => {
    const box = h('input', { type: 'checkbox', name: 'types', value: t, id: uid('t') });
    return { key: t, box, el: h('div', { class: 'check' }, box, h('label', { for: box.id }, t)) };
  });
  const zones = input('zones', { placeholder: 'example.com' });
  const names = input('names', { placeholder: '_acme-challenge, _acme-challenge.*' });
  const subnets = input('subnets', { placeholder: '198.51.100.0/24' });
  const validUntil = input('valid_until', { type: 'date' });
  const unused = input('max_unused_days', { type: 'number', min: 1, max: 3650, inputmode: 'numeric' });
  const acmeZone = input('acme-zone', { placeholder: 'example.com' });
  const created = h('div', { id: 'token-created', 'aria-live': 'polite' });
  const titles = Object.fromEntries(rights.map((r) => [r.key, r.title]));
  const form = h('form', { id: 'token-form', novalidate: true },
    h('div', { class: 'preset' },
      field('Zone for the ACME preset', acmeZone, { name: 'acme-zone' }),
      h('button', { type: 'button', id: 'acme-preset', onclick: preset }, 'Fill in the ACME DNS-01 preset')),
    h('fieldset', { 'data-field': 'rights' }, h('legend', null, 'Rights'), h('div', { class: 'right-checks' }, rightBoxes.map((r) => r.el)), h('p', { class: 'field-error', hidden: true })),
    field('Zones (empty: all)', zones, { name: 'zones', hint: 'Separate several with commas or spaces.' }),
    field('Record names (empty: all)', names, { name: 'names', hint: '@ is the apex; a * label stands for one or more labels.' }),
    h('fieldset', { 'data-field': 'types' }, h('legend', null, 'Record types (none ticked: all)'), h('div', { class: 'checks' }, typeBoxes.map((t) => t.el)), h('p', { class: 'field-error', hidden: true })),
    field('Client subnets (empty: anywhere)', subnets, { name: 'subnets', hint: 'IPv4 or IPv6 CIDR blocks.' }),
    h('div', { class: 'row' },
      field('Valid until (empty: no expiry)', validUntil, { name: 'valid_until' }),
      field('Stops working after this many unused days', unused, { name: 'max_unused_days', hint: '1 to 3650; empty: never' })),
    formError(),
    h('button', { type: 'submit', class: 'primary' }, 'Create token'));

  function preset() {
    const zone = acmeZone.value.trim();
    for (const r of rightBoxes) r.box.checked = r.key === 'DNS_ZONES_LIST' || r.key === 'DNS_ZONES_CRUD';
    for (const t of typeBoxes) t.box.checked = t.key === 'TXT';
    zones.value = zone;
    names.value = '_acme-challenge, _acme-challenge.*';
    if (!unused.value) unused.value = '90';
    (zone ? names : acmeZone).focus();
  }

  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    clearErrors(form);
    const body = {
      rights: rightBoxes.filter((r) => r.box.checked).map((r) => r.key),
      zones: list(zones.value), names: list(names.value), subnets: list(subnets.value),
      types: typeBoxes.filter((t) => t.box.checked).map((t) => t.key),
    };
    if (validUntil.value) body.valid_until = validUntil.value;
    if (unused.value.trim()) body.max_unused_days = unused.value.trim();
    try {
      const answer = await api('POST', 'account/users/tokens/create', { body });
      reportSuccess(answer, 'Token created');
      const text = answer.data.token.token;
      const shown = h('input', { type: 'text', readonly: true, id: 'new-token', value: text, class: 'mono' });
      fill(created, h('div', { class: 'card once' },
        h('h2', null, 'Your new token'),
        h('p', null, 'Copy it now: it is shown only this once, and the service keeps only its hash.'),
        field('Token', shown, { name: 'new-token' }), copyButton(() => text, 'Copy token')));
      shown.select();
      await load();
    } catch (e) {
      showErrors(form, e, (f) => f.replace(/\[\d+\]$/, ''));
    }
  });

  const table = h('div', { id: 'tokens' });
  async function load() {
    const tokens = (await api('GET', 'account/users/tokens/tokens')).data.tokens;
    fill(table, h('table', { class: 'list tokens' },
      h('thead', null, h('tr', null, ['Id', 'User', 'Rights', 'Policy', 'Valid until', 'Last used', 'State'].map((t) => h('th', { scope: 'col' }, t)),
        h('th', { scope: 'col' }, h('span', { class: 'sr' }, 'Actions')))),
      h('tbody', null, tokens.map((t) => h('tr', { 'data-token': String(t.id) },
        h('td', { 'data-label': 'Id', class: 'id' }, String(t.id)),
        h('td', { 'data-label': 'User' }, t.user),
        h('td', { 'data-label': 'Rights', class: 'rights' }, rightsSummary(t.rights, titles)),
        h('td', { 'data-label': 'Policy', class: 'wrap policy' }, policy(t)),
        h('td', { 'data-label': 'Valid until' }, t.valid_until || 'no expiry'),
        h('td', { 'data-label': 'Last used' }, t.last_used_at || '—'),
        h('td', { 'data-label': 'State', class: 'state' }, t.active ? 'active' : 'inactive'),
        h('td', { class: 'actions' }, t.active
          ? h('button', { type: 'button', class: 'small danger', 'aria-label': `Deactivate token ${t.id}`, onclick: () => deactivate(t) }, 'Deactivate') : null))))));
  }
  async function deactivate(t) {
    const answer = await confirmDialog({ title: `Deactivate token ${t.id}?`, body: ['Every client using it stops working at once; this cannot be undone. If it is the token you signed in with, you are signed out.'], confirm: 'Deactivate', danger: true });
    if (!answer.ok) return;
    try {
      reportSuccess(await api('POST', `account/users/tokens/${t.id}/deactivate`), 'Token deactivated');
      await load();
    } catch (e) {
      reportError(e);
    }
  }

  // Open on wide screens; on a phone the tokens come first and the form opens on demand.
  const formBox = h('details', { class: 'card', id: 'token-box', open: window.matchMedia('(min-width: 701px)').matches },
    h('summary', null, h('h2', { class: 'inline' }, 'New token')), form);
  root.append(h('h1', null, 'API tokens'), h('p', { class: 'muted' }, `Signed in as ${assigned.user}.`), formBox, created,
    h('section', { 'aria-labelledby': 'tokens-heading' }, h('h2', { id: 'tokens-heading' }, 'Tokens'), table));
  await load();
}

function policy(t) {
  const parts = [];
  if (t.zones && t.zones.length) parts.push(`zones ${t.zones.join(', ')}`);
  if (t.names && t.names.length) parts.push(`names ${t.names.join(', ')}`);
  if (t.types && t.types.length) parts.push(`types ${t.types.join(', ')}`);
  if (t.subnets && t.subnets.length) parts.push(`from ${t.subnets.join(', ')}`);
  if (t.max_unused_days) parts.push(`unused at most ${t.max_unused_days} days`);
  return parts.length ? parts.join('; ') : 'none';
}

/** A token's rights, counted; their names on demand (all of them spelt out made a phone's card eight lines long). */
function rightsSummary(keys, titles) {
  if (!keys.length) return 'none';
  return h('details', { class: 'rights' },
    h('summary', null, plural(keys.length, 'right')),
    h('ul', { class: 'plain' }, keys.map((k) => h('li', null, titles[k] || k, ' ', h('code', { class: 'right-key' }, k)))));
}
