import { type Channel, prop } from './channel.js';
import { send } from './http.js';

/**
 * A generic webhook: POST (or GET) to the URL, the title and message under the configured keys — a JSON
 * object by default, form fields for a form content type, query parameters for GET.
 */
export const genericWebhook: Channel = async (connection, message, ctx) => {
  const url = prop(connection, 'url');
  if (!/^https?:\/\//i.test(url)) throw new Error('Generic webhook: the URL must be http:// or https://');
  const method = prop(connection, 'requestMethod', 'POST').toUpperCase() === 'GET' ? 'GET' : 'POST';
  const fields = {
    [prop(connection, 'titleKey', 'title')]: message.title,
    [prop(connection, 'messageKey', 'message')]: message.body,
  };
  const contentType = prop(connection, 'contentType', 'application/json');
  if (method === 'GET') {
    const target = new URL(url);
    for (const [key, value] of Object.entries(fields)) target.searchParams.set(key, value);
    await send(ctx, 'Webhook', { url: target.toString(), method, insecure: connection.insecure_tls });
  } else if (contentType.includes('x-www-form-urlencoded')) {
    await send(ctx, 'Webhook', {
      url,
      form: fields,
      headers: { 'content-type': contentType },
      insecure: connection.insecure_tls,
    });
  } else if (contentType.includes('json')) {
    await send(ctx, 'Webhook', {
      url,
      json: fields,
      headers: { 'content-type': contentType },
      insecure: connection.insecure_tls,
    });
  } else {
    await send(ctx, 'Webhook', {
      url,
      text: `${message.title}\n\n${message.body}`,
      headers: { 'content-type': contentType },
      insecure: connection.insecure_tls,
    });
  }
};
