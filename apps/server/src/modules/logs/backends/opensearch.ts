/**
 * The OpenSearch backend: OpenSearch keeps Elasticsearch's `_search` query DSL (bool, range, term,
 * terms, query_string, from/size, track_total_hits), so it is the same kind under its own name.
 */
import { searchDslBackend } from './elasticsearch.js';

/** The OpenSearch kind. */
export const opensearchBackend = searchDslBackend('opensearch');
