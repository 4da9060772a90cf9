import type { IconType } from '@flanksource/icons';
import {
  Gcp,
  GcpBigquery,
  GcpCloudDns,
  GcpCloudFunctions,
  GcpCloudRun,
  GcpCloudSql,
  GcpCloudStorage,
  GcpComputeEngine,
  GcpKms,
  GcpMemorystore,
  GcpProject,
  GcpPubsub,
  GcpSecretManager,
  GcpVirtualPrivateCloud,
  Gke,
} from '@flanksource/icons/mi';
import type { GcpIconName } from '../../lib/resource-icons';

/** The gcp drawings, a lazy chunk of their own (named imports keep the rest of the set out). */
export const ICONS: Record<GcpIconName, IconType> = {
  gcp: Gcp,
  'gcp-bigquery': GcpBigquery,
  'gcp-cloud-dns': GcpCloudDns,
  'gcp-cloud-functions': GcpCloudFunctions,
  'gcp-cloud-run': GcpCloudRun,
  'gcp-cloud-sql': GcpCloudSql,
  'gcp-cloud-storage': GcpCloudStorage,
  'gcp-compute-engine': GcpComputeEngine,
  'gcp-kms': GcpKms,
  'gcp-memorystore': GcpMemorystore,
  'gcp-project': GcpProject,
  'gcp-pubsub': GcpPubsub,
  'gcp-secret-manager': GcpSecretManager,
  'gcp-virtual-private-cloud': GcpVirtualPrivateCloud,
  gke: Gke,
};
