import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { staticImportsOf } from '../../test/area-imports';

/** features/notifications; the web project runs in jsdom, whose import.meta.url is not a file URL. */
const AREA = fileURLToPath(new URL('./', `file://${__filename}`));

/**
 * What /notifications must not load. Every module in routes/, components/ and api/ joins one chunk,
 * `area-notifications` (vite.config.ts), and that chunk's static imports load with every notifications
 * page: the rule editor's YAML parser, React Aria's date field and calendar (the maintenance form) and the
 * resource icons (the silences list) came with the send history (224 kB gzip beyond the entry, 136 kB
 * without them). Each is reached with `import()` only; the rule editor sits outside those folders
 * (docs/web.md 'Bundle rules').
 */
const LAZY_ONLY = [
  'yaml',
  '../rule-editor',
  '../../../components/ui/date-time-picker',
  '../../../components/resource-icon',
];

describe('the notifications chunk (issue 30)', () => {
  it('imports the rule editor, the YAML parser, the date picker and the resource icons only with import()', () => {
    const { count, found } = staticImportsOf(AREA, LAZY_ONLY);
    expect(count).toBeGreaterThan(15);
    expect(found).toEqual([]);
  });
});
