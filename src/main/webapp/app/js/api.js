// The public API, called with the token kept in sessionStorage (never a URL, cookie or localStorage).

import { messageText } from './dom.js';

const KEY = 'hostingapi.panel.token';

export const session = {
  token: () => sessionStorage.getItem(KEY),
  signIn: (token) => sessionStorage.setItem(KEY, token),
  signOut: () => sessionStorage.removeItem(KEY),
};

export class ApiError extends Error {
  constructor(status, envelope, fallback) {
    const errors = (envelope && envelope.messages && envelope.messages.errors) || [];
    super(errors.length ? errors.map(messageText).join('; ') : fallback || `The service answered ${status}`);
    this.status = status;
    this.errors = errors;
    this.envelope = envelope;
    this.etag = null;
  }
}

/**
 * Calls {@code /api/v1/<path>}: {@code query} into the query string, {@code body} as JSON.
 * Answers the envelope (or the text when {@code text} is set). A 401 signs the customer out
 * with the service's message: the token expired, was deactivated or is outside its policy
 * ({@code signingIn}: the token being tried at sign-in, whose form shows the message itself).
 * {@code ifMatch}: the entity tag of the object as the panel shows it, sent as If-Match (a change
 * made by someone else meanwhile answers 412). The answer's ETag comes back as {@code etag}.
 */
export async function api(method, path, { query, body, text = false, signingIn = false, ifMatch = null } = {}) {
  let url = '/api/v1/' + path;
  if (query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.append(k, v);
    if ([...params].length) url += '?' + params;
  }
  const headers = { Accept: text ? 'text/dns, application/json' : 'application/json' };
  const token = session.token();
  if (token) headers.Authorization = 'Bearer ' + token;
  if (ifMatch) headers['If-Match'] = ifMatch;
  let payload;
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(url, { method, headers, body: payload, cache: 'no-store', credentials: 'omit', referrerPolicy: 'no-referrer' });
  } catch (e) {
    throw new ApiError(0, null, 'The service cannot be reached. Check your connection and retry.');
  }
  if (text && response.ok) return response.text();
  let envelope = null;
  try {
    envelope = await response.json();
  } catch {
    envelope = null;
  }
  if (response.status === 401 && token && !signingIn) {
    const error = new ApiError(401, envelope);
    session.signOut();
    window.dispatchEvent(new CustomEvent('panel:signed-out', { detail: error.message }));
    throw error;
  }
  if (!response.ok || !envelope || envelope.status !== 'success') {
    const retry = response.headers.get('Retry-After');
    const error = new ApiError(response.status, envelope, retry ? `Too many requests; retry in ${retry} s` : null);
    error.etag = response.headers.get('ETag');
    throw error;
  }
  envelope.etag = response.headers.get('ETag');
  return envelope;
}

export const zonePath = (zone) => encodeURIComponent(zone);
