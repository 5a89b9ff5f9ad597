// A zone's change status beside it: the stored serial against what each of its nameservers
// serves (GET dns/zones/status), asked again while any of them is behind: soon after a change,
// less often the longer it lasts, never once the page has left the zone.
import { api } from './api.js';
import { h, fill, plural } from './dom.js';

const ROLES = { primary: 'Primary', fleet: 'Secondary of the provider', secondary: 'Your secondary' };
const FIRST_WAIT = 2000;
const LONGEST_WAIT = 30000;
// A box not on the page after this many timer rounds belongs to a view that never showed.
const ROUNDS_UNSHOWN = 10;

/** The status box of {@code zoneName}: {element} to place, {changed()} to call after each change of the zone. */
export function changeStatus(zoneName) {
  const line = h('p', { id: 'status-sync', 'aria-live': 'polite' }, 'Asking the nameservers…');
  const servers = h('ul', { class: 'plain servers', id: 'status-servers' });
  const again = h('button', { type: 'button', class: 'small', id: 'status-check', onclick: () => changed() }, 'Check now');
  const box = h('section', { class: 'card change-status', id: 'change-status', 'aria-labelledby': 'change-status-heading' },
    h('h2', { id: 'change-status-heading' }, 'Change status'), line, servers, again);
  let latest = 0;
  let timer = null;
  let wait = FIRST_WAIT;
  let shown = false;
  let unshown = 0;

  async function check() {
    const mine = ++latest;
    clearTimeout(timer);
    timer = null;
    let status;
    try {
      status = (await api('GET', 'dns/zones/status', { query: { zone: zoneName } })).data.status;
    } catch (e) {
      if (mine !== latest) return;
      fill(line, h('span', { class: 'form-error' }, `The status could not be read: ${e.message}`));
      servers.replaceChildren();
      later();
      return;
    }
    if (mine !== latest) return; // a newer check is under way
    show(status);
    if (!status.in_sync) later();
  }

  function later() {
    timer = setTimeout(() => {
      shown = shown || box.isConnected;
      if (!box.isConnected && (shown || ++unshown > ROUNDS_UNSHOWN)) return; // the page left the zone
      check();
    }, wait);
    wait = Math.min(wait * 2, LONGEST_WAIT);
  }

  function show(status) {
    const behind = status.servers.filter((s) => !s.in_sync).length;
    box.dataset.inSync = String(status.in_sync);
    box.dataset.serial = status.serial;
    fill(line,
      h('strong', { id: 'status-serial' }, `Serial ${status.serial}`), ': ',
      status.in_sync
        ? h('span', { class: 'in-sync' }, `served by all ${plural(status.servers.length, 'nameserver')}.`)
        : h('span', { class: 'behind' }, `not yet served by ${behind} of ${plural(status.servers.length, 'nameserver')}; asked again in ${Math.round(wait / 1000)} s.`));
    fill(servers, status.servers.map((s) => h('li', { class: 'status-server', 'data-server': s.server, 'data-role': s.role, 'data-in-sync': String(s.in_sync) },
      h('span', { class: `badge ${s.in_sync ? 'on' : 'pending'}` }, s.in_sync ? 'in sync' : 'behind'),
      h('span', null, `${ROLES[s.role] || s.role} `, h('code', { class: 'server' }, s.server)),
      h('span', { class: 'muted served' }, s.serial === null ? `no serial: ${s.error}` : `serial ${s.serial}`),
      h('span', { class: 'muted' }, `checked ${s.checked_at} UTC`))));
  }

  /** After a change: the new serial is asked for at once, then soon again. */
  function changed() {
    wait = FIRST_WAIT;
    check();
  }

  check();
  return { element: box, changed };
}
