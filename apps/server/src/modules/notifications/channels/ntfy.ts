import { type Channel, origin, prop } from './channel.js';
import { send } from './http.js';

/** ntfy: POST the body to `<host>/<topic>` with the title header, basic auth when a user is set. */
export const ntfy: Channel = async (connection, message, ctx) => {
  const headers: Record<string, string> = { title: message.title.replace(/[^\x20-\x7e]/g, '?') };
  if (connection.username) {
    headers.authorization = `Basic ${Buffer.from(`${connection.username}:${connection.password ?? ''}`).toString('base64')}`;
  }
  await send(ctx, 'ntfy', {
    url: `${origin(prop(connection, 'host', 'ntfy.sh'), connection.insecure_tls)}/${encodeURIComponent(prop(connection, 'topic'))}`,
    headers,
    text: message.body,
  });
};
