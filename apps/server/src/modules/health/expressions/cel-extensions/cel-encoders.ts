/**
 * Encoding functions of canary-checker's CEL: cel-go's encoders extension (`base64.encode`,
 * `base64.decode`), gomplate's `base64.Encode/Decode`, `urlencode`, `urldecode`, `crypto.SHA1…SHA512`,
 * and its data functions (`.toJSON()`, `toJSON(x)`, `.toJSONPretty(indent)`, `.JSON()`, `.JSONArray()`,
 * `toYAML(x)`, `YAML(text)`). Input and output text are capped at {@link MAX_TEXT}.
 */
import { createHash } from 'node:crypto';
import type { Environment } from '@marcbachmann/cel-js';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { CelFunctionError, capText, declareNamespace, toJsonData } from './cel-values.js';

function bytesOf(value: unknown): Buffer {
  if (value instanceof Uint8Array) return Buffer.from(value);
  if (typeof value === 'string') return Buffer.from(capText(value, 'encode'), 'utf8');
  throw new CelFunctionError(`expected bytes or a string, got ${typeof value}`);
}

function decodeBase64(text: string): Buffer {
  capText(text, 'base64.decode');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text.trim())) throw new CelFunctionError('base64.decode: illegal base64 data');
  return Buffer.from(text.trim(), text.includes('-') || text.includes('_') ? 'base64url' : 'base64');
}

/** A CEL value as compact JSON text (gomplate's toJSON), capped at {@link MAX_TEXT}. */
export function toJsonText(value: unknown, indent?: string): string {
  return capText(JSON.stringify(toJsonData(value), null, indent) ?? 'null', 'toJSON');
}

function parseJsonText(text: string, want: 'object' | 'array'): unknown {
  capText(text, 'JSON');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new CelFunctionError(`JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (want === 'array' && !Array.isArray(parsed)) throw new CelFunctionError('JSONArray: not a JSON array');
  if (want === 'object' && (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))) {
    throw new CelFunctionError('JSON: not a JSON object');
  }
  return parsed;
}

function registerBase64(env: Environment): void {
  const base64 = declareNamespace(env, 'base64');
  env
    .registerFunction(`${base64}.encode(bytes): string`, (_: unknown, b: Uint8Array) => bytesOf(b).toString('base64'))
    .registerFunction(`${base64}.encode(string): string`, (_: unknown, s: string) => bytesOf(s).toString('base64'))
    .registerFunction(`${base64}.decode(string): bytes`, (_: unknown, s: string) => new Uint8Array(decodeBase64(s)))
    .registerFunction(`${base64}.Encode(dyn): string`, (_: unknown, v: unknown) => bytesOf(v).toString('base64'))
    .registerFunction(`${base64}.Decode(string): string`, (_: unknown, s: string) => decodeBase64(s).toString('utf8'));
}

function registerCrypto(env: Environment): void {
  const crypto = declareNamespace(env, 'crypto');
  const algorithms: [string, string][] = [
    ['SHA1', 'sha1'],
    ['SHA224', 'sha224'],
    ['SHA256', 'sha256'],
    ['SHA384', 'sha384'],
    ['SHA512', 'sha512'],
    ['SHA512_224', 'sha512-224'],
    ['SHA512_256', 'sha512-256'],
  ];
  for (const [name, algorithm] of algorithms) {
    env.registerFunction(`${crypto}.${name}(dyn): string`, (_: unknown, v: unknown) =>
      createHash(algorithm).update(bytesOf(v)).digest('hex'),
    );
  }
}

function registerData(env: Environment): void {
  env
    .registerFunction('dyn.toJSON(): string', (v: unknown) => toJsonText(v))
    .registerFunction('toJSON(dyn): string', (v: unknown) => toJsonText(v))
    .registerFunction('dyn.toJSONPretty(string): string', (v: unknown, indent: string) =>
      toJsonText(v, indent.slice(0, 10)),
    )
    .registerFunction('toJSONPretty(string, dyn): string', (indent: string, v: unknown) =>
      toJsonText(v, indent.slice(0, 10)),
    )
    .registerFunction('string.JSON(): dyn', (s: string) => parseJsonText(s, 'object'))
    .registerFunction('string.JSONArray(): list', (s: string) => parseJsonText(s, 'array'))
    .registerFunction('JSON(string): dyn', (s: string) => parseJsonText(s, 'object'))
    .registerFunction('JSONArray(string): list', (s: string) => parseJsonText(s, 'array'))
    .registerFunction('toYAML(dyn): string', (v: unknown) => capText(stringifyYaml(toJsonData(v)), 'toYAML'))
    .registerFunction('YAML(string): dyn', (s: string) => {
      capText(s, 'YAML');
      return parseYaml(s, { maxAliasCount: 100 }) as unknown;
    })
    .registerFunction('urlencode(string): string', (s: string) =>
      capText(new URLSearchParams({ v: s }).toString().slice(2), 'urlencode'),
    )
    .registerFunction('urldecode(string): string', (s: string) => {
      try {
        return decodeURIComponent(s.replaceAll('+', ' '));
      } catch {
        throw new CelFunctionError('urldecode: invalid escape');
      }
    });
}

/** Registers the encoding and data functions. */
export function registerEncoderFunctions(env: Environment): void {
  registerBase64(env);
  registerCrypto(env);
  registerData(env);
}
