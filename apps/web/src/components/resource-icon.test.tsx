import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AWS_ICONS, AZURE_ICONS, GCP_ICONS, GENERAL_ICONS, KUBERNETES_ICONS } from '../lib/resource-icons';
import { ResourceIcon } from './resource-icon';
import { ICONS as AWS } from './resource-icon-sets/aws';
import { ICONS as AZURE } from './resource-icon-sets/azure';
import { ICONS as GCP } from './resource-icon-sets/gcp';
import { ICONS as GENERAL } from './resource-icon-sets/general';
import { ICONS as KUBERNETES } from './resource-icon-sets/kubernetes';

describe('ResourceIcon', () => {
  it('draws upstream’s icon for a known type once its family has loaded', async () => {
    render(<ResourceIcon source={{ type: 'Kubernetes::Pod' }} />);
    const icon = await screen.findByTitle('Kubernetes::Pod');
    await expect.poll(() => icon.getAttribute('data-icon')).toBe('k8s-pod');
    expect(icon.getAttribute('aria-hidden')).toBe('true');
    expect(icon.querySelector('svg')).not.toBeNull();
  });

  it('draws the generic icon for an unknown type, never an empty box', () => {
    render(<ResourceIcon source={{ type: 'Custom::Thing' }} />);
    const icon = screen.getByTitle('Custom::Thing');
    expect(icon.getAttribute('data-icon')).toBe('generic');
    expect(icon.querySelector('svg')).not.toBeNull();
  });

  it('shows the generic icon while a drawing loads, then the drawing', async () => {
    render(<ResourceIcon source={{ type: 'AWS::EC2::Instance' }} />);
    const icon = screen.getByTitle('AWS::EC2::Instance');
    expect(icon.querySelector('svg')).not.toBeNull();
    await expect.poll(() => icon.getAttribute('data-icon')).toBe('aws-ec2-instance');
  });

  it('ships a drawing for every name the resolver can answer, in the family it names', () => {
    const sets: Array<[readonly string[], Record<string, unknown>]> = [
      [KUBERNETES_ICONS, KUBERNETES],
      [AWS_ICONS, AWS],
      [AZURE_ICONS, AZURE],
      [GCP_ICONS, GCP],
      [GENERAL_ICONS, GENERAL],
    ];
    for (const [names, drawings] of sets) expect(Object.keys(drawings).sort()).toEqual([...names].sort());
  });
});
