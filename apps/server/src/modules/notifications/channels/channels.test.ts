import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEgressGuard } from '../../../platform/egress/egress-guard.js';
import type { ResolvedConnection } from '../../connections/index.js';
import { startProvider, toLocal } from '../testing/notifications-test-kit.js';
import type { ChannelContext } from './channel.js';
import { CHANNELS } from './registry.js';

let provider: Awaited<ReturnType<typeof startProvider>>;
let ctx: ChannelContext;
const message = { title: 'Check api is unhealthy', body: 'Status: unhealthy\nMessage: refused' };

const connection = (type: string, fields: Partial<ResolvedConnection> = {}): ResolvedConnection => ({
  id: 'c1',
  name: type,
  namespace: 'default',
  type,
  url: null,
  username: null,
  password: null,
  certificate: null,
  insecure_tls: false,
  properties: {},
  ...fields,
});

beforeAll(async () => {
  provider = await startProvider();
  ctx = {
    guard: createEgressGuard({ getPolicy: () => ({}) }),
    signal: new AbortController().signal,
    timeoutMs: 2000,
    endpoint: toLocal(provider.base),
  };
});
afterAll(async () => {
  await provider.close();
});

async function sent(type: string, fields: Partial<ResolvedConnection>) {
  provider.received.length = 0;
  const channel = CHANNELS[type];
  if (!channel) throw new Error(`no channel ${type}`);
  await channel(connection(type, fields), message, ctx);
  return provider.received;
}
const json = (body: string | undefined) => JSON.parse(body ?? 'null');

