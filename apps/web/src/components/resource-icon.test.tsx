import { ICON_LOADERS } from 'virtual:resource-icon-loaders';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RESOURCE_ICON_NAMES } from '../lib/resource-icons';
import { ResourceIcon } from './resource-icon';

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

  it('loads a drawing for every name the resolver can answer', async () => {
    for (const name of RESOURCE_ICON_NAMES) {
      const loader = ICON_LOADERS[name];
      expect(loader, name).toBeTypeOf('function');
      expect((await loader?.())?.default.tag, name).toBe('svg');
    }
  });
});
