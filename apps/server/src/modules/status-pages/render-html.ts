import { type PublicStatusPage, SERVICE_STATE_TEXT, type ServiceState } from '@mc/contracts';

/** Escapes text for HTML and XML, content and quoted attributes alike. */
export function escapeXml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const e = escapeXml;

/** Light and dark (prefers-color-scheme), readable on a phone, no script, no web font. */
const STYLE = `:root{color-scheme:light dark;--bg:#fff;--fg:#1f2328;--mute:#59636e;--line:#d1d9e0;--card:#f6f8fa;
--ok:#1a7f37;--deg:#9a6700;--part:#bc4c00;--maj:#cf222e;--none:#8c959f}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--mute:#9198a1;--line:#3d444d;--card:#151b23;
--ok:#3fb950;--deg:#d29922;--part:#db6d28;--maj:#f85149;--none:#656c76}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
main{max-width:860px;margin:0 auto;padding:24px 16px}header{display:flex;gap:12px;align-items:center}
header img{max-height:48px;max-width:160px}h1{font-size:1.6em;margin:0}h2{font-size:1.15em;margin:28px 0 8px}
h3{font-size:1em;margin:16px 0 6px;color:var(--mute)}p{margin:4px 0}.mute{color:var(--mute);font-size:.9em}
.banner{margin:20px 0;padding:14px 16px;border-radius:8px;color:#fff;font-weight:600}
.s-operational{--c:var(--ok)}.s-degraded{--c:var(--deg)}.s-partial_outage{--c:var(--part)}
.s-major_outage{--c:var(--maj)}.s-unknown{--c:var(--none)}.banner{background:var(--c)}
ul{list-style:none;margin:0;padding:0}li.svc{border:1px solid var(--line);border-radius:8px;padding:10px 12px;margin:6px 0;background:var(--card)}
.row{display:flex;justify-content:space-between;gap:8px;flex-wrap:wrap}.st{color:var(--c);font-weight:600}
.bar{display:flex;gap:1px;height:26px;margin:8px 0 2px}.bar i{flex:1;border-radius:2px;background:var(--none)}
.bar .a{background:var(--ok)}.bar .b{background:var(--deg)}.bar .c{background:var(--part)}.bar .d{background:var(--maj)}
.meta{display:flex;justify-content:space-between}article{border-left:3px solid var(--line);padding:2px 12px;margin:12px 0}
ol{margin:6px 0;padding-left:18px}time{color:var(--mute);font-size:.9em;margin-right:6px}
footer{margin:32px 0 8px;color:var(--mute);font-size:.9em}a{color:inherit}
@media (max-width:480px){.bar{height:20px}h1{font-size:1.3em}}`;

/** The class of a day's cell by its uptime. */
function dayClass(uptime: number | null): string {
  if (uptime === null) return 'n';
  if (uptime >= 99.9) return 'a';
  if (uptime >= 99) return 'b';
  if (uptime >= 95) return 'c';
  return 'd';
}

const percent = (value: number | null) => (value === null ? 'no data' : `${value}%`);
const stateText = (state: ServiceState) => SERVICE_STATE_TEXT[state];

function servicesHtml(view: PublicStatusPage): string {
  if (view.groups.length === 0) return '<p class=mute>No services are shown on this page.</p>';
  return view.groups
    .map((group) => {
      const items = group.services
        .map((s) => {
          const cells = s.days.map((d) => `<i class=${dayClass(d.uptime)} title="${d.date} ${percent(d.uptime)}"></i>`);
          return `<li class="svc s-${s.state}"><div class=row><span>${e(s.name)}</span><span class=st>${stateText(s.state)}</span></div><div class=bar>${cells.join('')}</div><div class="meta mute"><span>${s.days.length} days ago</span><span>${percent(s.uptime)} uptime</span><span>Today</span></div></li>`;
        })
        .join('');
      return `<h3>${e(group.name)}</h3><ul>${items}</ul>`;
    })
    .join('');
}

function incidentsHtml(view: PublicStatusPage): string {
  if (view.incidents.length === 0) return '<p class=mute>No incidents reported.</p>';
  return view.incidents
    .map((incident) => {
      const updates = incident.updates
        .map(
          (u) =>
            `<li><time datetime="${e(u.at)}">${e(u.at.slice(0, 16).replace('T', ' '))} UTC</time>${e(u.text)}</li>`,
        )
        .join('');
      const resolved = incident.resolved_at
        ? ` · resolved ${e(incident.resolved_at.slice(0, 16).replace('T', ' '))} UTC`
        : '';
      return `<article><strong>${e(incident.title)}</strong><p class=mute>${e(incident.status)} · started ${e(incident.started_at.slice(0, 16).replace('T', ' '))} UTC${resolved}</p>${updates ? `<ol>${updates}</ol>` : ''}</article>`;
    })
    .join('');
}

function maintenanceHtml(view: PublicStatusPage): string {
  if (view.maintenance.length === 0) return '<p class=mute>No maintenance scheduled.</p>';
  return view.maintenance
    .map(
      (w) =>
        `<article><strong>${e(w.title)}</strong><p class=mute>${w.ongoing ? 'In progress · ' : ''}${e(w.starts_at.slice(0, 16).replace('T', ' '))} – ${e(w.ends_at.slice(0, 16).replace('T', ' '))} UTC</p></article>`,
    )
    .join('');
}

/**
 * The page as a small server-rendered HTML document of its own (no console bundle, no script), from
 * the public view only; every text is escaped. `links` is the query the JSON and Atom links carry
 * (a token-protected page's `?token=`), already validated by the caller.
 */
export function renderPageHtml(view: PublicStatusPage, slug: string, links = ''): string {
  const logo = view.logo_url ? `<img src="${e(view.logo_url)}" alt="">` : '';
  const base = `/status/${e(slug)}`;
  const query = e(links);
  return `<!doctype html><html lang=en><head><meta charset=utf-8><meta name=viewport content="width=device-width,initial-scale=1"><meta name=color-scheme content="light dark"><title>${e(view.title)} status</title><link rel=alternate type=application/atom+xml href="${base}/feed.atom${query}"><style>${STYLE}</style></head><body><main><header>${logo}<div><h1>${e(view.title)}</h1>${view.description ? `<p class=mute>${e(view.description)}</p>` : ''}</div></header><div class="banner s-${view.state}">${view.state === 'operational' ? 'All systems operational' : stateText(view.state)}</div><h2>Maintenance</h2>${maintenanceHtml(view)}<h2>Services</h2>${servicesHtml(view)}<h2>Incidents</h2>${incidentsHtml(view)}<footer>Updated ${e(view.generated_at.slice(0, 19).replace('T', ' '))} UTC · <a href="${base}.json${query}">JSON</a> · <a href="${base}/feed.atom${query}">Atom feed</a></footer></main></body></html>`;
}
