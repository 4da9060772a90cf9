import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ActionKit, createActionKit, type Recorded, startDouble } from './testing/action-test-kit.js';

/**
 * The ai action against named test doubles of the three LLM APIs — one local HTTP server answering as
 * OpenAI's `/v1/chat/completions`, Anthropic's `/v1/messages` and Ollama's `/api/chat` do — checking
 * the request each backend documents. The run's config item (its config, a recent change, an open
 * insight) goes into the prompt; the answer is the output; the API key never reaches the stored run,
 * even when the double echoes it in an error.
 */
const KEY = 'sk-ai-playbook-S3cret-key';
let kit: ActionKit;
let llm: Awaited<ReturnType<typeof startDouble>>;
let configId: string;

function llmReply(request: Recorded) {
  const body = JSON.parse(request.body || '{}') as { model?: string };
  if (body.model === 'refuse') {
    return { status: 401, json: { error: { message: `Incorrect API key provided: ${KEY}` } } };
  }
  if (body.model === 'slow') return 'hang' as const;
  if (request.path === '/v1/chat/completions') {
    return {
      status: 200,
      json: { id: 'c1', choices: [{ index: 0, message: { role: 'assistant', content: 'Restart the pod.' } }] },
    };
  }
  if (request.path === '/v1/messages') {
    return {
      status: 200,
      json: {
        id: 'm1',
        type: 'message',
        content: [
          { type: 'text', text: 'Scale it ' },
          { type: 'text', text: 'up.' },
        ],
      },
    };
  }
  if (request.path === '/api/chat') {
    return {
      status: 200,
      json: { model: body.model, message: { role: 'assistant', content: 'Roll back.' }, done: true },
    };
  }
  return { status: 404, json: { error: 'not found' } };
}

beforeAll(async () => {
  kit = await createActionKit();
  llm = await startDouble(llmReply);
  await kit.connection('openai', { url: `${llm.base}/v1`, password: KEY, properties: { model: 'gpt-4o' } }, 'oai');
  await kit.connection('anthropic', { url: llm.base, password: KEY, properties: { model: 'claude-sonnet' } }, 'claude');
  await kit.connection('ollama', { url: llm.base, password: KEY, properties: { model: 'llama3.1:8b' } }, 'local');
  const pool = kit.t.database.pool;
  configId = (
    await pool.query(
      `INSERT INTO config_items (config_class, type, name, status, health, config)
       VALUES ('Pod', 'Kubernetes::Pod', 'billing-7f9', 'CrashLoopBackOff', 'unhealthy', '{"spec":{"replicas":1}}') RETURNING id`,
    )
  ).rows[0].id;
  await pool.query(
    `INSERT INTO config_changes (config_id, change_type, severity, summary) VALUES ($1, 'Diff', 'info', 'image changed to billing:2.1')`,
    [configId],
  );
  await pool.query(
    `INSERT INTO config_analysis (config_id, analyzer, analysis_type, severity, summary) VALUES ($1, 'oom', 'availability', 'high', 'OOMKilled 5 times')`,
    [configId],
  );
});
afterAll(async () => {
  await llm.close();
  await kit.close();
});

const onPods = { configs: [{ type: 'Kubernetes::Pod' }] };

describe('ai action', () => {
  it('openai: sends the prompt with the config item’s context and keeps the answer', async () => {
    const id = await kit.playbook(
      [{ name: 'ask', ai: { connection: 'oai', prompt: 'Why is {{ .config.name }} failing?' } }],
      onPods,
    );
    const { run, actions, stored } = await kit.runToEnd(id, { config_id: configId });
    expect(run.status).toBe('completed');
    expect(actions[0]?.result).toMatchObject({ backend: 'openai', model: 'gpt-4o', answer: 'Restart the pod.' });
    const request = llm.received.at(-1);
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    const sent = JSON.parse(request?.body ?? '{}') as { model: string; messages: { role: string; content: string }[] };
    expect(sent.model).toBe('gpt-4o');
    expect(sent.messages.map((m) => m.role)).toEqual(['system', 'user']);
    const user = sent.messages[1]?.content ?? '';
    expect(user).toContain('Why is billing-7f9 failing?');
    expect(user).toContain('CrashLoopBackOff');
    expect(user).toContain('image changed to billing:2.1');
    expect(user).toContain('OOMKilled 5 times');
    expect(user).toContain('"replicas": 1');
    expect(stored).not.toContain(KEY);
  });

  it('anthropic: the messages API with the key header; text blocks joined', async () => {
    const id = await kit.playbook(
      [
        {
          name: 'ask',
          ai: { connection: 'connection://anthropic/claude', systemPrompt: 'Be brief.', prompt: 'What now?' },
        },
      ],
      onPods,
    );
    const { actions } = await kit.runToEnd(id, { config_id: configId });
    expect(actions[0]?.result).toMatchObject({ backend: 'anthropic', answer: 'Scale it up.' });
    const request = llm.received.at(-1);
    expect(request?.path).toBe('/v1/messages');
    expect(request?.headers['x-api-key']).toBe(KEY);
    expect(request?.headers['anthropic-version']).toBe('2023-06-01');
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({
      model: 'claude-sonnet',
      system: 'Be brief.',
      max_tokens: 4096,
    });
  });

  it('ollama: /api/chat without streaming; the model may be given by the action', async () => {
    const id = await kit.playbook([{ name: 'ask', ai: { connection: 'local', model: 'qwen2', prompt: 'Hi' } }]);
    const { actions } = await kit.runToEnd(id);
    expect(actions[0]?.result).toMatchObject({ backend: 'ollama', model: 'qwen2', answer: 'Roll back.' });
    expect(JSON.parse(llm.received.at(-1)?.body ?? '{}')).toMatchObject({ model: 'qwen2', stream: false });
  });

  it('dryRun keeps the prompt without calling the model', async () => {
    const before = llm.received.length;
    const id = await kit.playbook([{ name: 'ask', ai: { connection: 'oai', prompt: 'Check', dryRun: true } }], onPods);
    const { actions } = await kit.runToEnd(id, { config_id: configId });
    expect(llm.received.length).toBe(before);
    expect(actions[0]?.result).toMatchObject({ dryRun: true });
    expect(String(actions[0]?.result?.prompt)).toContain('OOMKilled 5 times');
  });

  it('a refusal fails with the API’s message, the echoed key scrubbed; a hang times out', async () => {
    const id = await kit.playbook([{ name: 'ask', ai: { connection: 'oai', model: 'refuse', prompt: 'x' } }]);
    const { run, actions, stored } = await kit.runToEnd(id);
    expect(run.status).toBe('failed');
    expect(actions[0]?.error).toBe('openai (oai) answered 401: Incorrect API key provided: ********');
    expect(stored).not.toContain(KEY);
    const slow = await kit.playbook([
      { name: 'ask', timeout: '500ms', ai: { connection: 'oai', model: 'slow', prompt: 'x' } },
    ]);
    expect((await kit.runToEnd(slow)).actions[0]?.status).toBe('timed_out');
  });
});
