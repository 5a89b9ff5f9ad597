// DOM helpers. Everything a customer stored reaches the page through text nodes or attribute
// values set here, never parsed as markup.

/** An element: attributes (on* are listeners, booleans toggle, value/checked are properties), then children as nodes or text. */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  let value;
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.className = v;
    else if (k === 'value') value = v;
    else if (k === 'checked' || k === 'selected') el[k] = !!v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  add(el, children);
  if (value !== undefined) el.value = value;
  return el;
}

function add(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/** Replaces the element's children: nodes, text, arrays of them; null and false leave nothing (DOM's own would write "null"). */
export function fill(el, ...children) {
  el.replaceChildren();
  add(el, children);
  return el;
}

/** "1 record", "2 records" ({@code many}: the plural where adding an s is wrong). */
export const plural = (n, one, many = one + 's') => `${n} ${n === 1 ? one : many}`;

/**
 * A message of the service in words, as a sentence of its own: without the technical prefix that
 * names its field on the wire ("records[0].ttl: ", "file: "), the rest capitalised.
 */
export function messageText(m) {
  const text = m.message || '';
  if (!m.field || !text.startsWith(m.field + ': ')) return text;
  return text.charAt(m.field.length + 2).toUpperCase() + text.slice(m.field.length + 3);
}

/** A field the service names ("records[2].data", "valid_until"), in plain words ("Record 3, data", "valid until"). */
export function fieldLabel(name) {
  const record = /^records\[(\d+)\](?:\.(\w+))?$/.exec(name);
  if (record) return `Record ${Number(record[1]) + 1}${record[2] ? ', ' + record[2] : ''}`;
  const words = name.replace(/\[(\d+)\]/g, (_, i) => ` ${Number(i) + 1}`).replace(/[_.]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

let ids = 0;
export const uid = (prefix) => `${prefix || 'f'}-${++ids}`;

/**
 * A labelled field: label, control, optional hint, and the place for the service's error about it.
 * {@code name} is the parameter the service names in its messages ("hostmaster", "records[0].data" as "data").
 */
export function field(label, control, { hint, name } = {}) {
  if (!control.id) control.id = uid('f');
  const errorId = control.id + '-error';
  const describedBy = [errorId];
  let hintEl = null;
  if (hint) {
    hintEl = h('p', { class: 'hint', id: control.id + '-hint' }, hint);
    describedBy.unshift(hintEl.id);
  }
  control.setAttribute('aria-describedby', describedBy.join(' '));
  return h('div', { class: 'field', 'data-field': name || control.name || '' },
    h('label', { for: control.id }, label), control, hintEl,
    h('p', { class: 'field-error', id: errorId, hidden: true }));
}

export function input(name, attrs = {}) {
  return h('input', { name, type: 'text', autocomplete: 'off', spellcheck: 'false', ...attrs });
}

export function select(name, options, attrs = {}) {
  return h('select', { name, ...attrs },
    options.map((o) => (typeof o === 'string' ? h('option', { value: o }, o) : h('option', { value: o.value }, o.label))));
}

/** The box for errors that concern no one field of the form, and for the form's outcome. */
export function formError() {
  return h('div', { class: 'form-error', role: 'alert', hidden: true });
}

export function clearErrors(form) {
  for (const p of form.querySelectorAll('.field-error, .form-error')) {
    p.replaceChildren();
    p.hidden = true;
  }
  for (const c of form.querySelectorAll('[aria-invalid]')) c.removeAttribute('aria-invalid');
}

/**
 * Shows the service's errors beside their fields: {@code mapField} turns the service's field name
 * into the form's (null: the form's own box). Errors of no known field go to the form's box.
 */
export function showErrors(form, error, mapField = (f) => f) {
  clearErrors(form);
  const messages = error.errors && error.errors.length ? error.errors : [{ message: error.message }];
  const general = form.querySelector('.form-error');
  let firstInvalid = null;
  for (const m of messages) {
    const name = m.field ? mapField(m.field) : null;
    const wrap = name ? form.querySelector(`[data-field="${CSS.escape(name)}"]`) : null;
    if (wrap) {
      const p = wrap.querySelector('.field-error');
      // The service's text may start with the field's wire name ("records[0].data: must be ..."): beside the field it goes without.
      p.append(h('span', null, m.field && m.message.startsWith(m.field + ': ') ? m.message.slice(m.field.length + 2) : m.message));
      p.hidden = false;
      const control = wrap.querySelector('input, select, textarea');
      if (control) {
        control.setAttribute('aria-invalid', 'true');
        firstInvalid = firstInvalid || control;
      }
    } else if (general) {
      general.append(h('p', null, m.field ? `${fieldLabel(m.field)}: ${messageText(m)}` : messageText(m)));
      general.hidden = false;
    }
  }
  if (firstInvalid) firstInvalid.focus();
}

/** A modal question; resolves to {ok, checked} (checked: the optional checkbox). Escape cancels. */
export function confirmDialog({ title, body = [], confirm = 'OK', danger = false, checkbox = null }) {
  return new Promise((resolve) => {
    const box = checkbox ? h('input', { type: 'checkbox', id: uid('c') }) : null;
    const ok = h('button', { type: 'submit', class: danger ? 'danger' : 'primary', value: 'ok' }, confirm);
    const titleId = uid('t');
    const dialog = h('dialog', { class: 'dialog', 'aria-labelledby': titleId },
      h('form', { method: 'dialog' },
        h('h2', { id: titleId }, title),
        body.map((p) => (p instanceof Node ? p : h('p', null, p))),
        box ? h('div', { class: 'check' }, box, h('label', { for: box.id }, checkbox.label)) : null,
        checkbox && checkbox.hint ? h('p', { class: 'hint' }, checkbox.hint) : null,
        h('div', { class: 'actions' },
          h('button', { type: 'submit', value: 'cancel' }, 'Cancel'), ok)));
    document.body.append(dialog);
    dialog.addEventListener('close', () => {
      resolve({ ok: dialog.returnValue === 'ok', checked: box ? box.checked : false });
      dialog.remove();
    });
    dialog.showModal();
    ok.focus();
  });
}

/** A modal holding {@code content}; returns {dialog, close}. */
export function modal(title, content) {
  const titleId = uid('t');
  const dialog = h('dialog', { class: 'dialog wide', 'aria-labelledby': titleId }, h('h2', { id: titleId }, title), content);
  document.body.append(dialog);
  dialog.addEventListener('close', () => dialog.remove());
  dialog.showModal();
  return { dialog, close: () => dialog.close() };
}

let statusTimer;
/** Tells the outcome of an action in the page's live region. */
export function notify(text, kind = 'success') {
  const status = document.getElementById('status');
  fill(status, h('p', { class: `note ${kind}` }, text));
  clearTimeout(statusTimer);
  statusTimer = setTimeout(() => status.replaceChildren(), 8000);
}

/** The warnings of a successful answer, as one sentence each. */
export function warnings(envelope) {
  return ((envelope.messages && envelope.messages.warnings) || []).map(messageText);
}

/** Success message plus warnings, notified. */
export function reportSuccess(envelope, fallback) {
  const success = (envelope.messages && envelope.messages.success && envelope.messages.success[0]) || null;
  const warn = warnings(envelope);
  notify([success ? messageText(success) : fallback, ...warn].join(' · '), warn.length ? 'warning' : 'success');
}

/** A button that copies {@code text()} to the clipboard (a fallback through a selected field where the Clipboard API is missing). */
export function copyButton(text, label = 'Copy') {
  const button = h('button', { type: 'button', class: 'small' }, label);
  button.addEventListener('click', async () => {
    const value = text();
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      const area = h('textarea', { class: 'offscreen', readonly: true }, value);
      document.body.append(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    notify('Copied to the clipboard');
  });
  return button;
}

export function debounce(fn, ms) {
  let t;
  return (...args) => {
    clearTimeout(t);
    t = setTimeout(() => fn(...args), ms);
  };
}

export function pager(total, offset, limit, go) {
  if (total === 0) return null;
  if (total <= limit) return h('p', { class: 'pager' }, `${total} shown`);
  const last = Math.min(total, offset + limit);
  return h('nav', { class: 'pager', 'aria-label': 'Pages' },
    h('button', { type: 'button', disabled: offset === 0, onclick: () => go(Math.max(0, offset - limit)) }, '‹ Previous'),
    h('span', null, `${offset + 1}–${last} of ${total}`),
    h('button', { type: 'button', disabled: last >= total, onclick: () => go(offset + limit) }, 'Next ›'));
}

export function reportError(e) {
  notify(e.message, 'error');
}
