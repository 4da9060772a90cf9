import { type Channel, prop } from './channel.js';
import { send } from './http.js';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Telegram: the bot's sendMessage to each chat, as HTML (title in bold). */
export const telegram: Channel = async (connection, message, ctx) => {
  const chats = prop(connection, 'chats')
    .split(',')
    .map((chat) => chat.trim())
    .filter(Boolean);
  if (chats.length === 0) throw new Error('Telegram: the connection names no chat');
  for (const chat of chats) {
    await send(ctx, 'Telegram', {
      url: `https://api.telegram.org/bot${connection.password ?? ''}/sendMessage`,
      json: {
        chat_id: chat,
        text: `<b>${escapeHtml(message.title)}</b>\n${escapeHtml(message.body)}`,
        parse_mode: 'HTML',
      },
    });
  }
};
