/**
 * The playbooks `GET /playbook/list` answers (000 §7): those whose selectors match the resource, or all
 * when none is named. Issue 25 found one such request holding the HTTP thread for 2.7 s; so at most
 * {@link PLAYBOOK_LIST_MAX} playbooks are considered (the first in list order, read without their spec),
 * their selector lists of the resource's kind are read in small pages, each selector is matched in
 * linear time (resource-selector.ts), the full rows are read last for the matching ids only, and the
 * loop hands the event loop back every few milliseconds (platform/event-loop-slice.ts).
 */
import { PLAYBOOK_LIST_MAX, PLAYBOOK_LIST_PAGE } from '@mc/contracts';
import { eventLoopSlicer } from '../../../platform/event-loop-slice.js';
import type { Executor } from '../../jobs/index.js';
import { type ListedPlaybookRow, listedPlaybooks, livePlaybookIds, playbookSelectors } from './playbook-runs.repo.js';
import { type SelectableResource, selectorKeyOf, selectorsApply } from './resource-selector.js';

/** The live playbooks that apply to `resource` (every one without it), in category and title order. */
export async function applicablePlaybooks(
  db: Executor,
  resource: SelectableResource | undefined,
): Promise<ListedPlaybookRow[]> {
  const pause = eventLoopSlicer();
  let ids = await livePlaybookIds(db, PLAYBOOK_LIST_MAX);
  if (resource) {
    const applicable = new Set<string>();
    for (const page of pages(ids)) {
      for (const row of await playbookSelectors(db, selectorKeyOf(resource.kind), page)) {
        if (selectorsApply(row.selectors, resource)) applicable.add(row.id);
        await pause();
      }
      await pause();
    }
    ids = ids.filter((id) => applicable.has(id));
  }
  const rows: ListedPlaybookRow[] = [];
  for (const page of pages(ids)) {
    rows.push(...(await listedPlaybooks(db, page)));
    await pause();
  }
  return rows;
}

function pages(ids: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let from = 0; from < ids.length; from += PLAYBOOK_LIST_PAGE)
    out.push(ids.slice(from, from + PLAYBOOK_LIST_PAGE));
  return out;
}
