import { describe, expect, it } from 'vitest';
import { GoTemplateError, goTemplateProblem, renderGoTemplate } from './index.js';

const render = (source: string, data: unknown = {}) => renderGoTemplate(source, data);

describe('Go template syntax', () => {
  it('prints fields, variables, literals and missing values as Go does', () => {
    const data = { json: { rates: { EUR: 0.92, GBP: 0.79 } }, code: 200, empty: null };
    expect(render('€{{.json.rates.EUR}}, £{{ .json.rates.GBP }} code={{.code}}', data)).toBe('€0.92, £0.79 code=200');
    expect(render('{{ .missing }}|{{ .empty }}|{{ .json.nope.deeper }}', data)).toBe('<no value>|<nil>|<no value>');
    expect(render('{{ "a\\tb" }} {{ `raw\\n` }} {{ 1.5 }} {{ true }} {{ 0x10 }}')).toBe('a\tb raw\\n 1.5 true 16');
    expect(render('{{ .list }} {{ .map }}', { list: [1, 'a'], map: { b: 2, a: [1] } })).toBe('[1 a] map[a:[1] b:2]');
  });

  it('trims whitespace at {{- and -}} and drops comments', () => {
    expect(render('a  {{- .x -}}  b', { x: 1 })).toBe('a1b');
    expect(render('a {{/* note */}} b {{- /* gone */ -}} c')).toBe('a  bc');
    expect(render('{{-3}}')).toBe('-3');
  });

  it('runs if / else if / else with Go truth', () => {
    const t = '{{ if eq .n 1 }}one{{ else if gt .n 5 }}big{{ else }}other{{ end }}';
    expect([1, 9, 3].map((n) => render(t, { n }))).toEqual(['one', 'big', 'other']);
    expect(render('{{ if .l }}y{{ else }}n{{ end }}{{ if .m }}y{{ else }}n{{ end }}', { l: [], m: {} })).toBe('nn');
    expect(render('{{ if and .a (not .b) }}ok{{ end }}{{ or .z "fallback" }}', { a: 1, b: 0 })).toBe('okfallback');
  });

  it('ranges over lists, maps (sorted keys) and integers, with variables, else, break and continue', () => {
    const rows = { rows: [{ n: 'a' }, { n: 'b' }, { n: 'c' }] };
    expect(render('{{ range $i, $r := .rows }}{{ $i }}={{ $r.n }};{{ end }}', rows)).toBe('0=a;1=b;2=c;');
    expect(render('{{ range .rows }}{{ if eq .n "b" }}{{ continue }}{{ end }}{{ .n }}{{ end }}', rows)).toBe('ac');
    expect(render('{{ range .rows }}{{ if eq .n "b" }}{{ break }}{{ end }}{{ .n }}{{ end }}', rows)).toBe('a');
    expect(render('{{ range $k, $v := .m }}{{ $k }}{{ $v }}{{ end }}', { m: { b: 2, a: 1 } })).toBe('a1b2');
    expect(render('{{ range 3 }}{{ . }}{{ end }}{{ range .none }}x{{ else }}empty{{ end }}')).toBe('012empty');
    expect(render('{{ range $r := .rows }}{{ $.title }}{{ $r.n }}{{ end }}', { ...rows, title: 'T' })).toBe('TaTbTc');
  });

  it('scopes with, declares and assigns variables, and runs define/template/block', () => {
    expect(render('{{ with .a }}{{ .b }}{{ else }}none{{ end }}', { a: { b: 'x' } })).toBe('x');
    expect(render('{{ with .a }}{{ .b }}{{ else with .c }}c={{ . }}{{ end }}', { c: 3 })).toBe('c=3');
    expect(render('{{ $x := 1 }}{{ if true }}{{ $x = 2 }}{{ end }}{{ $x }}')).toBe('2');
    expect(
      render('{{ define "row" }}<{{ .n }}>{{ end }}{{ range .r }}{{ template "row" . }}{{ end }}', { r: [{ n: 1 }] }),
    ).toBe('<1>');
    expect(render('{{ block "b" .v }}[{{ . }}]{{ end }}', { v: 'z' })).toBe('[z]');
  });

  it('has the Go builtins (slice is the gomplate list builder, as there): len, index, slice, printf, print, println, comparisons, html, urlquery', () => {
    const data = { s: '€uro', l: [1, 2, 3], m: { k: 'v' } };
    expect(render('{{ len .s }} {{ len .l }} {{ index .l 1 }} {{ index .m "k" }} {{ slice .l 1 }}', data)).toBe(
      '6 3 2 v [[1 2 3] 1]',
    );
    expect(render('{{ printf "%s=%d %.2f %5s|%-3d|%q %v %t" "a" 7 3.14159 "x" 4 "q" .l true }}', data)).toBe(
      'a=7 3.14 x|    x|4  |"q" [1 2 3] true'.replace('3.14 x|    x|', '3.14     x|'),
    );
    expect(render('{{ print 1 2 "a" "b" 3 }}|{{ println "x" 1 }}|{{ printf "%d" "s" }}')).toBe(
      '1 2ab3|x 1\n|%!d(string=s)',
    );
    expect(render('{{ lt 1 2 }} {{ le 2 2 }} {{ ge "b" "a" }} {{ ne 1 2 }} {{ eq 3 1 2 3 }}')).toBe(
      'true true true true true',
    );
    expect(render('{{ html "<a&b>" }} {{ urlquery "a b&c" }}')).toBe('&lt;a&amp;b&gt; a+b%26c');
  });

  it('pipes the previous result as the last argument and reads fields of a parenthesized result', () => {
    expect(render('{{ .s | printf "%s!" | printf "<%s>" }}', { s: 'hi' })).toBe('<hi!>');
    expect(render('{{ (index .l 0).name }}', { l: [{ name: 'first' }] })).toBe('first');
  });
});

