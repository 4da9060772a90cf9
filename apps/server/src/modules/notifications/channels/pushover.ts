import type { Channel } from './channel.js';
import { send } from './http.js';

/** Pushover: POST /1/messages.json with the application token and the user key. */
export const pushover: Channel = async (connection, message, ctx) => {
  await send(ctx, 'Pushover', {
    url: 'https://api.pushover.net/1/messages.json',
    form: {
      token: connection.password ?? '',
      user: connection.username ?? '',
      title: message.title,
      message: message.body,
    },
  });
};
