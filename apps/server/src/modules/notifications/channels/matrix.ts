import { randomUUID } from 'node:crypto';
import { type Channel, origin, prop } from './channel.js';
import { send } from './http.js';

/**
 * Matrix: logs in with the user and password (or uses the password as an access token when no user is
 * set, as Shoutrrr does), then sends an m.text message to each joined room.
 */
export const matrix: Channel = async (connection, message, ctx) => {
  const base = `${origin(prop(connection, 'host'), connection.insecure_tls)}/_matrix/client/v3`;
  let token = connection.password ?? '';
  if (connection.username) {
    const login = (await send(ctx, 'Matrix', {
      url: `${base}/login`,
      json: { type: 'm.login.password', identifier: { type: 'm.id.user', user: connection.username }, password: token },
    })) as { access_token?: string } | null;
    if (!login?.access_token) throw new Error('Matrix: the login answered no access token');
    token = login.access_token;
  }
  const auth = { authorization: `Bearer ${token}` };
  const joined = (await send(ctx, 'Matrix', { url: `${base}/joined_rooms`, method: 'GET', headers: auth })) as {
    joined_rooms?: string[];
  } | null;
  const rooms = joined?.joined_rooms ?? [];
  if (rooms.length === 0) throw new Error('Matrix: the account has joined no room');
  for (const room of rooms) {
    await send(ctx, 'Matrix', {
      url: `${base}/rooms/${encodeURIComponent(room)}/send/m.room.message/${randomUUID()}`,
      method: 'PUT',
      headers: auth,
      json: { msgtype: 'm.text', body: `${message.title}\n${message.body}` },
    });
  }
};
