// One zone: its change status, records (grouped by name and type, filtered and paged), settings,
// domains, import and export, history with restore, and DNSSEC where the service reports it.
import { api, zonePath } from './api.js';
import { h, fill, field, input, formError, clearErrors, showErrors, confirmDialog, modal, notify, reportSuccess, reportError, copyButton, debounce, pager, plural, messageText } from './dom.js';
import { recordForm, recordField, displayName, UPDATE_ONLY } from './records.js';
import { dnssecLabel, DNSSEC_STATES } from './zones.js';
import { changeStatus } from './status.js';

const PAGE = 100;
const TABS = [['records', 'Records'], ['settings', 'Settings'], ['domains', 'Domains'], ['import', 'Import and export'], ['history', 'History']];

/** What the user is told when a change of theirs met someone else's (412). */
export const CHANGED_MEANWHILE = 'Someone else changed this zone after you opened it, so your change was not saved. '
  + 'The zone is shown again as it is now: check their change, then make yours again.';

export async function zoneView(root, name, tab) {
  const shown = await api('GET', 'dns/zones/show', { query: { zone: name } });
  let zone = shown.data.zone;
  // The zone's entity tag as shown: every change is sent with it (If-Match), so that a change made
  // by someone else meanwhile is refused (412) rather than overwritten.
  let etag = shown.etag;
  const tabs = zone.dnssec ? [...TABS, ['dnssec', 'DNSSEC']] : TABS;
  const base = '#/zones/' + encodeURIComponent(zone.name);
  const summary = h('p', { class: 'summary' });
  const body = h('div', { class: 'tab-body' });
  const describe = () => fill(summary, 
    h('span', null, `Serial ${zone.serial}`), ' · ', h('span', { id: 'record-count' }, plural(zone.records.length, 'record')),
    zone.dnssec ? [' · DNSSEC ', dnssecLabel(zone)] : null);
  describe();
  const status = changeStatus(zone.name);
  root.append(
    h('p', { class: 'crumbs' }, h('a', { href: '#/zones' }, '‹ All zones')),
    h('h1', { class: 'zone-name' }, zone.nameUnicode || zone.name),
    summary,
    status.element,
    h('div', { class: 'toolbar' },
      h('button', { type: 'button', id: 'refresh-zone', onclick: refresh }, 'Load onto the nameserver again'),
      h('button', { type: 'button', id: 'export-zone', onclick: () => download(zone.name) }, 'Export zone file')),
    h('nav', { class: 'tabs', 'aria-label': 'Zone sections' },
      tabs.map(([key, label]) => h('a', { href: `${base}/${key}`, 'aria-current': key === tab ? 'page' : null }, label))),
    body);

  async function reload() {
    const fresh = await api('GET', 'dns/zones/show', { query: { zone: zone.name } });
    zone = fresh.data.zone;
    etag = fresh.etag;
    describe();
    status.changed();
    return zone;
  }

  async function refresh() {
    const answer = await confirmDialog({
      title: 'Load the zone onto the nameserver again?',
      body: ['The zone is written to the nameserver as it is stored. Normally every change is published by itself; use this when the nameserver lost it.'],
      checkbox: { label: 'forceDelete: drop the zone from the nameserver first and load it afresh' },
      confirm: 'Reload',
    });
    if (!answer.ok) return;
    try {
      reportSuccess(await api('POST', 'dns/zones/refresh', { body: { zone: zone.name, forceDelete: answer.checked } }), 'Zone refreshed');
      status.changed();
    } catch (e) {
      reportError(e);
    }
  }

  /**
   * A change of the zone, sent with the tag of the zone as shown. Refused because someone else
   * changed the zone (412): the user is told, and the view shows the zone as it is now.
   */
  async function write(method, path, options) {
    try {
      const answer = await api(method, path, { ...options, ifMatch: etag });
      if (answer.etag) etag = answer.etag;
      return answer;
    } catch (e) {
      if (e.status === 412) {
        e.message = CHANGED_MEANWHILE;
        e.errors = [];
        for (const d of document.querySelectorAll('dialog[open]')) d.close();
        notify(CHANGED_MEANWHILE, 'error');
        window.dispatchEvent(new HashChangeEvent('hashchange'));
      }
      throw e;
    }
  }

  const ctx = { get zone() { return zone; }, reload, write, body };
  const views = { records: recordsTab, settings: settingsTab, domains: domainsTab, import: importTab, history: historyTab, dnssec: dnssecTab };
  await (views[tab] || recordsTab)(ctx);
}