describe('gomplate functions', () => {
  it('has the string, conversion, math and collection helpers fixtures use', () => {
    expect(render('{{ "a,b" | strings.Split "," | len }} {{ strings.ToUpper "x" }} {{ "Hi" | strings.ToLower }}')).toBe(
      '2 X hi',
    );
    expect(render('{{ if gt (conv.ToInt .failed) 0 }}fail{{ end }} {{ conv.ToString 5 }}', { failed: '2' })).toBe(
      'fail 5',
    );
    expect(
      render('{{ add 1 2 3 }} {{ math.Sub 5 2 }} {{ mul 2 3 }} {{ div 7 2 }} {{ math.Max 1 9 }} {{ seq 3 }}'),
    ).toBe('6 3 6 3.5 9 [1 2 3]');
    expect(
      render('{{ .x | default "d" }} {{ "v" | default "d" }} {{ join .l "-" }} {{ coll.Has .m "k" }}', {
        l: [1, 2],
        m: { k: 1 },
      }),
    ).toBe('d v 1-2 true');
    expect(render('{{ $d := dict "a" 1 "b" 2 }}{{ keys $d }} {{ values $d }} {{ (merge $d (dict "c" 3)).c }}')).toBe(
      '[a b] [1 2] 3',
    );
    expect(
      render(
        '{{ strings.ReplaceAll "a" "b" "aa" }} {{ strings.TrimPrefix "x" "xy" }} {{ "  p " | strings.TrimSpace }} {{ title "go tmpl" }}',
      ),
    ).toBe('bb y p Go Tmpl');
  });

  it('encodes and decodes data: toJSON, toYAML, json, base64', () => {
    expect(render('{{ toJSON .m }}', { m: { a: [1, 'x'] } })).toBe('{"a":[1,"x"]}');
    expect(render('{{ .m | data.ToYAML }}', { m: { a: 1 } })).toBe('a: 1\n');
    expect(render('{{ (json .s).a }} {{ (yaml "b: 2").b }}', { s: '{"a":5}' })).toBe('5 2');
    expect(render('{{ base64.Encode "hi" }} {{ "aGk=" | base64.Decode }}')).toBe('aGk= hi');
  });

  it('humanizes bytes and durations and parses Go durations', () => {
    expect(
      render('{{ humanizeBytes 1500 }} {{ .size | humanizeBytes }} {{ humanizeBytes 5 }}', { size: 2_000_000 }),
    ).toBe('1.5 kB 2.0 MB 5 B');
    expect(
      render('{{ time.ParseDuration "1h30m" }} {{ humanizeDuration 1500 }} {{ time.ParseDuration "250ms" }}'),
    ).toBe('1h30m0s 1.5s 250ms');
  });

  it('calls a context function and reads fields of its result (last_result.results.rows)', () => {
    const functions = { last_result: () => ({ results: { rows: [{ max: '2026-01-01' }] } }) };
    const out = renderGoTemplate(
      "{{- if last_result.results.rows }}'{{ (index last_result.results.rows 0).max }}'{{ else }}now(){{ end }}",
      {},
      { functions },
    );
    expect(out).toBe("'2026-01-01'");
  });
});

