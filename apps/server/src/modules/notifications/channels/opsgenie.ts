import { type Channel, origin, prop } from './channel.js';
import { send } from './http.js';

/** OpsGenie: an alert (POST /v2/alerts, GenieKey) whose message is the title and description the body. */
export const opsgenie: Channel = async (connection, message, ctx) => {
  await send(ctx, 'OpsGenie', {
    url: `${origin(`${prop(connection, 'host', 'api.opsgenie.com')}:${prop(connection, 'port', '443')}`)}/v2/alerts`,
    headers: { authorization: `GenieKey ${connection.password ?? ''}` },
    json: { message: message.title.slice(0, 130), description: message.body.slice(0, 15000) },
  });
};
