import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** apps/web/src; the web project runs in jsdom, whose import.meta.url is not a file URL. */
const SOURCE = fileURLToPath(new URL('../', `file://${__filename}`));
const FEATURES = join(SOURCE, 'features');

/**
 * Shapes an api file may declare itself, each with why: none is an answer of the server. Requests, URL
 * parameters and what a hook builds for its screen are the web's own; the identity provider's flows and
 * the run log stream are read as they come. Anything else an api file reads is named by its contract
 * (`@mc/contracts`), so a changed answer fails the typecheck instead of drifting (issue 27 item 5).
 */
const OWN_SHAPES: Record<string, string> = {
  AgentPatch: 'request: the agent form’s body (the server validates it with agentPatchSchema)',
  AgentGenerateInput: 'request: the new-agent form’s body (validated with agentGenerateSchema)',
  TeamInput: 'request: the team form’s fields',
  IncidentWrite: 'request: an incident mutation’s path, method and body',
  DeclareIncident: 'request: the Declare dialog’s incident and first evidence text',
  Declared: 'hook result: the new incident’s id and why its evidence failed',
  ChangesRequest: 'URL parameters of a changes page',
  InsightsRequest: 'URL parameters of an insights page',
  ConfigListRequest: 'URL parameters of a catalog list page',
  RelatedParams: 'URL parameters of the Relationships tab',
  HistoryParams: 'URL parameters of a check’s history table',
  HistoryFilters: 'URL parameters of the send history',
  PlaybookRunFilters: 'URL parameters of the runs list',
  SloObject: 'request: the check or component whose SLOs a panel shows',
  SummaryWindow: 'request: the health summary’s start and end, made from the dashboard’s time range',
  SummaryChecks: 'reader: the health summary answer’s checks, read whole or progressively (each a CheckSummary)',
  ParsedResourceQuery:
    'request: a resource selector’s typed query (name=, type=, health=) turned into data-API filters',
  PlaybookResource: 'what a run is started on (kind and id), turned into a request field',
  PaletteScope: 'which kinds the signed-in person may search',
  PaletteMatch: 'hook result: a jump target built from contract rows of three reads',
  CatalogTypeSummary: 'hook result: toTypeSummary’s normalised CatalogSummaryRow',
  FlowState: 'hook state of a self-service flow',
  RunLogState: 'hook state of the live run log',
  RunLogLine: 'SSE event data of the run log stream, not a JSON answer: it has no response schema yet',
  Parsed: 'an SSE event as parseSse splits it',
  UiText: 'identity provider flows: selfServiceFlowSchema keeps node attributes open, the web names those it renders',
  UiNode: 'identity provider flows (see UiText)',
  Flow: 'identity provider flows (see UiText)',
  ProviderError: 'identity provider error bodies (see UiText)',
  OryAnswer: 'the identity provider call’s status and body, never thrown for 4xx',
};

/** The `.ts` files of a folder of apps/web/src (`dir`), tests left out; none when it does not exist. */
function sourcesIn(dir: string, keep: (name: string) => boolean = () => true): Array<{ path: string; text: string }> {
  let names: string[];
  try {
    names = readdirSync(join(SOURCE, dir));
  } catch {
    return []; // a feature without an api folder
  }
  return names
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && keep(name))
    .map((name) => ({ path: `${dir}/${name}`, text: readFileSync(join(SOURCE, dir, name), 'utf8') }));
}

/** The api files of every feature: `features/<area>/api/*.ts`, and a feature's own `*-api.ts`. */
function apiFiles(): Array<{ path: string; text: string }> {
  return readdirSync(FEATURES).flatMap((area) => [
    ...sourcesIn(`features/${area}/api`),
    ...sourcesIn(`features/${area}`, (name) => name.endsWith('-api.ts')),
  ]);
}

/** Names of the interfaces and object-literal types a file declares. */
function declaredShapes(text: string): string[] {
  const shapes = text.matchAll(/^\s*(?:export\s+)?(?:interface\s+(\w+)|type\s+(\w+)(?:<[^=]*>)?\s*=\s*\{)/gm);
  return [...shapes].map((match) => match[1] ?? match[2] ?? '');
}

/** The type arguments of the file's api client calls (`apiGet<…>(`, `apiRequest<…>(`, `apiRequestText<…>(`). */
function clientTypeArguments(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\bapi(?:Get|Request|RequestText)</g)) {
    let depth = 0;
    let end = match.index + match[0].length - 1;
    for (; end < text.length; end++) {
      if (text[end] === '<') depth++;
      else if (text[end] === '>' && text[end - 1] !== '=' && --depth === 0) break;
    }
    found.push(text.slice(match.index + match[0].length, end));
  }
  return found;
}

describe('web api files name answers by their contracts', () => {
  const files = apiFiles();

  it('finds the api files', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('declare no answer shape of their own (OWN_SHAPES lists the few shapes that are not answers)', () => {
    const own = files.flatMap(({ path, text }) =>
      declaredShapes(text)
        .filter((name) => !(name in OWN_SHAPES))
        .map((name) => `${path}: ${name}`),
    );
    expect(own).toEqual([]);
  });

  it('type no api call with an inline object shape (the shell’s calls in lib/api too)', () => {
    const inline = [...files, ...sourcesIn('lib/api')].flatMap(({ path, text }) =>
      clientTypeArguments(text)
        .filter((argument) => argument.includes('{'))
        .map((argument) => `${path}: <${argument}>`),
    );
    expect(inline).toEqual([]);
  });

  it('keeps OWN_SHAPES to shapes that still exist', () => {
    const declared = new Set(files.flatMap(({ text }) => declaredShapes(text)));
    expect(Object.keys(OWN_SHAPES).filter((name) => !declared.has(name))).toEqual([]);
  });
});