describe('refusals and hostile templates', () => {
  it('names an unknown function, before running any branch', () => {
    expect(() => render('{{ if false }}{{ env.Getenv "HOME" }}{{ end }}')).toThrow(
      'template function env.Getenv is not supported',
    );
    expect(goTemplateProblem('{{ file.Read "/etc/passwd" }}')).toBe('template function file.Read is not supported');
    expect(goTemplateProblem('{{ exec "ls" }} ')).toBe('template function exec is not supported');
    expect(goTemplateProblem('{{ jq ".a" . }}')).toBe('template function jq is not supported');
    expect(goTemplateProblem('{{ .a }}')).toBeNull();
  });

  it('reports syntax errors with the line', () => {
    expect(goTemplateProblem('a\n{{ if .x }}')).toMatch(/:2: unexpected EOF/);
    expect(goTemplateProblem('{{ end }}')).toMatch(/unexpected \{\{end\}\}/);
    expect(goTemplateProblem('{{ "open }}')).toMatch(/unterminated quoted string/);
    expect(goTemplateProblem('{{ .a ')).toMatch(/unclosed action/);
    expect(() => render('{{ .a.b }}', { a: 'text' })).toThrow(GoTemplateError);
    expect(() => render('{{ $nope }}')).toThrow('undefined variable: $nope');
  });

  it('refuses nesting past the bound instead of overflowing the stack', () => {
    const deep = `${'{{ if true }}'.repeat(1000)}x${'{{ end }}'.repeat(1000)}`;
    expect(goTemplateProblem(deep)).toMatch(/nesting deeper than 64 levels/);
    const parens = `{{ ${'('.repeat(5000)}1${')'.repeat(5000)} }}`;
    expect(goTemplateProblem(parens)).toMatch(/nesting deeper than 64 levels/);
  });

  it('stops huge ranges, output bombs and recursive templates within the limits', () => {
    const started = performance.now();
    expect(() => render('{{ range 1000000000 }}{{ end }}')).toThrow(/evaluation steps/);
    expect(() => render('{{ range seq 100000000 }}x{{ end }}')).toThrow(/evaluation steps/);
    expect(() => render('{{ range 100 }}{{ range 100 }}{{ range 1000 }}.{{ end }}{{ end }}{{ end }}')).toThrow(
      /evaluation steps|output longer/,
    );
    expect(() => render('{{ strings.Repeat 100000000 "x" }}')).toThrow(/longer than 1048576 characters/);
    expect(() => render('{{ define "r" }}{{ template "r" . }}{{ end }}{{ template "r" . }}')).toThrow(
      /nested deeper than 32/,
    );
    expect(() => renderGoTemplate('{{ range 200000 }}{{ . }}{{ end }}', {}, { limits: { timeoutMs: 1 } })).toThrow(
      /ran longer than 1 ms|evaluation steps/,
    );
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
