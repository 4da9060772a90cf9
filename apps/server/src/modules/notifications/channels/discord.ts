import { type Channel, prop } from './channel.js';
import { send } from './http.js';

/** Discord: the webhook (ID and token) with one embed. */
export const discord: Channel = async (connection, message, ctx) => {
  await send(ctx, 'Discord', {
    url: `https://discord.com/api/webhooks/${encodeURIComponent(prop(connection, 'webhookId'))}/${encodeURIComponent(connection.password ?? '')}`,
    json: {
      embeds: [{ title: message.title.slice(0, 256), description: message.body.slice(0, 4000), color: 0xd9534f }],
    },
  });
};