/** Downloads the zone's RFC 1035 master file. */
export async function download(zone) {
  try {
    const text = await api('GET', 'dns/zones/export', { query: { zone }, text: true });
    const url = URL.createObjectURL(new Blob([text], { type: 'text/dns' }));
    const a = h('a', { href: url, download: `${zone}.zone`, class: 'offscreen' }, 'download');
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    notify(`Zone file ${zone}.zone downloaded`);
  } catch (e) {
    reportError(e);
  }
}

// ---- records

function recordsTab(ctx) {
  const state = { filter: '', offset: 0 };
  // Open on wide screens; on a phone the records come first and the form opens on demand.
  const addBox = h('details', { class: 'card', id: 'add-record', open: window.matchMedia('(min-width: 701px)').matches },
    h('summary', null, h('h2', { class: 'inline' }, 'Add a record')));
  const list = h('div', { id: 'records' });
  const filter = input('record-filter', { type: 'search', placeholder: 'name, type or data' });
  ctx.body.append(addBox,
    h('section', { 'aria-labelledby': 'records-heading' }, h('h2', { id: 'records-heading' }, 'Records'),
      h('div', { class: 'toolbar' }, field('Filter records', filter, { name: 'record-filter' })), list));

  function newForm() {
    const form = recordForm({ zone: ctx.zone });
    form.id = 'record-form';
    form.addEventListener('submit', async (ev) => {
      ev.preventDefault();
      clearErrors(form);
      const record = form.record();
      try {
        const answer = UPDATE_ONLY.includes(record.type)
          ? await replaceRecords(ctx, (records) => [...records, record])
          : await ctx.write('POST', 'dns/zones/records/add', { body: { zone: ctx.zone.name, records: [record] } });
        reportSuccess(answer, 'Record added');
        await ctx.reload();
        fill(addBox, addBox.firstChild, newForm());
        addBox.querySelector('[name=type]').value = record.type;
        addBox.querySelector('[name=type]').dispatchEvent(new Event('change'));
        addBox.querySelector('[name=name]').focus();
        show();
      } catch (e) {
        showErrors(form, e, e.updateIndex !== undefined ? recordField(e.updateIndex) : recordField(0));
      }
    });
    return form;
  }
  addBox.append(newForm());

  function show() {
    const needle = state.filter.toLowerCase();
    const records = needle
      ? ctx.zone.records.filter((r) => `${displayName(r.name)} ${r.type} ${r.data}`.toLowerCase().includes(needle))
      : ctx.zone.records;
    if (state.offset >= records.length) state.offset = Math.max(0, Math.floor((records.length - 1) / PAGE) * PAGE);
    const page = records.slice(state.offset, state.offset + PAGE);
    const groups = [];
    for (const r of page) {
      const last = groups[groups.length - 1];
      if (last && last.name === r.name && last.type === r.type) last.records.push(r);
      else groups.push({ name: r.name, type: r.type, records: [r] });
    }
    const count = document.getElementById('record-count');
    if (count) count.textContent = plural(ctx.zone.records.length, 'record');
    fill(list, 
      records.length === 0 ? h('p', { class: 'empty' }, needle ? 'No record matches the filter.' : 'No records yet.') : null,
      groups.map((g) => h('div', { class: 'group', 'data-name': displayName(g.name), 'data-type': g.type },
        h('h3', null, h('span', { class: 'rname' }, displayName(g.name)), ' ', h('span', { class: 'rtype' }, g.type)),
        h('ul', null, g.records.map((r) => h('li', { class: 'record', 'data-id': String(r.id) },
          h('code', { class: 'rdata' }, r.data),
          h('span', { class: 'ttl' }, r.ttl === null ? `TTL ${ctx.zone.ttl} (zone)` : `TTL ${r.ttl}`),
          h('span', { class: 'buttons' },
            h('button', { type: 'button', class: 'small edit', 'aria-label': `Edit ${g.type} record ${displayName(g.name)} ${r.data}`, onclick: () => edit(r) }, 'Edit'),
            h('button', { type: 'button', class: 'small danger delete', 'aria-label': `Delete ${g.type} record ${displayName(g.name)} ${r.data}`, onclick: () => remove(r) }, 'Delete'))))))),
      pager(records.length, state.offset, PAGE, (offset) => { state.offset = offset; show(); list.scrollIntoView(); }));
  }

  function edit(record) {
    const form = recordForm({ zone: ctx.zone, record });
    form.id = 'edit-form';
    const cancel = h('button', { type: 'button' }, 'Cancel');
    form.append(cancel);
    const { close } = modal(`Edit ${record.type} record ${displayName(record.name)}`, form);
    cancel.addEventListener('click', close);
    form.addEventListener('submit', async (ev) => {
      ev.preventDefault();
      clearErrors(form);
      const changed = form.record();
      try {
        let answer;
        if (!form.dataChanged() && !UPDATE_ONLY.includes(record.type)) {
          // The same record added with another TTL changes its TTL and keeps its id (3013).
          answer = await ctx.write('POST', 'dns/zones/records/add', { body: { zone: ctx.zone.name, records: [{ ...changed, ttl: changed.ttl }] } });
        } else {
          answer = await replaceRecords(ctx, (records) => {
            const at = records.findIndex((r) => r.id === record.id);
            if (at < 0) throw new Error('The record no longer exists: someone deleted it meanwhile.');
            return records.map((r, i) => (i === at ? changed : r));
          }, (records) => records.findIndex((r) => r.id === record.id));
        }
        reportSuccess(answer, 'Record saved');
        close();
        await ctx.reload();
        show();
      } catch (e) {
        showErrors(form, e, recordField(e.updateIndex !== undefined ? e.updateIndex : 0));
      }
    });
  }

  async function remove(record) {
    const answer = await confirmDialog({
      title: 'Delete this record?',
      body: [h('p', null, `${displayName(record.name)} ${record.type} `, h('code', null, record.data))],
      confirm: 'Delete record',
      danger: true,
    });
    if (!answer.ok) return;
    try {
      const done = record.type === 'DS'
        ? await replaceRecords(ctx, (records) => records.filter((r) => r.id !== record.id))
        : await ctx.write('DELETE', 'dns/zones/records/delete', { body: { zone: ctx.zone.name, records: [{ id: record.id }] } });
      reportSuccess(done, 'Record deleted');
    } catch (e) {
      reportError(e);
    }
    await ctx.reload();
    show();
  }

  filter.addEventListener('input', debounce(() => {
    state.filter = filter.value.trim();
    state.offset = 0;
    show();
  }, 150));
  show();
}

