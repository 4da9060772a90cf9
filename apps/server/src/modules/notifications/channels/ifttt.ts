import { type Channel, prop } from './channel.js';
import { send } from './http.js';

/** IFTTT: the Maker webhook event (`mission_control` unless the connection names one), value1 title, value2 body. */
export const ifttt: Channel = async (connection, message, ctx) => {
  const event = prop(connection, 'event', 'mission_control');
  await send(ctx, 'IFTTT', {
    url: `https://maker.ifttt.com/trigger/${encodeURIComponent(event)}/with/key/${encodeURIComponent(prop(connection, 'webhookId'))}`,
    json: { value1: message.title, value2: message.body },
  });
};
