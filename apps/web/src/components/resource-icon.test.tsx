import { DARK_INK_ICONS, ICON_LOADERS } from 'virtual:resource-icon-loaders';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { colourLuminance, hasDarkInk } from '../../scripts/icon-ink';
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
