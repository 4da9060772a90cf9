import {
  featureFlagsSchema,
  propertyInputSchema,
  propertyListSchema,
  propertySchema,
  propertyUpdateSchema,
} from '@mc/contracts';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';

/** The properties API as `/api/openapi.json` describes it. */
export const PROPERTIES_API: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/api/properties',
    summary: 'Every property and feature flag',
    response: propertyListSchema,
  },
  {
    method: 'get',
    path: '/api/properties/feature-flags',
    summary: 'The features disabled by `<feature>.disable` properties, for the console',
    response: featureFlagsSchema,
  },
  { method: 'get', path: '/api/properties/{name}', summary: 'One property', response: propertySchema },
  {
    method: 'post',
    path: '/api/properties',
    summary: 'Create a property; security properties are admins only',
    body: propertyInputSchema,
    response: propertySchema,
    status: 201,
    errors: [409],
  },
  {
    method: 'patch',
    path: '/api/properties/{name}',
    summary: 'Change a property’s value; security properties are admins only',
    body: propertyUpdateSchema,
    response: propertySchema,
  },
  { method: 'delete', path: '/api/properties/{name}', summary: 'Delete a property', status: 204 },
];