/**
 * Changes records through a zone update: {@code change} applied to the records as shown, all sent
 * back with the zone's tag (a change made meanwhile by someone else is refused, 412, never
 * overwritten). {@code indexOf} tells at which index the form's record went, for the service's
 * field errors.
 */
async function replaceRecords(ctx, change, indexOf) {
  const fresh = ctx.zone;
  const records = change(fresh.records.map((r) => ({ id: r.id, name: r.name, type: r.type, data: r.data, ttl: r.ttl === null ? null : Number(r.ttl) })));
  const sent = records.map(({ name, type, data, ttl }) => ({ name, type, data, ttl }));
  try {
    return await ctx.write('PUT', 'dns/zones/update', { body: { zone: fresh.name, records: sent } });
  } catch (e) {
    e.updateIndex = indexOf ? indexOf(fresh.records) : sent.length - 1;
    throw e;
  }
}

// ---- settings (SOA)

const BOUNDS = { refresh: [3600, 31556926], retry: [600, 31556926], expire: [3600, 31556926], ttl: [60, 604800] };
const LABELS = { refresh: 'Refresh (seconds)', retry: 'Retry (seconds)', expire: 'Expire (seconds)', ttl: 'Default TTL (seconds)' };

function settingsTab(ctx) {
  const z = ctx.zone;
  const hostmaster = input('hostmaster', { type: 'email', value: z.hostmaster });
  const numbers = Object.fromEntries(Object.keys(BOUNDS).map((k) => [k, input(k, { type: 'number', min: BOUNDS[k][0], max: BOUNDS[k][1], inputmode: 'numeric', value: z[k] })]));
  const form = h('form', { class: 'card', id: 'settings-form', novalidate: true },
    h('h2', null, 'SOA settings'),
    h('p', { class: 'muted' }, `Primary nameserver ${z.ns_first}, secondary ${z.ns_second}. Serial ${z.serial}, raised by every change.`),
    field('Hostmaster e-mail', hostmaster, { name: 'hostmaster' }),
    h('div', { class: 'row' }, Object.keys(BOUNDS).map((k) => field(LABELS[k], numbers[k], { name: k, hint: `${BOUNDS[k][0]} to ${BOUNDS[k][1]}` }))),
    formError(),
    h('button', { type: 'submit', class: 'primary' }, 'Save settings'));
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    clearErrors(form);
    const body = { zone: z.name, hostmaster: hostmaster.value.trim() };
    for (const [k, c] of Object.entries(numbers)) body[k] = c.value.trim();
    try {
      reportSuccess(await ctx.write('PUT', 'dns/zones/update', { body }), 'Settings saved');
      await ctx.reload();
    } catch (e) {
      showErrors(form, e);
    }
  });
  ctx.body.append(form);
}

