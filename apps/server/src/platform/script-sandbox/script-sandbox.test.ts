import { describe, expect, it } from 'vitest';
import { runScript, ScriptError } from './index.js';

describe('script sandbox', () => {
  it('returns the last expression with the inputs as globals (canary-checker display javascript)', async () => {
    const code = `
      currencyCodes = { "EUR": "€", "GBP": "£" }
      display = []
      for (var currency in json.rates) display.push(currency + " = " + currencyCodes[currency] + json.rates[currency])
      "$1 = " + display.join(", ")`;
    const out = await runScript(code, { json: { rates: { EUR: 0.9, GBP: 0.8 } } });
    expect(out.text).toBe('$1 = EUR = €0.9, GBP = £0.8');
    expect((await runScript('code == 200', { code: 200 })).text).toBe('true');
    expect(await runScript('({ a: [1, 2] })', {})).toEqual({ value: { a: [1, 2] }, text: '[object Object]' });
  });

  it('offers underscore as _ (the transform fixtures use _.map)', async () => {
    const code = 'JSON.stringify(_.map(results, function (r) { return { name: r.name, pass: r.ok } }))';
    const out = await runScript(code, { results: [{ name: 'a', ok: true }] });
    expect(JSON.parse(out.text)).toEqual([{ name: 'a', pass: true }]);
  });

  it('has no host: no require, process, fetch, timers or file access', async () => {
    const probe = await runScript(
      '[typeof require, typeof process, typeof fetch, typeof setTimeout, typeof XMLHttpRequest, typeof std, typeof os].join()',
      {},
    );
    expect(probe.text).toBe('undefined,undefined,undefined,undefined,undefined,undefined,undefined');
    await expect(runScript('import("fs")', {})).resolves.toBeDefined();
    await expect(runScript('require("fs")', {})).rejects.toThrow('ReferenceError');
  });

  it('reports thrown and syntax errors', async () => {
    await expect(runScript('throw new Error("nope")', {})).rejects.toThrow('Error: nope');
    await expect(runScript('var = 1', {})).rejects.toThrow(/SyntaxError/);
  });

  it('stops an infinite loop at the deadline, off the event loop', async () => {
    await runScript('1', {});
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const started = performance.now();
    await expect(runScript('while (true) {}', {}, { timeoutMs: 300 })).rejects.toThrow(
      'script stopped: ran longer than 300 ms',
    );
    const elapsed = performance.now() - started;
    clearInterval(timer);
    expect(elapsed).toBeLessThan(3000);
    expect(ticks).toBeGreaterThan(10);
    await expect(runScript('ok', { ok: 'after' })).resolves.toMatchObject({ text: 'after' });
  });

  it('stops memory bombs and deep recursion, and the next run still works', async () => {
    await expect(runScript('var s = "x"; while (true) s = s + s', {})).rejects.toThrow(
      'script stopped: used more than 32 MiB',
    );
    await expect(runScript('function f() { return f() + 1 } f()', {})).rejects.toThrow(/script stopped: .*stack/);
    await expect(
      runScript('var a = []; while (true) a.push({ x: [1, 2, 3] })', {}, { memoryBytes: 8 * 1024 * 1024 }),
    ).rejects.toThrow(/script stopped/);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const native = 'var a = []; while (true) a.push(new Array(100000).fill(1))';
    await expect(runScript(native, {}, { timeoutMs: 200, memoryBytes: 8 * 1024 * 1024 })).rejects.toThrow(ScriptError);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(10);
    await expect(runScript('2 + 2', {})).resolves.toMatchObject({ text: '4' });
  }, 30_000);

  it("runs a fresh sandbox's first display script well within its budget (the engine is warmed before it is ready)", async () => {
    // A script that hits a limit makes the worker exit; the next run starts a new one (cold engine).
    await expect(runScript('while (true) {}', {}, { timeoutMs: 50 })).rejects.toThrow('script stopped');
    const code = `symbols = { "EUR": "€", "GBP": "£" }; out = []
      for (var c in json.rates) out.push(c + " = " + symbols[c] + json.rates[c]); out.join(", ")`;
    // Cold, the engine's load and first-use costs fell inside this run's deadlines (past 1 s at load 50).
    const out = await runScript(code, { json: { rates: { EUR: 0.9, GBP: 0.8 } } }, { timeoutMs: 250 });
    expect(out.text).toBe('EUR = €0.9, GBP = £0.8');
  });

  it('keeps runs apart: a global set by one run is gone in the next', async () => {
    await runScript('leaked = 1', {});
    expect((await runScript('typeof leaked', {})).text).toBe('undefined');
  });
});
