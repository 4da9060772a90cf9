import { DARK_INK_ICONS, ICON_LOADERS } from 'virtual:resource-icon-loaders';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { colourLuminance, hasDarkInk } from '../../scripts/icon-ink';
import { COMMON_RESOURCE_ICONS, RESOURCE_ICON_NAMES, resolveResourceIcon } from '../lib/resource-icons';
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
    render(<ResourceIcon source={{ type: 'AWS::Lambda::Function' }} />);
    const icon = screen.getByTitle('AWS::Lambda::Function');
    expect(icon.getAttribute('data-icon')).toBe('aws-lambda-loading');
    expect(icon.querySelector('svg')).not.toBeNull();
    await expect.poll(() => icon.getAttribute('data-icon')).toBe('aws-lambda');
  });

  it('draws the common kinds in their first render once the common chunk has loaded (no per-row load)', async () => {
    render(<ResourceIcon source={{ type: 'Kubernetes::Namespace' }} />);
    await expect.poll(() => screen.getByTitle('Kubernetes::Namespace').getAttribute('data-icon')).toBe('k8s-namespace');
    const { default: common } = await import('virtual:resource-icons-common');
    expect(Object.keys(common).sort()).toEqual([...COMMON_RESOURCE_ICONS].sort());
    for (const type of ['Kubernetes::Deployment', 'AWS::S3::Bucket', 'http']) {
      render(<ResourceIcon source={{ type }} />);
      // synchronously: no generic box first
      expect(screen.getByTitle(type).getAttribute('data-icon')).toBe(resolveResourceIcon({ type }));
    }
  });

  it('loads a drawing for every name the resolver can answer', async () => {
    for (const name of RESOURCE_ICON_NAMES) {
      const loader = ICON_LOADERS[name];
      expect(loader, name).toBeTypeOf('function');
      expect((await loader?.())?.default.tag, name).toBe('svg');
    }
  });

  it('puts drawings with dark ink on a light tile in the dark theme, and only those', async () => {
    expect(DARK_INK_ICONS.has('kafka')).toBe(true); // a black mark
    expect(DARK_INK_ICONS.has('aws')).toBe(true); // the dark wordmark
    expect(DARK_INK_ICONS.has('k8s-pod')).toBe(false);
    expect(DARK_INK_ICONS.has('github')).toBe(false); // drawn in currentColor: follows the text colour
    render(<ResourceIcon source={{ icon: 'kafka', type: 'Kafka' }} />);
    const icon = screen.getByTitle('Kafka');
    await expect.poll(() => icon.getAttribute('data-icon')).toBe('kafka');
    expect(icon.getAttribute('data-dark-ink')).toBe('true');
    expect(icon.className).toContain('dark:bg-white/90');
  });

  it('reads the colours upstream writes: hex, rgb() in numbers or percents, black', () => {
    expect(colourLuminance('#000')).toBe(0);
    expect(colourLuminance('rgb(100%, 100%, 100%)')).toBeCloseTo(1);
    expect(colourLuminance('rgb(255, 0, 0)')).toBeCloseTo(0.2126);
    expect(colourLuminance('url(#gradient)')).toBeNull();
    expect(hasDarkInk('{"attr":{"fill":"rgb(13.72549%, 12.156863%, 12.54902%)"}}')).toBe(true);
    expect(hasDarkInk('{"attr":{"fill":"none","stroke":"#ffcc00"}}')).toBe(false);
  });
});
