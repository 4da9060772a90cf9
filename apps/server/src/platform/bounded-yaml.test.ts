import { describe, expect, it } from 'vitest';
import { LineCounter, stringify } from 'yaml';
import { DocumentLimitError } from './bounded-json.js';
import {
  boundedToJs,
  MAX_YAML_BYTES,
  parseBoundedYaml,
  parseBoundedYamlDocument,
  parseBoundedYamlDocuments,
  yamlShape,
} from './bounded-yaml.js';

const laughs = [
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
  'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
  'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
  'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]',
].join('\n');

/** Texts that crashed the process (V8 fatal error in the lexer's regular expressions) or overflowed the stack. */
const hostile: Record<string, string> = {
  'unclosed flow sequences (2 KB, the crash of issue 11)': '['.repeat(2000),
  'unclosed flow maps': '{a:'.repeat(1000),
  'compact block sequences': `${'- '.repeat(1000)}x`,
  'indented block sequences': Array.from({ length: 200 }, (_, i) => `${' '.repeat(i)}- `).join('\n'),
  'explicit keys': '? '.repeat(1000),
  'flow nesting across lines': '[\n'.repeat(500),
};

describe('bounded YAML', () => {
  for (const [name, text] of Object.entries(hostile)) {
    it(`refuses ${name} before the parser runs, naming the depth limit`, () => {
      expect(() => parseBoundedYaml(text)).toThrow(DocumentLimitError);
      expect(() => parseBoundedYaml(text)).toThrow(/nested more than 64 levels deep; the limit is 64 levels/);
    });
  }

  it('measures real documents at their depth or one more, in every block and flow style (never less)', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16_807) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    const build = (depth: number): unknown => {
      if (depth <= 0) return random() < 0.5 ? 'x: [y]' : 42;
      if (random() < 0.5) return [build(depth - 1), build(depth - 1)];
      return { a: build(depth - 1), 'b c': build(depth - 1), text: 'multi\nline - [ {' };
    };
    const depthOf = (value: unknown): number =>
      typeof value === 'object' && value !== null ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0;
    const styles = [{}, { collectionStyle: 'flow' as const }, { indent: 4 }, { indentSeq: false }, { indent: 1 }];
    for (let i = 0; i < 150; i++) {
      const value = build(1 + Math.floor(random() * 12));
      for (const style of styles) {
        const measured = yamlShape(stringify(value, style)).depth;
        expect(measured - depthOf(value)).toBeGreaterThanOrEqual(0);
        expect(measured - depthOf(value)).toBeLessThanOrEqual(1);
      }
    }
    let alternating: unknown = 1;
    for (let i = 0; i < 100; i++) alternating = i % 2 ? { a: alternating } : [alternating];
    for (const style of styles)
      expect(() => parseBoundedYaml(stringify(alternating, style))).toThrow(/limit is 64 levels/);
  });

  it('refuses an alias bomb (billion laughs) while expanding it, and too many aliases before parsing', () => {
    expect(() => parseBoundedYaml(laughs)).toThrow(/expands its aliases too far \(limit 100\)/);
    const many = `a: &a 1\nb: [${Array.from({ length: 101 }, () => '*a').join(', ')}]`;
    expect(() => parseBoundedYaml(many)).toThrow(/has 101 aliases; the limit is 100/);
  });

  it('refuses text over the size limit and over-long lines', () => {
    expect(() => parseBoundedYaml(`a: "${'x'.repeat(MAX_YAML_BYTES)}"`)).toThrow(/the limit is 65536 bytes/);
    expect(() => parseBoundedYaml(`a: ${']'.repeat(20_000)}`)).toThrow(
      /a line of 20003 characters; the limit is 16384/,
    );
  });

  it('parses ordinary documents, brackets inside quotes and block scalars not counted', () => {
    const text = [
      'apiVersion: canaries.flanksource.com/v1',
      'kind: Canary',
      'metadata:',
      '  name: web',
      `  labels: {a: "${'['.repeat(100)}", b: '${'{'.repeat(100)}'}`,
      'spec:',
      '  http:',
      '    - name: home # a comment with [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[',
      '      url: https://example.com/[x]',
      '      script: |',
      ...Array.from({ length: 100 }, (_, i) => `        ${' '.repeat(i)}- ${'['.repeat(i)}`),
      '  interval: 30',
    ].join('\n');
    const value = parseBoundedYaml(text) as { spec: { interval: number; http: { url: string }[] } }; // the text above
    expect(value.spec.interval).toBe(30);
    expect(value.spec.http[0]?.url).toBe('https://example.com/[x]');
    expect(yamlShape(text).depth).toBeLessThan(10);
  });

  it('takes JSON text through the JSON parser (one long line is fine) and bounds its depth too', () => {
    const long = JSON.stringify({ items: Array.from({ length: 500 }, (_, i) => ({ i })) });
    expect(parseBoundedYaml(long)).toEqual({ items: Array.from({ length: 500 }, (_, i) => ({ i })) });
    expect(() => parseBoundedYaml(`${'['.repeat(100)}${']'.repeat(100)}`)).toThrow(/limit is 64 levels/);
  });

  it('keeps syntax errors with positions for the editor, and reads every document of a file', () => {
    const lineCounter = new LineCounter();
    const document = parseBoundedYamlDocument('a: [1, 2\nb: 3', { lineCounter, prettyErrors: true });
    expect(document.errors.length).toBeGreaterThan(0);
    expect(() => parseBoundedYaml('a: [1, 2\nb: 3')).toThrow(/not valid YAML or JSON/);
    const documents = parseBoundedYamlDocuments('a: 1\n---\nb: 2\n');
    expect(documents.map((d) => boundedToJs(d))).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('answers a hostile text of the largest allowed size within seconds, not minutes', () => {
    // CPU time, not wall time: a loaded machine stretches the latter without the parser doing more work
    const started = process.cpuUsage();
    for (const text of [
      ']\n'.repeat(MAX_YAML_BYTES / 2 - 1),
      `${'"'.repeat(16_000)}\n`.repeat(4),
      `${']'.repeat(16_000)}\n`.repeat(4),
    ]) {
      try {
        parseBoundedYaml(text);
      } catch {
        // a 400 either way; the point is the time it takes
      }
    }
    // a few seconds of CPU; the bound is far from the minutes it took
    const { user, system } = process.cpuUsage(started);
    expect((user + system) / 1000).toBeLessThan(30_000);
  });
});