// ---- domains

function domainsTab(ctx) {
  const list = h('ul', { class: 'plain', id: 'domains' });
  const domain = input('domainName', { placeholder: 'example.net' });
  const form = h('form', { class: 'card inline-form', id: 'assign-form', novalidate: true },
    h('h2', null, 'Assign a domain'),
    h('p', { class: 'muted' }, 'An assigned domain is served with this zone\'s records under its own name.'),
    field('Domain name', domain, { name: 'domainName' }), formError(),
    h('button', { type: 'submit', class: 'primary' }, 'Assign'));
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    clearErrors(form);
    try {
      reportSuccess(await ctx.write('POST', `dns/zones/${zonePath(ctx.zone.name)}/assignDomain`, { body: { domainName: domain.value.trim() } }), 'Domain assigned');
      domain.value = '';
      await ctx.reload();
      show();
    } catch (e) {
      showErrors(form, e);
    }
  });
  function show() {
    fill(list, ...(ctx.zone.domains.length ? ctx.zone.domains.map((d) => h('li', null, h('span', null, d.name), ' ',
      h('button', { type: 'button', class: 'small danger', 'aria-label': `Dissociate ${d.name}`, onclick: () => dissociate(d.name) }, 'Dissociate')))
      : [h('li', { class: 'empty' }, 'No domains assigned.')]));
  }
  async function dissociate(name) {
    const answer = await confirmDialog({ title: `Dissociate ${name}?`, body: [`The nameservers stop answering for ${name} with this zone's records.`], confirm: 'Dissociate', danger: true });
    if (!answer.ok) return;
    try {
      reportSuccess(await ctx.write('POST', `dns/zones/${zonePath(ctx.zone.name)}/dissociateDomain`, { body: { domainName: name } }), 'Domain dissociated');
    } catch (e) {
      reportError(e);
    }
    await ctx.reload();
    show();
  }
  ctx.body.append(h('section', { class: 'card' }, h('h2', null, 'Assigned domains'), list), form);
  show();
}

// ---- import and export

function importTab(ctx) {
  const text = h('textarea', { name: 'file', rows: 12, spellcheck: 'false', class: 'mono' });
  const upload = h('input', { type: 'file', name: 'upload', accept: '.zone,.txt,.db,text/*' });
  const diff = h('div', { id: 'import-diff', 'aria-live': 'polite' });
  const check = h('button', { type: 'submit', class: 'primary', id: 'import-check' }, 'Check (dry run)');
  const apply = h('button', { type: 'button', id: 'import-apply', disabled: true }, 'Apply import');
  const form = h('form', { class: 'card', id: 'import-form', novalidate: true },
    h('h2', null, 'Import a zone file'),
    h('p', { class: 'muted' }, 'An RFC 1035 master file replaces the zone\'s settings (from its SOA) and all its records. Check it first: the dry run shows what would change and stores nothing.'),
    field('Upload a file', upload, { name: 'upload' }),
    field('Zone file', text, { name: 'file' }),
    formError(), h('div', { class: 'actions' }, check, apply), diff);
  upload.addEventListener('change', async () => {
    if (upload.files[0]) text.value = await upload.files[0].text();
    apply.disabled = true;
  });
  text.addEventListener('input', () => { apply.disabled = true; });
  let checked = null;
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    clearErrors(form);
    diff.replaceChildren();
    try {
      const answer = await api('POST', 'dns/zones/import', { body: { zone: ctx.zone.name, file: text.value, dryRun: true } });
      checked = text.value;
      fill(diff, changes(answer.data.import, answer));
      apply.disabled = false;
      apply.focus();
    } catch (e) {
      showErrors(form, e);
    }
  });
  apply.addEventListener('click', async () => {
    if (checked !== text.value) return;
    clearErrors(form);
    try {
      const answer = await ctx.write('POST', 'dns/zones/import', { body: { zone: ctx.zone.name, file: checked } });
      reportSuccess(answer, 'Zone imported');
      apply.disabled = true;
      await ctx.reload();
      fill(diff, h('p', { class: 'note success', id: 'import-done' }, `Imported: ${plural(answer.data.import.added.length, 'record')} added, ${answer.data.import.removed.length} removed.`));
    } catch (e) {
      showErrors(form, e);
    }
  });
  ctx.body.append(form,
    h('section', { class: 'card' }, h('h2', null, 'Export'), h('p', null, 'The zone as an RFC 1035 master file, as the nameserver gets it.'),
      h('button', { type: 'button', onclick: () => download(ctx.zone.name) }, `Download ${ctx.zone.name}.zone`)));
}

