import {
  sloHistorySchema,
  sloInputSchema,
  sloListQuerySchema,
  sloListSchema,
  sloReportQuerySchema,
  sloReportSchema,
  sloSchema,
  sloUpdateSchema,
} from '@mc/contracts';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';

/** The SLO API as `/api/openapi.json` describes it. */
export const SLOS_API: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/api/slos',
    summary: 'SLOs the caller may read (by check or component), each with its error budget and burn rates now',
    query: sloListQuerySchema,
    response: sloListSchema,
  },
  {
    method: 'get',
    path: '/api/slos/report',
    summary: 'Every readable SLO’s figures over a calendar month (UTC); format=csv downloads it as CSV',
    query: sloReportQuerySchema,
    response: sloReportSchema,
  },
  {
    method: 'post',
    path: '/api/slos',
    summary: 'Create an SLO on a check or a component the caller may read',
    body: sloInputSchema,
    response: sloSchema,
    status: 201,
  },
  { method: 'get', path: '/api/slos/{id}', summary: 'One SLO with its figures now', response: sloSchema },
  {
    method: 'get',
    path: '/api/slos/{id}/history',
    summary: 'The remaining error budget of the rolling window ending at each hour over one window length',
    response: sloHistorySchema,
  },
  {
    method: 'patch',
    path: '/api/slos/{id}',
    summary: 'Change an SLO’s name, kind, target, window or threshold (its object stays)',
    body: sloUpdateSchema,
    response: sloSchema,
  },
  { method: 'delete', path: '/api/slos/{id}', summary: 'Delete an SLO', status: 204 },
];
