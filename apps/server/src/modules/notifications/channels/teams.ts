import { type Channel, origin, prop } from './channel.js';
import { send } from './http.js';

/** Microsoft Teams: the incoming-webhook URL Shoutrrr builds from its parts, with a MessageCard. */
export const teams: Channel = async (connection, message, ctx) => {
  const host = origin(prop(connection, 'host', 'outlook.office.com'));
  const path = `${encodeURIComponent(prop(connection, 'group'))}@${encodeURIComponent(prop(connection, 'tenant'))}`;
  await send(ctx, 'Teams', {
    url: `${host}/webhook/${path}/IncomingWebhook/${encodeURIComponent(prop(connection, 'altId'))}/${encodeURIComponent(prop(connection, 'groupOwner'))}`,
    json: {
      '@type': 'MessageCard',
      '@context': 'http://schema.org/extensions',
      summary: message.title,
      title: message.title,
      themeColor: '0076D7',
      sections: [{ text: message.body.replace(/\n/g, '<br>') }],
    },
  });
};
