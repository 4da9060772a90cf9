/**
 * The replay's report: one table per folder (fixture, intent, save, outcome, detail), the totals against
 * the target (100% of the reachable fixtures behave as upstream intends), and the reasons of the
 * "wrong" and "refused" outcomes grouped, so what is left to build can be read at a glance.
 */
import type { ReplayRow } from './replay-types.js';

/** A folder's rows. */
export interface FolderRows {
  source: 'canary-checker' | 'config-db';
  folder: string;
  rows: ReplayRow[];
}

function cell(text: string): string {
  const flat = text.replace(/\s+/g, ' ').replace(/\|/g, '\\|');
  return flat.length > 160 ? `${flat.slice(0, 157)}…` : flat;
}

function table(rows: ReplayRow[]): string[] {
  const lines = ['| fixture | intent | save | outcome | detail |', '|---|---|---|---|---|'];
  for (const row of rows) {
    lines.push(`| ${cell(row.fixture)} | ${row.intent} | ${cell(row.save)} | ${row.outcome} | ${cell(row.detail)} |`);
  }
  return lines;
}

function percent(part: number, whole: number): string {
  return whole === 0 ? 'n/a' : `${Math.round((part / whole) * 100)}%`;
}

/** Totals of a folder whose documents carry no upstream intent (not run by upstream's harness). */
function unjudged(label: string, rows: ReplayRow[]): string[] {
  const count = (outcome: string) => rows.filter((row) => row.outcome === outcome).length;
  const healthy = rows.filter((row) => row.outcome === 'ran' && /^(\d+)\/\1 healthy/.test(row.detail)).length;
  return [
    `${label}: ${rows.length} documents without an upstream intent: ${count('ran')} ran (${healthy} all healthy), ${count('accepted')} saved, ${count('refused-at-save')} refused at save (${count('refused-as-upstream')} more as upstream refuses them), ${count('out-of-reach')} out of reach`,
  ];
}

/** Totals of rows judged against an intent: reachable = as-intended + wrong + refused-at-save. */
export function totals(label: string, rows: ReplayRow[]): string[] {
  const judged = rows.filter((row) => row.intent !== 'none' && row.intent !== 'any');
  if (judged.length === 0) return unjudged(label, rows);
  const count = (outcome: string) => judged.filter((row) => row.outcome === outcome).length;
  const reachable = count('as-intended') + count('wrong') + count('refused-at-save');
  const away = judged.filter((row) => row.outcome === 'out-of-reach');
  const awayRefused = away.filter((row) => row.save.startsWith('refused')).length;
  const atRun = judged.filter((row) => row.outcome === 'wrong' && /not supported|not kept/.test(row.detail)).length;
  return [
    `${label} behaving as intended: ${count('as-intended')}/${reachable} (${percent(count('as-intended'), reachable)}) target 100% of reachable`,
    `  of ${judged.length} with an intent: ${count('wrong')} wrong (${atRun} of them a field refused only when run), ${count('refused-at-save')} refused at save, ${away.length} out of reach (${awayRefused} of them refused at save naming the field, ${away.length - awayRefused} accepted)`,
  ];
}

/** The "wrong" and refused reasons, grouped by their text with names and numbers blurred. */
export function groupedReasons(rows: ReplayRow[]): string[] {
  const groups = new Map<string, string[]>();
  for (const row of rows) {
    if (row.outcome !== 'wrong' && row.outcome !== 'refused-at-save') continue;
    const text =
      row.outcome === 'wrong'
        ? row.detail.replace(/^\d+\/\d+ healthy; /, '')
        : row.save.replace(/^refused \d+/, 'refused at save');
    const notKept = /(\w+) is not kept by this server/.exec(text)?.[0];
    const key = (notKept ? `scrape error: ${notKept}` : text)
      .replace(/^[\w-]+\/[^:]+: /, '')
      .replace(/\d+/g, 'N')
      .slice(0, 110);
    groups.set(key, [...(groups.get(key) ?? []), row.fixture]);
  }
  return [...groups.entries()]
    .sort((a, b) => b[1].length - a[1].length)
    .map(([key, fixtures]) => `- (${fixtures.length}) ${key} — ${fixtures.join(', ')}`);
}

/** The whole report as Markdown. */
export function renderReport(folders: FolderRows[], header: string[], notes: string[]): string {
  const lines = [...header, ''];
  for (const source of ['canary-checker', 'config-db'] as const) {
    const rows = folders.filter((f) => f.source === source).flatMap((f) => f.rows);
    lines.push(
      ...totals(
        source === 'canary-checker' ? 'canary fixtures' : 'config-db fixtures',
        rows.filter((row) => row.intent !== 'tree'),
      ),
    );
  }
  const trees = folders.flatMap((f) => f.rows).filter((row) => row.intent === 'tree');
  if (trees.length > 0) lines.push(...totals("topology fixtures whose tree canary-checker's tests assert", trees));
  const all = folders.flatMap((f) => f.rows);
  lines.push('', '## Why not as intended (grouped)', '', ...groupedReasons(all));
  for (const folder of folders) {
    lines.push('', `## ${folder.source}: ${folder.folder}`, '', ...table(folder.rows));
    lines.push('', ...totals(folder.folder, folder.rows));
  }
  if (notes.length > 0) lines.push('', '## Stand-in notes', '', ...notes.map((note) => `- ${note}`));
  return `${lines.join('\n')}\n`;
}
