import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../check-types/registry.js';
import { guardFor, startHttpServer, type TestServer } from '../check-types/testing/targets.js';

let server: TestServer;
const egress = guardFor();

beforeAll(async () => {
  server = await startHttpServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.url === '/alerts') {
      res.end(
        JSON.stringify([
          { name: 'disk', message: 'full' },
          { name: 'cpu', message: 'hot' },
        ]),
      );
      return;
    }
    res.end(JSON.stringify({ base: 'USD', rates: { EUR: 0.92, GBP: 0.79 } }));
  });
});

afterAll(async () => {
  await server.close();
});

const http = (spec: Record<string, unknown>, path = '/latest') =>
  runCheck('http', { name: 'rates', url: `${server.url}${path}`, ...spec }, { egress, canary: { name: 'money' } });

describe('template and javascript expressions on a check run', () => {
  it('display.template renders the message from the response (canary-checker display-with-gotemplate)', async () => {
    const result = await http({
      display: { template: '$1 = €{{.json.rates.EUR}}, £{{ .json.rates.GBP }} ({{ .code }}, {{ .canary.name }})' },
    });
    expect(result).toMatchObject({ status: 'healthy', message: '$1 = €0.92, £0.79 (200, money)' });
  });

  it('display.javascript returns the last expression (canary-checker display-with-javascript)', async () => {
    const result = await http({
      display: {
        javascript: `
          currencyCodes = { "EUR": "€", "GBP": "£" }
          display = []
          for (var currency in json.rates) display.push(currency + " = " + currencyCodes[currency] + json.rates[currency])
          "$1 = " + display.join(", ")`,
      },
    });
    expect(result.message).toBe('$1 = EUR = €0.92, GBP = £0.79');
  });

  it('test.javascript and test.template pass or fail the check by their boolean text', async () => {
    expect((await http({ test: { javascript: 'code == 200 && json.rates.EUR < 1' } })).status).toBe('healthy');
    const failed = await http({ test: { javascript: 'json.rates.EUR > 1' } });
    expect(failed).toMatchObject({
      status: 'unhealthy',
      message: 'test expression returned false: json.rates.EUR > 1',
    });
    expect((await http({ test: { template: '{{ gt .json.rates.EUR 0.5 }}' } })).status).toBe('healthy');
    const notBool = await http({ test: { template: '{{ .json.base }}' } });
    expect(notBool.message).toBe('test expression must return true or false, got "USD": {{ .json.base }}');
  });

  it('transform.javascript turns a response into checks with underscore (alertmanager fixture shape)', async () => {
    const result = await http(
      {
        transform: {
          javascript:
            'JSON.stringify(_.map(json, function (a) { return { name: a.name, message: a.message, pass: false } }))',
        },
      },
      '/alerts',
    );
    expect(result.transformed).toEqual([
      { name: 'disk', message: 'full', pass: false },
      { name: 'cpu', message: 'hot', pass: false },
    ]);
    const inline = await http({ transform: { template: '{"message": "EUR {{ .json.rates.EUR }}", "pass": false}' } });
    expect(inline).toMatchObject({ status: 'unhealthy', message: 'EUR 0.92' });
  });

  it('fails the check, naming the problem, for a hostile or broken expression', async () => {
    const loop = await http({ display: { javascript: 'while (true) {}' } });
    expect(loop).toMatchObject({
      status: 'unhealthy',
      message: 'display.javascript: script stopped: ran longer than 1000 ms',
    });
    const unknown = await http({ display: { template: '{{ env.Getenv "HOME" }}' } });
    expect(unknown.message).toBe('display.template: template function env.Getenv is not supported');
    const huge = await http({ display: { template: '{{ range 100000000 }}x{{ end }}' } });
    expect(huge.message).toMatch(/^display.template: template stopped/);
    const jsonPath = await http({ test: { jsonPath: '$.rates.EUR' } });
    expect(jsonPath).toMatchObject({
      invalid: true,
      message: 'test.jsonPath is not supported by this server; write test.expr (CEL) instead',
    });
  }, 30_000);
});
