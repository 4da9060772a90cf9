import { type Channel, origin, prop } from './channel.js';
import { send } from './http.js';

/** Mattermost: the incoming webhook `/hooks/<token>` with text, and the user name and channel when set. */
export const mattermost: Channel = async (connection, message, ctx) => {
  await send(ctx, 'Mattermost', {
    url: `${origin(prop(connection, 'host'))}/hooks/${encodeURIComponent(connection.password ?? '')}`,
    json: {
      text: `#### ${message.title}\n${message.body}`,
      ...(connection.username ? { username: connection.username } : {}),
      ...(prop(connection, 'channel') ? { channel: prop(connection, 'channel') } : {}),
    },
  });
};