function recordLine(r) {
  return `${displayName(r.name)} ${r.ttl === null || r.ttl === undefined ? '' : r.ttl + ' '}${r.type} ${r.data}`;
}

/** What an import (or a history entry) changes: added and removed records, settings. */
function changes(c, envelope) {
  const settings = Object.entries(c.settings || {});
  const warn = envelope ? (envelope.messages.warnings || []).map((w) => h('li', null, messageText(w))) : [];
  const nothing = !c.added.length && !c.removed.length && !settings.length;
  return h('div', { class: 'diff' },
    nothing ? h('p', null, 'Nothing would change.') : null,
    c.added.length ? [h('h3', null, `${plural(c.added.length, 'record')} added`), h('ul', { class: 'added' }, c.added.map((r) => h('li', null, h('code', null, '+ ' + recordLine(r)))))] : null,
    c.removed.length ? [h('h3', null, `${plural(c.removed.length, 'record')} removed`), h('ul', { class: 'removed' }, c.removed.map((r) => h('li', null, h('code', null, '− ' + recordLine(r)))))] : null,
    settings.length ? [h('h3', null, 'Settings'), h('ul', null, settings.map(([k, v]) => h('li', null, `${k}: ${v.from ?? '—'} → ${v.to ?? '—'}`)))] : null,
    warn.length ? [h('h3', null, 'Warnings'), h('ul', null, warn)] : null);
}

// ---- history

/** The operations the history names (history/control, zones/control/editing/ZoneOperation), in words. */
export const OPERATIONS = {
  create: 'Zone created',
  update: 'Zone updated',
  delete: 'Zone deleted',
  'records/add': 'Records added',
  'records/delete': 'Records deleted',
  assignDomain: 'Domain assigned',
  dissociateDomain: 'Domain dissociated',
  import: 'Zone file imported',
  restore: 'Earlier state restored',
  'dns-update': 'Changed by DNS UPDATE',
  'rrsets/change': 'RRsets replaced',
};

/** An operation in words; one this panel does not know yet as the service names it. */
export const operationName = (operation) => OPERATIONS[operation] || operation;

async function historyTab(ctx) {
  const list = h('ol', { class: 'history', id: 'history' });
  const more = h('button', { type: 'button', hidden: true }, 'Older entries');
  ctx.body.append(h('section', { class: 'card' }, h('h2', null, 'Change history'),
    h('p', { class: 'muted' }, 'Newest first. Restoring puts the zone back to its state after an entry, as one new change.'), list, more));
  let before = null;
  async function load() {
    const answer = await api('GET', 'dns/zones/history', { query: { zone: ctx.zone.name, limit: 50, before } });
    const entries = answer.data.history;
    list.append(...entries.map((e, i) => h('li', { class: 'entry', 'data-entry': String(e.id) },
      h('div', { class: 'entry-head' },
        h('strong', { class: 'operation', 'data-operation': e.operation }, operationName(e.operation)), ' ', h('span', { class: 'muted' }, `${e.created_at} UTC · ${e.user || 'unknown user'}${e.tsig_key ? ' · key ' + e.tsig_key : ''}${e.domain ? ' · ' + e.domain : ''}`),
        (before === null && i === 0) || e.operation === 'delete' ? null
          : h('button', { type: 'button', class: 'small restore', 'aria-label': `Restore the state after entry ${e.id}`, onclick: () => restore(e) }, 'Restore')),
      h('details', null, h('summary', null, `${plural(e.added.length, 'record')} added, ${e.removed.length} removed`), changes(e)))));
    if (!entries.length && before === null) list.append(h('li', { class: 'empty' }, 'No changes recorded.'));
    before = entries.length ? entries[entries.length - 1].id : before;
    more.hidden = entries.length < 50;
  }
  async function restore(entry) {
    const answer = await confirmDialog({
      title: `Restore the state after entry ${entry.id}?`,
      body: [`The zone goes back to how it was after entry ${entry.id} (${operationName(entry.operation).toLowerCase()}, ${entry.created_at} UTC): the later changes are undone, as one new change.`],
      confirm: 'Restore',
    });
    if (!answer.ok) return;
    try {
      reportSuccess(await ctx.write('POST', 'dns/zones/restore', { body: { zone: ctx.zone.name, entry: entry.id } }), 'Zone restored');
      await ctx.reload();
      list.replaceChildren();
      before = null;
      await load();
    } catch (e) {
      reportError(e);
    }
  }
  more.addEventListener('click', load);
  await load();
}

