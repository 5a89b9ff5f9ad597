// Record types: the form of each (its data in fields), how the fields make the data and how data is read back.
import { h, fill, field, input, select, uid } from './dom.js';

const quote = (s) => '"' + s.replace(/["\\]/g, (c) => '\\' + c) + '"';
const unquote = (s) => s.replace(/^"|"$/g, '').replace(/\\(["\\])/g, '$1');
const words = (d, n) => {
  const parts = (d || '').trim().split(/\s+/);
  return parts.length >= n ? [...parts.slice(0, n - 1), parts.slice(n - 1).join(' ')] : [...parts, ...Array(n - parts.length).fill('')];
};
const num = (label, min, max, extra = {}) => ({ label, attrs: { type: 'number', min, max, inputmode: 'numeric', ...extra } });
const host = (label) => ({ label, attrs: { placeholder: 'host.example.com' } });

/** Per type: fields (key → label and input attributes), data from the fields, fields from the data. */
export const TYPES = {
  A: { fields: { address: { label: 'IPv4 address', attrs: { placeholder: '192.0.2.10', inputmode: 'decimal' } } }, data: (f) => f.address, parse: (d) => ({ address: d }) },
  AAAA: { fields: { address: { label: 'IPv6 address', attrs: { placeholder: '2001:db8::10' } } }, data: (f) => f.address, parse: (d) => ({ address: d }) },
  CNAME: { fields: { target: host('Canonical name') }, data: (f) => f.target, parse: (d) => ({ target: d }) },
  MX: {
    fields: { priority: num('Priority', 0, 65535, { placeholder: '10' }), host: host('Mail server') },
    data: (f) => `${f.priority} ${f.host}`.trim(),
    parse: (d) => { const [priority, host2] = words(d, 2); return { priority, host: host2 }; },
  },
  SRV: {
    fields: { priority: num('Priority', 0, 65535), weight: num('Weight', 0, 65535), port: num('Port', 0, 65535), target: host('Target') },
    data: (f) => `${f.priority} ${f.weight} ${f.port} ${f.target}`.trim(),
    parse: (d) => { const [priority, weight, port, target] = words(d, 4); return { priority, weight, port, target }; },
  },
  TXT: {
    fields: { text: { label: 'Text', textarea: true, hint: 'Up to 4096 characters; published as strings of at most 255 bytes each. To give several strings, write them quoted: "first" "second".' } },
    data: (f) => f.text, parse: (d) => ({ text: d }),
  },
  CAA: {
    fields: {
      flags: { label: 'Flags', options: [{ value: '0', label: '0 (not critical)' }, { value: '128', label: '128 (critical)' }] },
      tag: { label: 'Tag', options: ['issue', 'issuewild', 'iodef'] },
      value: { label: 'Value', attrs: { placeholder: 'letsencrypt.org' } },
    },
    data: (f) => `${f.flags} ${f.tag} ${quote(f.value)}`,
    parse: (d) => { const m = /^(\d+)\s+(\S+)\s+(.*)$/.exec(d || ''); return m ? { flags: m[1], tag: m[2], value: unquote(m[3]) } : { flags: '0', tag: 'issue', value: '' }; },
  },
  PTR: { fields: { target: host('Host name') }, data: (f) => f.target, parse: (d) => ({ target: d }) },
  NS: { fields: { target: host('Name server') }, data: (f) => f.target, parse: (d) => ({ target: d }) },
  HTTP_REDIRECT: { fields: { url: { label: 'Redirect to URL', attrs: { type: 'url', placeholder: 'https://www.example.com/' } } }, data: (f) => f.url, parse: (d) => ({ url: d }) },
  HTTP_FRAME: { fields: { url: { label: 'Show this URL in a frame', attrs: { type: 'url', placeholder: 'https://www.example.com/' } } }, data: (f) => f.url, parse: (d) => ({ url: d }) },
  TLSA: {
    fields: { usage: num('Certificate usage', 0, 255, { placeholder: '3' }), selector: num('Selector', 0, 255, { placeholder: '1' }), matching: num('Matching type', 0, 255, { placeholder: '1' }), hex: { label: 'Certificate association data (hex)', textarea: true } },
    data: (f) => `${f.usage} ${f.selector} ${f.matching} ${f.hex.replace(/\s+/g, '')}`.trim(),
    parse: (d) => { const [usage, selector, matching, hex] = words(d, 4); return { usage, selector, matching, hex }; },
  },
  DS: {
    fields: { keytag: num('Key tag', 0, 65535), algorithm: num('Algorithm', 0, 255, { placeholder: '13' }), digesttype: num('Digest type', 0, 255, { placeholder: '2' }), digest: { label: 'Digest (hex)', textarea: true } },
    data: (f) => `${f.keytag} ${f.algorithm} ${f.digesttype} ${f.digest.replace(/\s+/g, '')}`.trim(),
    parse: (d) => { const [keytag, algorithm, digesttype, digest] = words(d, 4); return { keytag, algorithm, digesttype, digest }; },
  },
};

/** Types records/add takes; TLSA and DS the specification allows only in a zone update. */
export const ADDABLE = ['A', 'AAAA', 'CNAME', 'MX', 'SRV', 'TXT', 'CAA', 'PTR', 'NS', 'HTTP_REDIRECT', 'HTTP_FRAME'];
export const UPDATE_ONLY = ['TLSA', 'DS'];

/**
 * A record form: name, type, TTL and the type's fields. With {@code record} it edits that record
 * (name and type fixed: an edit changes TTL and data). Field names match the service's messages
 * after {@code records[i].} is taken off: name, type, ttl, data.
 */
export function recordForm({ zone, record = null, submitLabel }) {
  const editing = !!record;
  const name = input('name', { placeholder: '@ or www', value: record ? record.name : '', disabled: editing });
  const type = select('type', [...ADDABLE, ...UPDATE_ONLY], { disabled: editing });
  type.value = record ? record.type : 'A';
  const ttl = input('ttl', { type: 'number', min: 60, max: 604800, inputmode: 'numeric', placeholder: `zone default (${zone.ttl})`, value: record && record.ttl !== null ? record.ttl : '' });
  const dataBox = h('fieldset', { class: 'data', 'data-field': 'data' });
  const form = h('form', { class: 'record-form', novalidate: true },
    h('div', { class: 'row' },
      field('Name', name, { name: 'name', hint: editing ? null : `Relative to ${zone.name}; @ is the zone itself.` }),
      field('Type', type, { name: 'type' }),
      field('TTL (seconds)', ttl, { name: 'ttl', hint: '60 to 604800; empty: the zone\'s TTL' })),
    dataBox,
    h('div', { class: 'form-error', role: 'alert', hidden: true }),
    h('button', { type: 'submit', class: 'primary' }, submitLabel || (editing ? 'Save record' : 'Add record')));
  let controls = {};

  function build(values) {
    const spec = TYPES[type.value];
    controls = {};
    const parts = Object.entries(spec.fields).map(([key, f]) => {
      let control;
      if (f.options) {
        control = select(key, f.options);
      } else if (f.textarea) {
        control = h('textarea', { name: key, rows: 3, spellcheck: 'false' });
      } else {
        control = input(key, f.attrs || {});
      }
      if (values && values[key] !== undefined && values[key] !== '') control.value = values[key];
      controls[key] = control;
      control.id = uid('d');
      const wrap = h('div', { class: 'field' }, h('label', { for: control.id }, f.label), control, f.hint ? h('p', { class: 'hint' }, f.hint) : null);
      return wrap;
    });
    const errorId = uid('e');
    for (const c of Object.values(controls)) c.setAttribute('aria-describedby', errorId);
    fill(dataBox, h('legend', null, `${type.value} data`), h('div', { class: 'row' }, parts),
      UPDATE_ONLY.includes(type.value) && !editing ? h('p', { class: 'hint' }, `${type.value} records are saved through a zone update, as the specification allows.`) : null,
      h('p', { class: 'field-error', id: errorId, hidden: true }));
  }
  type.addEventListener('change', () => build(null));
  build(record ? TYPES[record.type].parse(record.data) : null);

  /** The record the form describes, as the service takes it. */
  form.record = () => {
    const values = {};
    for (const [k, c] of Object.entries(controls)) values[k] = c.value.trim();
    const t = ttl.value.trim();
    return { name: name.value.trim() || '@', type: type.value, data: TYPES[type.value].data(values), ttl: t === '' ? null : (/^\d+$/.test(t) ? Number(t) : t) };
  };
  form.dataChanged = () => record && form.record().data !== record.data;
  return form;
}

/** "records[3].data" → "data" when 3 is the index the form's record was sent at. */
export function recordField(index) {
  return (f) => {
    const m = /^records\[(\d+)\]\.?(\w+)?$/.exec(f);
    if (!m) return f === 'records' ? null : f;
    return Number(m[1]) === index ? m[2] || null : null;
  };
}

export const displayName = (n) => (n === '' || n === '@' ? '@' : n);
