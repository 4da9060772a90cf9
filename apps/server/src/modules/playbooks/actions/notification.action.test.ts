import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp } from '../../notifications/testing/notifications-test-kit.js';
import { type ActionKit, createActionKit, startDouble } from './testing/action-test-kit.js';

/**
 * The notification action through the notifications module's channels: email against a local SMTP
 * listener (smtp-server in this process) and a generic webhook against a local HTTP server. A refused
 * message, a hanging provider and a connection that cannot notify fail the action clearly; the SMTP
 * password never reaches the stored run.
 */
const PASSWORD = 'Smtp-n0tify-s3cret';
let kit: ActionKit;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let hook: Awaited<ReturnType<typeof startDouble>>;

beforeAll(async () => {
  kit = await createActionKit();
  smtp = await startSmtp();
  hook = await startDouble(() => ({ status: 200, json: { ok: true } }));
  await kit.connection(
    'email',
    {
      username: 'alerts@example.com',
      password: PASSWORD,
      properties: {
        host: '127.0.0.1',
        port: smtp.port,
        fromAddress: 'alerts@example.com',
        encryptionMethod: 'None',
        smtpAuthMethod: 'Plain',
      },
    },
    'mail',
  );
  await kit.connection('generic_webhook', { properties: { url: `${hook.base}/hooks/ops` } }, 'ops-hook');
});
afterAll(async () => {
  await smtp.close();
  await hook.close();
  await kit.close();
});

describe('notification action', () => {
  it('mails a templated message through the email connection', async () => {
    const id = await kit.playbook(
      [
        {
          name: 'mail',
          notification: {
            connection: 'connection://email/mail',
            title: 'Restarting {{ .params.service }}',
            message: 'Run {{ .run.id }} restarts {{ .params.service }}.',
            to: ['oncall@example.com'],
          },
        },
      ],
      { parameters: [{ name: 'service', default: 'billing' }] },
    );
    const { run, actions, stored, runId } = await kit.runToEnd(id);
    expect(run.status).toBe('completed');
    expect(actions[0]?.result).toMatchObject({ connection: 'mail', type: 'email', to: ['oncall@example.com'] });
    const mail = smtp.mails.at(-1);
    expect(mail?.to).toEqual(['oncall@example.com']);
    expect(mail?.raw).toContain('Subject: Restarting billing');
    expect(mail?.raw).toContain(`Run ${runId} restarts billing.`);
    expect(stored).not.toContain(PASSWORD);
  });

  it('refuses email without recipients', async () => {
    const id = await kit.playbook([{ name: 'mail', notification: { connection: 'mail', message: 'hi' } }]);
    const { actions } = await kit.runToEnd(id);
    expect(actions[0]?.error).toBe('to is required for an email connection');
  });

  it('posts to a generic webhook connection', async () => {
    const id = await kit.playbook([
      { name: 'hook', notification: { connection: 'connection://generic_webhook/ops-hook', title: 'T', message: 'M' } },
    ]);
    const { run } = await kit.runToEnd(id);
    expect(run.status).toBe('completed');
    const request = hook.received.at(-1);
    expect(request?.path).toBe('/hooks/ops');
    expect(JSON.parse(request?.body ?? '{}')).toEqual({ title: 'T', message: 'M' });
  });

  it('fails with the provider refusal', async () => {
    hook.state.reply = () => ({ status: 500, text: 'broken' });
    const id = await kit.playbook([{ name: 'hook', notification: { connection: 'ops-hook', message: 'M' } }]);
    const { run, actions } = await kit.runToEnd(id);
    hook.state.reply = () => ({ status: 200, json: { ok: true } });
    expect(run.status).toBe('failed');
    expect(actions[0]?.error).toMatch(/^Webhook/);
    expect(actions[0]?.error).toContain('500');
  });

  it('a hanging provider ends with the action timeout', async () => {
    hook.state.reply = () => 'hang';
    const id = await kit.playbook([
      { name: 'hook', timeout: '500ms', notification: { connection: 'ops-hook', message: 'M' } },
    ]);
    const started = Date.now();
    const { actions } = await kit.runToEnd(id);
    hook.state.reply = () => ({ status: 200, json: { ok: true } });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(actions[0]?.status).toBe('timed_out');
  });

  it('refuses a Shoutrrr URL and a connection that cannot notify', async () => {
    const id = await kit.playbook([
      { name: 'url', notification: { connection: 'ops-hook', url: 'slack://token@channel', message: 'M' } },
    ]);
    expect((await kit.runToEnd(id)).actions[0]?.error).toMatch(/^Invalid notification action: url: a Shoutrrr URL/);
    const pg = await kit.connection('postgres', { url: 'postgres://127.0.0.1/x', username: 'u', password: 'p' });
    const other = await kit.playbook([{ name: 'pg', notification: { connection: pg, message: 'M' } }]);
    expect((await kit.runToEnd(other)).actions[0]?.error).toMatch(
      /is of type postgres; this action needs discord or email/,
    );
  });
});
