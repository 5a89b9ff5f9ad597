// Domain handles: list, create and edit (with the country list), verification state, resend.
import { api } from './api.js';
import { h, fill, field, input, select, formError, clearErrors, showErrors, modal, reportSuccess, reportError } from './dom.js';

const IMMUTABLE = ['type', 'sex', 'firstname', 'lastname', 'dateofbirth'];
const TEXT = [
  ['firstname', 'First name'], ['lastname', 'Last name'], ['organisation', 'Organisation (required for ORG)'],
  ['street', 'Street'], ['number', 'House number'], ['postcode', 'Postcode'], ['city', 'City'], ['region', 'Region'],
  ['email', 'E-mail', 'email'], ['phone', 'Phone', 'tel', '+49.301234567'], ['fax', 'Fax (optional)', 'tel', '+49.301234568'],
];

export async function handlesView(root) {
  const countries = (await api('GET', 'domain/handles/countries')).data.countries;
  const table = h('div', { id: 'handles' });
  const newButton = h('button', { type: 'button', class: 'primary', id: 'new-handle', onclick: () => openForm(null) }, 'New handle');
  root.append(h('h1', null, 'Domain handles'),
    h('p', { class: 'muted' }, 'The contacts of your domains. A new handle, or a changed e-mail address, gets a verification mail; the link in it must be followed within 15 days.'),
    h('div', { class: 'toolbar' }, newButton), table);

  async function load() {
    const handles = (await api('GET', 'domain/handles')).data.handles;
    fill(table, handles.length === 0 ? h('p', { class: 'empty' }, 'No handles yet.') : h('table', { class: 'list' },
      h('thead', null, h('tr', null, ['Handle', 'Name', 'Type', 'Country', 'E-mail', 'Verification'].map((t) => h('th', { scope: 'col' }, t)),
        h('th', { scope: 'col' }, h('span', { class: 'sr' }, 'Actions')))),
      h('tbody', null, handles.map((x) => h('tr', { 'data-handle': x.handle },
        h('td', { 'data-label': 'Handle' }, x.handle),
        h('td', { 'data-label': 'Name', class: 'wrap' }, `${x.firstname} ${x.lastname}${x.organisation ? ', ' + x.organisation : ''}`),
        h('td', { 'data-label': 'Type' }, x.type),
        h('td', { 'data-label': 'Country' }, x.country),
        h('td', { 'data-label': 'E-mail', class: 'wrap' }, x.email),
        h('td', { 'data-label': 'Verification' }, h('span', { class: `badge ${x.verification.state.toLowerCase()}` }, x.verification.state),
          x.verification.state === 'PENDING' && x.verification.deadline ? h('span', { class: 'muted' }, ` until ${x.verification.deadline}`) : null),
        h('td', { class: 'actions' },
          h('button', { type: 'button', class: 'small', 'aria-label': `Edit handle ${x.handle}`, onclick: () => edit(x) }, 'Edit'),
          x.verification.state !== 'VERIFIED' ? h('button', { type: 'button', class: 'small', 'aria-label': `Resend the verification mail of ${x.handle}`, onclick: () => verification(x, 'resend') }, 'Resend mail') : null,
          h('button', { type: 'button', class: 'small', 'aria-label': `Check the verification of ${x.handle} again`, onclick: () => verification(x, 'refresh') }, 'Check state')))))));
  }

  async function verification(x, what) {
    try {
      reportSuccess(await api('POST', `domain/handles/verification/${what}`, { body: { handle: x.handle } }), 'Done');
      await load();
    } catch (e) {
      reportError(e);
    }
  }

  /** Edits the handle as it is now, with its tag: a change someone made meanwhile is refused (412), never overwritten. */
  async function edit(x) {
    try {
      const shown = await api('GET', 'domain/handles/show', { query: { handle: x.handle } });
      openForm(shown.data.handle, shown.etag);
    } catch (e) {
      reportError(e);
    }
  }

  function openForm(existing, etag = null) {
    const controls = {};
    const countryOptions = countries.map((c) => ({ value: c.code, label: `${c.title} (${c.code})` }));
    controls.type = select('type', ['PERS', 'ORG', 'ROLE']);
    controls.sex = select('sex', ['MALE', 'FEMALE']);
    for (const [k, , type, placeholder] of TEXT) controls[k] = input(k, { type: type || 'text', placeholder });
    controls.country = select('country', countryOptions);
    controls.countryofbirth = select('countryofbirth', [{ value: '', label: '(not given)' }, ...countryOptions]);
    controls.dateofbirth = input('dateofbirth', { type: 'date' });
    if (existing) {
      for (const [k, c] of Object.entries(controls)) if (existing[k] !== null && existing[k] !== undefined) c.value = existing[k];
      for (const k of IMMUTABLE) controls[k].disabled = true;
    } else {
      controls.country.value = 'DE';
    }
    const label = (k) => (TEXT.find((t) => t[0] === k) || [k, { type: 'Type', sex: 'Sex', country: 'Country', countryofbirth: 'Country of birth', dateofbirth: 'Date of birth' }[k]])[1];
    const order = ['type', 'sex', 'firstname', 'lastname', 'organisation', 'street', 'number', 'postcode', 'city', 'region', 'country', 'email', 'phone', 'fax', 'dateofbirth', 'countryofbirth'];
    const cancel = h('button', { type: 'button' }, 'Cancel');
    const form = h('form', { class: 'handle-form', id: 'handle-form', novalidate: true },
      existing ? h('p', { class: 'muted' }, `Type, sex, name and date of birth cannot change. Verification: ${existing.verification.state}.`) : null,
      h('div', { class: 'row' }, order.map((k) => field(label(k), controls[k], { name: k }))),
      formError(), h('div', { class: 'actions' }, cancel, h('button', { type: 'submit', class: 'primary' }, existing ? 'Save handle' : 'Create handle')));
    const { close } = modal(existing ? `Edit handle ${existing.handle}` : 'New handle', form);
    cancel.addEventListener('click', close);
    form.addEventListener('submit', async (ev) => {
      ev.preventDefault();
      clearErrors(form);
      const body = {};
      for (const [k, c] of Object.entries(controls)) {
        if (existing && IMMUTABLE.includes(k)) continue;
        const v = c.value.trim();
        if (v !== '') body[k] = v;
        else if (existing && k === 'fax' && existing.fax) body.fax = null;
      }
      try {
        const answer = existing
          ? await api('POST', 'domain/handles/edit', { body: { handle: existing.handle, ...body }, ifMatch: etag })
          : await api('POST', 'domain/handles/create', { body });
        reportSuccess(answer, existing ? 'Handle saved' : 'Handle created');
        close();
        await load();
      } catch (e) {
        if (e.status === 412) {
          close();
          reportError({ message: `Someone else changed the handle ${existing.handle} after you opened it; nothing was saved. Open it again to see it as it is now.` });
          await load();
          return;
        }
        showErrors(form, e);
      }
    });
  }
  await load();
}
