import { type Channel, prop } from './channel.js';
import { send } from './http.js';

/** Pushbullet: a note push per target (an email, `#channel` or a device id), or to all devices when none. */
export const pushbullet: Channel = async (connection, message, ctx) => {
  const targets = prop(connection, 'targets')
    .split(',')
    .map((target) => target.trim())
    .filter(Boolean);
  for (const target of targets.length ? targets : ['']) {
    const to = !target
      ? {}
      : target.startsWith('#')
        ? { channel_tag: target.slice(1) }
        : target.includes('@')
          ? { email: target }
          : { device_iden: target };
    await send(ctx, 'Pushbullet', {
      url: 'https://api.pushbullet.com/v2/pushes',
      headers: { 'access-token': connection.password ?? '' },
      json: { type: 'note', title: message.title, body: message.body, ...to },
    });
  }
};
