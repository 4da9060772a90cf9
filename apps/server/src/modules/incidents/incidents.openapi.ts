import {
  addResponderSchema,
  createCommentSchema,
  createEvidenceSchema,
  createHypothesisSchema,
  createIncidentSchema,
  linkEvidenceSchema,
  listIncidentsQuerySchema,
  updateEvidenceSchema,
  updateHypothesisSchema,
  updateIncidentSchema,
} from '@mc/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';

/** The incidents API as `/api/openapi.json` describes it, with the schemas its services parse with. */
export const INCIDENTS_API: readonly RouteDoc[] = [
  { method: 'get', path: '/api/incidents', summary: 'Incidents, filtered and paged', query: listIncidentsQuerySchema },
  { method: 'post', path: '/api/incidents', summary: 'Declare an incident', body: createIncidentSchema, status: 201 },
  {
    method: 'post',
    path: '/api/incidents/link',
    summary: 'Link a check, config or log line to an incident as evidence (creating the incident if asked)',
    body: linkEvidenceSchema,
    status: 201,
  },
  { method: 'get', path: '/api/incidents/{id}', summary: 'One incident with its responders and counts' },
  { method: 'patch', path: '/api/incidents/{id}', summary: 'Change an incident', body: updateIncidentSchema },
  {
    method: 'get',
    path: '/api/incidents/{id}/history',
    summary: 'The incident’s timeline, newest first',
    query: z.object({ limit: z.coerce.number().int().min(1).max(1000).optional() }),
  },
  { method: 'get', path: '/api/incidents/{id}/hypotheses', summary: 'The incident’s hypothesis tree' },
  {
    method: 'post',
    path: '/api/incidents/{id}/hypotheses',
    summary: 'Add a hypothesis',
    body: createHypothesisSchema,
    status: 201,
  },
  {
    method: 'patch',
    path: '/api/incidents/{id}/hypotheses/{hid}',
    summary: 'Change a hypothesis',
    body: updateHypothesisSchema,
  },
  {
    method: 'delete',
    path: '/api/incidents/{id}/hypotheses/{hid}',
    summary: 'Delete a hypothesis with its comments and evidence',
  },
  {
    method: 'post',
    path: '/api/incidents/{id}/evidences',
    summary: 'Attach evidence to a hypothesis',
    body: createEvidenceSchema,
    status: 201,
  },
  {
    method: 'patch',
    path: '/api/incidents/{id}/evidences/{eid}',
    summary: 'Change evidence (done, definition of done)',
    body: updateEvidenceSchema,
  },
  { method: 'delete', path: '/api/incidents/{id}/evidences/{eid}', summary: 'Remove evidence', status: 204 },
  {
    method: 'post',
    path: '/api/incidents/{id}/comments',
    summary: 'Comment on an incident',
    body: createCommentSchema,
    status: 201,
  },
  {
    method: 'post',
    path: '/api/incidents/{id}/responders',
    summary: 'Add a responder (person or team)',
    body: addResponderSchema,
    status: 201,
  },
  { method: 'delete', path: '/api/incidents/{id}/responders/{rid}', summary: 'Remove a responder', status: 204 },
];
