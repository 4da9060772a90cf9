/**
 * The log backend kinds by their key in a backend's spec (`spec.<kind>[]`). Adding a kind is one file
 * in this folder and one line here.
 */
import type { LogBackendKind } from '@mc/contracts';
import type { LogBackendKindDefinition } from './backend-kind.js';
import { elasticsearchBackend } from './elasticsearch.js';
import { fileBackend } from './file.js';
import { kubernetesBackend } from './kubernetes.js';
import { lokiBackend } from './loki.js';
import { opensearchBackend } from './opensearch.js';
import { postgresBackend } from './postgres.js';

/** Every kind; each validates its own entries before searching them. */
export const LOG_BACKEND_REGISTRY: Readonly<Record<LogBackendKind, LogBackendKindDefinition<unknown>>> = {
  postgres: postgresBackend,
  file: fileBackend,
  loki: lokiBackend,
  elasticsearch: elasticsearchBackend,
  opensearch: opensearchBackend,
  kubernetes: kubernetesBackend,
};
