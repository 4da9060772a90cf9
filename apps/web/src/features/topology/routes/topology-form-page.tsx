import { TOPOLOGY_TEXTS } from '@mc/contracts';
import { Link, useSearchParams } from 'react-router';
import { PageShell } from '../../../components/page-shell/page-shell';
import { newResource, ResourceEditor, type ResourceType, resourceType, type SpecType } from '../../settings-views';
import { formReturnPath, TOPOLOGY_HOME } from './topology-paths';

/** The editor's type for topologies (the generic editor knows the topologies table). */
const TOPOLOGY_TYPE = resourceType('topologies') as ResourceType; // resource-types.ts always lists topologies
const TOPOLOGY_SPEC = TOPOLOGY_TYPE.specTypes[0] as SpecType; // the topologies type has exactly one spec type

/**
 * /topology/add: the Topology form (name, namespace, labels, YAML spec; Save/Saving, Cancel) outside the
 * settings area, so the landing page and the Add Integration wizard can open it and get the operator back
 * where they came from once it is saved — the dashboard by default, where the new topology's cards appear
 * after its first build.
 */
export function TopologyFormPage() {
  const [params] = useSearchParams();
  const back = formReturnPath(params.get('returnTo'));
  return (
    <PageShell
      titleText={`Topology / ${TOPOLOGY_TEXTS.addTopology}`}
      title={
        <nav aria-label="Breadcrumb">
          <Link to={TOPOLOGY_HOME} className="text-link hover:underline">
            Topology
          </Link>
          <span className="text-fg-subtle"> / </span>
          <span>{TOPOLOGY_TEXTS.addTopology}</span>
        </nav>
      }
    >
      <div className="p-4">
        <ResourceEditor
          type={TOPOLOGY_TYPE}
          specType={TOPOLOGY_SPEC}
          initial={newResource(TOPOLOGY_TYPE, TOPOLOGY_SPEC)}
          listPath={back}
        />
      </div>
    </PageShell>
  );
}
