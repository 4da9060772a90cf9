import { type Channel, prop } from './channel.js';
import { send } from './http.js';

/** Slack: chat.postMessage with the bot token, as Block Kit (a header and the body as mrkdwn). */
export const slack: Channel = async (connection, message, ctx) => {
  const answer = await send(ctx, 'Slack', {
    url: 'https://slack.com/api/chat.postMessage',
    headers: { authorization: `Bearer ${connection.password ?? ''}` },
    json: {
      channel: prop(connection, 'channel'),
      text: message.title,
      ...(prop(connection, 'botName') ? { username: prop(connection, 'botName') } : {}),
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: message.title.slice(0, 150), emoji: true } },
        { type: 'section', text: { type: 'mrkdwn', text: message.body.slice(0, 3000) || ' ' } },
      ],
    },
  });
  // Slack answers 200 with ok: false for refused messages.
  const result = answer as { ok?: boolean; error?: string } | null;
  if (result && result.ok === false) throw new Error(`Slack refused the message: ${result.error ?? 'unknown error'}`);
};
