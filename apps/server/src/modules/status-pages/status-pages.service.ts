import {
  createStatusPageSchema,
  type PublicStatusPage,
  STATUS_PAGE_MAX_SERVICES,
  STATUS_PAGE_MESSAGES,
  type StatusPage,
  type StatusPageSaved,
  type StatusPageSelector,
  updateStatusPageSchema,
} from '@mc/contracts';
import type { Database } from '@mc/db';
import type { z } from 'zod';
import { type AuditContext, actorPersonId, auditedTransaction } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import { randomToken, sha256 } from '../../platform/tokens.js';
import { buildPage } from './page-builder.service.js';
import { selectChecks, selectComponents, selectsNothing } from './page-content.repo.js';
import type { PublicPagesService } from './public-pages.service.js';
import { publicView } from './public-view.js';
import {
  deletePage,
  findPage,
  insertPage,
  listPages,
  type StatusPageRow,
  type StatusPageWrite,
  slugTaken,
  updatePage,
} from './status-pages.repo.js';

/** The prefix of a page's read token, so a leaked one is recognisable. */
const READ_TOKEN_PREFIX = 'mcsp_';
const EMPTY: StatusPageSelector = { names: [], types: [], labels: {} };

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const first = issues[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Bad request';
  throw new AppError('bad_request', message, { issues });
}

const selectorOf = (stored: Partial<StatusPageSelector>): StatusPageSelector => ({ ...EMPTY, ...stored });

/** A row as the console sees it: never its token hash. */
export function pageOut(row: StatusPageRow): StatusPage {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    logo_url: row.logo_url,
    visibility: row.visibility,
    components: selectorOf(row.component_selector),
    checks: selectorOf(row.check_selector),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** Refuses a page that selects nothing, or more services than a page shows. */
async function checkSelection(database: Database, values: StatusPageWrite): Promise<void> {
  if (selectsNothing(values.component_selector) && selectsNothing(values.check_selector))
    throw new AppError('bad_request', STATUS_PAGE_MESSAGES.emptySelection);
  const [components, checks] = await Promise.all([
    selectComponents(database.db, values.component_selector, STATUS_PAGE_MAX_SERVICES + 1),
    selectChecks(database.db, values.check_selector, STATUS_PAGE_MAX_SERVICES + 1),
  ]);
  if (components.length + checks.length > STATUS_PAGE_MAX_SERVICES)
    throw new AppError('bad_request', STATUS_PAGE_MESSAGES.tooMany);
}

/** The editor API's rules: validation, unique slugs, read tokens shown once, audited writes, cache refresh. */
export function statusPagesService(database: Database, pages: PublicPagesService) {
  return {
    async list(query: { limit?: string; offset?: string }): Promise<{ data: StatusPage[]; total: number }> {
      const limit = Math.min(Math.max(Number.parseInt(query.limit ?? '50', 10) || 50, 1), 200);
      const offset = Math.max(Number.parseInt(query.offset ?? '0', 10) || 0, 0);
      const { rows, total } = await listPages(database.db, limit, offset);
      return { data: rows.map(pageOut), total };
    },
    async get(id: string): Promise<StatusPage> {
      const row = await findPage(database.db, id);
      if (!row) throw new AppError('not_found', STATUS_PAGE_MESSAGES.notFound);
      return pageOut(row);
    },
    async create(body: unknown, audit: AuditContext): Promise<StatusPageSaved> {
      const input = parse(createStatusPageSchema, body);
      const token = input.visibility === 'token' ? randomToken(READ_TOKEN_PREFIX) : undefined;
      const values: StatusPageWrite = {
        slug: input.slug,
        title: input.title,
        description: input.description,
        logo_url: input.logo_url,
        visibility: input.visibility,
        token_hash: token ? sha256(token) : null,
        component_selector: input.components,
        check_selector: input.checks,
      };
      await checkSelection(database, values);
      const row = await auditedTransaction(database, audit, async (tx) => {
        if (await slugTaken(tx.db, values.slug, null)) throw new AppError('conflict', STATUS_PAGE_MESSAGES.slugTaken);
        const created = await insertPage(tx.db, values, actorPersonId(audit));
        return {
          value: created,
          audit: { action: 'create', target: 'status_pages', ids: [created.id], after: created },
        };
      });
      pages.invalidate(row.slug);
      return { ...pageOut(row), ...(token ? { token } : {}) };
    },
    async update(id: string, body: unknown, audit: AuditContext): Promise<StatusPageSaved> {
      const input = parse(updateStatusPageSchema, body);
      let token: string | undefined;
      const { before, after } = await auditedTransaction(database, audit, async (tx) => {
        const row = await findPage(tx.db, id);
        if (!row) throw new AppError('not_found', STATUS_PAGE_MESSAGES.notFound);
        const visibility = input.visibility ?? row.visibility;
        if (visibility === 'token' && (input.rotate_token || !row.token_hash)) token = randomToken(READ_TOKEN_PREFIX);
        const values: StatusPageWrite = {
          slug: input.slug ?? row.slug,
          title: input.title ?? row.title,
          description: input.description ?? row.description,
          logo_url: input.logo_url === undefined ? row.logo_url : input.logo_url,
          visibility,
          token_hash: visibility === 'public' ? null : token ? sha256(token) : row.token_hash,
          component_selector: input.components ?? selectorOf(row.component_selector),
          check_selector: input.checks ?? selectorOf(row.check_selector),
        };
        if (values.slug !== row.slug && (await slugTaken(tx.db, values.slug, id)))
          throw new AppError('conflict', STATUS_PAGE_MESSAGES.slugTaken);
        await checkSelection(tx, values);
        const updated = await updatePage(tx.db, id, values);
        return {
          value: { before: row, after: updated },
          audit: { action: 'update', target: 'status_pages', ids: [id], before: row, after: updated },
        };
      });
      pages.invalidate(before.slug);
      pages.invalidate(after.slug);
      return { ...pageOut(after), ...(token ? { token } : {}) };
    },
    async remove(id: string, audit: AuditContext): Promise<void> {
      const row = await auditedTransaction(database, audit, async (tx) => {
        const found = await findPage(tx.db, id);
        if (!found || !(await deletePage(tx.db, id))) throw new AppError('not_found', STATUS_PAGE_MESSAGES.notFound);
        return { value: found, audit: { action: 'delete', target: 'status_pages', ids: [id], before: found } };
      });
      pages.invalidate(row.slug);
    },
    /** What the page would show readers, from an unsaved body: the editor's preview. */
    async preview(body: unknown): Promise<PublicStatusPage> {
      const input = parse(createStatusPageSchema, body);
      const now = new Date();
      const row: StatusPageRow = {
        id: '00000000-0000-0000-0000-000000000000',
        slug: input.slug,
        title: input.title,
        description: input.description,
        logo_url: input.logo_url,
        visibility: input.visibility,
        token_hash: null,
        component_selector: input.components,
        check_selector: input.checks,
        created_at: now,
        updated_at: now,
      };
      return publicView(await buildPage(database, row, now));
    },
  };
}

/** The editor service. */
export type StatusPagesService = ReturnType<typeof statusPagesService>;
