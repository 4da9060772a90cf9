import type { MiddlewareHandler } from 'hono';
import { methodLabel, routeLabel } from '../metrics/http-metrics.js';
import type { AppEnv } from '../request-context.js';
import { markSpanFailed, SpanKind, tracingOn, withIncomingContext, withSpan } from './spans.js';

/**
 * Opens a server span for every request, named by method and route pattern (`GET /api/incidents/:id`,
 * never the raw path, as the request metrics are labelled), continuing the caller's trace when it sends
 * a `traceparent`; the database queries the request makes are its children. A 5xx answer marks the span
 * failed. While tracing is off the request goes straight on: the no-op span recorded nothing, and its
 * context, wrappers and route label were a few µs of every request (issue 32 item 1).
 */
export function httpTracing(): MiddlewareHandler<AppEnv> {
  return (c, next) =>
    !tracingOn()
      ? next()
      : withIncomingContext(
          (name) => c.req.header(name),
          () =>
            withSpan(
              methodLabel(c.req.method),
              // The raw path is left out: it may carry a token (an invitation link), the route pattern cannot.
              { kind: SpanKind.SERVER, attributes: { 'http.request.method': c.req.method } },
              async (span) => {
                try {
                  await next();
                } finally {
                  const route = routeLabel(c);
                  span.updateName(`${methodLabel(c.req.method)} ${route}`);
                  span.setAttributes({ 'http.route': route, 'http.response.status_code': c.res.status });
                  if (c.res.status >= 500) markSpanFailed(span, `HTTP ${c.res.status}`);
                }
              },
            ),
        );
}
