/**
 * The ai action: a prompt, with the run's resource as context (ai-context.repo.ts: its config, recent
 * changes, open insights, check results — whatever exists), sent to the model of a stored openai
 * (or any OpenAI-compatible endpoint: the connection's URL), anthropic or ollama connection through the
 * egress guard. The model's answer is the action's output. `dryRun` stores the prompt without calling
 * the model. The API key never leaves the request headers: answers and errors are scrubbed of it.
 */
import { z } from 'zod';
import { durationMs } from '../runs/duration.js';
import { actionConnection, CONNECTION_REF_MAX } from './action-connection.js';
import { type ActionContext, defineAction } from './action-kind.js';
import { aiResourceContext } from './ai-context.repo.js';
import { apiFailure, callApi } from './api-call.js';

/** The most context (JSON) put into a prompt. */
export const AI_MAX_CONTEXT_CHARS = 64 * 1024;
/** The answer's token budget asked of the model. */
const AI_MAX_TOKENS = 4096;
const DEFAULT_SYSTEM_PROMPT =
  'You are an SRE assistant in Mission Control. Answer from the context given; say when it is not enough.';
const DEFAULT_CHANGES_SINCE = '168h';

const since = z.object({ since: z.string().regex(/^(\d+(ms|s|m|h))+$/, 'must be a duration such as 24h') });

const schema = z.object({
  connection: z.string().min(1, 'is required').max(CONNECTION_REF_MAX),
  model: z.string().max(256).optional(),
  systemPrompt: z
    .string()
    .max(16 * 1024)
    .optional(),
  prompt: z
    .string()
    .min(1, 'is required')
    .max(32 * 1024),
  config: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a config item id')
    .optional(),
  changes: since.optional(),
  dryRun: z.boolean().optional(),
});

const bearer = (key: string | null): Record<string, string> => (key ? { authorization: `Bearer ${key}` } : {});

/** One backend: where its chat endpoint is, what it wants and where the answer sits. */
interface Backend {
  base: string;
  request(
    model: string,
    system: string,
    user: string,
    key: string | null,
  ): {
    path: string;
    headers: Record<string, string>;
    json: unknown;
  };
  answer(json: unknown): string | undefined;
}

const BACKENDS: Record<string, Backend> = {
  openai: {
    base: 'https://api.openai.com/v1',
    request: (model, system, user, key) => ({
      path: '/chat/completions',
      headers: bearer(key),
      json: {
        model,
        max_tokens: AI_MAX_TOKENS,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user },
        ],
      },
    }),
    answer: (json) => (json as { choices?: { message?: { content?: string } }[] })?.choices?.[0]?.message?.content,
  },
  anthropic: {
    base: 'https://api.anthropic.com',
    request: (model, system, user, key) => ({
      path: '/v1/messages',
      headers: { 'x-api-key': key ?? '', 'anthropic-version': '2023-06-01' },
      json: { model, max_tokens: AI_MAX_TOKENS, system, messages: [{ role: 'user', content: user }] },
    }),
    answer: (json) => {
      const blocks = (json as { content?: { type?: string; text?: string }[] })?.content;
      if (!Array.isArray(blocks)) return undefined;
      return blocks
        .filter((block) => block.type === 'text' && typeof block.text === 'string')
        .map((block) => block.text)
        .join('');
    },
  },
  ollama: {
    base: '',
    request: (model, system, user, key) => ({
      path: '/api/chat',
      headers: bearer(key),
      json: {
        model,
        stream: false,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user },
        ],
      },
    }),
    answer: (json) => (json as { message?: { content?: string } })?.message?.content,
  },
};

async function userText(fields: z.output<typeof schema>, ctx: ActionContext): Promise<string> {
  const context = await aiResourceContext(ctx.database, ctx.run.resource, {
    configId: fields.config,
    changesSinceMs: durationMs(fields.changes?.since ?? DEFAULT_CHANGES_SINCE) ?? 0,
  });
  if (Object.keys(context).length === 0) return fields.prompt;
  let json = JSON.stringify(context, null, 1);
  if (json.length > AI_MAX_CONTEXT_CHARS) json = `${json.slice(0, AI_MAX_CONTEXT_CHARS)}… (truncated)`;
  return `${fields.prompt}\n\nContext (JSON):\n${json}`;
}

/** The ai action type. */
export const aiAction = defineAction({
  type: 'ai',
  schema,
  async run(fields, ctx) {
    const connection = await actionConnection(ctx, fields.connection, ['openai', 'anthropic', 'ollama']);
    const backend = BACKENDS[connection.type];
    if (!backend) throw new Error(`connection type ${connection.type} is not an LLM backend`);
    const model = fields.model || String(connection.properties.model ?? '');
    if (!model) throw new Error(`model is required (connection ${connection.name} names none)`);
    const base = (connection.url || backend.base).replace(/\/+$/, '');
    if (!base) throw new Error(`connection ${connection.name} has no URL`);
    const system = fields.systemPrompt ?? DEFAULT_SYSTEM_PROMPT;
    const user = await userText(fields, ctx);
    if (fields.dryRun) return { backend: connection.type, model, dryRun: true, systemPrompt: system, prompt: user };
    const request = backend.request(model, system, user, connection.password);
    ctx.log?.(`asking ${connection.type} model ${model} (${user.length} characters of prompt)`);
    const label = `${connection.type} (${connection.name})`;
    const answer = await callApi(ctx, {
      url: `${base}${request.path}`,
      method: 'POST',
      label,
      headers: request.headers,
      json: request.json,
      secrets: [connection.password],
      insecureSkipVerify: connection.insecure_tls === true,
    });
    if (answer.status < 200 || answer.status >= 300) throw apiFailure(label, answer);
    const text = backend.answer(answer.json);
    if (typeof text !== 'string') throw new Error(`${label} answered without a message`);
    return { backend: connection.type, model, answer: text, prompt_chars: user.length };
  },
});
