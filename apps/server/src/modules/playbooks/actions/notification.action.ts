/**
 * The notification action: a title and message sent through a stored notification-channel connection
 * (slack, teams, email, generic webhook… every type of the notifications module's channel registry),
 * by the notifications module's public `sendThroughConnection` — so the same provider requests, egress
 * guard and error words as notification rules. Email needs `to`. A Shoutrrr `url` (upstream's other
 * form) is not accepted: it would keep a provider's token in the playbook's spec in clear.
 */
import { z } from 'zod';
import { NOTIFICATION_CONNECTION_TYPES, sendThroughConnection } from '../../notifications/index.js';
import { untilAborted } from './abortable.js';
import { actionConnection, CONNECTION_REF_MAX, withoutSecrets } from './action-connection.js';
import { defineAction } from './action-kind.js';

const schema = z
  .object({
    connection: z.string().min(1, 'is required').max(CONNECTION_REF_MAX),
    url: z.string().max(4096).optional(),
    title: z.string().max(1024).default(''),
    message: z
      .string()
      .min(1, 'is required')
      .max(64 * 1024),
    to: z
      .array(z.email({ message: 'must be an email address' }))
      .max(100)
      .optional(),
  })
  .refine((fields) => fields.url === undefined, {
    path: ['url'],
    message: 'a Shoutrrr URL is not accepted here (it would keep a token in the playbook); name a connection',
  });

/** The notification action type. */
export const notificationAction = defineAction({
  type: 'notification',
  schema,
  async run(fields, ctx) {
    const connection = await actionConnection(ctx, fields.connection, NOTIFICATION_CONNECTION_TYPES);
    if (connection.type === 'email' && !fields.to?.length) throw new Error('to is required for an email connection');
    const message = { title: fields.title, body: fields.message, ...(fields.to ? { to: fields.to } : {}) };
    try {
      await untilAborted(sendThroughConnection(ctx, connection, message, ctx.signal), ctx.signal);
    } catch (error) {
      ctx.signal.throwIfAborted();
      throw new Error(withoutSecrets(error instanceof Error ? error.message : String(error), connection));
    }
    ctx.log?.(`sent "${fields.title}" through ${connection.type} connection ${connection.name}`);
    return {
      connection: connection.name,
      type: connection.type,
      title: fields.title,
      ...(fields.to ? { to: fields.to } : {}),
    };
  },
});