describe('HTTP channels: each provider gets its documented request', () => {
  it('registers a channel for each of the 16 notification-capable connection types', () => {
    expect(Object.keys(CHANNELS).sort()).toEqual(
      [
        'discord',
        'email',
        'generic_webhook',
        'google_chat',
        'ifttt',
        'matrix',
        'mattermost',
        'ntfy',
        'opsgenie',
        'pushbullet',
        'pushover',
        'rocketchat',
        'slack',
        'teams',
        'telegram',
        'zulip_chat',
      ].sort(),
    );
  });

  it('slack: chat.postMessage with the bot token and Block Kit blocks', async () => {
    const [req] = await sent('slack', { password: 'xoxb-1', properties: { channel: '#ops', botName: 'mc' } });
    expect(req?.path).toBe('/api/chat.postMessage');
    expect(req?.headers.authorization).toBe('Bearer xoxb-1');
    expect(json(req?.body)).toEqual({
      channel: '#ops',
      text: message.title,
      username: 'mc',
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: message.title, emoji: true } },
        { type: 'section', text: { type: 'mrkdwn', text: message.body } },
      ],
    });
  });

  it('slack: a 200 with ok false is a failure with Slack’s error', async () => {
    provider.answer = () => ({ status: 200, body: '{"ok":false,"error":"channel_not_found"}' });
    await expect(sent('slack', { password: 'x', properties: { channel: 'nope' } })).rejects.toThrow(
      'Slack refused the message: channel_not_found',
    );
    provider.answer = () => ({ status: 200, body: '{"ok":true}' });
  });

  it('teams: the incoming webhook path with a MessageCard', async () => {
    const [req] = await sent('teams', { properties: { group: 'g', tenant: 't', altId: 'a', groupOwner: 'o' } });
    expect(req?.path).toBe('/webhook/g@t/IncomingWebhook/a/o');
    expect(json(req?.body)).toMatchObject({ '@type': 'MessageCard', title: message.title, summary: message.title });
  });

  it('discord: the webhook with an embed', async () => {
    const [req] = await sent('discord', { password: 'tok', properties: { webhookId: '123' } });
    expect(req?.path).toBe('/api/webhooks/123/tok');
    expect(json(req?.body).embeds[0]).toMatchObject({ title: message.title, description: message.body });
  });

  it('google chat: the space webhook with key and token, text', async () => {
    const [req] = await sent('google_chat', { password: 'tk', properties: { key: 'k', webhookName: 'SPACE' } });
    expect(req?.path).toBe('/v1/spaces/SPACE/messages?key=k&token=tk');
    expect(json(req?.body)).toEqual({ text: `*${message.title}*\n${message.body}` });
  });

  it('mattermost and rocket.chat: their hooks with text, user and channel', async () => {
    const [mm] = await sent('mattermost', {
      username: 'bot',
      password: 'hook',
      properties: { host: 'mm.example.com', channel: 'ops' },
    });
    expect(mm?.path).toBe('/hooks/hook');
    expect(json(mm?.body)).toEqual({ text: `#### ${message.title}\n${message.body}`, username: 'bot', channel: 'ops' });
    const [rc] = await sent('rocketchat', {
      username: 'bot',
      properties: { host: 'rc.example.com', tokenA: 'A', tokenB: 'B', channel: '#ops' },
    });
    expect(rc?.path).toBe('/hooks/A/B');
    expect(json(rc?.body)).toEqual({ text: `*${message.title}*\n${message.body}`, username: 'bot', channel: '#ops' });
  });

  it('zulip: a stream message as the bot, form encoded', async () => {
    const [req] = await sent('zulip_chat', {
      username: 'bot@z.com',
      password: 'key',
      properties: { host: 'z.example.com' },
    });
    expect(req?.path).toBe('/api/v1/messages');
    expect(req?.headers.authorization).toBe(`Basic ${Buffer.from('bot@z.com:key').toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(req?.body))).toEqual({
      type: 'stream',
      to: 'general',
      topic: message.title,
      content: `**${message.title}**\n${message.body}`,
    });
  });

  it('telegram: sendMessage to each chat as HTML', async () => {
    const received = await sent('telegram', { password: '42:abc', properties: { chats: '1, 2' } });
    expect(received.map((req) => req.path)).toEqual(['/bot42:abc/sendMessage', '/bot42:abc/sendMessage']);
    expect(json(received[1]?.body)).toEqual({
      chat_id: '2',
      text: `<b>${message.title}</b>\n${message.body}`,
      parse_mode: 'HTML',
    });
  });

  it('ntfy: the body to the topic with a Title header and basic auth', async () => {
    const [req] = await sent('ntfy', { username: 'u', password: 'p', properties: { topic: 'alerts' } });
    expect(req?.path).toBe('/alerts');
    expect(req?.headers.title).toBe(message.title);
    expect(req?.headers.authorization).toBe(`Basic ${Buffer.from('u:p').toString('base64')}`);
    expect(req?.body).toBe(message.body);
  });

  it('pushover and pushbullet: their message APIs', async () => {
    const [po] = await sent('pushover', { username: 'userkey', password: 'apptoken' });
    expect(po?.path).toBe('/1/messages.json');
    expect(Object.fromEntries(new URLSearchParams(po?.body))).toEqual({
      token: 'apptoken',
      user: 'userkey',
      title: message.title,
      message: message.body,
    });
    const pb = await sent('pushbullet', { password: 'pbt', properties: { targets: 'a@b.com,#ops' } });
    expect(pb.map((req) => req.path)).toEqual(['/v2/pushes', '/v2/pushes']);
    expect(pb[0]?.headers['access-token']).toBe('pbt');
    expect(json(pb[0]?.body)).toEqual({ type: 'note', title: message.title, body: message.body, email: 'a@b.com' });
    expect(json(pb[1]?.body)).toMatchObject({ channel_tag: 'ops' });
  });

  it('opsgenie: an alert with the GenieKey', async () => {
    const [req] = await sent('opsgenie', { password: 'gk' });
    expect(req?.path).toBe('/v2/alerts');
    expect(req?.headers.authorization).toBe('GenieKey gk');
    expect(json(req?.body)).toEqual({ message: message.title, description: message.body });
  });

  it('matrix: logs in, lists joined rooms and sends m.text to each', async () => {
    provider.answer = (req) =>
      req.path.endsWith('/login')
        ? { status: 200, body: '{"access_token":"at"}' }
        : req.path.endsWith('/joined_rooms')
          ? { status: 200, body: '{"joined_rooms":["!r:hs"]}' }
          : { status: 200, body: '{"event_id":"$e"}' };
    const received = await sent('matrix', { username: 'bot', password: 'pw', properties: { host: 'hs.example.com' } });
    provider.answer = () => ({ status: 200, body: '{"ok":true}' });
    expect(received.map((req) => `${req.method} ${req.path.replace(/[0-9a-f-]{36}$/, 'TXN')}`)).toEqual([
      'POST /_matrix/client/v3/login',
      'GET /_matrix/client/v3/joined_rooms',
      'PUT /_matrix/client/v3/rooms/!r%3Ahs/send/m.room.message/TXN',
    ]);
    expect(received[2]?.headers.authorization).toBe('Bearer at');
    expect(json(received[2]?.body)).toEqual({ msgtype: 'm.text', body: `${message.title}\n${message.body}` });
  });

  it('ifttt: the maker event with value1 and value2', async () => {
    const [req] = await sent('ifttt', { properties: { webhookId: 'key1' } });
    expect(req?.path).toBe('/trigger/mission_control/with/key/key1');
    expect(json(req?.body)).toEqual({ value1: message.title, value2: message.body });
  });

  it('generic webhook: JSON under the configured keys, or query parameters for GET', async () => {
    const [post] = await sent('generic_webhook', {
      properties: { url: 'https://hooks.example.com/in?x=1', titleKey: 'subject', messageKey: 'text' },
    });
    expect(post?.path).toBe('/in?x=1');
    expect(json(post?.body)).toEqual({ subject: message.title, text: message.body });
    const [get] = await sent('generic_webhook', {
      properties: { url: 'https://hooks.example.com/in', requestMethod: 'GET' },
    });
    expect(get?.method).toBe('GET');
    expect(Object.fromEntries(new URL(`http://x${get?.path}`).searchParams)).toEqual({
      title: message.title,
      message: message.body,
    });
  });

  it('a provider answering 500 rejects with its status and answer, never the URL', async () => {
    provider.answer = () => ({ status: 500, body: 'boom' });
    const failure = sent('discord', { password: 'secret-token', properties: { webhookId: '1' } });
    await expect(failure).rejects.toThrow('Discord answered HTTP 500: boom');
    await failure.catch((error: Error) => expect(error.message).not.toContain('secret-token'));
    provider.answer = () => ({ status: 200, body: '{"ok":true}' });
  });

  it('the egress guard refuses a cloud metadata host before any request', async () => {
    const guarded = { ...ctx, endpoint: (url: string) => url };
    const channel = CHANNELS.generic_webhook;
    await expect(
      channel?.(
        connection('generic_webhook', { properties: { url: 'http://169.254.169.254/latest' } }),
        message,
        guarded,
      ),
    ).rejects.toThrow(/metadata/);
  });
});
