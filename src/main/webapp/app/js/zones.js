// The zone list: filter (the service's name filter), paging, record counts, DNSSEC state, create and delete.
import { api } from './api.js';
import { h, fill, field, input, formError, clearErrors, showErrors, confirmDialog, reportSuccess, reportError, debounce, pager } from './dom.js';

const LIMIT = 50;

export async function zonesView(root) {
  const state = { offset: 0, name: '' };
  const name = input('name', { placeholder: 'example.com', required: true });
  const create = h('form', { class: 'card inline-form', id: 'create-zone', novalidate: true },
    h('h2', null, 'New zone'),
    field('Zone name', name, { name: 'name', hint: 'A domain name such as example.com; names in Unicode are accepted.' }),
    formError(),
    h('button', { type: 'submit', class: 'primary' }, 'Create zone'));
  create.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    clearErrors(create);
    try {
      const answer = await api('POST', 'dns/zones/create', { body: { name: name.value.trim() } });
      reportSuccess(answer, 'Zone created');
      location.hash = '#/zones/' + encodeURIComponent(answer.data.zone.name);
    } catch (e) {
      showErrors(create, e, (f) => (f === 'zone' ? 'name' : f));
    }
  });

  const filter = input('filter', { type: 'search', placeholder: 'part of a name' });
  const list = h('div', { id: 'zone-list', 'aria-live': 'polite' });
  root.append(
    h('h1', null, 'Zones'),
    create,
    h('section', { 'aria-labelledby': 'zones-heading' },
      h('h2', { id: 'zones-heading' }, 'Your zones'),
      h('div', { class: 'toolbar' }, field('Filter zones', filter, { name: 'filter' })),
      list));

  async function load() {
    list.setAttribute('aria-busy', 'true');
    try {
      const answer = await api('GET', 'dns/zones', { query: { limit: LIMIT, offset: state.offset, name: state.name } });
      const zones = answer.data.zones;
      const total = answer.data.paging ? answer.data.paging.total : zones.length;
      fill(list, zones.length ? table(zones) : h('p', { class: 'empty' }, state.name ? 'No zone matches the filter.' : 'No zones yet: create your first one above.'),
        pager(total, state.offset, LIMIT, (offset) => { state.offset = offset; load(); }));
    } catch (e) {
      fill(list, h('p', { class: 'form-error', role: 'alert' }, e.message));
    }
    list.removeAttribute('aria-busy');
  }

  function table(zones) {
    return h('table', { class: 'list zones' },
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Zone'), h('th', { scope: 'col' }, 'Records'),
        h('th', { scope: 'col' }, 'DNSSEC'), h('th', { scope: 'col' }, 'Serial'), h('th', { scope: 'col' }, h('span', { class: 'sr' }, 'Actions')))),
      h('tbody', null, zones.map((z) => h('tr', { 'data-zone': z.name },
        h('td', { 'data-label': 'Zone' }, h('a', { href: '#/zones/' + encodeURIComponent(z.name) }, z.nameUnicode || z.name),
          z.nameUnicode && z.nameUnicode !== z.name ? h('span', { class: 'muted' }, ` (${z.name})`) : null),
        h('td', { 'data-label': 'Records', class: 'count' }, String(z.records.length)),
        h('td', { 'data-label': 'DNSSEC' }, dnssecLabel(z)),
        h('td', { 'data-label': 'Serial' }, z.serial),
        h('td', { class: 'actions' }, h('button', { type: 'button', class: 'danger small', 'aria-label': `Delete zone ${z.name}`, onclick: () => remove(z) }, 'Delete'))))));
  }

  /** Deletes the zone as the dialog showed it, with its tag: a zone changed meanwhile is not deleted (412). */
  async function remove(listed) {
    let shown;
    try {
      shown = await api('GET', 'dns/zones/show', { query: { zone: listed.name } });
    } catch (e) {
      reportError(e);
      load();
      return;
    }
    const zone = shown.data.zone;
    const domains = zone.domains.map((d) => d.name);
    const answer = await confirmDialog({
      title: `Delete the zone ${zone.name}?`,
      body: [
        `${zone.records.length === 1 ? 'Its one record is' : `Its ${zone.records.length} records are`} removed and the nameservers stop answering for ${zone.name}. The change history stays readable.`,
        domains.length
          ? `Domains assigned to it: ${domains.join(', ')}. The service refuses to delete a zone that still has assigned domains unless forceDelete is set.`
          : 'No domains are assigned to it.',
      ],
      checkbox: {
        label: 'forceDelete: also dissociate its assigned domains',
        hint: 'With forceDelete the assigned domains are dissociated and stop resolving too; without it the deletion is refused while domains are assigned.',
      },
      confirm: 'Delete zone',
      danger: true,
    });
    if (!answer.ok) return;
    try {
      const done = await api('DELETE', 'dns/zones/delete', { body: { zone: zone.name, forceDelete: answer.checked }, ifMatch: shown.etag });
      reportSuccess(done, 'Zone deleted');
    } catch (e) {
      if (e.status === 412) e.message = `Someone else changed the zone ${zone.name} after the dialog showed it; nothing was deleted. Look at it again.`;
      reportError(e);
    }
    load();
  }

  filter.addEventListener('input', debounce(() => {
    state.name = filter.value.trim();
    state.offset = 0;
    load();
  }, 250));
  await load();
}

/** The DNSSEC states the service names, in words. */
export const DNSSEC_STATES = { unsigned: 'off', signing: 'on, keys being made', signed: 'on', removing: 'being turned off' };

export function dnssecLabel(zone) {
  if (!zone.dnssec) return h('span', { class: 'muted' }, '—');
  const state = zone.dnssec.state || (zone.dnssec.enabled ? 'signed' : 'unsigned');
  return h('span', { class: zone.dnssec.enabled ? 'badge on' : 'badge' }, DNSSEC_STATES[state] || state);
}
