import { type Channel, origin, prop } from './channel.js';
import { send } from './http.js';

/** Rocket.Chat: the integration webhook `/hooks/<tokenA>/<tokenB>` with text, user name and channel. */
export const rocketchat: Channel = async (connection, message, ctx) => {
  const host = prop(connection, 'port')
    ? `${prop(connection, 'host')}:${prop(connection, 'port')}`
    : prop(connection, 'host');
  await send(ctx, 'Rocket.Chat', {
    url: `${origin(host)}/hooks/${encodeURIComponent(prop(connection, 'tokenA'))}/${encodeURIComponent(prop(connection, 'tokenB'))}`,
    json: {
      text: `*${message.title}*\n${message.body}`,
      ...(connection.username ? { username: connection.username } : {}),
      ...(prop(connection, 'channel') ? { channel: prop(connection, 'channel') } : {}),
    },
  });
};
