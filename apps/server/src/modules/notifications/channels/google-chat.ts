import { type Channel, prop } from './channel.js';
import { send } from './http.js';

/** Google Chat: the space webhook with its key and token, as text (title in bold). */
export const googleChat: Channel = async (connection, message, ctx) => {
  const query = new URLSearchParams({ key: prop(connection, 'key'), token: connection.password ?? '' });
  await send(ctx, 'Google Chat', {
    url: `https://chat.googleapis.com/v1/spaces/${encodeURIComponent(prop(connection, 'webhookName'))}/messages?${query}`,
    json: { text: `*${message.title}*\n${message.body}` },
  });
};
