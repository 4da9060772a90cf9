import { type Channel, origin, prop } from './channel.js';
import { send } from './http.js';

/** Zulip: POST /api/v1/messages as the bot (basic auth), a stream message whose topic is the title. */
export const zulip: Channel = async (connection, message, ctx) => {
  const auth = Buffer.from(`${connection.username ?? ''}:${connection.password ?? ''}`).toString('base64');
  await send(ctx, 'Zulip', {
    url: `${origin(prop(connection, 'host'))}/api/v1/messages`,
    headers: { authorization: `Basic ${auth}` },
    form: {
      type: 'stream',
      to: prop(connection, 'stream', 'general'),
      topic: prop(connection, 'topic', message.title).slice(0, 60),
      content: `**${message.title}**\n${message.body}`,
    },
  });
};