// ---- DNSSEC (shown when the service reports it on the zone)

async function dnssecTab(ctx) {
  const box = h('section', { class: 'card', id: 'dnssec' });
  ctx.body.append(box);
  async function show() {
    let info;
    try {
      info = (await api('GET', 'dns/zones/dnssec', { query: { zone: ctx.zone.name } })).data.dnssec;
    } catch (e) {
      fill(box, h('h2', null, 'DNSSEC'), h('p', { class: 'form-error', role: 'alert' }, e.message));
      return;
    }
    const toggle = h('button', { type: 'button', class: info.enabled ? 'danger' : 'primary' }, info.enabled ? 'Turn DNSSEC off' : 'Turn DNSSEC on');
    toggle.addEventListener('click', async () => {
      if (info.enabled) {
        const answer = await confirmDialog({ title: 'Turn DNSSEC off?', body: ['Remove the DS records at your registrar first, or resolvers that validate will fail to resolve the zone.'], confirm: 'Turn off', danger: true });
        if (!answer.ok) return;
      }
      try {
        reportSuccess(await ctx.write('POST', `dns/zones/dnssec/${info.enabled ? 'disable' : 'enable'}`, { body: { zone: ctx.zone.name } }), 'DNSSEC changed');
      } catch (e) {
        reportError(e);
      }
      await ctx.reload();
      show();
    });
    const state = info.state || (info.enabled ? 'signed' : 'unsigned');
    // A DS given to the registrar before the zone is served signed breaks its resolution: none shown while signing.
    const keys = state === 'signing' ? [] : (info.keys || []).filter((k) => k.ds && k.ds.length);
    fill(box, h('h2', null, 'DNSSEC'),
      h('p', { id: 'dnssec-state' }, `DNSSEC: ${DNSSEC_STATES[state] || state}.`),
      dnssecExplained(info, state, keys),
      info.last_error ? h('p', { class: 'form-error' }, `The last attempt to publish the zone failed: ${info.last_error}. It is retried by itself.`) : null,
      keys.map((k) => h('div', { class: 'key' },
        h('h3', null, `Key ${k.key_tag}, algorithm ${k.algorithm}, flags ${k.flags}`),
        h('ul', { class: 'plain ds' }, k.ds.map((ds) => h('li', null, h('code', { class: 'rdata' }, ds), ' ', copyButton(() => ds, 'Copy DS')))))),
      toggle);
  }
  await show();
}

/**
 * What the state means for the customer. While the nameserver makes the keys there is no DS yet:
 * the page says so instead of asking for a DS above an empty list.
 */
function dnssecExplained(info, state, keys) {
  if (state === 'unsigned') return h('p', { class: 'muted' }, 'The zone is served unsigned.');
  if (state === 'removing') {
    return h('p', null, `Remove the DS record of the zone at your registrar now: the zone stays signed until ${info.unsign_at ? info.unsign_at + ' UTC' : 'the grace period ends'}, then it is served unsigned.`);
  }
  if (!keys.length) {
    return h('p', { id: 'dnssec-keys-pending' }, 'The keys are being made: the nameserver does not serve the zone signed yet. '
      + 'Once it does, the DS records for your registrar appear here; until then there is nothing to give your registrar.');
  }
  return h('p', null, 'Give one of these DS records to your registrar to complete the chain of trust.');
}
