import { createHash } from 'node:crypto';
import type { PublicStatusPage } from '@mc/contracts';
import { escapeXml as e } from './render-html.js';

/** A stable entry id that names no internal record: a hash of the page and the incident's start and title. */
function entryId(slug: string, startedAt: string, title: string): string {
  return `urn:sha256:${createHash('sha256').update(`${slug}\n${startedAt}\n${title}`).digest('hex').slice(0, 32)}`;
}

/**
 * The page's Atom feed: one entry per public incident (newest first), its content the public updates.
 * Built from the public view only, every text escaped. `origin` is the server's own address.
 */
export function renderAtom(view: PublicStatusPage, slug: string, origin: string, query = ''): string {
  const pageUrl = `${origin}/status/${encodeURIComponent(slug)}${query}`;
  const feedUrl = `${origin}/status/${encodeURIComponent(slug)}/feed.atom${query}`;
  const entries = view.incidents.map((incident) => {
    const updated = incident.updates[0]?.at ?? incident.resolved_at ?? incident.started_at;
    const body = [
      `Status: ${incident.status}`,
      ...incident.updates.map((u) => `${u.at.slice(0, 16).replace('T', ' ')} UTC — ${u.text}`),
    ].join('\n');
    return `<entry><id>${entryId(slug, incident.started_at, incident.title)}</id><title>${e(incident.title)}</title><updated>${e(updated)}</updated><published>${e(incident.started_at)}</published><link href="${e(pageUrl)}"/><content type="text">${e(body)}</content></entry>`;
  });
  const updated = view.incidents[0]?.updates[0]?.at ?? view.incidents[0]?.started_at ?? view.generated_at;
  return `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><id>${e(feedUrl)}</id><title>${e(view.title)} status</title><updated>${e(updated)}</updated><link rel="self" href="${e(feedUrl)}"/><link href="${e(pageUrl)}"/><author><name>${e(view.title)}</name></author>${entries.join('')}</feed>`;
}
